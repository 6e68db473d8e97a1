import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GROUP_USER_OPTIONS_LIMIT,
  ZAddGroupUsersRequest,
  ZCreateUserGroupRequest,
  ZDeleteUserGroupQuery,
  ZDuplicateUserGroupRequest,
  ZGroupUserOption,
  ZGroupUserOptionsQuery,
  ZGroupUsersExportQuery,
  ZGroupUsersQuery,
  ZRemoveGroupUserQuery,
  ZRenameUserGroupRequest,
  ZToggleGroupPermissionRequest,
  ZUserGroup,
  ZUserGroupListQuery,
  ZUserGroupsExportQuery,
  ZUuid,
  dataEnvelope,
  listEnvelope,
  messages,
} from '@qualis/contract';
import { auditActorOf, requireActor } from '../../core/auth.js';
import { AppError } from '../../core/errors.js';
import { exportFileName, pickColumns, sendCsvExport } from '../../core/exports.js';
import { authorize } from '../../core/policies.js';
import { organizationAccess } from '../permissions/permissions.service.js';
import './user-groups.policy.js';
import { GROUP_USER_CSV_COLUMNS, USER_GROUP_CSV_COLUMNS } from './user-groups.presenter.js';
import {
  findUserGroup,
  listGroupPermissions,
  listGroupUserOptions,
  groupUserExportRows,
  listGroupUsers,
  listUserGroups,
  userGroupExportRows,
} from './user-groups.repository.js';
import {
  addGroupUsers,
  createUserGroup,
  duplicateUserGroup,
  removeGroupUser,
  removeUserGroup,
  renameGroup,
  toggleGroupPermission,
} from './user-groups.service.js';

const config = { policy: 'userGroup.manage' } as const;
const tags = ['user-groups'];
const ZGroupParams = z.object({ groupId: ZUuid });
const ZOrganizationQuery = z.object({ organizationId: ZUuid });
const withMessage = <T extends z.ZodType>(data: T) => dataEnvelope(data).extend({ message: z.string() });

/** The organization context (404 / 422 / 403) and the right to manage its groups (403). */
async function authorizeManage(request: FastifyRequest, organizationId: string) {
  await organizationAccess(request, organizationId);
  authorize(requireActor(request), 'userGroup', 'manage');
}

async function loadGroup(request: FastifyRequest, organizationId: string, groupId: string) {
  await authorizeManage(request, organizationId);
  const group = await findUserGroup(request.server.ctx.database.db, organizationId, groupId);
  if (!group) throw AppError.notFound();
  return group;
}

