import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages, type RevisionLifecycle } from '@qualis/contract';
import { eq } from 'drizzle-orm';
import { dayOf, now, setClock } from '../../core/clock.js';
import { documentTypes, documents } from '../../db/schema/index.js';
import { auditEventsOf, revisionRowOf } from '../../test/audit-events.js';
import { testApi, type Person } from '../../test/api.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createDocument, createTraining, twoOrganizations } from '../../test/factories.js';
import { makeDueRevisionsEffective } from './revision-effect.js';
import { req } from '../../../../../docs/requirements/req.js';

/**
 * Issue 24, training before effect: a released revision that requires training and has
 * 'effective when training completes' takes effect when all its trainees passed, or N days after
 * its release, whichever comes first (the effect job, driven by core/clock.ts).
 */

let t: TestContext;
const { person, call } = testApi(() => t);
let orgA: string;
let admin: Person;
const DAY_MS = 24 * 60 * 60_000;

beforeAll(async () => {
  t = await createTestContext();
  ({ orgA, admin } = await twoOrganizations(t));
});
afterEach(() => setClock());
afterAll(() => t.close());

const runEffectJob = () => makeDueRevisionsEffective(t.app.ctx);
const daysLater = (days: number) => new Date(now().getTime() + days * DAY_MS);
const detail = async (id: string) => {
  const res = await call('GET', `/documents/${id}?organizationId=${orgA}`, admin.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    lifecycle: RevisionLifecycle;
    trainingEffectDays: number | null;
    trainingEffect: unknown;
    typeId: string;
  };
};

const saveGeneral = async (id: string, fields: object) => {
  const current = await call('GET', `/documents/${id}?organizationId=${orgA}`, admin.headers);
  const rec = current.json().data;
  return call('PUT', `/documents/${id}/general`, admin.headers, {
    organizationId: orgA,
    revision: rec.revision,
    typeId: rec.typeId,
    submitterId: rec.submitterId,
    name: rec.name,
    revisionDescription: rec.revisionDescription,
    fileId: rec.fileId,
    effectiveOn: rec.effectiveOn,
    trainingEffectDays: rec.trainingEffectDays,
    ...fields,
  });
};
const saveTraining = (id: string, requiresTraining: boolean, trainingRecordId: string | null) =>
  call('PUT', `/documents/${id}/quality-tasks`, admin.headers, {
    organizationId: orgA,
    revision: 1,
    reviewerIds: [],
    approverIds: [],
    requiresTraining,
    trainingRecordId,
  });
