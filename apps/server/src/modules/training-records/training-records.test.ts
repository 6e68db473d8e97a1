import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, Permission, type TrainingRecord, type TrainingRecordRow } from '@qualis/contract';
import {
  actions,
  documentRevisions,
  tags,
  trainingAssignments,
  trainingAttempts,
  trainingQuestions,
} from '../../db/schema/index.js';
import { newId } from '../../core/ids.js';
import { resolveOrganizationAccess } from '../../core/access.js';
import type { ServiceContext } from '../../core/service-context.js';
import { startTrainingRound } from './training-actions.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { auditEventsOf } from '../../test/audit-events.js';
import { testApi, type Person } from '../../test/api.js';
import {
  createDocument,
  createOrganization,
  createTraining,
  createUserGroup,
  twoOrganizations,
  uploadOrganizationFile,
  type TrainingValues,
} from '../../test/factories.js';
import { req } from '../../../../../docs/requirements/req.js';

let t: TestContext;
const { person, call } = testApi(() => t);
let orgA: string;
let orgB: string;
let admin: Person;
let outsider: Person;

beforeAll(async () => {
  t = await createTestContext();
  ({ orgA, orgB, admin, outsider } = await twoOrganizations(t));
});
afterAll(() => t.close());

const training = (by: Person, organizationId: string, values: TrainingValues = {}) =>
  createTraining(t.app, by, organizationId, values);

