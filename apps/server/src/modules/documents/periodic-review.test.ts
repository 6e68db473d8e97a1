import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@qualis/contract';
import { actions, documentPeriodicReviews, documents, notifications, userAccessCodes } from '../../db/schema/index.js';
import { newId } from '../../core/ids.js';
import { hashPassword } from '../../core/passwords.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { auditEventsOf } from '../../test/audit-events.js';
import { testApi, type Person } from '../../test/api.js';
import { DEFAULT_PASSWORD, createDocument, createDocumentType, twoOrganizations } from '../../test/factories.js';
import { dayOf, setClock } from '../../core/clock.js';
import { sendReviewReminders } from './periodic-review.reminders.js';
import { makeDueRevisionsEffective } from './revision-effect.js';
import { req } from '../../../../../docs/requirements/req.js';

/**
 * Issue 24, periodic review: a type's interval gives a released document its next review date;
 * the daily job reminds the responsible person N days before (one action, its notification and
 * an e-mail in their language); 'Reviewed, no change' (signed) or a new revision ends the review.
 */

let t: TestContext;
const { person, call } = testApi(() => t);
let orgA: string;
let admin: Person;
let outsider: Person;
/** The responsible person of the documents (a User related to them only; reads German). */
let owner: Person;
/** A User of A who sees every document (11) but is responsible for none. */
let viewer: Person;
let typeId: string;
const CODE = '024680';