const setFinal = async (id: string) => {
  const res = await call('PATCH', `/documents/${id}/revision`, admin.headers, {
    organizationId: orgA,
    revision: 1,
    reason: 'Released',
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** The trainee passes the training (its one question: the first answer is right). */
async function pass(trainee: Person, trainingId: string) {
  const rec = (await call('GET', `/training-records/${trainingId}?organizationId=${orgA}`, trainee.headers)).json()
    .data;
  const questions = rec.questions.map((q: { id: string; answers: { id: string; number: number }[] }) => ({
    id: q.id,
    answers: q.answers.map((a) => ({ id: a.id, isSelected: a.number === 1 })),
  }));
  const res = await call('PUT', `/training-records/${trainingId}/pass`, trainee.headers, {
    organizationId: orgA,
    questions,
    acknowledged: true,
    understood: true,
  });
  expect(res.json().passed, res.body).toBe(true);
}

/** A released revision 1 requiring a training of two trainees, effective when training completes or after `days`. */
async function releasedWaitingForTraining(days: number, fields: object = {}) {
  const trainees = [await person(orgA), await person(orgA)];
  const training = await createTraining(t.app, admin, orgA, { assigneeUserIds: trainees.map((p) => p.id) });
  const doc = await createDocument(t.app, t.db, admin, orgA, { requiresTraining: true });
  expect((await saveTraining(doc.id, true, training.id)).statusCode).toBe(200);
  const saved = await saveGeneral(doc.id, { trainingEffectDays: days, ...fields });
  expect(saved.statusCode, saved.body).toBe(200);
  await setFinal(doc.id);
  return { doc, training, trainees };
}

describe('effective when training completes', () => {
  it('stays Pending at release, shows how many passed, takes effect when the last trainee passed', async () => {
    const { doc, training, trainees } = await releasedWaitingForTraining(10);
    expect(await detail(doc.id)).toMatchObject({
      lifecycle: 'Pending',
      trainingEffectDays: 10,
      trainingEffect: { days: 10, passed: 0, trainees: 2 },
    });
    await pass(trainees[0]!, training.id);
    expect(await runEffectJob()).toBe(0);
    expect(await detail(doc.id)).toMatchObject({ lifecycle: 'Pending', trainingEffect: { passed: 1, trainees: 2 } });

    await pass(trainees[1]!, training.id);
    expect(await runEffectJob()).toBe(1);
    expect(await detail(doc.id)).toMatchObject({ lifecycle: 'Effective', trainingEffect: null });
    const [effect] = await auditEventsOf(t, doc.id, 'effective');
    expect(effect).toMatchObject({ actorUserId: null, after: { revision: 1 } });
    expect(await runEffectJob()).toBe(0);
  });

  it('takes effect N days after release with some trainees not passed', async () => {
    const { doc, training, trainees } = await releasedWaitingForTraining(10);
    await pass(trainees[0]!, training.id);
    setClock(daysLater(9));
    expect(await runEffectJob()).toBe(0);
    expect((await detail(doc.id)).lifecycle).toBe('Pending');
    setClock(daysLater(10.1));
    expect(await runEffectJob()).toBe(1);
    expect((await detail(doc.id)).lifecycle).toBe('Effective');
  });

  it(`starts the periodic review period when the revision takes effect, not at its release ${req('DOC-030')}`, async () => {
    const { doc } = await releasedWaitingForTraining(10);
    const typeId = (await detail(doc.id)).typeId;
    await t.db.update(documentTypes).set({ reviewIntervalMonths: 12 }).where(eq(documentTypes.id, typeId));
    const schedule = async () => (await t.db.select().from(documents).where(eq(documents.id, doc.id)))[0]!;
    expect(await schedule()).toMatchObject({ reviewFrom: null, nextReviewOn: null });
    const effectAt = daysLater(10.1);
    setClock(effectAt);
    expect(await runEffectJob()).toBe(1);
    expect((await schedule()).reviewFrom).toBe(dayOf(effectAt));
    expect((await schedule()).nextReviewOn).not.toBeNull();
  });

  it('stays Pending while neither happened', async () => {
    const { doc } = await releasedWaitingForTraining(30);
    setClock(daysLater(5));
    expect(await runEffectJob()).toBe(0);
    expect(await detail(doc.id)).toMatchObject({ lifecycle: 'Pending', trainingEffect: { passed: 0, trainees: 2 } });
    expect((await revisionRowOf(t, doc.id, 1)).effectiveAt).toBeNull();
  });

  it('waits for an effective date chosen as well: a lower bound', async () => {
    const effectiveOn = dayOf(daysLater(3));
    const { doc, training, trainees } = await releasedWaitingForTraining(10, { effectiveOn });
    for (const trainee of trainees) await pass(trainee, training.id);
    expect(await runEffectJob()).toBe(0);
    setClock(new Date(`${effectiveOn}T00:30:00Z`));
    expect(await runEffectJob()).toBe(1);
    expect((await detail(doc.id)).lifecycle).toBe('Effective');
  });
});

describe('its checks', () => {
  it('refuses the option on a revision that does not require training, and its days out of 1..365, with 400', async () => {
    const doc = await createDocument(t.app, t.db, admin, orgA);
    const refused = await saveGeneral(doc.id, { trainingEffectDays: 14 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({
      message: messages.documentTrainingEffectNeedsTraining,
      field: 'trainingEffectDays',
    });
    for (const days of [0, 366, 2.5]) {
      const res = await saveGeneral(doc.id, { trainingEffectDays: days });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].message).toBe(messages.documentTrainingEffectDaysInvalid);
    }
    expect((await revisionRowOf(t, doc.id, 1)).trainingEffectDays).toBeNull();
    expect(await auditEventsOf(t, doc.id, 'update')).toHaveLength(0);
  });

  it('refuses to stop requiring training while the option is on', async () => {
    const doc = await createDocument(t.app, t.db, admin, orgA, { requiresTraining: true });
    expect((await saveGeneral(doc.id, { trainingEffectDays: 14 })).statusCode).toBe(200);
    const refused = await saveTraining(doc.id, false, null);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].message).toBe(messages.documentTrainingEffectNeedsTraining);
    expect((await revisionRowOf(t, doc.id, 1)).requiresTraining).toBe(true);
  });
});

describe('GET /dashboard/revisions-awaiting-training', () => {
  const card = (by: Person | { headers: Record<string, string> }, organizationId = orgA) =>
    call('GET', `/dashboard/revisions-awaiting-training?organizationId=${organizationId}`, by.headers);
  const idsOn = async (by: Person) => {
    const res = await card(by);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { id: string }[]).map((d) => d.id);
  };

  it(`needs a session, and shows another organization's members none ${req('DOC-036')}`, async () => {
    const { outsider, orgB } = await twoOrganizations(t);
    await releasedWaitingForTraining(10);
    expect((await card({ headers: {} })).statusCode).toBe(401);
    expect((await card(outsider)).statusCode).toBe(404);
    const theirs = await card(outsider, orgB);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().data).toEqual([]);
  });

  it(`lists the revision with '1 of 2 passed' and the day it takes effect at the latest, to Admins and its Responsible only ${req('DOC-036')}`, async () => {
    const responsible = await person(orgA);
    const seesAll = await person(orgA, 'User', [11]);
    const seesReleased = await person(orgA, 'User', [16]);
    const nobody = await person(orgA);
    const { doc, training, trainees } = await releasedWaitingForTraining(10, { submitterId: responsible.id });
    await pass(trainees[0]!, training.id);
    const released = (await revisionRowOf(t, doc.id, 1)).finalAt!;
    const res = await card(admin);
    expect(res.json().data).toContainEqual({
      id: doc.id,
      number: doc.number,
      typeDescription: null,
      name: doc.name,
      revision: 1,
      trainingEffect: { days: 10, passed: 1, trainees: 2 },
      effectiveBy: dayOf(new Date(released.getTime() + 10 * DAY_MS)),
    });
    expect(await idsOn(responsible)).toEqual([doc.id]);
    // Who may not see the document, or sees it without being its Responsible, sees none of it.
    expect(await idsOn(nobody)).toEqual([]);
    expect(await idsOn(seesReleased)).toEqual([]);
    expect(await idsOn(seesAll)).toEqual([]);
    expect(await idsOn(trainees[0]!)).toEqual([]);

    await pass(trainees[1]!, training.id);
    expect(await runEffectJob()).toBe(1);
    expect(await idsOn(admin)).not.toContain(doc.id);
    expect(await idsOn(responsible)).toEqual([]);
  });

  it(`takes a later effective date as the day it takes effect at the latest ${req('DOC-036')}`, async () => {
    const effectiveOn = dayOf(daysLater(30));
    const { doc } = await releasedWaitingForTraining(5, { effectiveOn });
    const row = ((await card(admin)).json().data as { id: string; effectiveBy: string }[]).find((d) => d.id === doc.id);
    expect(row?.effectiveBy).toBe(effectiveOn);
  });
});
