import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { message, endpoints } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
import { auditActorOf, requireActor } from '../../core/auth.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import { AUDIT_SEAL_TASK, sealAuditChains } from './audit-chains.js';
import { presentOrganization, presentOrganizationRow } from './organizations.presenter.js';
import { listOrganizations } from './organizations.repository.js';
import {
  createOrganization,
  deleteOrganization,
  renameOrganization,
  toggleManagedByClient,
  toggleOrganizationStatus,
} from './organizations.service.js';

const DAY_MS = 24 * 60 * 60_000;

export const organizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app, ['organizations']);
  // A new deployment's first seal a day after its start: its chains are only beginning.
  app.ctx.jobs.every(AUDIT_SEAL_TASK, DAY_MS, (ctx) => sealAuditChains(ctx, app.log).then(() => undefined), {
    firstAfterMs: DAY_MS,
  });

  route(
    endpoints.organizations.list,
    {
      policy: 'organization.list',
      summary: 'Organizations: all for the SuperAdmin, otherwise the active ones the person belongs to',
    },
    async (request) => {
      const actor = requireActor(request);
      const { rows, ...pagination } = await listOrganizations(
        app.ctx.database.db,
        request.query,
        actor.role === 'SuperAdmin' ? undefined : actor.userId,
      );
      return { data: rows.map(presentOrganizationRow), pagination };
    },
  );

  route(
    endpoints.organizations.get,
    {
      policy: 'organization.read',
      organization: organizationFrom.params(),
      summary: 'One organization (name and logo)',
    },
    async (request) => {
      const { organization } = organizationAccessOf(request);
      return { data: await presentOrganization(app.ctx.database.db, organization) };
    },
  );

  route(
    endpoints.organizations.create,
    {
      policy: 'organization.create',
      summary: 'Create an organization (SuperAdmin): Active, not managed by the client',
    },
    async (request, reply) => {
      const organization = await createOrganization(app.ctx, auditActorOf(request), request.body.name);
      return reply.status(201).send({
        data: await presentOrganization(app.ctx.database.db, organization),
        ...message('organizationCreated'),
      });
    },
  );

  route(
    endpoints.organizations.rename,
    {
      policy: 'organization.rename',
      summary: 'Rename an organization (SuperAdmin)',
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

  // The spec's client calls PATCH in one reading and PUT in another: both toggle (the rows' aliases).
  route(
    endpoints.organizations.toggleStatus,
    {
      policy: 'organization.changeStatus',
      summary: 'Toggle an organization Active/Inactive (SuperAdmin); inactive locks out its members at once',
    },
    async (request) => {
      const { organizationId } = request.params;
      const organization = await toggleOrganizationStatus(app.ctx, auditActorOf(request), organizationId);
      return {
        data: await presentOrganization(app.ctx.database.db, organization),
        ...message('organizationStatusChanged'),
      };
    },
  );

  route(
    endpoints.organizations.toggleManagedByClient,
    {
      policy: 'organization.changeManagedByClient',
      summary: 'Toggle "managed by client" (SuperAdmin); while on, the SuperAdmin cannot enter it',
    },
    async (request) => {
      const { organizationId } = request.params;
      const organization = await toggleManagedByClient(app.ctx, auditActorOf(request), organizationId);
      return { data: { id: organization.id, isManagedByClient: organization.isManagedByClient } };
    },
  );

  route(
    endpoints.organizations.remove,
    {
      policy: 'organization.delete',
      summary: 'Delete an organization and all its data for good (SuperAdmin)',
    },
    async (request) => {
      const { organizationId } = request.params;
      await deleteOrganization(app.ctx, auditActorOf(request), organizationId, request.log);
      return { data: message('organizationDeleted') };
    },
  );
};