beforeAll(async () => {
  t = await createTestContext({ smtp: true });
  ({ orgA, admin, outsider } = await twoOrganizations(t));
  owner = await person(orgA, 'User', [], { firstName: 'Olga', lastName: 'Owner' });
  await t.db.execute(sql`update users set language = 'de' where id = ${owner.id}`);
  await t.db.insert(userAccessCodes).values({ id: newId(), userId: owner.id, codeHash: await hashPassword(CODE) });
  await t.db.insert(userAccessCodes).values({ id: newId(), userId: admin.id, codeHash: await hashPassword(CODE) });
  viewer = await person(orgA, 'User', [11]);
  typeId = (await createDocumentType(t.db, orgA, 'SOP')).id;
  const res = await setInterval(admin, typeId, 12);
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
/** `day` plus `months`, as PostgreSQL counts them (the end of a short month is kept). */
async function plusMonths(day: string, months: number) {
  const answer = await t.db.execute(
    sql`select to_char(${day}::date + make_interval(months => ${months}::int), 'YYYY-MM-DD') as d`,
  );
  return (answer as unknown as { rows: { d: string }[] }).rows[0]!.d;
}
const minusDays = (day: string, days: number) => new Date(Date.parse(day) - days * DAY);

function setInterval(by: Person, id: string, reviewIntervalMonths: unknown) {
  return call('PUT', `/organizations/${orgA}/document-types/${id}/review-interval`, by.headers, {
    reviewIntervalMonths,
  });
}
const readReview = (by: Person, id: string) =>
  call('GET', `/documents/${id}/periodic-review?organizationId=${orgA}`, by.headers);
const reviewNoChange = (by: Person, id: string, body: object = {}) =>
  call('POST', `/documents/${id}/periodic-review`, by.headers, {
    organizationId: orgA,
    reason: 'Checked against ISO 13485:2016; still right',
    accessCode: CODE,
    ...body,
  });
const scheduleOf = async (id: string) => (await t.db.select().from(documents).where(eq(documents.id, id)))[0]!;
const reviewActionsOf = (id: string) =>
  t.db
    .select()
    .from(actions)
    .where(and(eq(actions.sourceId, id), eq(actions.kind, 'periodic-review')));

/** A document of A of `type` whose responsible is `owner`, set as final by the Admin (after `general`, when given). */
async function releasedDocument(type = typeId, general?: object) {
  const doc = await createDocument(t.app, t.db, admin, orgA, {
    typeId: type,
    submitterId: owner.id,
  });
  if (general) {
    const rec = (await call('GET', `/documents/${doc.id}?organizationId=${orgA}`, admin.headers)).json().data;
    const saved = await call('PUT', `/documents/${doc.id}/general`, admin.headers, {
      organizationId: orgA,
      revision: rec.revision,
      typeId: rec.typeId,
      submitterId: rec.submitterId,
      name: rec.name,
      revisionDescription: rec.revisionDescription,
      fileId: rec.fileId,
      ...general,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const res = await call('PATCH', `/documents/${doc.id}/revision`, admin.headers, {
    organizationId: orgA,
    revision: 1,
    reason: 'Released without review',
  });
  expect(res.statusCode, res.body).toBe(200);
  return doc;
}

describe('settings: the review interval and the reminder days', () => {
  it('refuses no session (401), another organization (404), a User without the settings permission (403)', async () => {
    const url = `/organizations/${orgA}/document-types/${typeId}/review-interval`;
    expect((await call('PUT', url, {}, { reviewIntervalMonths: 6 })).statusCode).toBe(401);
    expect((await setInterval(outsider, typeId, 6)).statusCode).toBe(404);
    expect((await setInterval(viewer, typeId, 6)).statusCode).toBe(403);
    const reminder = `/organizations/${orgA}/review-reminder`;
    expect((await call('PUT', reminder, viewer.headers, { reviewReminderDays: 10 })).statusCode).toBe(403);
  });

  it('refuses an interval that is not 1 to 120 whole months, and reminder days outside 0 to 365; nothing changes', async () => {
    for (const bad of [0, 121, 1.5, '12', undefined]) {
      const res = await setInterval(admin, typeId, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors[0]).toMatchObject({
        field: 'reviewIntervalMonths',
        message: messages.reviewIntervalInvalid,
      });
    }
    for (const bad of [-1, 366, 'x']) {
      const res = await call('PUT', `/organizations/${orgA}/review-reminder`, admin.headers, {
        reviewReminderDays: bad,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].message).toBe(messages.reviewReminderDaysInvalid);
    }
    const types = await call('GET', `/organizations/${orgA}/document-types`, admin.headers);
    expect(types.json().data.find((x: { id: string }) => x.id === typeId).reviewIntervalMonths).toBe(12);
    const org = await call('GET', `/organizations/${orgA}`, admin.headers);
    expect(org.json().data.reviewReminderDays).toBe(30);
  });

  it(`saves the interval (audited) and reschedules the released documents of the type ${req('DOC-030')}`, async () => {
    const type = (await createDocumentType(t.db, orgA)).id;
    const doc = await releasedDocument(type);
    expect((await scheduleOf(doc.id)).nextReviewOn).toBeNull();
    const res = await setInterval(admin, type, 6);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: { id: type, reviewIntervalMonths: 6 },
      messageKey: 'reviewIntervalSaved',
    });
    expect((await scheduleOf(doc.id)).nextReviewOn).toBe(await plusMonths(today(), 6));
    const [event] = await auditEventsOf(t, type, 'update');
    expect(event).toMatchObject({
      before: { reviewIntervalMonths: null },
      after: { reviewIntervalMonths: 6, documentsRescheduled: 1 },
    });
    expect((await setInterval(admin, type, null)).statusCode).toBe(200);
    expect(await scheduleOf(doc.id)).toMatchObject({ nextReviewOn: null, reviewRemindOn: null });
  });
});

describe('the schedule and the daily reminder', () => {
  it(`gives a document released without an effective date its next review date from the release, none to a draft ${req('DOC-030')}`, async () => {
    const draft = await createDocument(t.app, t.db, admin, orgA, { typeId, submitterId: owner.id });
    expect((await scheduleOf(draft.id)).nextReviewOn).toBeNull();
    const doc = await releasedDocument();
    const next = await plusMonths(today(), 12);
    expect(await scheduleOf(doc.id)).toMatchObject({ reviewFrom: today(), nextReviewOn: next });
    const res = await readReview(owner, doc.id);
    expect(res.json().data).toMatchObject({
      intervalMonths: 12,
      nextReviewOn: next,
      isOverdue: false,
      canReview: true,
    });
    expect((await readReview(viewer, doc.id)).json().data.canReview).toBe(false);
    expect((await readReview(outsider, doc.id)).statusCode).toBe(404);
    expect((await auditEventsOf(t, doc.id, 'reviewScheduled')).at(-1)!.after).toMatchObject({ nextReviewOn: next });
  });

  it(`starts the period when a revision with a later effective date takes effect, not at its release ${req('DOC-030')}`, async () => {
    const effectiveOn = dayOf(new Date(Date.now() + 3 * DAY));
    const doc = await releasedDocument(typeId, { effectiveOn });
    // Released, not yet effective: no review period, no reminder, nothing overdue.
    expect(await scheduleOf(doc.id)).toMatchObject({ reviewFrom: null, nextReviewOn: null, reviewRemindOn: null });
    expect((await readReview(owner, doc.id)).json().data).toMatchObject({ nextReviewOn: null, canReview: false });
    try {
      setClock(new Date(`${effectiveOn}T00:30:00Z`));
      expect(await makeDueRevisionsEffective(t.app.ctx)).toBeGreaterThanOrEqual(1);
    } finally {
      setClock();
    }
    const next = await plusMonths(effectiveOn, 12);
    expect(await scheduleOf(doc.id)).toMatchObject({ reviewFrom: effectiveOn, nextReviewOn: next });
    expect((await scheduleOf(doc.id)).reviewRemindOn).toBe(dayOf(minusDays(next, 30)));
    expect((await auditEventsOf(t, doc.id, 'reviewScheduled')).at(-1)).toMatchObject({
      actorUserId: null,
      after: { reviewFrom: effectiveOn, nextReviewOn: next },
    });
  });

  it(`reminds nothing before the window, one action in it (notification, German e-mail), one when run twice ${req('DOC-031')}`, async () => {
    const doc = await releasedDocument();
    const next = (await scheduleOf(doc.id)).nextReviewOn!;
    const [year, month, day] = next.split('-');
    await sendReviewReminders(t.app.ctx, minusDays(next, 31));
    expect(await reviewActionsOf(doc.id)).toEqual([]);

    await sendReviewReminders(t.app.ctx, minusDays(next, 30));
    await sendReviewReminders(t.app.ctx, minusDays(next, 29));
    const [action, ...more] = await reviewActionsOf(doc.id);
    expect(more).toEqual([]);
    expect(action).toMatchObject({
      assigneeId: owner.id,
      status: 'ToDo',
      dueDate: next,
      nameKey: 'reviewDocumentPeriodically',
      // The date as each reader's language writes it (the stored name is the English one).
      name: `Review #${doc.number} "${doc.name as string}" by ${month}/${day}/${year}`,
    });
    expect((await scheduleOf(doc.id)).reviewRemindOn).toBeNull();
    const told = await t.db.select().from(notifications).where(eq(notifications.entityId, action!.id));
    expect(told).toHaveLength(1);
    expect((await auditEventsOf(t, doc.id, 'reviewReminder'))[0]!.after).toMatchObject({ actionIds: [action!.id] });
    expect((await auditEventsOf(t, action!.id, 'create'))[0]).toMatchObject({ actorUserId: null });

    await t.deliverMail();
    const mail = await t.smtp!.waitForMail({ to: owner.email, subject: new RegExp(`#${action!.number}`) });
    expect(mail.text).toContain(`#${doc.number} „${doc.name as string}“ bis ${day}.${month}.${year} überprüfen`);
  });

  it(`lists an overdue review on the dashboard of Admins and the responsible, and under the list filter ${req('DOC-033')}`, async () => {
    const doc = await releasedDocument();
    const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
    await t.db.update(documents).set({ nextReviewOn: yesterday }).where(eq(documents.id, doc.id));
    const overdue = async (by: Person) =>
      (await call('GET', `/dashboard/overdue-reviews?organizationId=${orgA}`, by.headers))
        .json()
        .data.map((d: { id: string }) => d.id);
    expect(await overdue(admin)).toContain(doc.id);
    expect(await overdue(owner)).toContain(doc.id);
    expect(await overdue(viewer)).not.toContain(doc.id);
    const list = await call('GET', `/documents?organizationId=${orgA}&isReviewOverdue=true`, viewer.headers);
    expect(list.json().data.map((d: { id: string }) => d.id)).toEqual([doc.id]);
    expect(list.json().pagination.totalCount).toBe(1);
    expect((await readReview(owner, doc.id)).json().data.isOverdue).toBe(true);
  });
});

describe("POST /documents/{id}/periodic-review: 'Reviewed, no change'", () => {
  it('refuses no session (401), another organization (404), not the responsible (403); nothing changes', async () => {
    const doc = await releasedDocument();
    const url = `/documents/${doc.id}/periodic-review`;
    expect((await call('POST', url, {}, { organizationId: orgA, reason: 'x', accessCode: CODE })).statusCode).toBe(401);
    expect((await reviewNoChange(outsider, doc.id)).statusCode).toBe(404);
    const notResponsible = await reviewNoChange(admin, doc.id);
    expect(notResponsible.statusCode).toBe(403);
    expect(notResponsible.json().errors[0].message).toBe(messages.periodicReviewNotResponsible);
    expect(await t.db.$count(documentPeriodicReviews, eq(documentPeriodicReviews.documentId, doc.id))).toBe(0);
  });

  it(`refuses a missing reason or code, a wrong code (audited), and a document without a schedule (409) ${req('DOC-032')}`, async () => {
    const doc = await releasedDocument();
    const noReason = await reviewNoChange(owner, doc.id, { reason: ' ' });
    expect(noReason.json().errors[0]).toMatchObject({
      field: 'reason',
      message: messages.periodicReviewReasonRequired,
    });
    const noCode = await reviewNoChange(owner, doc.id, { accessCode: undefined });
    expect(noCode.json().errors[0]).toMatchObject({ field: 'accessCode', message: messages.accessCodeRequired });
    const wrong = await reviewNoChange(owner, doc.id, { accessCode: '111111' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ field: 'accessCode', message: messages.accessCodeWrong });
    expect((await auditEventsOf(t, doc.id, 'signatureRefused')).at(-1)!.after).toMatchObject({
      kind: 'periodicReview',
    });
    const unscheduled = await releasedDocument((await createDocumentType(t.db, orgA)).id);
    expect((await reviewNoChange(owner, unscheduled.id)).statusCode).toBe(409);
    expect(await t.db.$count(documentPeriodicReviews, eq(documentPeriodicReviews.documentId, doc.id))).toBe(0);
  });

  it(`signs the review (append-only record, audit), moves the date on from today and completes the action ${req('DOC-032')}`, async () => {
    const doc = await releasedDocument();
    const due = (await scheduleOf(doc.id)).nextReviewOn!;
    await sendReviewReminders(t.app.ctx, minusDays(due, 1));
    const res = await reviewNoChange(owner, doc.id);
    expect(res.statusCode, res.body).toBe(200);
    const next = await plusMonths(today(), 12);
    expect(res.json()).toMatchObject({
      messageKey: 'periodicReviewSigned',
      data: { nextReviewOn: next, canReview: true },
    });
    expect(res.json().data.reviews).toMatchObject([
      {
        revision: 1,
        signerName: 'Olga Owner',
        reason: 'Checked against ISO 13485:2016; still right',
        reviewDueOn: due,
      },
    ]);
    expect(await scheduleOf(doc.id)).toMatchObject({ reviewFrom: today(), nextReviewOn: next });
    expect((await reviewActionsOf(doc.id)).map((a) => a.status)).toEqual(['Complete']);
    const [event] = await auditEventsOf(t, doc.id, 'periodicReview');
    expect(event).toMatchObject({ actorUserId: owner.id, reason: 'Checked against ISO 13485:2016; still right' });
    expect(event!.after).toMatchObject({ revision: 1, nextReviewOn: next, signature: { signerEmail: owner.email } });
    await expect(t.db.update(documentPeriodicReviews).set({ reason: 'changed' })).rejects.toThrow();
  });

  it(`asks the password too where the organization asks for it ${req('DOC-032')}`, async () => {
    const doc = await releasedDocument();
    await call('PUT', `/organizations/${orgA}/signing`, admin.headers, { signingRequiresPassword: true });
    try {
      const res = await reviewNoChange(owner, doc.id);
      expect(res.json().errors[0]).toMatchObject({ field: 'password', message: messages.signingPasswordRequired });
      expect((await reviewNoChange(owner, doc.id, { password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    } finally {
      await call('PUT', `/organizations/${orgA}/signing`, admin.headers, { signingRequiresPassword: false });
    }
  });
});

describe('the end of a review by a new revision, and of the schedule by a withdrawal', () => {
  it('completes the open review action when the next revision is released', async () => {
    const doc = await releasedDocument();
    await sendReviewReminders(t.app.ctx, minusDays((await scheduleOf(doc.id)).nextReviewOn!, 1));
    const current = (await call('GET', `/documents/${doc.id}?organizationId=${orgA}`, admin.headers)).json().data;
    const added = await call('PUT', `/documents/${doc.id}/revision`, admin.headers, {
      organizationId: orgA,
      typeId,
      submitterId: owner.id,
      name: current.name,
      revision: 2,
      revisionDescription: 'Issue 2',
      reasonForChange: 'The gowning order changed.',
      fileId: current.fileId,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await reviewActionsOf(doc.id)).map((a) => a.status)).toEqual(['ToDo']);
    const final = await call('PATCH', `/documents/${doc.id}/revision`, admin.headers, {
      organizationId: orgA,
      revision: 2,
      reason: 'Released without review',
    });
    expect(final.statusCode, final.body).toBe(200);
    expect((await reviewActionsOf(doc.id)).map((a) => a.status)).toEqual(['Complete']);
  });

  it('clears the schedule and withdraws the open action when the document is withdrawn', async () => {
    const doc = await releasedDocument();
    await sendReviewReminders(t.app.ctx, minusDays((await scheduleOf(doc.id)).nextReviewOn!, 1));
    const res = await call('POST', `/documents/${doc.id}/withdrawal`, admin.headers, {
      organizationId: orgA,
      reason: 'Replaced',
      accessCode: CODE,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await scheduleOf(doc.id)).toMatchObject({ reviewFrom: null, nextReviewOn: null, reviewRemindOn: null });
    expect(await reviewActionsOf(doc.id)).toEqual([]);
  });
});