const detail = async (by: Person, organizationId: string, id: string) => {
  const res = await call('GET', `/training-records/${id}?organizationId=${organizationId}`, by.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TrainingRecord;
};

const list = async (by: Person, organizationId: string, query = '') => {
  const res = await call('GET', `/training-records?organizationId=${organizationId}${query}`, by.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: TrainingRecordRow[]; pagination: { totalCount: number } };
};

const auditOf = (entityId: string, action?: string) => auditEventsOf(t, entityId, action);

/** The open and completed 'training' actions of a training, by assignee. */
const trainingActions = async (trainingId: string) =>
  (
    await t.db
      .select()
      .from(actions)
      .where(and(eq(actions.sourceId, trainingId), eq(actions.kind, 'training')))
  ).map((a) => ({ assigneeId: a.assigneeId, status: a.status, dueDate: a.dueDate }));

const assignedIds = async (trainingId: string) =>
  (await t.db.select().from(trainingAssignments).where(eq(trainingAssignments.trainingId, trainingId)))
    .map((r) => r.userId)
    .sort();

/** The pass form of the training as `by` reads it: `choose` picks the answers (by letter number) per question. */
async function answersFor(by: Person, organizationId: string, id: string, choose: (q: number) => number[]) {
  const rec = await detail(by, organizationId, id);
  return rec.questions.map((q, i) => ({
    id: q.id,
    answers: q.answers.map((a) => ({ id: a.id, isSelected: choose(i).includes(a.number) })),
  }));
}

const pass = (by: Person, organizationId: string, id: string, questions: unknown, extra: object = {}) =>
  call('PUT', `/training-records/${id}/pass`, by.headers, {
    organizationId,
    questions,
    acknowledged: true,
    understood: true,
    ...extra,
  });

const TWO_QUESTIONS = [
  {
    name: 'Which are gloves?',
    answers: [
      { name: 'Nitrile', isCorrect: true },
      { name: 'Latex', isCorrect: true },
      { name: 'Paper', isCorrect: false },
    ],
  },
  {
    name: 'Who signs the record?',
    answers: [
      { name: 'The operator', isCorrect: false },
      { name: 'The supervisor', isCorrect: true },
    ],
  },
];

describe('POST /training-records', () => {
  it(`needs a session, answers 404 in another organization and 403 without an add permission ${req('TRN-005')}`, async () => {
    const body = { organizationId: orgA, name: 'X', description: 'Y', dueDate: '2030-01-01', assignerId: admin.id };
    expect((await call('POST', '/training-records', {}, body)).statusCode).toBe(401);
    expect((await call('POST', '/training-records', outsider.headers, body)).statusCode).toBe(404);
    const viewer = await person(orgA, 'User', [Permission.ViewAllTrainingRecords]);
    expect((await call('POST', '/training-records', viewer.headers, body)).statusCode).toBe(403);
  });

  it(`refuses bad input with a message and changes nothing ${req('TRN-001', 'TRN-002', 'SEC-001')}`, async () => {
    const other = await person(orgB);
    const base = {
      organizationId: orgA,
      name: 'Gowning',
      description: 'How to gown',
      dueDate: '2030-01-01',
      assignerId: admin.id,
      assigneeUserIds: [admin.id],
    };
    const cases: [object, string][] = [
      [{ assigneeUserIds: [] }, messages.trainingAssigneeRequired],
      [{ assigneeUserIds: [other.id] }, messages.trainingAssigneesNotMembers],
      [{ assignerId: other.id }, messages.actionAssignerNotMember],
      [{ newAssigneeUserGroupIds: [newId()] }, messages.trainingGroupsUnknown],
      [{ fileIds: [newId()] }, messages.documentFileUnknown],
      [{ tagIds: [newId()] }, messages.tagsUnknown],
      [{ questions: [{ name: 'Q', answers: [{ name: 'A', isCorrect: true }] }] }, messages.trainingAnswersTooFew],
      [{ questions: [{ name: 'Q', answers: [{ name: 'A' }, { name: 'B' }] }] }, messages.trainingNoCorrectAnswer],
      [{ documentModel: { id: newId(), revision: 1 } }, messages.trainingDocumentUnknown],
    ];
    const [before] = await t.db.select({ n: trainingQuestions.id }).from(trainingQuestions);
    for (const [change, message] of cases) {
      const res = await call('POST', '/training-records', admin.headers, { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors[0].message).toBe(message);
    }
    expect((await list(admin, orgA, '&search=Gowning')).pagination.totalCount).toBe(0);
    const [after] = await t.db.select({ n: trainingQuestions.id }).from(trainingQuestions);
    expect(after).toEqual(before);
  });

  it(`creates the training: number, quiz version 1 lettered, files, tags, people, groups, actions and audit ${req('TRN-001', 'AUD-001')}`, async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const direct = await person(org);
    const member1 = await person(org);
    const member2 = await person(org);
    const group = await createUserGroup(t.db, { organizationId: org, userIds: [member1.id, member2.id, direct.id] });
    const empty = await createUserGroup(t.db, { organizationId: org });
    const fileId = await uploadOrganizationFile(t.app, boss.headers, org, 'gowning.txt');
    const tagId = newId();
    await t.db.insert(tags).values({ organizationId: org, id: tagId, name: 'Cleanroom' });

    const res = await call('POST', '/training-records', boss.headers, {
      organizationId: org,
      name: 'Gowning',
      description: 'How to gown for the cleanroom',
      dueDate: '2030-03-01',
      assignerId: boss.id,
      assigneeUserIds: [direct.id],
      newAssigneeUserGroupIds: [group.id, empty.id],
      fileIds: [fileId],
      tagIds: [tagId],
      questions: TWO_QUESTIONS,
      link: 'https://example.test/gowning',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(messages.trainingCreated);
    const rec = res.json().data as TrainingRecord;
    expect(rec.number).toBe(1);
    expect(rec.files).toEqual([{ id: fileId, fileName: 'gowning.txt', fileSize: expect.any(Number) }]);
    expect(rec.tags).toEqual([{ id: tagId, name: 'Cleanroom' }]);
    expect(rec.assigneeUsers.map((u) => u.id)).toEqual([direct.id]);
    expect(rec.assigneeUserGroups.map((g) => [g.name, g.userCount])).toEqual(
      [
        [group.name, 3],
        [empty.name, 0],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(rec.assignees.map((u) => u.id).sort()).toEqual([direct.id, member1.id, member2.id].sort());
    expect(rec.assigneeCount).toBe(3);
    expect(rec.questions.map((q) => q.answers.map((a) => [a.number, a.name, a.isCorrect]))).toEqual([
      [
        [1, 'Nitrile', true],
        [2, 'Latex', true],
        [3, 'Paper', false],
      ],
      [
        [1, 'The operator', false],
        [2, 'The supervisor', true],
      ],
    ]);
    expect(rec.trainingStatus).toBeNull();
    expect(rec.canBeEdited && rec.canBeDeleted).toBe(true);
    expect(rec.canBePassed).toBe(false);

    const acts = await trainingActions(rec.id);
    expect(acts.map((a) => a.assigneeId).sort()).toEqual([direct.id, member1.id, member2.id].sort());
    expect(acts.every((a) => a.status === 'ToDo' && a.dueDate === '2030-03-01')).toBe(true);
    const [created] = await auditOf(rec.id, 'create');
    expect(created?.infoType).toBe('Training Records');
    expect(created?.actorUserId).toBe(boss.id);
    expect(created?.after).toMatchObject({ number: 1, name: 'Gowning', quizVersion: 1 });

    const second = await training(boss, org);
    expect(second.number).toBe(2);

    // The list's row: the people and groups as chosen, and how many have to pass, not who.
    const [row] = (await list(boss, org, '&search=Gowning')).data;
    expect(row).not.toHaveProperty('assignees');
    expect(row?.assigneeUsers.map((u) => u.id)).toEqual([direct.id]);
    expect(row?.assigneeUserGroups).toEqual(
      [
        { id: group.id, name: group.name, userCount: 3 },
        { id: empty.id, name: empty.name, userCount: 0 },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(row?.assigneeCount).toBe(3);
  });

  it('links the document revision named by documentModel, with its audit event', async () => {
    const doc = await createDocument(t.app, t.db, admin, orgA);
    const rec = await training(admin, orgA, { documentModel: { id: doc.id, revision: 1 } });
    const [rev] = await t.db.select().from(documentRevisions).where(eq(documentRevisions.documentId, doc.id));
    expect(rev?.trainingRecordId).toBe(rec.id);
    expect(rec.documents).toEqual([{ id: doc.id, name: rev!.name, revision: 1 }]);
    const events = await auditOf(doc.id, 'update');
    expect(events.at(-1)?.after).toEqual({
      revision: 1,
      requiresTraining: true,
      trainingRecordId: rec.id,
      names: { [rec.id]: rec.name },
    });
    const again = await call('POST', '/training-records', admin.headers, {
      organizationId: orgA,
      name: 'Again',
      description: 'D',
      dueDate: '2030-01-01',
      assignerId: admin.id,
      assigneeUserIds: [admin.id],
      documentModel: { id: doc.id, revision: 1 },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].message).toBe(messages.trainingDocumentLinked);
  });

  it(`lets a User with "add where creator or assigner" (33) create one ${req('TRN-005')}`, async () => {
    const maker = await person(orgA, 'User', [Permission.AddOwnTrainingRecords]);
    const rec = await training(maker, orgA);
    expect(rec.creator.id).toBe(maker.id);
    expect(rec.canBeEdited).toBe(false);
  });
});

describe('GET /training-records', () => {
  it('needs a session, answers 404 in another organization, 400 on a bad sort key', async () => {
    expect((await call('GET', `/training-records?organizationId=${orgA}`, {})).statusCode).toBe(401);
    expect((await call('GET', `/training-records?organizationId=${orgA}`, outsider.headers)).statusCode).toBe(404);
    const bad = await call('GET', `/training-records?organizationId=${orgA}&orderBy=description`, admin.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(messages.invalidSortColumn);
    const status = await call('GET', `/training-records?organizationId=${orgA}&status=Mine`, admin.headers);
    expect(status.statusCode).toBe(400);
  });

  it('answers an empty list', async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    expect(await list(boss, org)).toEqual({ data: [], pagination: { totalCount: 0, totalCapped: false } });
  });

  it(`shows a person without 30 exactly the trainings they created, assign or are assigned to; 30 and Admins all ${req('TRN-005')}`, async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const plain = await person(org);
    const maker = await person(org, 'User', [Permission.AddTrainingRecords]);
    const viewer = await person(org, 'User', [Permission.ViewAllTrainingRecords]);
    const group = await createUserGroup(t.db, { organizationId: org, userIds: [plain.id] });
    const viaGroup = await training(boss, org, { name: 'Through the group', newAssigneeUserGroupIds: [group.id] });
    const assigner = await training(boss, org, { name: 'Assigned by plain', assignerId: plain.id });
    await training(boss, org, { name: 'Only the boss' });
    const byMaker = await training(maker, org, { name: 'Made by maker', assigneeUserIds: [boss.id] });

    const ofPlain = await list(plain, org);
    expect(ofPlain.data.map((r) => r.id).sort()).toEqual([viaGroup.id, assigner.id].sort());
    expect(ofPlain.pagination.totalCount).toBe(2);
    expect((await list(maker, org)).data.map((r) => r.id)).toEqual([byMaker.id]);
    expect((await list(viewer, org)).pagination.totalCount).toBe(4);
    expect((await list(boss, org)).pagination.totalCount).toBe(4);
    // Another's record answers 404 to the detail too.
    expect((await call('GET', `/training-records/${byMaker.id}?organizationId=${org}`, plain.headers)).statusCode).toBe(
      404,
    );
  });

  it(`filters by the viewer’s own status, searches, sorts and pages ${req('TRN-006')}`, async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const worker = await person(org);
    const pending = await training(boss, org, { name: 'Alpha pending', assigneeUserIds: [worker.id, boss.id] });
    const passed = await training(boss, org, { name: 'Beta passed', assigneeUserIds: [worker.id] });
    const others = await training(boss, org, { name: 'Gamma others', assigneeUserIds: [boss.id] });
    expect((await pass(worker, org, passed.id, await answersFor(worker, org, passed.id, () => [1]))).statusCode).toBe(
      200,
    );

    const ids = async (query: string, by = worker) => (await list(by, org, query)).data.map((r) => r.id);
    expect(await ids('&status=Assigned&orderBy=name&orderType=asc')).toEqual([pending.id, passed.id]);
    expect(await ids('&status=AssignedPending')).toEqual([pending.id]);
    expect(await ids('&status=AssignedPassed')).toEqual([passed.id]);
    expect(await ids('&status=All&orderBy=name&orderType=asc', boss)).toEqual([pending.id, passed.id, others.id]);
    expect(await ids('&status=Assigned&orderBy=name&orderType=asc', boss)).toEqual([pending.id, others.id]);
    expect(await ids('&search=beta')).toEqual([passed.id]);
    expect(await ids(`&search=${others.number}`, boss)).toEqual([others.id]);
    const rows = (await list(worker, org, '&orderBy=status&orderType=asc')).data;
    expect(rows.map((r) => [r.id, r.trainingStatus])).toEqual([
      [pending.id, 0],
      [passed.id, 1],
    ]);
    const page = await list(boss, org, '&limit=1&offset=1&orderBy=number&orderType=asc');
    expect(page.data.map((r) => r.id)).toEqual([passed.id]);
    expect(page.pagination.totalCount).toBe(3);
    const row = (await list(boss, org, `&search=Gamma`)).data[0]!;
    expect(row).not.toHaveProperty('questions');
    expect(row).not.toHaveProperty('files');
    expect(row.assigneeUsers.map((a) => a.id)).toEqual([boss.id]);
    expect([row.assigneeUserGroups, row.assigneeCount]).toEqual([[], 1]);
    expect(row.assigner.id).toBe(boss.id);
  });
});

describe('GET /training-records/{recordId}', () => {
  it('needs a session, answers 404 in another organization and for an unknown id', async () => {
    const rec = await training(admin, orgA);
    expect((await call('GET', `/training-records/${rec.id}?organizationId=${orgA}`, {})).statusCode).toBe(401);
    expect((await call('GET', `/training-records/${rec.id}?organizationId=${orgA}`, outsider.headers)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/training-records/${rec.id}?organizationId=${orgB}`, outsider.headers)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/training-records/${newId()}?organizationId=${orgA}`, admin.headers)).statusCode).toBe(
      404,
    );
  });

  it('never sends isCorrect to a person who may only view or pass the training', async () => {
    const assignee = await person(orgA);
    const viewer = await person(orgA, 'User', [Permission.ViewAllTrainingRecords]);
    const ownEditor = await person(orgA, 'User', [Permission.EditOwnTrainingRecords]);
    const rec = await training(admin, orgA, { assigneeUserIds: [assignee.id], assignerId: ownEditor.id });
    for (const reader of [assignee, viewer]) {
      const res = await call('GET', `/training-records/${rec.id}?organizationId=${orgA}`, reader.headers);
      expect(res.body).not.toContain('isCorrect');
      const data = res.json().data as TrainingRecord;
      expect(data.canBeEdited).toBe(false);
      expect(data.questions[0]!.answers).toHaveLength(2);
    }
    const asAssignee = await detail(assignee, orgA, rec.id);
    expect([asAssignee.trainingStatus, asAssignee.canBePassed]).toEqual([0, true]);
    const asEditor = await detail(ownEditor, orgA, rec.id);
    expect(asEditor.canBeEdited).toBe(true);
    expect(asEditor.questions[0]!.answers.map((a) => a.isCorrect)).toEqual([true, false]);
  });
});

describe('GET /training-records/all', () => {
  it('lists at most 20 visible trainings, unused ones unless includeUsed', async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const plain = await person(org);
    const doc = await createDocument(t.app, t.db, boss, org);
    const used = await training(boss, org, { name: 'Used one', documentModel: { id: doc.id, revision: 1 } });
    const free = await training(boss, org, { name: 'Free one' });
    for (let i = 0; i < 20; i += 1) await training(boss, org, { name: `Bulk ${i}` });
    const get = (by: Person, query: string) =>
      call('GET', `/training-records/all?organizationId=${org}${query}`, by.headers);
    expect((await get(outsider, '')).statusCode).toBe(404);
    const all = (await get(boss, '&includeUsed=true')).json().data as { id: string; used: boolean }[];
    expect(all).toHaveLength(20);
    const search = (await get(boss, '&search=one&includeUsed=true')).json().data;
    expect(search).toEqual([
      { id: free.id, number: free.number, name: 'Free one', used: false },
      { id: used.id, number: used.number, name: 'Used one', used: true },
    ]);
    expect((await get(boss, '&search=one')).json().data.map((o: { id: string }) => o.id)).toEqual([free.id]);
    expect((await get(plain, '&search=one')).json().data).toEqual([]);
  });
});

describe('PUT /training-records/{recordId}/pass', () => {
  let org: string;
  let boss: Person;
  let worker: Person;
  let rec: TrainingRecord;
  beforeAll(async () => {
    org = (await createOrganization(t.db)).id;
    boss = await person(org, 'Admin');
    // No group, no permission: an assignee can always open and pass their training.
    worker = await person(org);
    rec = await training(boss, org, { assigneeUserIds: [worker.id], questions: TWO_QUESTIONS });
  });
  const attempts = async () => t.db.select().from(trainingAttempts).where(eq(trainingAttempts.trainingId, rec.id));

  it('needs a session; another organization answers 404, a person not assigned 403', async () => {
    const answers = await answersFor(worker, org, rec.id, () => [1]);
    expect((await pass({ ...worker, headers: {} }, org, rec.id, answers)).statusCode).toBe(401);
    expect((await pass(outsider, org, rec.id, answers)).statusCode).toBe(404);
    const stranger = await person(org);
    expect((await pass(stranger, org, rec.id, answers)).statusCode).toBe(404);
    const refused = await pass(boss, org, rec.id, answers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].message).toBe(messages.trainingNotAssigned);
  });

  it.each([
    ['an acknowledgement missing', { understood: false }, () => [1], messages.trainingAcknowledgeRequired],
    ['a question unanswered', {}, (q: number) => (q === 0 ? [1, 2] : []), messages.trainingQuestionsUnanswered],
  ])('refuses %s with 400 and keeps no attempt', async (_case, extra, choose, message) => {
    const res = await pass(worker, org, rec.id, await answersFor(worker, org, rec.id, choose), extra);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(message);
    expect(await attempts()).toHaveLength(0);
  });

  it('refuses unknown questions and answers, and a question left out', async () => {
    const answers = await answersFor(worker, org, rec.id, () => [1]);
    const unknownAnswer = [{ ...answers[0]!, answers: [{ id: newId(), isSelected: true }] }, answers[1]];
    const unknownQuestion = [...answers, { id: newId(), answers: [] }];
    for (const [questions, message] of [
      [unknownAnswer, messages.trainingAnswersUnknown],
      [unknownQuestion, messages.trainingAnswersUnknown],
      [answers.slice(0, 1), messages.trainingQuestionsUnanswered],
    ] as const) {
      const res = await pass(worker, org, rec.id, questions);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].message).toBe(message);
    }
    expect(await attempts()).toHaveLength(0);
  });

  it(`fails when one answer is wrong, keeps the attempt and never says which one ${req('TRN-003')}`, async () => {
    // Question 1 needs A and B; only A chosen.
    const res = await pass(worker, org, rec.id, await answersFor(worker, org, rec.id, (q) => (q === 0 ? [1] : [2])));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ passed: false, message: messages.trainingFailed });
    expect(res.body).not.toContain('isCorrect');
    expect(res.json().data.trainingStatus).toBe(0);
    const [attempt] = await attempts();
    expect(attempt).toMatchObject({ userId: worker.id, passed: false, cycle: 1, quizVersion: 1 });
    expect(attempt!.answers).toHaveLength(2);
    expect((await auditOf(rec.id, 'failedAttempt'))[0]?.actorUserId).toBe(worker.id);
    expect(await trainingActions(rec.id)).toEqual([{ assigneeId: worker.id, status: 'ToDo', dueDate: '2030-06-01' }]);
  });

  it(`passes when every question has exactly its right answers; completes the action; refuses a second pass ${req('TRN-003')}`, async () => {
    const right = await answersFor(worker, org, rec.id, (q) => (q === 0 ? [1, 2] : [2]));
    const res = await pass(worker, org, rec.id, right);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ passed: true, message: messages.trainingPassed });
    expect(res.json().data).toMatchObject({ trainingStatus: 1, canBePassed: false });
    expect((await attempts()).map((a) => a.passed).sort()).toEqual([false, true]);
    expect((await auditOf(rec.id, 'pass'))[0]?.after).toMatchObject({ userId: worker.id, passed: true, cycle: 1 });
    expect(await trainingActions(rec.id)).toEqual([
      { assigneeId: worker.id, status: 'Complete', dueDate: '2030-06-01' },
    ]);
    const again = await pass(worker, org, rec.id, right);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].message).toBe(messages.trainingAlreadyPassed);
    expect(await attempts()).toHaveLength(2);
  });

  it(`shows the completion progress: passed and pending people with their numbered attempts, no answers ${req('TRN-004')}`, async () => {
    const late = await person(org);
    const other = await training(boss, org, { assigneeUserIds: [worker.id, late.id] });
    await pass(worker, org, other.id, await answersFor(worker, org, other.id, () => [2]));
    await pass(worker, org, other.id, await answersFor(worker, org, other.id, () => [1]));
    const url = `/training-records/${other.id}/completion-progress?organizationId=${org}`;
    expect((await call('GET', url, {})).statusCode).toBe(401);
    expect((await call('GET', url, outsider.headers)).statusCode).toBe(404);
    const res = await call('GET', url, late.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('isCorrect');
    expect(res.body).not.toContain('answerIds');
    const progress = res.json().data;
    expect(progress.passedTrainingUsers.map((e: { user: { id: string } }) => e.user.id)).toEqual([worker.id]);
    expect(
      progress.passedTrainingUsers[0].attempts.map((a: { attemptNumber: number; passed: boolean }) => [
        a.attemptNumber,
        a.passed,
      ]),
    ).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(progress.passedTrainingUsers[0].passedAt).toEqual(expect.any(String));
    expect(progress.pendingUsers).toEqual([
      { user: expect.objectContaining({ id: late.id }), passedAt: null, assignedAt: expect.any(String), attempts: [] },
    ]);
    expect([progress.canBeEdited, progress.canBeDeleted]).toEqual([false, false]);
    expect([progress.passedTotalCount, progress.pendingTotalCount]).toEqual([1, 1]);
  });

  it(`pages the passed and the pending people separately, each with its total ${req('TRN-009')}`, async () => {
    const people = [await person(org), await person(org), await person(org)];
    const paged = await training(boss, org, { assigneeUserIds: [worker.id, ...people.map((p) => p.id)] });
    await pass(worker, org, paged.id, await answersFor(worker, org, paged.id, () => [1]));
    const url = `/training-records/${paged.id}/completion-progress?organizationId=${org}`;
    for (const bad of ['limit=0', 'passedOffset=-1', 'pendingOffset=x']) {
      expect((await call('GET', `${url}&${bad}`, boss.headers)).statusCode, bad).toBe(400);
    }
    const ids = (entries: { user: { id: string } }[]) => entries.map((e) => e.user.id);
    const all = (await call('GET', url, boss.headers)).json().data;
    expect(ids(all.pendingUsers)).toHaveLength(3);
    const page = await call('GET', `${url}&limit=2&pendingOffset=1`, boss.headers);
    expect(page.statusCode, page.body).toBe(200);
    const data = page.json().data;
    expect(ids(data.passedTrainingUsers)).toEqual([worker.id]);
    expect(data.passedTrainingUsers[0].attempts).toHaveLength(1);
    expect(ids(data.pendingUsers)).toEqual(ids(all.pendingUsers).slice(1, 3));
    expect([data.passedTotalCount, data.pendingTotalCount]).toEqual([1, 3]);
    const past = (await call('GET', `${url}&passedOffset=1&pendingOffset=3`, boss.headers)).json().data;
    expect([past.passedTrainingUsers, past.pendingUsers, past.passedTotalCount, past.pendingTotalCount]).toEqual([
      [],
      [],
      1,
      3,
    ]);
  });
});

