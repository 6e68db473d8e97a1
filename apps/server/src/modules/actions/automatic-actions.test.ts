import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_TEXTS, messages } from '@qualis/contract';
import { resolveOrganizationAccess } from '../../core/access.js';
import { newId } from '../../core/ids.js';
import { isUniqueViolation } from '../../core/unique-violation.js';
import type { ServiceContext } from '../../core/service-context.js';
import { actions, auditEvents, mailOutbox, notifications, users } from '../../db/schema/index.js';
import type { Tx } from '../../db/client.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createOrganization, createUser, lastAudit, signIn } from '../../test/factories.js';
import { assignActions, completeActions, recordLink, withdrawActions, type ActionSource } from './automatic-actions.js';
import { req } from '../../../../../docs/requirements/req.js';

type Person = Awaited<ReturnType<typeof createUser>>;
let t: TestContext;
let orgA: string;
let orgB: string;
let admin: Person;
/** Reads German mail. */
let reviewer: Person;
/** Turned 'e-mails about new Actions' off. */
let quiet: Person;
let colleague: Person;
let outsider: Person;
let inactive: Person;

beforeAll(async () => {
  t = await createTestContext({ smtp: true });
  orgA = (await createOrganization(t.db, { name: 'Alpha Devices' })).id;
  orgB = (await createOrganization(t.db, { name: 'Beta Labs' })).id;
  const member = (values: Parameters<typeof createUser>[1] = {}) =>
    createUser(t.db, { memberOf: [{ organizationId: orgA }], ...values });
  admin = await member({ role: 'Admin', firstName: 'Ada' });
  reviewer = await member({ firstName: 'Rita', lastName: 'Roth', language: 'de' });
  quiet = await member({ firstName: 'Quinn' });
  await t.db.update(users).set({ emailNotificationState: false }).where(eq(users.id, quiet.id));
  colleague = await member({ firstName: 'Cole' });
  outsider = await createUser(t.db, { memberOf: [{ organizationId: orgB }] });
  inactive = await createUser(t.db, { memberOf: [{ organizationId: orgA, status: 'Inactive' }] });
});
afterAll(() => t.close());

/** What a document's or training's module has in its transaction: the caller's service context. */
async function contextOf(person: Person, organizationId = orgA): Promise<ServiceContext> {
  const actor = { userId: person.id, email: person.email, role: person.role, sessionId: newId() };
  return {
    app: t.app.ctx,
    access: await resolveOrganizationAccess(t.db, actor, organizationId),
    audit: { userId: person.id, email: person.email, ip: '203.0.113.9', requestId: 'fake-trigger' },
  };
}

/** The fake trigger: the record's module doing its work in one transaction. */
async function trigger<T>(by: Person, work: (tx: Tx, ctx: ServiceContext) => Promise<T>): Promise<T> {
  const ctx = await contextOf(by);
  return t.db.transaction((tx) => work(tx, ctx));
}

const documentIn = (organizationId = orgA): ActionSource => ({ type: 'document', id: newId(), organizationId });
const review = (source: ActionSource, people: string[]) => ({
  kind: 'review' as const,
  source,
  people,
  text: 'reviewDocument' as const,
  params: { documentId: 'SOP-007', name: 'Cleanroom Gowning', revision: '2' },
  link: recordLink(source, 2),
  linkDescription: 'SOP-007 Cleanroom Gowning',
});
/** The name and description every client and export reads: English, whoever assigned it. */
const ENGLISH_REVIEW = 'Review SOP-007 "Cleanroom Gowning" revision 2';

const actionsOf = (source: ActionSource) =>
  t.db.select().from(actions).where(eq(actions.sourceId, source.id)).orderBy(actions.number);
const noticesOf = (actionId: string) => t.db.select().from(notifications).where(eq(notifications.entityId, actionId));
const outboxTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
const inTwoWeeks = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

