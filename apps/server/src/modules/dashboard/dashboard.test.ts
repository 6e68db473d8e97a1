import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createOrganization, createTraining, createUser, signIn } from '../../test/factories.js';

type Headers = Record<string, string>;

let t: TestContext;
let orgId: string;
let otherOrgId: string;
let admin: Headers;
let user: Headers;
let inactive: Headers;
let outsider: Headers;
let userId: string;
let adminId: string;

const get = (path: string, headers: Headers, organizationId = orgId) =>
  t.app.inject({ method: 'GET', url: `/api/v1/dashboard/${path}`, headers, query: { organizationId } });

const actionOf = (name: string, assigneeId: string, dueDate: string) => ({
  organizationId: orgId,
  name,
  description: name,
  dueDate,
  assignerId: adminId,
  assigneeId,
});

async function createAction(name: string, assigneeId: string, dueDate: string) {
  const payload = actionOf(name, assigneeId, dueDate);
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/tasks', headers: admin, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

beforeAll(async () => {
  t = await createTestContext();
  orgId = (await createOrganization(t.db)).id;
  otherOrgId = (await createOrganization(t.db)).id;
  const adminPerson = await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId: orgId }] });
  adminId = adminPerson.id;
  admin = (await signIn(t.app, adminPerson.email)).headers;
  // A User without any action permission: their own work is still theirs to see.
  const userPerson = await createUser(t.db, { memberOf: [{ organizationId: orgId }] });
  userId = userPerson.id;
  user = (await signIn(t.app, userPerson.email)).headers;
  inactive = (
    await signIn(t.app, (await createUser(t.db, { memberOf: [{ organizationId: orgId, status: 'Inactive' }] })).email)
  ).headers;
  outsider = (await signIn(t.app, (await createUser(t.db, { memberOf: [{ organizationId: otherOrgId }] })).email))
    .headers;
});
afterAll(() => t.close());

describe('the dashboard', () => {
  it('needs a session, a membership and an active one', async () => {
    expect((await get('counters', {})).statusCode).toBe(401);
    expect((await get('counters', outsider)).statusCode).toBe(404);
    expect((await get('actions', inactive)).statusCode).toBe(422);
    expect((await get('actions', user, 'not-an-id')).statusCode).toBe(400);
  });

  it("counts and lists the person's open actions, the soonest due first, and nobody else's", async () => {
    const later = await createAction('Calibrate the scale', userId, '2031-03-01');
    const sooner = await createAction('Read the SOP', userId, '2031-01-15');
    await createAction('Admin work', adminId, '2030-12-01');
    const done = await createAction('Already done', userId, '2030-11-01');
    const completed = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tasks/${done}/details`,
      headers: user,
      // The assignee completes their own action: the same fields, the status changed.
      payload: { ...actionOf('Already done', userId, '2030-11-01'), status: 1 },
    });
    expect(completed.statusCode, completed.body).toBe(200);

    const counters = await get('counters', user);
    expect(counters.statusCode).toBe(200);
    expect(counters.json().data).toEqual({
      actionsToDo: 2,
      trainingToPass: 0,
      documentsToReview: 0,
      documentsToApprove: 0,
    });
    const list = await get('actions', user);
    expect(list.json().data).toEqual([
      { id: sooner, name: 'Read the SOP', nameKey: null, nameParams: null, dueDate: '2031-01-15' },
      { id: later, name: 'Calibrate the scale', nameKey: null, nameParams: null, dueDate: '2031-03-01' },
    ]);
    expect((await get('counters', admin)).json().data.actionsToDo).toBe(1);
  });

  it('answers empty document cards to a person who signs nothing', async () => {
    for (const path of ['documents-to-review', 'documents-to-approve']) {
      const res = await get(path, user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: [] });
    }
  });

  it('counts and lists the trainings the person still has to pass, the soonest due first', async () => {
    const by = { id: adminId, headers: admin };
    const later = await createTraining(t.app, by, orgId, {
      name: 'Gowning',
      assigneeUserIds: [userId],
      dueDate: '2031-05-01',
    });
    const sooner = await createTraining(t.app, by, orgId, {
      name: 'Cleaning',
      assigneeUserIds: [userId],
      dueDate: '2031-02-01',
    });
    const passed = await createTraining(t.app, by, orgId, {
      name: 'Passed',
      assigneeUserIds: [userId],
      dueDate: '2031-01-01',
    });
    await createTraining(t.app, by, orgId, { name: 'Not mine', dueDate: '2030-01-01' });
    const answered = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/training-records/${passed.id}/pass`,
      headers: user,
      payload: {
        organizationId: orgId,
        questions: passed.questions.map((q) => ({
          id: q.id,
          answers: q.answers.map((a) => ({ id: a.id, isSelected: a.number === 1 })),
        })),
        acknowledged: true,
        understood: true,
      },
    });
    expect(answered.json().passed).toBe(true);

    expect((await get('counters', user)).json().data.trainingToPass).toBe(2);
    expect((await get('trainings', user)).json().data).toEqual([
      { id: sooner.id, name: 'Cleaning', number: sooner.number, dueDate: '2031-02-01' },
      { id: later.id, name: 'Gowning', number: later.number, dueDate: '2031-05-01' },
    ]);
    expect((await get('counters', admin)).json().data.trainingToPass).toBe(1);
  });
});