describe('GET /training-records/{recordId}/file/{fileId}', () => {
  it('gives the path and name of a file of a visible training, and its bytes as an attachment', async () => {
    const assignee = await person(orgA);
    const stranger = await person(orgA);
    const fileId = await uploadOrganizationFile(t.app, admin.headers, orgA, 'sop.txt', Buffer.from('SOP text'));
    const rec = await training(admin, orgA, { assigneeUserIds: [assignee.id], fileIds: [fileId] });
    const url = `/training-records/${rec.id}/file/${fileId}?organizationId=${orgA}`;
    expect((await call('GET', url, {})).statusCode).toBe(401);
    expect((await call('GET', url, outsider.headers)).statusCode).toBe(404);
    expect((await call('GET', url, stranger.headers)).statusCode).toBe(404);
    const other = await call(
      'GET',
      `/training-records/${rec.id}/file/${newId()}?organizationId=${orgA}`,
      admin.headers,
    );
    expect(other.statusCode).toBe(404);
    const link = await call('GET', url, assignee.headers);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().data.fileName).toBe('sop.txt');
    const bytes = await t.app.inject({ method: 'GET', url: link.json().data.path, headers: assignee.headers });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-disposition']).toContain('attachment');
    expect(bytes.body).toBe('SOP text');
  });
});