describe('assignActions', () => {
  it(`gives each person a To do action due in 2 weeks, linked to the record, audited, with a notice and an e-mail in their language ${req('ACT-003', 'ACT-004', 'NOTIF-001', 'NOTIF-003')}`, async () => {
    const source = documentIn();
    const ids = await trigger(admin, (tx, ctx) => assignActions(tx, ctx, review(source, [reviewer.id, quiet.id])));
    expect(ids).toHaveLength(2);

    const rows = await actionsOf(source);
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    for (const row of rows) {
      expect(row).toMatchObject({
        kind: 'review',
        sourceType: 'document',
        status: 'ToDo',
        dueDate: inTwoWeeks(),
        link: `/organizations/${orgA}/documents/${source.id}?revision=2`,
        linkDescription: 'SOP-007 Cleanroom Gowning',
        name: ENGLISH_REVIEW,
        nameKey: 'reviewDocument',
        nameParams: { documentId: 'SOP-007', name: 'Cleanroom Gowning', revision: '2' },
        description: ACTION_TEXTS.en.reviewDocument.description,
        descriptionKey: 'reviewDocument',
        assignerId: admin.id,
        creatorId: admin.id,
        completedAt: null,
      });
    }
    const forReviewer = rows.find((r) => r.assigneeId === reviewer.id)!;

    const created = await lastAudit(t.db, forReviewer.id, 'create');
    expect(created).toMatchObject({ infoType: 'Actions', actorUserId: admin.id, requestId: 'fake-trigger' });
    expect(created!.after).toMatchObject({
      number: forReviewer.number,
      kind: 'review',
      sourceType: 'document',
      sourceId: source.id,
      assigneeId: reviewer.id,
      status: 'ToDo',
    });

    const [notice] = await noticesOf(forReviewer.id);
    expect(notice).toMatchObject({
      organizationId: orgA,
      userId: reviewer.id,
      kind: 'ActionAssigned',
      readAt: null,
      payload: {
        number: forReviewer.number,
        name: ENGLISH_REVIEW,
        nameKey: 'reviewDocument',
        nameParams: { documentId: 'SOP-007', name: 'Cleanroom Gowning', revision: '2' },
        dueDate: inTwoWeeks(),
      },
    });
    const forQuiet = rows.find((r) => r.assigneeId === quiet.id)!;
    expect(await noticesOf(forQuiet.id)).toHaveLength(1);

    // The e-mail goes through the outbox to the reviewer only (the other turned them off).
    expect(await outboxTo(quiet.email)).toEqual([]);
    await t.deliverMail();
    const mail = await t.smtp!.waitForMail({ to: reviewer.email });
    expect(mail.subject).toBe(`Qualis: Maßnahme #${forReviewer.number} ist Ihnen zugewiesen`);
    expect(mail.text).toContain('Hallo Rita Roth');
    // The action's name in the reader's language, not the English one.
    expect(mail.text).toContain(`#${forReviewer.number} SOP-007 „Cleanroom Gowning“ Revision 2 prüfen`);
    expect(mail.text).not.toContain(ENGLISH_REVIEW);
    expect(mail.text).toContain('Alpha Devices');
    expect(mail.text).toContain(`http://qualis.test/organizations/${orgA}/tasks/${forReviewer.id}`);
  });

  it('keeps one open action per person, kind and record: assigning again adds only the new people', async () => {
    const source = documentIn();
    await trigger(admin, (tx, ctx) => assignActions(tx, ctx, review(source, [reviewer.id])));
    const again = await trigger(admin, (tx, ctx) =>
      assignActions(tx, ctx, review(source, [reviewer.id, colleague.id, colleague.id])),
    );
    expect(again).toHaveLength(1);
    const rows = await actionsOf(source);
    expect(rows.map((r) => r.assigneeId).sort()).toEqual([reviewer.id, colleague.id].sort());
    expect(rows.find((r) => r.assigneeId === colleague.id)!.id).toBe(again[0]);

    // Another kind on the same record is other work.
    const approval = await trigger(admin, (tx, ctx) =>
      assignActions(tx, ctx, { ...review(source, [reviewer.id]), kind: 'approval' }),
    );
    expect(approval).toHaveLength(1);

    // The database keeps the rule too, whoever writes.
    const [open] = rows;
    const twin = await t.db
      .insert(actions)
      .values({ ...open!, id: newId(), number: open!.number + 1000 })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(twin)).toBe(true);
  });

  it(`gives a training action the training’s due date ${req('ACT-004')}`, async () => {
    const source: ActionSource = { type: 'training-record', id: newId(), organizationId: orgA };
    const [id] = await trigger(admin, (tx, ctx) =>
      assignActions(tx, ctx, {
        kind: 'training',
        source,
        people: [colleague.id],
        text: 'passTraining',
        params: { number: '4', name: 'Hand hygiene' },
        link: recordLink(source),
        linkDescription: '#4 Hand hygiene',
        dueDate: '2031-02-03',
      }),
    );
    const [row] = await actionsOf(source);
    expect(row).toMatchObject({
      id,
      dueDate: '2031-02-03',
      link: `/organizations/${orgA}/training-records/${source.id}`,
      linkDescription: '#4 Hand hygiene',
      name: 'Pass the training #4 "Hand hygiene"',
      nameKey: 'passTraining',
    });
  });

  it('refuses people who are not active members, and then creates nothing', async () => {
    for (const person of [outsider, inactive]) {
      const source = documentIn();
      const failed = trigger(admin, (tx, ctx) => assignActions(tx, ctx, review(source, [colleague.id, person.id])));
      await expect(failed).rejects.toMatchObject({ status: 400, message: messages.actionAssigneeNotMember });
      expect(await actionsOf(source)).toEqual([]);
    }
  });

  it('refuses a record of another organization', async () => {
    const source = documentIn(orgB);
    await expect(trigger(admin, (tx, ctx) => assignActions(tx, ctx, review(source, [colleague.id])))).rejects.toThrow(
      /source of organization/,
    );
  });

  it('leaves nothing when the caller’s transaction fails: no action, notice or e-mail', async () => {
    const source = documentIn();
    const before = (await outboxTo(colleague.email)).length;
    await expect(
      trigger(admin, async (tx, ctx) => {
        await assignActions(tx, ctx, review(source, [colleague.id]));
        throw new Error('the document could not be saved');
      }),
    ).rejects.toThrow('the document could not be saved');
    expect(await actionsOf(source)).toEqual([]);
    expect(await outboxTo(colleague.email)).toHaveLength(before);
  });

  it('does not notify a person who assigns the work to themselves', async () => {
    const source = documentIn();
    const [id] = await trigger(admin, (tx, ctx) => assignActions(tx, ctx, review(source, [admin.id])));
    expect(await noticesOf(id!)).toEqual([]);
    expect(await outboxTo(admin.email)).toEqual([]);
  });
});

