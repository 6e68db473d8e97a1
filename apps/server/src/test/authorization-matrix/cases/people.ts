import { createUserGroup } from '../../factories.js';
import { ADMINS_ONLY, MEMBERS, SUPERADMIN_ONLY, fresh, freshEmail, personIn, row, type Case } from '../matrix.js';

/** People of an organization (Admins and Users), their access flags and permissions, and user groups. */
export const peopleCases: Case[] = [
  // People: Admins (the SuperAdmin's) and Users (A's Admins too)
  {
    routes: ['GET /api/v1/client-admins'],
    expected: SUPERADMIN_ONLY(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/client-admins/all'],
    expected: SUPERADMIN_ONLY(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['POST /api/v1/client-admins'],
    expected: SUPERADMIN_ONLY(201),
    request: ({ f }) => ({
      payload: { organizationId: f.orgA, firstName: 'Ada', lastName: 'Min', email: freshEmail() },
    }),
  },
  {
    routes: ['POST /api/v1/client-admins/add'],
    note: 'an Admin of C',
    expected: SUPERADMIN_ONLY(200),
    request: async ({ f, t }) => ({
      payload: { organizationId: f.orgA, ids: [(await personIn(t, f.orgC, 'Admin')).id] },
    }),
  },
  {
    routes: ['PATCH /api/v1/client-admins/:id/status', 'PUT /api/v1/client-admins/:id/status'],
    note: 'a new Admin of A',
    expected: SUPERADMIN_ONLY(200),
    request: async ({ f, t }) => ({
      params: { id: (await personIn(t, f.orgA, 'Admin')).id },
      payload: { ids: [f.orgA], status: 'Inactive' },
    }),
  },
  {
    routes: ['DELETE /api/v1/client-admins/:id'],
    note: 'a new, inactive, invited Admin of A',
    expected: SUPERADMIN_ONLY(200),
    request: async ({ f, t }) => ({
      params: { id: (await personIn(t, f.orgA, 'Admin', 'Inactive')).id },
      query: { ids: f.orgA },
    }),
  },
  {
    routes: ['GET /api/v1/export/admins'],
    expected: SUPERADMIN_ONLY(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/client-users'],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/client-users/all'],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['POST /api/v1/client-users'],
    expected: ADMINS_ONLY(201),
    request: ({ f }) => ({ payload: { organizationId: f.orgA, firstName: 'Use', lastName: 'R', email: freshEmail() } }),
  },
  {
    routes: ['POST /api/v1/client-users/add'],
    note: 'a User of C',
    expected: { ...ADMINS_ONLY(200), hrLimited: 404 },
    request: async ({ f, t }) => ({
      payload: { organizationId: f.orgA, ids: [(await personIn(t, f.orgC, 'User')).id] },
    }),
  },
  {
    routes: ['PATCH /api/v1/client-users/:id/status', 'PUT /api/v1/client-users/:id/status'],
    note: 'a new User of A',
    expected: ADMINS_ONLY(200),
    request: async ({ f, t }) => ({
      params: { id: (await personIn(t, f.orgA, 'User')).id },
      payload: { ids: [f.orgA], status: 'Inactive' },
    }),
  },
  {
    routes: ['DELETE /api/v1/client-users/:id'],
    note: 'a new, inactive, invited User of A',
    expected: ADMINS_ONLY(200),
    request: async ({ f, t }) => ({
      params: { id: (await personIn(t, f.orgA, 'User', 'Inactive')).id },
      query: { organizationIds: f.orgA },
    }),
  },
  {
    routes: ['GET /api/v1/export/users'],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  // Access flags and permissions
  {
    routes: ['GET /api/v1/users/me'],
    note: 'own flags',
    expected: MEMBERS(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    // Every member may search; each artifact's own visibility decides what they find.
    routes: ['GET /api/v1/:organizationId/global-search'],
    expected: MEMBERS(200),
    request: ({ f }) => ({ params: { organizationId: f.orgA }, query: { search: 'procedure' } }),
  },
  {
    routes: ['GET /api/v1/client-users/:id'],
    note: 'flags of user56',
    expected: row(401, 200, 200, 200, 403, 422, 404),
    request: ({ f }) => ({ params: { id: f.ids.user56 }, query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/client-users/:id/settings'],
    note: 'of user56',
    expected: row(401, 200, 200, 200, 403, 422, 404),
    request: ({ f }) => ({ params: { id: f.ids.user56 }, query: { organizationId: f.orgA } }),
  },
  {
    routes: ['PUT /api/v1/client-users/:id/restriction'],
    note: "a User of A's membership: the SuperAdmin and A's Admins, not a client Admin",
    expected: ADMINS_ONLY(200),
    request: async ({ t, f }) => ({
      params: { id: (await personIn(t, f.orgA, 'User')).id },
      payload: { organizationId: f.orgA, restriction: 'hrLimited' },
    }),
  },
  // User groups
  {
    routes: ['GET /api/v1/user-groups'],
    note: 'Admins, and people who may add or edit trainings (neither user56 nor user)',
    expected: row(401, 200, 200, 403, 403, 422, 404),
    request: ({ f }) => ({ query: { organizationId: f.orgA, withUsers: 'true' } }),
  },
  {
    routes: ['GET /api/v1/user-groups/:groupId/trainings'],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ params: { groupId: f.groupA }, query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/user-groups/:groupId/users/:userId/trainings'],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({
      params: { groupId: f.groupA, userId: f.ids.user56 },
      query: { organizationId: f.orgA },
    }),
  },
  {
    routes: ['POST /api/v1/user-groups'],
    expected: ADMINS_ONLY(201),
    request: ({ f }) => ({ payload: { organizationId: f.orgA, name: fresh('Group') } }),
  },
  {
    routes: ['PUT /api/v1/user-groups/:groupId/name'],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ params: { groupId: f.groupA }, payload: { organizationId: f.orgA, name: fresh('Group') } }),
  },
  {
    routes: ['POST /api/v1/user-groups/duplicate'],
    expected: ADMINS_ONLY(201),
    request: ({ f }) => ({ payload: { organizationId: f.orgA, sourceGroupId: f.groupA, name: fresh('Copy') } }),
  },
  {
    routes: ['DELETE /api/v1/user-groups/:groupId'],
    note: 'a new group',
    expected: ADMINS_ONLY(200),
    request: async ({ f, t }) => ({
      params: { groupId: (await createUserGroup(t.db, { organizationId: f.orgA })).id },
      query: { organizationId: f.orgA },
    }),
  },
  {
    routes: ['GET /api/v1/user-groups/:groupId/settings'],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ params: { groupId: f.groupA }, query: { organizationId: f.orgA } }),
  },
  {
    routes: ['PUT /api/v1/user-groups/:groupId/settings'],
    note: "a new group: a toggle of user56's group would change what user56 sees in the cells after it",
    expected: ADMINS_ONLY(200),
    request: async ({ f, t }) => ({
      params: { groupId: (await createUserGroup(t.db, { organizationId: f.orgA })).id },
      payload: { organizationId: f.orgA, type: 22 },
    }),
  },
  {
    routes: ['GET /api/v1/user-groups/:groupId/users'],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ params: { groupId: f.groupA }, query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/user-groups/:groupId/all'],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ params: { groupId: f.groupA }, query: { organizationId: f.orgA } }),
  },
  {
    routes: ['POST /api/v1/user-groups/:groupId/add'],
    note: 'a new User of A',
    expected: ADMINS_ONLY(200),
    request: async ({ f, t }) => ({
      params: { groupId: f.groupA },
      payload: { organizationId: f.orgA, users: [{ userId: (await personIn(t, f.orgA, 'User')).id }] },
    }),
  },
  {
    routes: ['DELETE /api/v1/user-groups/:groupId/users/:userId'],
    note: 'the member of a new group',
    expected: ADMINS_ONLY(200),
    request: async ({ f, t }) => {
      const member = await personIn(t, f.orgA, 'User');
      const group = await createUserGroup(t.db, { organizationId: f.orgA, userIds: [member.id] });
      return { params: { groupId: group.id, userId: member.id }, query: { organizationId: f.orgA } };
    },
  },
  {
    routes: ['GET /api/v1/export/groups'],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/export/group-users'],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA, groupId: f.groupA } }),
  },
];