/** The edit form's payload of a training as its editor reads it, with changes. */
async function editPayload(by: Person, organizationId: string, id: string, changes: object = {}) {
  const rec = await detail(by, organizationId, id);
  return {
    organizationId,
    name: rec.name,
    description: rec.description,
    dueDate: rec.dueDate,
    assignerId: rec.assigner.id,
    assigneeUserIds: rec.assigneeUsers.map((u) => u.id),
    newAssigneeUserGroupIds: [],
    oldAssigneeUserGroupNames: rec.assigneeUserGroups.map((g) => g.name),
    fileIds: rec.files.map((f) => f.id),
    tagIds: rec.tagIds,
    questions: rec.questions.map((q) => ({
      name: q.name,
      answers: q.answers.map((a) => ({ name: a.name, isCorrect: a.isCorrect })),
    })),
    link: rec.link,
    linkDescription: rec.linkDescription,
    extraLink: rec.extraLink,
    extraLinkDescription: rec.extraLinkDescription,
    ...changes,
  };
}

const update = (by: Person, id: string, payload: object) => call('PUT', `/training-records/${id}`, by.headers, payload);

describe('PUT /training-records/{recordId}', () => {
  it(`needs a session; another organization 404; no edit right 403; bad input 400 with nothing changed ${req('TRN-005')}`, async () => {
    const assignee = await person(orgA);
    const ownEditor = await person(orgA, 'User', [
      Permission.ViewAllTrainingRecords,
      Permission.EditOwnTrainingRecords,
    ]);
    const rec = await training(admin, orgA, { assigneeUserIds: [assignee.id] });
    const body = await editPayload(admin, orgA, rec.id, { name: 'Renamed' });
    expect((await update({ ...admin, headers: {} }, rec.id, body)).statusCode).toBe(401);
    expect((await update(outsider, rec.id, body)).statusCode).toBe(404);
    expect((await update(ownEditor, rec.id, body)).statusCode).toBe(403);
    expect((await update(assignee, rec.id, body)).statusCode).toBe(403);
    const other = await person(orgB);
    const bad = await update(admin, rec.id, { ...body, assigneeUserIds: [other.id] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(messages.trainingAssigneesNotMembers);
    expect((await detail(admin, orgA, rec.id)).name).toBe(rec.name);
  });

  it('replaces people and groups by the documented rule; unassigning withdraws the action and keeps attempts', async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const direct = await person(org);
    const both = await person(org);
    const kept1 = await person(org);
    const dropped1 = await person(org);
    const inTwo = await person(org);
    const added1 = await person(org);
    const keptGroup = await createUserGroup(t.db, {
      organizationId: org,
      name: 'Kept',
      userIds: [kept1.id, both.id, inTwo.id],
    });
    const droppedGroup = await createUserGroup(t.db, {
      organizationId: org,
      name: 'Dropped',
      userIds: [dropped1.id, inTwo.id],
    });
    const newGroup = await createUserGroup(t.db, { organizationId: org, name: 'New', userIds: [added1.id] });
    const rec = await training(boss, org, {
      assigneeUserIds: [direct.id, both.id],
      newAssigneeUserGroupIds: [keptGroup.id, droppedGroup.id],
    });
    // dropped1 made an attempt: it stays after they are unassigned.
    await pass(dropped1, org, rec.id, await answersFor(dropped1, org, rec.id, () => [2]));

    const res = await update(
      boss,
      rec.id,
      await editPayload(boss, org, rec.id, {
        assigneeUserIds: [both.id],
        oldAssigneeUserGroupNames: ['Kept'],
        newAssigneeUserGroupIds: [newGroup.id],
        dueDate: '2031-01-31',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.trainingUpdated);
    const data = res.json().data as TrainingRecord;
    expect(data.assigneeUserGroups.map((g) => g.name)).toEqual(['Kept', 'New']);
    expect(data.assigneeUsers.map((u) => u.id)).toEqual([both.id]);
    // direct: dropped from the list; dropped1: their group dropped. both, kept1, inTwo: kept group; added1: new group.
    expect(await assignedIds(rec.id)).toEqual([both.id, kept1.id, inTwo.id, added1.id].sort());
    const acts = await trainingActions(rec.id);
    expect(acts.map((a) => a.assigneeId).sort()).toEqual([both.id, kept1.id, inTwo.id, added1.id].sort());
    expect(acts.every((a) => a.dueDate === '2031-01-31')).toBe(true);
    const kept = await t.db.select().from(trainingAttempts).where(eq(trainingAttempts.userId, dropped1.id));
    expect(kept).toHaveLength(1);
    const [event] = await auditOf(rec.id, 'update');
    expect(event?.before).toMatchObject({ unassignedUserIds: [direct.id, dropped1.id].sort(), dueDate: '2030-06-01' });
    expect(event?.after).toMatchObject({ assignedUserIds: [added1.id], dueDate: '2031-01-31' });
  });

  it(`writes changed questions as a new version: passes stay, pending people take the new one ${req('TRN-007')}`, async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const [passer, waiter] = [await person(org), await person(org)];
    const rec = await training(boss, org, { assigneeUserIds: [passer.id, waiter.id] });
    await pass(passer, org, rec.id, await answersFor(passer, org, rec.id, () => [1]));
    const same = await update(boss, rec.id, await editPayload(boss, org, rec.id));
    expect(same.statusCode).toBe(200);
    expect(await auditOf(rec.id, 'update')).toHaveLength(0);

    const body = await editPayload(boss, org, rec.id);
    // Only the correctness changes: B is now the right answer.
    body.questions[0]!.answers = body.questions[0]!.answers.map((a) => ({ ...a, isCorrect: !a.isCorrect }));
    expect((await update(boss, rec.id, body)).statusCode).toBe(200);
    const versions = await t.db.select().from(trainingQuestions).where(eq(trainingQuestions.trainingId, rec.id));
    expect(versions.map((q) => q.quizVersion).sort()).toEqual([1, 2]);
    const forBoss = await detail(boss, org, rec.id);
    expect(forBoss.questions[0]!.answers.map((a) => a.isCorrect)).toEqual([false, true]);
    expect((await detail(passer, org, rec.id)).trainingStatus).toBe(1);
    const forWaiter = await detail(waiter, org, rec.id);
    expect(forWaiter.questions[0]!.id).toBe(forBoss.questions[0]!.id);
    const res = await pass(waiter, org, rec.id, await answersFor(waiter, org, rec.id, () => [2]));
    expect(res.json().passed).toBe(true);
    const [event] = await auditOf(rec.id, 'update');
    expect(event?.before).toMatchObject({ quizVersion: 1 });
    expect(event?.after).toMatchObject({ quizVersion: 2 });
  });
});

describe('DELETE /training-records', () => {
  it('needs a session; another organization 404; no delete right 403; all or nothing', async () => {
    const assignee = await person(orgA);
    const rec = await training(admin, orgA, { assigneeUserIds: [assignee.id] });
    const url = (ids: string[], org = orgA) =>
      `/training-records?organizationId=${org}&${ids.map((i) => `ids=${i}`).join('&')}`;
    expect((await call('DELETE', url([rec.id]), {})).statusCode).toBe(401);
    expect((await call('DELETE', url([rec.id]), outsider.headers)).statusCode).toBe(404);
    expect((await call('DELETE', url([rec.id]), assignee.headers)).statusCode).toBe(403);
    const none = await call('DELETE', `/training-records?organizationId=${orgA}`, admin.headers);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].message).toBe(messages.chooseTrainings);
    expect((await call('DELETE', url([rec.id, newId()]), admin.headers)).statusCode).toBe(404);
    expect((await detail(admin, orgA, rec.id)).id).toBe(rec.id);
  });

  it('reads ids and organizationId from a JSON body too (spec 03 section 7), with the same checks', async () => {
    const assignee = await person(orgA);
    const rec = await training(admin, orgA, { assigneeUserIds: [assignee.id] });
    const body = { organizationId: orgA, ids: [rec.id] };
    expect((await call('DELETE', '/training-records', {}, body)).statusCode).toBe(401);
    expect((await call('DELETE', '/training-records', outsider.headers, body)).statusCode).toBe(404);
    expect((await call('DELETE', '/training-records', assignee.headers, body)).statusCode).toBe(403);
    const none = await call('DELETE', '/training-records', admin.headers, { organizationId: orgA, ids: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0]).toMatchObject({ field: 'ids', message: messages.chooseTrainings });
    expect((await detail(admin, orgA, rec.id)).id).toBe(rec.id);

    const res = await call('DELETE', '/training-records', admin.headers, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { ids: [rec.id] }, message: messages.trainingDeleted });
    expect((await call('GET', `/training-records/${rec.id}?organizationId=${orgA}`, admin.headers)).statusCode).toBe(
      404,
    );
    expect(await auditOf(rec.id, 'delete')).toHaveLength(1);
  });

  it(`deletes with an audit event holding the whole record and its attempts; withdraws open actions; unlinks documents ${req('AUD-001')}`, async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const [passer, waiter] = [await person(org), await person(org)];
    const doc = await createDocument(t.app, t.db, boss, org);
    const rec = await training(boss, org, {
      assigneeUserIds: [passer.id, waiter.id],
      documentModel: { id: doc.id, revision: 1 },
    });
    await pass(passer, org, rec.id, await answersFor(passer, org, rec.id, () => [1]));
    const res = await call('DELETE', `/training-records?organizationId=${org}&ids=${rec.id}`, boss.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.trainingDeleted);
    expect((await call('GET', `/training-records/${rec.id}?organizationId=${org}`, boss.headers)).statusCode).toBe(404);
    const [event] = await auditOf(rec.id, 'delete');
    expect(event?.before).toMatchObject({
      number: rec.number,
      name: rec.name,
      assignedUserIds: [passer.id, waiter.id].sort(),
      attempts: [expect.objectContaining({ userId: passer.id, passed: true })],
      questions: [expect.objectContaining({ quizVersion: 1 })],
    });
    expect(await trainingActions(rec.id)).toEqual([
      { assigneeId: passer.id, status: 'Complete', dueDate: '2030-06-01' },
    ]);
    expect(await t.db.select().from(trainingAttempts).where(eq(trainingAttempts.trainingId, rec.id))).toEqual([]);
    const [rev] = await t.db.select().from(documentRevisions).where(eq(documentRevisions.documentId, doc.id));
    expect(rev?.trainingRecordId).toBeNull();
  });
});