describe('completeActions and withdrawActions', () => {
  it(`completes the open actions of the people whose work is done, audited with the reason; again completes nothing ${req('ACT-007')}`, async () => {
    const source = documentIn();
    await trigger(admin, (tx, ctx) => assignActions(tx, ctx, review(source, [reviewer.id, colleague.id])));
    const done = await trigger(reviewer, (tx, ctx) =>
      completeActions(tx, ctx, { kind: 'review', source, people: [reviewer.id] }),
    );
    expect(done).toHaveLength(1);
    const rows = await actionsOf(source);
    const mine = rows.find((r) => r.assigneeId === reviewer.id)!;
    expect(mine.id).toBe(done[0]);
    expect(mine.status).toBe('Complete');
    expect(mine.completedAt).toBeInstanceOf(Date);
    expect(rows.find((r) => r.assigneeId === colleague.id)!.status).toBe('ToDo');
    // The reviewer's notice of the work done is read; the colleague's open one is not.
    expect((await noticesOf(mine.id))[0]!.readAt).toBeInstanceOf(Date);
    const colleagues = rows.find((r) => r.assigneeId === colleague.id)!;
    expect((await noticesOf(colleagues.id))[0]!.readAt).toBeNull();
    const event = await lastAudit(t.db, mine.id, 'statusChange');
    expect(event).toMatchObject({ actorUserId: reviewer.id, reason: 'The work the action asks for is done.' });
    expect(event!.before).toEqual({ number: mine.number, status: 'ToDo' });
    expect(event!.after).toEqual({
      number: mine.number,
      status: 'Complete',
      kind: 'review',
      sourceType: 'document',
      sourceId: source.id,
    });

    expect(
      await trigger(reviewer, (tx, ctx) => completeActions(tx, ctx, { kind: 'review', source, people: [reviewer.id] })),
    ).toEqual([]);
    // Another kind of work on the record is not done by this.
    expect(await trigger(admin, (tx, ctx) => completeActions(tx, ctx, { kind: 'approval', source }))).toEqual([]);

    // A new round of review is new work: a new open action next to the completed one.
    const round2 = await trigger(admin, (tx, ctx) => assignActions(tx, ctx, review(source, [reviewer.id])));
    expect(round2).toHaveLength(1);
  });

  it('withdraws the open actions with their notices, audited with the action as it was; completed ones stay', async () => {
    const source = documentIn();
    await trigger(admin, (tx, ctx) => assignActions(tx, ctx, review(source, [reviewer.id, colleague.id, quiet.id])));
    await trigger(quiet, (tx, ctx) => completeActions(tx, ctx, { kind: 'review', source, people: [quiet.id] }));

    const one = await trigger(admin, (tx, ctx) =>
      withdrawActions(tx, ctx, { kind: 'review', source, people: [reviewer.id] }),
    );
    expect(one).toHaveLength(1);
    expect(await noticesOf(one[0]!)).toEqual([]);
    const event = await lastAudit(t.db, one[0]!, 'withdraw');
    expect(event).toMatchObject({ actorUserId: admin.id, reason: 'The assignment was withdrawn.' });
    expect(event!.before).toMatchObject({
      assigneeId: reviewer.id,
      kind: 'review',
      status: 'ToDo',
      sourceId: source.id,
    });

    // Without people: everyone's open work on the record (the record deleted, say).
    const rest = await trigger(admin, (tx, ctx) => withdrawActions(tx, ctx, { kind: 'review', source }));
    expect(rest).toHaveLength(1);
    const left = await actionsOf(source);
    expect(left.map((r) => [r.assigneeId, r.status])).toEqual([[quiet.id, 'Complete']]);
    expect(await trigger(admin, (tx, ctx) => withdrawActions(tx, ctx, { kind: 'review', source }))).toEqual([]);
  });
});

