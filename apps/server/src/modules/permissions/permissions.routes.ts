import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAccessFlags, ZUserAccessSettings, ZUuid, accessFlags, dataEnvelope } from '@qualis/contract';
import { requireActor } from '../../core/auth.js';
import { AppError } from '../../core/errors.js';
import { authorize } from '../../core/policies.js';
import './permissions.policy.js';
import { presentAccessSettings } from './permissions.presenter.js';
import { findMember, listGroupsOfMember } from './permissions.repository.js';
import { effectivePermissions, organizationAccess } from './permissions.service.js';

const ZOrganizationQuery = z.object({ organizationId: ZUuid });
const ZUserParams = z.object({ userId: ZUuid });

/** The target person must be a member of the organization (else 404), and the actor may read them (else 403). */
async function loadReadableMember(request: FastifyRequest, organizationId: string, userId: string) {
  const actor = requireActor(request);
  await organizationAccess(request, organizationId);
  const { db } = request.server.ctx.database;
  const member = await findMember(db, organizationId, userId);
  if (!member) throw AppError.notFound();
  authorize(actor, 'clientUser', 'readAccess', { userId });
  return { member, permissions: await effectivePermissions(db, organizationId, userId) };
}

export const permissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/me',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags: ['permissions'],
        summary: 'The access flags of the signed-in person in an organization',
        querystring: ZOrganizationQuery,
        response: { 200: dataEnvelope(ZAccessFlags) },
      },
    },
    async (request) => {
      const { permissions } = await organizationAccess(request, request.query.organizationId);
      return { data: accessFlags(permissions) };
    },
  );

  app.get(
    '/client-users/:userId',
    {
      config: { policy: 'clientUser.readAccess' },
      schema: {
        tags: ['permissions'],
        summary: 'The access flags of a person in an organization',
        params: ZUserParams,
        querystring: ZOrganizationQuery,
        response: { 200: dataEnvelope(ZAccessFlags) },
      },
    },
    async (request) => {
      const { permissions } = await loadReadableMember(request, request.query.organizationId, request.params.userId);
      return { data: accessFlags(permissions) };
    },
  );

  app.get(
    '/client-users/:userId/settings',
    {
      config: { policy: 'clientUser.readAccess' },
      schema: {
        tags: ['permissions'],
        summary: "A person's Access Permissions page: who they are, their groups and every permission type",
        params: ZUserParams,
        querystring: ZOrganizationQuery,
        response: { 200: dataEnvelope(ZUserAccessSettings) },
      },
    },
    async (request) => {
      const { organizationId } = request.query;
      const { member, permissions } = await loadReadableMember(request, organizationId, request.params.userId);
      const userGroups = await listGroupsOfMember(app.ctx.database.db, organizationId, request.params.userId);
      return { data: { user: member, userGroups, settings: presentAccessSettings(permissions) } };
    },
  );
};
