import { notifications } from '../../../db/schema/index.js';
import { newId } from '../../../core/ids.js';
import type { TestContext } from '../../harness.js';
import { MEMBERS, actionInA, fresh, row, today, type Case, type Fixture } from '../matrix.js';

/** A new unread notification of user's, about an action assigned to them. */
async function noticeOfUser(t: TestContext, f: Fixture): Promise<string> {
  const id = newId();
  await t.db.insert(notifications).values({
    organizationId: f.orgA,
    id,
    userId: f.ids.user,
    kind: 'ActionAssigned',
    entityId: await actionInA(t, f, f.ids.user),
    payload: {},
  });
  return id;
}

/** Actions, the dashboard and notifications (actions' exports: exports.ts). */
export const actionCases: Case[] = [
  // Actions: every member sees the actions assigned to them; the rest by permission (user56 has none of 17-26)
  {
    routes: ['GET /api/v1/tasks'],
    expected: MEMBERS(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/tasks/:taskId/details'],
    note: "an action of the Admin's",
    expected: row(401, 200, 200, 404, 404, 422, 404),
    request: async ({ f, t }) => ({ params: { taskId: await actionInA(t, f) }, query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/tasks/:taskId/details'],
    note: 'an action assigned to user',
    expected: { ...row(401, 200, 200, 404, 200, 422, 404), client: 404 },
    request: async ({ f, t }) => ({
      params: { taskId: await actionInA(t, f, f.ids.user) },
      query: { organizationId: f.orgA },
    }),
  },
  {
    // Every member has a dashboard; its cards show only what their lists would.
    routes: [
      'GET /api/v1/dashboard/counters',
      'GET /api/v1/dashboard/actions',
      'GET /api/v1/dashboard/trainings',
      'GET /api/v1/dashboard/documents-to-review',
      'GET /api/v1/dashboard/documents-to-approve',
      'GET /api/v1/dashboard/overdue-reviews',
      'GET /api/v1/dashboard/revisions-awaiting-training',
    ],
    expected: MEMBERS(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['POST /api/v1/tasks'],
    expected: row(401, 201, 201, 403, 403, 422, 404),
    request: ({ f }) => ({
      payload: {
        organizationId: f.orgA,
        name: fresh('Action'),
        description: 'Check the scale',
        dueDate: today(),
        assignerId: f.ids.admin,
        assigneeId: f.ids.admin,
      },
    }),
  },
  {
    routes: ['PUT /api/v1/tasks/:taskId/details'],
    note: "rename an action of the Admin's",
    expected: row(401, 200, 200, 404, 404, 422, 404),
    request: async ({ f, t }) => ({
      params: { taskId: await actionInA(t, f) },
      payload: {
        organizationId: f.orgA,
        name: fresh('Renamed'),
        description: 'Check the scale',
        dueDate: today(),
        assignerId: f.ids.admin,
        assigneeId: f.ids.admin,
        status: 0,
      },
    }),
  },
  {
    routes: ['PUT /api/v1/tasks/:taskId/details'],
    note: 'complete an action assigned to user (the assignee needs no edit permission)',
    expected: { ...row(401, 200, 200, 404, 200, 422, 404), client: 404 },
    request: async ({ f, t }) => {
      const name = fresh('Action');
      return {
        params: { taskId: await actionInA(t, f, f.ids.user, name) },
        payload: {
          organizationId: f.orgA,
          name,
          description: 'Check the scale',
          dueDate: today(),
          assignerId: f.ids.admin,
          assigneeId: f.ids.user,
          status: 1,
        },
      };
    },
  },
  {
    routes: ['DELETE /api/v1/tasks'],
    note: "a new action of the Admin's",
    expected: row(401, 200, 200, 403, 403, 422, 404),
    request: async ({ f, t }) => ({ query: { organizationId: f.orgA, ids: await actionInA(t, f) } }),
  },
  {
    routes: ['GET /api/v1/tasks/available'],
    expected: MEMBERS(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA, search: 'a' } }),
  },
  {
    routes: ['GET /api/v1/organizations/:organizationId/member-options'],
    expected: MEMBERS(200),
    request: ({ f }) => ({ params: { organizationId: f.orgA }, query: { search: 'a' } }),
  },
  // Notifications
  {
    routes: ['GET /api/v1/system-notifications'],
    expected: MEMBERS(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/system-notifications/count'],
    expected: MEMBERS(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/system-notifications/stream'],
    note: 'an event stream: the answer is read up to its status',
    expected: MEMBERS(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA }, payloadAsStream: true }),
  },
  {
    routes: ['PATCH /api/v1/system-notifications'],
    note: 'dismiss all of one’s own',
    expected: MEMBERS(200),
    request: ({ f }) => ({ payload: { organizationId: f.orgA } }),
  },
  {
    routes: ['PATCH /api/v1/system-notifications'],
    note: "dismiss user's notification: only user may",
    expected: { ...row(401, 404, 404, 404, 200, 422, 404), client: 404 },
    request: async ({ f, t }) => ({ payload: { organizationId: f.orgA, id: await noticeOfUser(t, f) } }),
  },
];