/** User groups of an organization, their permissions and members (spec 02 sections 2-4, 7). */
export const userGroupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;

  app.get(
    '/user-groups',
    {
      config,
      schema: {
        tags,
        summary: 'User groups of an organization; sort keys name, userCount; search on the name',
        querystring: ZUserGroupListQuery,
        response: { 200: listEnvelope(ZUserGroup) },
      },
    },
    async (request) => {
      const { organizationId, ...query } = request.query;
      await authorizeManage(request, organizationId);
      const { rows, totalCount } = await listUserGroups(db(), { organizationId }, { ...query });
      return { data: rows, pagination: { totalCount } };
    },
  );

  app.post(
    '/user-groups',
    {
      config,
      schema: {
        tags,
        summary: 'Create a user group',
        body: ZCreateUserGroupRequest,
        response: { 201: withMessage(ZUserGroup) },
      },
    },
    async (request, reply) => {
      await authorizeManage(request, request.body.organizationId);
      const data = await createUserGroup(db(), auditActorOf(request), request.body);
      return reply.status(201).send({ data, message: messages.userGroupCreated });
    },
  );

  app.put(
    '/user-groups/:groupId/name',
    {
      config,
      schema: {
        tags,
        summary: 'Rename a user group',
        params: ZGroupParams,
        body: ZRenameUserGroupRequest,
        response: { 200: withMessage(ZUserGroup) },
      },
    },
    async (request) => {
      const { organizationId, name } = request.body;
      const group = await loadGroup(request, organizationId, request.params.groupId);
      await renameGroup(db(), auditActorOf(request), { organizationId, id: group.id, name });
      return { data: { id: group.id, name, userCount: group.userCount }, message: messages.userGroupEdited };
    },
  );

  app.post(
    '/user-groups/duplicate',
    {
      config,
      schema: {
        tags,
        summary: "A new group with another group's permissions (not its users)",
        body: ZDuplicateUserGroupRequest,
        response: { 201: withMessage(ZUserGroup) },
      },
    },
    async (request, reply) => {
      await loadGroup(request, request.body.organizationId, request.body.sourceGroupId);
      const data = await duplicateUserGroup(db(), auditActorOf(request), request.body);
      return reply.status(201).send({ data, message: messages.userGroupDuplicated });
    },
  );

  app.delete(
    '/user-groups/:groupId',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a user group; one with users needs acknowledge=true, and may hand them to groupReceiverId',
        params: ZGroupParams,
        querystring: ZDeleteUserGroupQuery,
        response: { 200: withMessage(z.object({ id: z.uuid() })) },
      },
    },
    async (request) => {
      const { organizationId, groupReceiverId, acknowledge } = request.query;
      const group = await loadGroup(request, organizationId, request.params.groupId);
      await removeUserGroup(db(), auditActorOf(request), {
        organizationId,
        id: group.id,
        ...(groupReceiverId ? { groupReceiverId } : {}),
        ...(acknowledge !== undefined ? { acknowledge } : {}),
      });
      return { data: { id: group.id }, message: messages.userGroupDeleted };
    },
  );

  app.get(
    '/user-groups/:groupId/settings',
    {
      config,
      schema: {
        tags,
        summary: "The group's switched-on permission types",
        params: ZGroupParams,
        querystring: ZOrganizationQuery,
        response: { 200: dataEnvelope(z.array(z.number().int())) },
      },
    },
    async (request) => {
      const group = await loadGroup(request, request.query.organizationId, request.params.groupId);
      return { data: await listGroupPermissions(db(), group.organizationId, group.id) };
    },
  );

  app.put(
    '/user-groups/:groupId/settings',
    {
      config,
      schema: {
        tags,
        summary: 'Switch one permission type of the group over; answers the switched-on types',
        params: ZGroupParams,
        body: ZToggleGroupPermissionRequest,
        response: { 200: dataEnvelope(z.array(z.number().int())) },
      },
    },
    async (request) => {
      const { organizationId, type } = request.body;
      const group = await loadGroup(request, organizationId, request.params.groupId);
      return { data: await toggleGroupPermission(db(), auditActorOf(request), { organizationId, id: group.id, type }) };
    },
  );

  app.get(
    '/user-groups/:groupId/users',
    {
      config,
      schema: {
        tags,
        summary:
          "The group's List of Users; sort keys firstName, lastName (default), email, status, isActivated, groupCount",
        params: ZGroupParams,
        querystring: ZGroupUsersQuery,
      },
    },
    async (request) => {
      const { organizationId, ...query } = request.query;
      const group = await loadGroup(request, organizationId, request.params.groupId);
      const { rows, totalCount } = await listGroupUsers(db(), { organizationId, groupId: group.id }, query);
      return {
        data: { users: rows, group: { name: group.name }, assignedToTrainings: false },
        pagination: { totalCount },
      };
    },
  );

  app.get(
    '/user-groups/:groupId/all',
    {
      config,
      schema: {
        tags,
        summary: 'People with the role User of the organization not yet in the group (at most 20)',
        params: ZGroupParams,
        querystring: ZGroupUserOptionsQuery,
        response: { 200: dataEnvelope(z.array(ZGroupUserOption)) },
      },
    },
    async (request) => {
      const { organizationId, search } = request.query;
      const group = await loadGroup(request, organizationId, request.params.groupId);
      const scope = { organizationId, groupId: group.id };
      return { data: await listGroupUserOptions(db(), scope, search, GROUP_USER_OPTIONS_LIMIT) };
    },
  );

  app.post(
    '/user-groups/:groupId/add',
    {
      config,
      schema: {
        tags,
        summary: 'Add people with the role User of the organization to the group',
        params: ZGroupParams,
        body: ZAddGroupUsersRequest,
        response: { 200: withMessage(z.object({ userIds: z.array(z.uuid()) })) },
      },
    },
    async (request) => {
      const group = await loadGroup(request, request.body.organizationId, request.params.groupId);
      const userIds = await addGroupUsers(db(), auditActorOf(request), { ...request.body, id: group.id });
      return { data: { userIds }, message: messages.usersAdded };
    },
  );

  app.delete(
    '/user-groups/:groupId/users/:userId',
    {
      config,
      schema: {
        tags,
        summary: 'Remove a person from the group (trainingIds are ignored until training records exist)',
        params: ZGroupParams.extend({ userId: ZUuid }),
        querystring: ZRemoveGroupUserQuery,
        response: { 200: withMessage(z.object({ userId: z.uuid() })) },
      },
    },
    async (request) => {
      const { organizationId } = request.query;
      const { userId } = request.params;
      const group = await loadGroup(request, organizationId, request.params.groupId);
      await removeGroupUser(db(), auditActorOf(request), { organizationId, id: group.id, userId });
      return { data: { userId }, message: messages.groupUserRemoved };
    },
  );

  app.get(
    '/export/groups',
    {
      config,
      schema: {
        tags,
        summary: 'CSV of the User Groups list: visible columns, checked rows, search and sort',
        querystring: ZUserGroupsExportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { organizationId, selectedIds, ...query } = request.query;
      await authorizeManage(request, organizationId);
      const scope = { organizationId, ids: selectedIds };
      return sendCsvExport(
        reply,
        exportFileName('User_Groups', requireActor(request).email),
        pickColumns(USER_GROUP_CSV_COLUMNS, query.columns),
        userGroupExportRows(db(), scope, query),
      );
    },
  );

  app.get(
    '/export/group-users',
    {
      config,
      schema: {
        tags,
        summary: "CSV of a group's List of Users: visible columns, checked rows, search and sort",
        querystring: ZGroupUsersExportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { organizationId, groupId, selectedIds, ...query } = request.query;
      const group = await loadGroup(request, organizationId, groupId);
      const scope = { organizationId, groupId: group.id, ids: selectedIds };
      return sendCsvExport(
        reply,
        exportFileName('Group_Users', requireActor(request).email),
        pickColumns(GROUP_USER_CSV_COLUMNS, query.columns),
        groupUserExportRows(db(), scope, query),
      );
    },
  );
};
