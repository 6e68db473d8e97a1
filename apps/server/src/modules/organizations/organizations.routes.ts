import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZListQuery,
  ZOrganization,
  ZOrganizationManagedByClient,
  ZOrganizationNameRequest,
  ZUuid,
  dataEnvelope,
  messageFields,
  listEnvelope,
  message,
} from '@qualis/contract';
import { auditActorOf, requireActor } from '../../core/auth.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import { AUDIT_SEAL_TASK, sealAuditChains } from './audit-chains.js';
import { presentOrganization, presentOrganizations } from './organizations.presenter.js';
import { listOrganizations } from './organizations.repository.js';
import {
  createOrganization,
  deleteOrganization,
  renameOrganization,
  toggleManagedByClient,
  toggleOrganizationStatus,
} from './organizations.service.js';

const ZOrganizationParams = z.object({ organizationId: ZUuid });
/** An organization with the toast the client shows. */
const ZOrganizationWithMessage = dataEnvelope(ZOrganization).extend(messageFields);

const DAY_MS = 24 * 60 * 60_000;

export const organizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // A new deployment's first seal a day after its start: its chains are only beginning.
  app.ctx.jobs.every(AUDIT_SEAL_TASK, DAY_MS, (ctx) => sealAuditChains(ctx, app.log).then(() => undefined), {
    firstAfterMs: DAY_MS,
  });

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
      const { rows, totalCount } = await listOrganizations(
        app.ctx.database.db,
        request.query,
        actor.role === 'SuperAdmin' ? undefined : actor.userId,
      );
      return { data: await presentOrganizations(app.ctx.database.db, rows), pagination: { totalCount } };
    },
  );

  app.get(
    '/organizations/:organizationId',
    {
      config: { policy: 'organization.read', organization: organizationFrom.params() },
      schema: {
        tags: ['organizations'],
        summary: 'One organization (name and logo)',
        params: z.object({ organizationId: ZUuid }),
        response: { 200: dataEnvelope(ZOrganization) },
      },
    },
    async (request) => {
      const { organization } = organizationAccessOf(request);
      return { data: await presentOrganization(app.ctx.database.db, organization) };
    },
  );

  app.post(
    '/organizations',
    {
      config: { policy: 'organization.create' },
      schema: {
        tags: ['organizations'],
        summary: 'Create an organization (SuperAdmin): Active, not managed by the client',
        body: ZOrganizationNameRequest,
        response: { 201: ZOrganizationWithMessage },
      },
    },
    async (request, reply) => {
      const organization = await createOrganization(app.ctx, auditActorOf(request), request.body.name);
      return reply.status(201).send({
        data: await presentOrganization(app.ctx.database.db, organization),
        ...message('organizationCreated'),
      });
    },
  );

  app.put(
    '/organizations/:organizationId/name',
    {
      config: { policy: 'organization.rename' },
      schema: {
        tags: ['organizations'],
        summary: 'Rename an organization (SuperAdmin)',
        params: ZOrganizationParams,
        body: ZOrganizationNameRequest,
        response: { 200: ZOrganizationWithMessage },
      },
    },
    async (request) => {
      const { organizationId } = request.params;
      const organization = await renameOrganization(app.ctx, auditActorOf(request), organizationId, request.body.name);
      return {
        data: await presentOrganization(app.ctx.database.db, organization),
        ...message('organizationRenamed'),
      };
    },
  );

  // The spec's client calls PATCH in one reading and PUT in another: both toggle.
  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: '/organizations/:organizationId/status',
      config: { policy: 'organization.changeStatus' },
      schema: {
        tags: ['organizations'],
        summary: 'Toggle an organization Active/Inactive (SuperAdmin); inactive locks out its members at once',
        params: ZOrganizationParams,
        response: { 200: ZOrganizationWithMessage },
      },
      handler: async (request) => {
        const { organizationId } = request.params;
        const organization = await toggleOrganizationStatus(app.ctx, auditActorOf(request), organizationId);
        return {
          data: await presentOrganization(app.ctx.database.db, organization),
          ...message('organizationStatusChanged'),
        };
      },
    });

    app.route({
      method,
      url: '/organizations/:organizationId/managed-by-client',
      config: { policy: 'organization.changeManagedByClient' },
      schema: {
        tags: ['organizations'],
        summary: 'Toggle "managed by client" (SuperAdmin); while on, the SuperAdmin cannot enter it',
        params: ZOrganizationParams,
        response: { 200: dataEnvelope(ZOrganizationManagedByClient) },
      },
      handler: async (request) => {
        const { organizationId } = request.params;
        const organization = await toggleManagedByClient(app.ctx, auditActorOf(request), organizationId);
        return { data: { id: organization.id, isManagedByClient: organization.isManagedByClient } };
      },
    });
  }

  app.delete(
    '/organizations/:organizationId',
    {
      config: { policy: 'organization.delete' },
      schema: {
        tags: ['organizations'],
        summary: 'Delete an organization and all its data for good (SuperAdmin)',
        params: ZOrganizationParams,
        response: { 200: dataEnvelope(z.object(messageFields)) },
      },
    },
    async (request) => {
      const { organizationId } = request.params;
      await deleteOrganization(app.ctx, auditActorOf(request), organizationId, request.log);
      return { data: message('organizationDeleted') };
    },
  );
};
