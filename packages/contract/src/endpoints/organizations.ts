import { z } from 'zod';
import { changedEnvelope, dataEnvelope, listEnvelope } from '../envelopes.js';
import { ZOrganizationLogsExportQuery, ZOrganizationsExportQuery } from '../organization-exports.js';
import {
  ZOrganization,
  ZOrganizationManagedByClient,
  ZOrganizationNameRequest,
  ZOrganizationSigningRequest,
} from '../organizations.js';
import { ZPeopleListQuery } from '../people.js';
import { ZAccessFlags, ZRestrictionResponse, ZSetRestrictionRequest, ZUserAccessSettings } from '../permissions.js';
import { ZNamedEntriesQuery } from '../settings.js';
import {
  ZAddGroupUsersRequest,
  ZCreateUserGroupRequest,
  ZDeleteUserGroupQuery,
  ZDuplicateUserGroupRequest,
  ZGroupUserOption,
  ZGroupUserOptionsQuery,
  ZGroupUsersExportQuery,
  ZGroupUsersQuery,
  ZGroupUsersResponse,
  ZRemoveGroupUserQuery,
  ZRenameUserGroupRequest,
  ZToggleGroupPermissionRequest,
  ZUserGroup,
  ZUserGroupListQuery,
  ZUserGroupsExportQuery,
} from '../user-groups.js';
import { ZUuid } from '../fields.js';
import { ZGroupTraining, ZGroupUserTraining } from '../training-records.js';
import { ZDocumentTypesQuery } from '../document-requests.js';
import { ZDocumentTypeEntry } from '../periodic-review.js';

import { endpoint, namedEntryEndpoints, peopleEndpoints, ZChangedId, ZFileResponse, ZMessageData } from './endpoint.js';