describe('an automatic action through the API', () => {
  it(`cannot be completed or reassigned by hand, even by an Admin; its other fields can be edited ${req('ACT-007')}`, async () => {
    const source = documentIn();
    const [id] = await trigger(admin, (tx, ctx) => assignActions(tx, ctx, review(source, [reviewer.id])));
    const adminHeaders = (await signIn(t.app, admin.email)).headers;
    const reviewerHeaders = (await signIn(t.app, reviewer.email)).headers;

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tasks/${id}/details?organizationId=${orgA}`,
      headers: reviewerHeaders,
    });
    // The English name for API clients, and its key and values for a client showing another language.
    expect(detail.json().data).toMatchObject({
      kind: 'review',
      canChangeStatus: false,
      status: 0,
      name: ENGLISH_REVIEW,
      nameKey: 'reviewDocument',
      nameParams: { documentId: 'SOP-007', name: 'Cleanroom Gowning', revision: '2' },
      descriptionKey: 'reviewDocument',
      linkDescription: 'SOP-007 Cleanroom Gowning',
    });
    const bell = await t.app.inject({
      method: 'GET',
      url: `/api/v1/system-notifications?organizationId=${orgA}&limit=3&offset=0`,
      headers: reviewerHeaders,
    });
    expect(bell.json().data[0].task).toMatchObject({ id, name: ENGLISH_REVIEW, nameKey: 'reviewDocument' });
    const a = detail.json().data;
    const form = {
      organizationId: orgA,
      name: a.name,
      description: a.description,
      dueDate: a.dueDate,
      assignerId: a.assigner.id,
      assigneeId: a.assignee.id,
      status: 0,
    };
    const put = (headers: Record<string, string>, changes: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/tasks/${id}/details`,
        headers,
        payload: { ...form, link: null, ...changes },
      });

    for (const headers of [reviewerHeaders, adminHeaders]) {
      const complete = await put(headers, { status: 1 });
      expect(complete.statusCode).toBe(400);
      expect(complete.json().errors[0]).toMatchObject({ message: messages.automaticActionStatus, field: 'status' });
    }
    const reassign = await put(adminHeaders, { assigneeId: colleague.id });
    expect(reassign.statusCode).toBe(400);
    expect(reassign.json().errors[0]).toMatchObject({ message: messages.automaticActionAssignee, field: 'assigneeId' });
    const [row] = await actionsOf(source);
    expect(row).toMatchObject({ status: 'ToDo', assigneeId: reviewer.id });

    // A description edited keeps the name's key; a name edited is shown as written, in every language.
    const described = await put(adminHeaders, { description: 'Read section 4 first.', link: a.link });
    expect(described.statusCode, described.body).toBe(200);
    expect(described.json().data).toMatchObject({ nameKey: 'reviewDocument', descriptionKey: null });
    const renamed = await put(adminHeaders, {
      name: 'Review SOP-007 (urgent)',
      description: 'Read section 4 first.',
      link: a.link,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({
      name: 'Review SOP-007 (urgent)',
      nameKey: null,
      nameParams: null,
      link: a.link,
    });
  });
});

