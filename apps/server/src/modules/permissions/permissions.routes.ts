import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
import { roleOf, seesHrRecords, type OrganizationAccess } from '../../core/access.js';
import { AppError } from '../../core/errors.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import { authorize, can } from '../policies.js';
import { serviceContextOf } from '../../core/service-context.js';
import type { Db } from '../../db/client.js';
import { presentAccessSettings } from './permissions.presenter.js';
import { findMember, listGroupsOfMember } from './permissions.repository.js';
import { setMembershipRestriction } from './membership-restrictions.service.js';
import { accessFlagsOf, effectiveAccess } from './permissions.service.js';

/** The target person must be a member of the organization (else 404), and the actor may read them (else 403). */
async function loadReadableMember(access: OrganizationAccess, db: Db, userId: string) {
  const organizationId = access.organization.id;
  const member = await findMember(db, organizationId, userId);
  if (!member) throw AppError.notFound();
  authorize(access, 'clientUser.readAccess', { userId });
  return { member, ...(await effectiveAccess(db, organizationId, userId)) };
}

export const permissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app, ['permissions']);
  const db = () => app.ctx.database.db;
  route(
    endpoints.profile.accessFlags,
    {
      policy: 'organization.read',
      organization: organizationFrom.query(),
      summary: 'The access flags of the signed-in person in an organization',
    },
    async (request) => {
      const access = organizationAccessOf(request);
      return {
        data: await accessFlagsOf(
          db(),
          access.organization.id,
          access.actor.userId,
          roleOf(access),
          access.permissions,
          seesHrRecords(access),
        ),
      };
    },
  );

  route(
    endpoints.users.accessFlags,
    {
      policy: 'clientUser.readAccess',
      organization: organizationFrom.query(),
      summary: 'The access flags of a person in an organization',
    },
    async (request) => {
      const { flags } = await loadReadableMember(organizationAccessOf(request), db(), request.params.id);
      return { data: flags };
    },
  );

  route(
    endpoints.users.accessSettings,
    {
      policy: 'clientUser.readAccess',
      organization: organizationFrom.query(),
      summary: "A person's Access Permissions page: who they are, their groups and every permission type",
    },
    async (request) => {
      const access = organizationAccessOf(request);
      const { member, permissions } = await loadReadableMember(access, db(), request.params.id);
      const userGroups = await listGroupsOfMember(db(), access.organization.id, request.params.id);
      const canChangeRestriction = can(access, 'membership.restrict', { userId: request.params.id, role: member.role });
      return {
        data: { user: { ...member, canChangeRestriction }, userGroups, settings: presentAccessSettings(permissions) },
      };
    },
  );

  route(
    endpoints.users.setRestriction,
    {
      policy: 'membership.restrict',
      organization: organizationFrom.body(),
      summary: "Set the restriction of a person's membership: none, client or HR-limited (spec 03 section 6)",
    },
    async (request) => {
      const { restriction, message } = await setMembershipRestriction(
        serviceContextOf(request),
        request.params.id,
        request.body,
      );
      return { data: { restriction }, message };
    },
  );
};
