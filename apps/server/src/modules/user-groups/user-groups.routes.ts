import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GROUP_USER_OPTIONS_LIMIT, message, endpoints } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
import { requireActor } from '../../core/auth.js';
import { serviceContextOf } from '../../core/service-context.js';
import { AppError } from '../../core/errors.js';
import { exportFileName, pickColumns, sendCsvExport } from '../../core/exports.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import {
  groupHasTrainings,
  listGroupTrainings,
  listGroupUserTrainings,
} from '../training-records/training-assignments.repository.js';
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

const inQuery = { policy: 'userGroup.manage', organization: organizationFrom.query() } as const;
const inBody = { policy: 'userGroup.manage', organization: organizationFrom.body() } as const;
const tags = ['user-groups'];

/** A group of the organization whose access the pipeline checked, else 404. */
async function loadGroup(request: FastifyRequest, groupId: string) {
  const group = await findUserGroup(request.server.ctx.database.db, organizationAccessOf(request), groupId);
  if (!group) throw AppError.notFound();
  return group;
}

/** User groups of an organization, their permissions and members (spec 02 sections 2-4, 7). */
export const userGroupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app, tags);
  const db = () => app.ctx.database.db;

  route(
    endpoints.userGroups.list,
    {
      policy: 'userGroup.list',
      organization: organizationFrom.query(),
      summary:
        'User groups of an organization; sort keys name, userCount; search on the name; withUsers=true leaves out groups without users',
    },
    async (request) => {
      const { organizationId: _organizationId, withUsers, ...query } = request.query;
      const scope = { access: organizationAccessOf(request), withUsers };
      const { rows, ...pagination } = await listUserGroups(db(), scope, query);
      return { data: rows, pagination };
    },
  );

  route(
    endpoints.userGroups.create,
    {
      ...inBody,
      summary: 'Create a user group',
    },
    async (request, reply) => {
      const data = await createUserGroup(serviceContextOf(request), request.body);
      return reply.status(201).send({ data, ...message('userGroupCreated') });
    },
  );

  route(
    endpoints.userGroups.rename,
    {
      ...inBody,
      summary: 'Rename a user group',
    },
    async (request) => {
      const { name } = request.body;
      const group = await loadGroup(request, request.params.groupId);
      await renameGroup(serviceContextOf(request), { id: group.id, name });
      return { data: { id: group.id, name, userCount: group.userCount }, ...message('userGroupEdited') };
    },
  );

  route(
    endpoints.userGroups.duplicate,
    {
      ...inBody,
      summary: "A new group with another group's permissions (not its users)",
    },
    async (request, reply) => {
      await loadGroup(request, request.body.sourceGroupId);
      const data = await duplicateUserGroup(serviceContextOf(request), request.body);
      return reply.status(201).send({ data, ...message('userGroupDuplicated') });
    },
  );

  route(
    endpoints.userGroups.remove,
    {
      ...inQuery,
      summary: 'Delete a user group; one with users needs acknowledge=true, and may hand them to groupReceiverId',
    },
    async (request) => {
      const { groupReceiverId, acknowledge } = request.query;
      const group = await loadGroup(request, request.params.groupId);
      await removeUserGroup(serviceContextOf(request), {
        id: group.id,
        ...(groupReceiverId ? { groupReceiverId } : {}),
        ...(acknowledge !== undefined ? { acknowledge } : {}),
      });
      return { data: { id: group.id }, ...message('userGroupDeleted') };
    },
  );

  route(
    endpoints.userGroups.settings,
    {
      ...inQuery,
      summary: "The group's switched-on permission types",
    },
    async (request) => {
      const group = await loadGroup(request, request.params.groupId);
      return { data: await listGroupPermissions(db(), group.organizationId, group.id) };
    },
  );

  route(
    endpoints.userGroups.togglePermission,
    {
      ...inBody,
      summary: 'Switch one permission type of the group over; answers the switched-on types',
    },
    async (request) => {
      const { type } = request.body;
      const group = await loadGroup(request, request.params.groupId);
      return { data: await toggleGroupPermission(serviceContextOf(request), { id: group.id, type }) };
    },
  );

  route(
    endpoints.userGroups.users,
    {
      ...inQuery,
      summary:
        "The group's List of Users; sort keys firstName, lastName (default), email, status, isActivated, groupCount",
    },
    async (request) => {
      const { organizationId, ...query } = request.query;
      const group = await loadGroup(request, request.params.groupId);
      const { rows, ...pagination } = await listGroupUsers(db(), { organizationId, groupId: group.id }, query);
      return {
        data: {
          users: rows,
          group: { name: group.name },
          assignedToTrainings: await groupHasTrainings(db(), organizationId, group.id),
        },
        pagination,
      };
    },
  );

  route(
    endpoints.userGroups.userOptions,
    {
      ...inQuery,
      summary: 'People with the role User of the organization not yet in the group (at most 20)',
    },
    async (request) => {
      const { organizationId, search } = request.query;
      const group = await loadGroup(request, request.params.groupId);
      const scope = { organizationId, groupId: group.id };
      return { data: await listGroupUserOptions(db(), scope, search, GROUP_USER_OPTIONS_LIMIT) };
    },
  );

  route(
    endpoints.userGroups.addUsers,
    {
      ...inBody,
      summary:
        "Add people with the role User of the organization to the group; each person's trainingIds (the group's trainings) are assigned to them",
    },
    async (request) => {
      const group = await loadGroup(request, request.params.groupId);
      const userIds = await addGroupUsers(serviceContextOf(request), { ...request.body, id: group.id });
      return { data: { userIds }, ...message('usersAdded') };
    },
  );

  route(
    endpoints.userGroups.removeUser,
    {
      ...inQuery,
      summary:
        "Remove a person from the group; trainingIds (the group's trainings, not passed ones) are unassigned from them",
    },
    async (request) => {
      const { userId } = request.params;
      const group = await loadGroup(request, request.params.groupId);
      const trainingIds = request.query.trainingIds ?? [];
      await removeGroupUser(serviceContextOf(request), { id: group.id, userId, trainingIds });
      return { data: { userId }, ...message('groupUserRemoved') };
    },
  );

  route(
    endpoints.userGroups.trainings,
    {
      ...inQuery,
      summary: 'The trainings the group is an assignee of (the add-person wizard), by number',
    },
    async (request) => {
      const group = await loadGroup(request, request.params.groupId);
      return { data: await listGroupTrainings(db(), group.organizationId, group.id) };
    },
  );

  route(
    endpoints.userGroups.userTrainings,
    {
      ...inQuery,
      summary: "The group's trainings the person is assigned to, and whether they passed each (the remove dialog)",
    },
    async (request) => {
      const group = await loadGroup(request, request.params.groupId);
      return {
        data: await listGroupUserTrainings(db(), group.organizationId, group.id, request.params.userId),
      };
    },
  );

  route(
    endpoints.userGroups.export,
    {
      ...inQuery,
      summary: 'CSV of the User Groups list: visible columns, checked rows, search and sort',
      produces: ['text/csv'],
    },
    async (request, reply) => {
      const { selectedIds, ...query } = request.query;
      const scope = { access: organizationAccessOf(request), ids: selectedIds };
      return sendCsvExport(
        reply,
        exportFileName('User_Groups', requireActor(request).email),
        pickColumns(USER_GROUP_CSV_COLUMNS, query.columns),
        userGroupExportRows(db(), scope, query),
      );
    },
  );

  route(
    endpoints.userGroups.exportUsers,
    {
      ...inQuery,
      summary: "CSV of a group's List of Users: visible columns, checked rows, search and sort",
      produces: ['text/csv'],
    },
    async (request, reply) => {
      const { organizationId, groupId, selectedIds, ...query } = request.query;
      const group = await loadGroup(request, groupId);
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
