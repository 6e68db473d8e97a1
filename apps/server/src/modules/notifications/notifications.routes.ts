import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZDismissNotificationsRequest,
  ZMessageResult,
  ZNotification,
  ZNotificationsCountQuery,
  ZNotificationsQuery,
  dataEnvelope,
  listEnvelope,
} from '@qualis/contract';
import { auditActorOf, requireActor } from '../../core/auth.js';
import { organizationFrom } from '../../core/pipeline.js';
import '../organizations/organizations.policy.js';
import { presentNotification } from './notifications.presenter.js';
import { countUnreadNotifications, listNotifications } from './notifications.repository.js';
import { dismiss } from './notifications.service.js';

/** The signed-in person's own notifications in one organization (bell and notifications page). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/system-notifications',
    {
      config: { policy: 'organization.read', organization: organizationFrom.query() },
      schema: {
        tags: ['notifications'],
        summary: "The person's notifications in an organization, newest first",
        querystring: ZNotificationsQuery,
        response: { 200: listEnvelope(ZNotification) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { db } = app.ctx.database;
      const { organizationId, ...query } = request.query;
      const { rows, totalCount } = await listNotifications(db, organizationId, actor.userId, query);
      return { data: rows.map(presentNotification), pagination: { totalCount } };
    },
  );

  app.get(
    '/system-notifications/count',
    {
      config: { policy: 'organization.read', organization: organizationFrom.query() },
      schema: {
        tags: ['notifications'],
        summary: "The number of the person's unread notifications in an organization",
        querystring: ZNotificationsCountQuery,
        response: { 200: dataEnvelope(z.object({ count: z.number().int() })) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { db } = app.ctx.database;
      return { data: { count: await countUnreadNotifications(db, request.query.organizationId, actor.userId) } };
    },
  );

  app.patch(
    '/system-notifications',
    {
      config: { policy: 'organization.read', organization: organizationFrom.body() },
      schema: {
        tags: ['notifications'],
        summary:
          "Dismiss: with id, that unread notification of the person's (404 for another's, 409 when already dismissed); with only organizationId, all of theirs in the organization",
        body: ZDismissNotificationsRequest,
        response: { 200: ZMessageResult },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { organizationId, id } = request.body;
      const message = await dismiss(app.ctx.database.db, auditActorOf(request), {
        organizationId,
        userId: actor.userId,
        id,
      });
      return { message };
    },
  );
};