describe('group trainings (spec 02: the add-person wizard and the remove dialog)', () => {
  let org: string;
  let boss: Person;
  let member: Person;
  let group: { id: string; name: string };
  let first: TrainingRecord;
  let second: TrainingRecord;
  beforeAll(async () => {
    org = (await createOrganization(t.db)).id;
    boss = await person(org, 'Admin');
    member = await person(org);
    group = await createUserGroup(t.db, { organizationId: org, userIds: [member.id] });
    first = await training(boss, org, { name: 'First', newAssigneeUserGroupIds: [group.id] });
    second = await training(boss, org, { name: 'Second', newAssigneeUserGroupIds: [group.id] });
    await training(boss, org, { name: 'Not the group’s' });
  });

  it("lists the group's trainings, and a member's with whether they passed", async () => {
    const url = `/user-groups/${group.id}/trainings?organizationId=${org}`;
    expect((await call('GET', url, {})).statusCode).toBe(401);
    expect((await call('GET', url, outsider.headers)).statusCode).toBe(404);
    expect((await call('GET', url, member.headers)).statusCode).toBe(403);
    expect((await call('GET', url, boss.headers)).json().data).toEqual([
      { id: first.id, number: first.number, name: 'First', dueDate: '2030-06-01' },
      { id: second.id, number: second.number, name: 'Second', dueDate: '2030-06-01' },
    ]);
    await pass(member, org, first.id, await answersFor(member, org, first.id, () => [1]));
    const mine = await call(
      'GET',
      `/user-groups/${group.id}/users/${member.id}/trainings?organizationId=${org}`,
      boss.headers,
    );
    expect(mine.json().data.map((r: { name: string; passed: boolean }) => [r.name, r.passed])).toEqual([
      ['First', true],
      ['Second', false],
    ]);
    const users = await call('GET', `/user-groups/${group.id}/users?organizationId=${org}`, boss.headers);
    expect(users.json().data.assignedToTrainings).toBe(true);
    expect(users.json().data.users[0].trainings).toEqual([
      { id: first.id, name: 'First' },
      { id: second.id, name: 'Second' },
    ]);
  });

  it(`gives a person added by the wizard the chosen trainings only; a training not of the group is refused ${req('GRP-003')}`, async () => {
    const newcomer = await person(org);
    const add = (trainingIds: string[]) =>
      call('POST', `/user-groups/${group.id}/add`, boss.headers, {
        organizationId: org,
        users: [{ userId: newcomer.id, trainingIds }],
      });
    const foreign = await training(boss, org);
    const refused = await add([foreign.id]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].message).toBe(messages.trainingNotOfGroup);
    const users = await call('GET', `/user-groups/${group.id}/users?organizationId=${org}`, boss.headers);
    expect(users.json().data.users.map((u: { id: string }) => u.id)).not.toContain(newcomer.id);

    expect((await add([second.id])).statusCode).toBe(200);
    expect(await assignedIds(second.id)).toContain(newcomer.id);
    expect(await assignedIds(first.id)).not.toContain(newcomer.id);
    expect((await trainingActions(second.id)).map((a) => a.assigneeId)).toContain(newcomer.id);
    expect((await auditOf(second.id, 'assign'))[0]?.after).toMatchObject({
      groupId: group.id,
      assignedUserIds: [newcomer.id],
    });
  });

  it(`unassigns the trainings chosen in the remove dialog, keeps the others, refuses passed ones ${req('GRP-003')}`, async () => {
    const remove = (trainingIds: string[]) =>
      call(
        'DELETE',
        `/user-groups/${group.id}/users/${member.id}?organizationId=${org}${trainingIds.map((i) => `&trainingIds=${i}`).join('')}`,
        boss.headers,
      );
    const refused = await remove([first.id]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].message).toBe(messages.trainingPassedNotUnassigned);
    expect((await remove([second.id])).statusCode).toBe(200);
    expect(await assignedIds(second.id)).not.toContain(member.id);
    expect(await assignedIds(first.id)).toContain(member.id);
    expect((await trainingActions(second.id)).map((a) => a.assigneeId)).not.toContain(member.id);
    expect((await auditOf(second.id, 'unassign'))[0]?.before).toMatchObject({ unassignedUserIds: [member.id] });
  });

  it(`lists groups for the assignee picker: withUsers leaves out empty groups; trainers may list them ${req('TRN-008')}`, async () => {
    const empty = await createUserGroup(t.db, { organizationId: org, name: 'Zero people' });
    const trainer = await person(org, 'User', [Permission.AddTrainingRecords]);
    const names = async (by: Person, query: string) => {
      const res = await call('GET', `/user-groups?organizationId=${org}&limit=20${query}`, by.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((g: { name: string }) => g.name);
    };
    expect(await names(boss, '')).toContain(empty.name);
    expect(await names(trainer, '&withUsers=true')).not.toContain(empty.name);
    expect(await names(trainer, '&withUsers=true')).toContain(group.name);
    expect((await call('GET', `/user-groups?organizationId=${org}`, member.headers)).statusCode).toBe(403);
  });
});

