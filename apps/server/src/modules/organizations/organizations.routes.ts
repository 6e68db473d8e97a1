import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZListQuery, ZOrganization, ZUuid, dataEnvelope, listEnvelope } from '@qualis/contract';
import { requireActor } from '../../core/auth.js';
import { authorize } from '../../core/policies.js';
import { loadOrganizationContext } from '../../core/tenancy.js';
import './organizations.policy.js';
import { presentOrganization } from './organizations.presenter.js';
import { listOrganizations } from './organizations.repository.js';

export const organizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations',
    {
      config: { policy: 'organization.list' },
      schema: {
        tags: ['organizations'],
        summary: 'Organizations: all for the SuperAdmin, otherwise the active ones the person belongs to',
        querystring: ZListQuery,
        response: { 200: listEnvelope(ZOrganization) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      authorize(actor, 'organization', 'list');
      const { rows, totalCount } = await listOrganizations(
        app.ctx.database.db,
        request.query,
        actor.role === 'SuperAdmin' ? undefined : actor.userId,
      );
      return { data: rows.map(presentOrganization), pagination: { totalCount } };
    },
  );

  app.get(
    '/organizations/:organizationId',
    {
      config: { policy: 'organization.read' },
      schema: {
        tags: ['organizations'],
        summary: 'One organization (name and logo)',
        params: z.object({ organizationId: ZUuid }),
        response: { 200: dataEnvelope(ZOrganization) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { organization } = await loadOrganizationContext(app.ctx.database.db, actor, request.params.organizationId);
      authorize(actor, 'organization', 'read', organization);
      return { data: presentOrganization(organization) };
    },
  );
};