/** The calls of organizations (docs/api.md). */
export const organizationsEndpoints = {
  organizations: {
    list: endpoint({
      method: 'GET',
      path: '/organizations',
      query: ZPeopleListQuery.omit({ organizationId: true }),
      response: listEnvelope(ZOrganization),
    }),
    get: endpoint({ method: 'GET', path: '/organizations/{organizationId}', response: dataEnvelope(ZOrganization) }),
    create: endpoint({
      method: 'POST',
      path: '/organizations',
      body: ZOrganizationNameRequest,
      response: changedEnvelope(ZOrganization),
      status: 201,
    }),
    rename: endpoint({
      method: 'PUT',
      path: '/organizations/{organizationId}/name',
      body: ZOrganizationNameRequest,
      response: changedEnvelope(ZOrganization),
    }),
    toggleStatus: endpoint({
      method: 'PATCH',
      path: '/organizations/{organizationId}/status',
      aliases: [{ method: 'PUT' }],
      response: changedEnvelope(ZOrganization),
    }),
    toggleManagedByClient: endpoint({
      method: 'PATCH',
      path: '/organizations/{organizationId}/managed-by-client',
      aliases: [{ method: 'PUT' }],
      response: changedEnvelope(ZOrganizationManagedByClient),
    }),
    setLogo: endpoint({
      method: 'PUT',
      path: '/organizations/{organizationId}/logo/{imageId}',
      response: changedEnvelope(ZOrganization),
    }),
    setSigning: endpoint({
      method: 'PUT',
      path: '/organizations/{organizationId}/signing',
      body: ZOrganizationSigningRequest,
      response: changedEnvelope(ZOrganization),
    }),
    remove: endpoint({ method: 'DELETE', path: '/organizations/{organizationId}', response: ZMessageData }),
    export: endpoint({
      method: 'GET',
      path: '/export/organizations',
      query: ZOrganizationsExportQuery,
      response: ZFileResponse,
    }),
    exportLogs: endpoint({
      method: 'GET',
      path: '/export/Organization-logs',
      aliases: [{ path: '/export/organization-logs' }],
      query: ZOrganizationLogsExportQuery,
      response: ZMessageData,
    }),
    /** 'Export everything': queues the inspection package, e-mailed as a 7-day link (Admins, SuperAdmin). */
    inspectionPackage: endpoint({
      method: 'POST',
      path: '/organizations/{organizationId}/inspection-package',
      response: ZMessageData,
    }),
  },
  /** Generated export files: a large PDF export, e-mailed to its requester as a link. */
  admins: peopleEndpoints('/client-admins', '/export/admins'),
  users: {
    ...peopleEndpoints('/client-users', '/export/users'),
    accessFlags: endpoint({
      method: 'GET',
      path: '/client-users/{id}',
      query: z.object({ organizationId: ZUuid }),
      response: dataEnvelope(ZAccessFlags),
    }),
    accessSettings: endpoint({
      method: 'GET',
      path: '/client-users/{id}/settings',
      query: z.object({ organizationId: ZUuid }),
      response: dataEnvelope(ZUserAccessSettings),
    }),
    setRestriction: endpoint({
      method: 'PUT',
      path: '/client-users/{id}/restriction',
      body: ZSetRestrictionRequest,
      response: ZRestrictionResponse,
    }),
  },
  userGroups: {
    list: endpoint({
      method: 'GET',
      path: '/user-groups',
      query: ZUserGroupListQuery,
      response: listEnvelope(ZUserGroup),
    }),
    users: endpoint({
      method: 'GET',
      path: '/user-groups/{groupId}/users',
      query: ZGroupUsersQuery,
      response: ZGroupUsersResponse,
    }),
    userOptions: endpoint({
      method: 'GET',
      path: '/user-groups/{groupId}/all',
      query: ZGroupUserOptionsQuery,
      response: dataEnvelope(z.array(ZGroupUserOption)),
    }),
    settings: endpoint({
      method: 'GET',
      path: '/user-groups/{groupId}/settings',
      query: z.object({ organizationId: ZUuid }),
      response: dataEnvelope(z.array(z.number().int())),
    }),
    togglePermission: endpoint({
      method: 'PUT',
      path: '/user-groups/{groupId}/settings',
      body: ZToggleGroupPermissionRequest,
      response: dataEnvelope(z.array(z.number().int())),
    }),
    create: endpoint({
      method: 'POST',
      path: '/user-groups',
      body: ZCreateUserGroupRequest,
      response: changedEnvelope(ZUserGroup),
      status: 201,
    }),
    rename: endpoint({
      method: 'PUT',
      path: '/user-groups/{groupId}/name',
      body: ZRenameUserGroupRequest,
      response: changedEnvelope(ZUserGroup),
    }),
    duplicate: endpoint({
      method: 'POST',
      path: '/user-groups/duplicate',
      body: ZDuplicateUserGroupRequest,
      response: changedEnvelope(ZUserGroup),
      status: 201,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/user-groups/{groupId}',
      query: ZDeleteUserGroupQuery,
      response: ZChangedId,
    }),
    addUsers: endpoint({
      method: 'POST',
      path: '/user-groups/{groupId}/add',
      body: ZAddGroupUsersRequest,
      response: changedEnvelope(z.object({ userIds: z.array(z.uuid()) })),
    }),
    removeUser: endpoint({
      method: 'DELETE',
      path: '/user-groups/{groupId}/users/{userId}',
      query: ZRemoveGroupUserQuery,
      response: changedEnvelope(z.object({ userId: z.uuid() })),
    }),
    /** The trainings the group is an assignee of: the add wizard's second step. */
    trainings: endpoint({
      method: 'GET',
      path: '/user-groups/{groupId}/trainings',
      query: z.object({ organizationId: ZUuid }),
      response: dataEnvelope(z.array(ZGroupTraining)),
    }),
    /** The group's trainings a member is assigned to, passed or not: the remove dialog. */
    userTrainings: endpoint({
      method: 'GET',
      path: '/user-groups/{groupId}/users/{userId}/trainings',
      query: z.object({ organizationId: ZUuid }),
      response: dataEnvelope(z.array(ZGroupUserTraining)),
    }),
    export: endpoint({ method: 'GET', path: '/export/groups', query: ZUserGroupsExportQuery, response: ZFileResponse }),
    exportUsers: endpoint({
      method: 'GET',
      path: '/export/group-users',
      query: ZGroupUsersExportQuery,
      response: ZFileResponse,
    }),
  },
  settings: {
    'document-types': namedEntryEndpoints('document-types', ZDocumentTypesQuery, ZDocumentTypeEntry),
    tags: namedEntryEndpoints('tags', ZNamedEntriesQuery),
  },
} as const;