describe('notifications of manual actions', () => {
  it(`tells the assignee of a new action and the new assignee of an edited one, by notice and e-mail ${req('NOTIF-001', 'NOTIF-003')}`, async () => {
    const headers = (await signIn(t.app, admin.email)).headers;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tasks',
      headers,
      payload: {
        organizationId: orgA,
        name: 'Calibrate the scale',
        description: 'Use the reference weights',
        dueDate: '2030-05-01',
        assignerId: admin.id,
        assigneeId: reviewer.id,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const action = res.json().data;
    expect(await noticesOf(action.id)).toMatchObject([
      { userId: reviewer.id, payload: { number: action.number, name: 'Calibrate the scale', dueDate: '2030-05-01' } },
    ]);
    await t.deliverMail();
    const mail = await t.smtp!.waitForMail({
      to: reviewer.email,
      subject: `Qualis: Maßnahme #${action.number} ist Ihnen zugewiesen`,
    });
    expect(mail.text).toContain(`http://qualis.test/organizations/${orgA}/tasks/${action.id}`);
    expect(mail.text).toContain('Fällig am: 01.05.2030');

    const reassign = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tasks/${action.id}/details`,
      headers,
      payload: {
        organizationId: orgA,
        name: 'Calibrate the scale',
        description: 'Use the reference weights',
        dueDate: '2030-06-01',
        assignerId: admin.id,
        assigneeId: colleague.id,
        status: 0,
      },
    });
    expect(reassign.statusCode, reassign.body).toBe(200);
    // The former assignee's notice goes with the action.
    const notices = await noticesOf(action.id);
    expect(notices.map((n) => n.userId)).toEqual([colleague.id]);
    expect(notices.find((n) => n.userId === colleague.id)!.payload).toEqual({
      number: action.number,
      name: 'Calibrate the scale',
      dueDate: '2030-06-01',
    });
    await t.deliverMail();
    const english = await t.smtp!.waitForMail({
      to: colleague.email,
      subject: `Qualis: action #${action.number} is assigned to you`,
    });
    // The due date as the recipient's language writes a day.
    expect(english.text).toContain('Due date: 06/01/2030');

    // The bell counts it.
    const colleagueHeaders = (await signIn(t.app, colleague.email)).headers;
    const count = await t.app.inject({
      method: 'GET',
      url: `/api/v1/system-notifications/count?organizationId=${orgA}`,
      headers: colleagueHeaders,
    });
    expect(count.json().data.count).toBeGreaterThanOrEqual(1);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/system-notifications?organizationId=${orgA}&limit=3&offset=0`,
      headers: colleagueHeaders,
    });
    expect(list.json().data[0]).toMatchObject({ status: 'Unread', task: { id: action.id, number: action.number } });
  });

  it(`sends no e-mail to a person who turned them off, and tells nobody of an action assigned to oneself ${req('NOTIF-003', 'PROF-004')}`, async () => {
    const headers = (await signIn(t.app, admin.email)).headers;
    const create = (assigneeId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/tasks',
        headers,
        payload: {
          organizationId: orgA,
          name: 'Clean the lab',
          description: 'Weekly',
          dueDate: '2030-05-01',
          assignerId: admin.id,
          assigneeId,
        },
      });
    const toQuiet = (await create(quiet.id)).json().data;
    expect(await noticesOf(toQuiet.id)).toHaveLength(1);
    expect(await outboxTo(quiet.email)).toEqual([]);
    const toSelf = (await create(admin.id)).json().data;
    expect(await noticesOf(toSelf.id)).toEqual([]);
    expect(
      await t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, toSelf.id), eq(auditEvents.action, 'create'))),
    ).toHaveLength(1);
  });
});