describe('startTrainingRound', () => {
  it('starts a new round for an approved revision: everyone passes again, earlier passes stay labelled', async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const [passer, waiter] = [await person(org), await person(org)];
    const doc = await createDocument(t.app, t.db, boss, org);
    const rec = await training(boss, org, { assigneeUserIds: [passer.id, waiter.id] });
    await pass(passer, org, rec.id, await answersFor(passer, org, rec.id, () => [1]));

    const actor = { userId: boss.id, email: boss.email, role: 'Admin' as const, sessionId: newId() };
    const ctx: ServiceContext = {
      app: t.app.ctx,
      access: await resolveOrganizationAccess(t.db, actor, org),
      audit: { userId: boss.id, email: boss.email, ip: null, requestId: 'round-test' },
    };
    await t.db.transaction((tx) =>
      startTrainingRound(tx, ctx, { trainingId: rec.id, documentId: doc.id, revision: 1 }),
    );

    const forPasser = await detail(passer, org, rec.id);
    expect(forPasser.trainingStatus).toBe(0);
    expect(forPasser.forRevision).toMatchObject({ id: doc.id, revision: 1 });
    const acts = await trainingActions(rec.id);
    expect(
      acts
        .filter((a) => a.status === 'ToDo')
        .map((a) => a.assigneeId)
        .sort(),
    ).toEqual([passer.id, waiter.id].sort());
    expect(acts.filter((a) => a.status === 'Complete').map((a) => a.assigneeId)).toEqual([passer.id]);
    expect((await auditOf(rec.id, 'newRound'))[0]?.after).toMatchObject({ cycle: 2, documentId: doc.id, revision: 1 });

    const res = await pass(passer, org, rec.id, await answersFor(passer, org, rec.id, () => [1]));
    expect(res.json().passed).toBe(true);
    const progress = (
      await call('GET', `/training-records/${rec.id}/completion-progress?organizationId=${org}`, boss.headers)
    ).json().data;
    expect(progress.passedTrainingUsers[0].attempts.map((a: { forRevision: unknown }) => a.forRevision)).toEqual([
      null,
      expect.objectContaining({ id: doc.id, revision: 1 }),
    ]);
    expect(progress.pendingUsers.map((e: { user: { id: string } }) => e.user.id)).toEqual([waiter.id]);
  });
});
