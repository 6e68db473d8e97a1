import { MEMBERS, fresh, row, today, trainingInA, type Case, type Fixture } from '../matrix.js';

/** The training form's payload in A, assigned to `assigneeId`. */
const trainingPayload = (f: Fixture, assigneeId: string) => ({
  organizationId: f.orgA,
  name: fresh('Training'),
  description: 'Read the procedure',
  dueDate: today(),
  assignerId: f.ids.admin,
  assigneeUserIds: [assigneeId],
});

/** Training records (their exports: exports.ts). */
export const trainingCases: Case[] = [
  // Training records: every member sees the trainings assigned to them; user56 and user have none of 27-33
  {
    routes: ['GET /api/v1/training-records', 'GET /api/v1/training-records/all'],
    expected: MEMBERS(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/training-records/:recordId', 'GET /api/v1/training-records/:recordId/completion-progress'],
    note: "a training of the Admin's",
    expected: row(401, 200, 200, 404, 404, 422, 404),
    request: async (cell) => ({
      params: { recordId: (await trainingInA(cell)).id },
      query: { organizationId: cell.f.orgA },
    }),
  },
  {
    routes: ['GET /api/v1/training-records/:recordId', 'GET /api/v1/training-records/:recordId/completion-progress'],
    note: 'a training assigned to user',
    expected: { ...row(401, 200, 200, 404, 200, 422, 404), client: 404 },
    request: async (cell) => ({
      params: { recordId: (await trainingInA(cell, cell.f.ids.user)).id },
      query: { organizationId: cell.f.orgA },
    }),
  },
  {
    routes: [
      'GET /api/v1/training-records/:recordId/file/:fileId',
      'GET /api/v1/training-records/:recordId/file/:fileId/content',
    ],
    note: 'a file of a training assigned to user',
    expected: { ...row(401, 200, 200, 404, 200, 422, 404), client: 404 },
    request: async (cell) => {
      const rec = await trainingInA(cell, cell.f.ids.user);
      return { params: { recordId: rec.id, fileId: rec.files[0]!.id }, query: { organizationId: cell.f.orgA } };
    },
  },
  {
    routes: ['POST /api/v1/training-records'],
    expected: row(401, 201, 201, 403, 403, 422, 404),
    request: ({ f }) => ({ payload: trainingPayload(f, f.ids.admin) }),
  },
  {
    routes: ['PUT /api/v1/training-records/:recordId'],
    note: "rename a training of the Admin's (neither user56 nor user may edit any)",
    expected: row(401, 200, 200, 403, 403, 422, 404),
    request: async (cell) => ({
      params: { recordId: (await trainingInA(cell)).id },
      payload: trainingPayload(cell.f, cell.f.ids.admin),
    }),
  },
  {
    routes: ['PUT /api/v1/training-records/:recordId/pass'],
    note: 'a training assigned to user: only its assignee passes it',
    expected: { ...row(401, 403, 403, 404, 200, 422, 404), client: 404 },
    request: async (cell) => {
      const rec = await trainingInA(cell, cell.f.ids.user);
      const questions = rec.questions.map((q) => ({
        id: q.id,
        answers: q.answers.map((a) => ({ id: a.id, isSelected: a.number === 1 })),
      }));
      return {
        params: { recordId: rec.id },
        payload: { organizationId: cell.f.orgA, questions, acknowledged: true, understood: true },
      };
    },
  },
  {
    routes: ['DELETE /api/v1/training-records'],
    note: "a new training of the Admin's",
    expected: row(401, 200, 200, 403, 403, 422, 404),
    request: async (cell) => ({ query: { organizationId: cell.f.orgA, ids: (await trainingInA(cell)).id } }),
  },
];
