import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@qualis/contract';
import { auditEvents, mailOutbox, userAccessCodes } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createDocument,
  createDocumentType,
  createOrganization,
  createUser,
  signIn,
  uploadOrganizationFile,
} from '../../test/factories.js';
import { findUserById } from '../users/users.repository.js';
import { generateAccessCode, verifyAccessCode } from './access-codes.service.js';
import { req } from '../../../../../docs/requirements/req.js';

/**
 * Access codes reach approvers without anyone asking (issue 20, spec 03 section 1: "an access
 * code delivered by e-mail"), and a person whose code is missing or expired asks for it from
 * the approval form: POST /verifications/user-access-code/me.
 */

type Headers = Record<string, string>;
interface Member {
  id: string;
  email: string;
  headers: Headers;
}

let t: TestContext;
let orgA: string, orgB: string, typeA: string;
let admin: Member;

const GERMAN_SUBJECT = 'Qualis: Ihr Zugangscode';
const ENGLISH_SUBJECT = 'Qualis: your access code';

async function member(organizationId: string, values: Parameters<typeof createUser>[1] = {}): Promise<Member> {
  const user = await createUser(t.db, { memberOf: [{ organizationId }], ...values });
  return { id: user.id, email: user.email, headers: (await signIn(t.app, user.email)).headers };
}

/** The access-code mails queued for a person, oldest first. */
const codeMailsTo = (email: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .then((rows) => rows.filter((m) => m.subject === ENGLISH_SUBJECT || m.subject === GERMAN_SUBJECT));

const codeIn = (text: string) => /^(\d{6})$/m.exec(text)![1]!;

const activeCodes = (userId: string) =>
  t.db
    .select()
    .from(userAccessCodes)
    .where(and(eq(userAccessCodes.userId, userId), isNull(userAccessCodes.deactivatedAt)));

const codeEvents = (userId: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, userId), eq(auditEvents.infoType, 'Access Codes')))
    .orderBy(asc(auditEvents.seq));

async function giveCode(userId: string, createdAt = new Date()) {
  const user = await findUserById(t.db, userId);
  await generateAccessCode(t.app.ctx, { userId: null, email: null, ip: null, requestId: null }, user!, null);
  await t.db.update(userAccessCodes).set({ createdAt }).where(eq(userAccessCodes.userId, userId));
}

const monthsAgo = (months: number) => {
  const at = new Date();
  at.setMonth(at.getMonth() - months);
  return at;
};

const newDocument = (values: Parameters<typeof createDocument>[4] = {}) =>
  createDocument(t.app, t.db, admin, orgA, { typeId: typeA, ...values });

beforeAll(async () => {
  t = await createTestContext();
  orgA = (await createOrganization(t.db, { name: 'Alpha Medical' })).id;
  orgB = (await createOrganization(t.db, { name: 'Beta Devices' })).id;
  typeA = (await createDocumentType(t.db, orgA, 'SOP')).id;
  admin = await member(orgA, { role: 'Admin' });
});
afterAll(() => t.close());

describe('an approver gets an access code by e-mail', () => {
  it(`on creation (the wizard saves Quality Actions): in their language, audited; a reviewer gets none ${req('SIG-003', 'AUD-001')}`, async () => {
    const approver = await member(orgA, { language: 'de' });
    const reviewer = await member(orgA);
    const doc = await newDocument({ reviewerIds: [reviewer.id], approverIds: [approver.id] });

    const [mail] = await codeMailsTo(approver.email);
    expect(mail).toMatchObject({ subject: GERMAN_SUBJECT, organizationId: orgA, status: 'pending' });
    expect(await verifyAccessCode(t.db, approver.id, codeIn(mail!.textBody))).toBe(true);
    expect(await activeCodes(approver.id)).toHaveLength(1);
    const [event] = await codeEvents(approver.id);
    expect(event).toMatchObject({ action: 'generate', organizationId: orgA, actorUserId: admin.id });
    expect(event!.reason).toContain(`Named an approver of document #${doc.number}`);
    expect(JSON.stringify(event)).not.toContain(codeIn(mail!.textBody));

    expect(await codeMailsTo(reviewer.email)).toEqual([]);
    expect(await activeCodes(reviewer.id)).toEqual([]);

    // The Approval tab knows the code is there: no 'Send me my access code' for them.
    const section = await t.app.inject({
      method: 'GET',
      url: `/api/v1/documents/${doc.id}/approvals?organizationId=${orgA}&revision=1`,
      headers: approver.headers,
    });
    expect(section.json().data).toMatchObject({ hasValidAccessCode: true });
  });

  it(`on a new revision; a valid code is left alone, an expired one is replaced ${req('SIG-002', 'SIG-003')}`, async () => {
    const fresh = await member(orgA);
    const holder = await member(orgA);
    const expired = await member(orgA);
    await giveCode(holder.id, monthsAgo(11));
    await giveCode(expired.id, monthsAgo(13));
    const [kept] = await activeCodes(holder.id);
    const mailsBefore = {
      holder: (await codeMailsTo(holder.email)).length,
      expired: (await codeMailsTo(expired.email)).length,
    };

    const doc = await newDocument();
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/documents/${doc.id}?organizationId=${orgA}`,
        headers: admin.headers,
      })
    ).json().data;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/documents/${doc.id}/revision`,
      headers: admin.headers,
      payload: {
        organizationId: orgA,
        id: doc.id,
        typeId: typeA,
        submitterId: detail.submitterId,
        name: detail.name,
        revision: 2,
        revisionName: null,
        revisionDescription: 'Next issue',
        reasonForChange: 'Why this revision',
        typeDescription: null,
        fileId: await uploadOrganizationFile(t.app, admin.headers, orgA),
        extraFileIds: [],
        tagIds: [],
        reviewerIds: [],
        approverIds: [fresh.id, holder.id, expired.id],
        requiresTraining: false,
        references: [],
      },
    });
    expect(res.statusCode, res.body).toBe(200);

    const [freshMail] = await codeMailsTo(fresh.email);
    expect(freshMail).toMatchObject({ subject: ENGLISH_SUBJECT });
    expect(await verifyAccessCode(t.db, fresh.id, codeIn(freshMail!.textBody))).toBe(true);

    expect(await activeCodes(holder.id)).toEqual([kept]);
    expect(await codeMailsTo(holder.email)).toHaveLength(mailsBefore.holder);

    const expiredMails = await codeMailsTo(expired.email);
    expect(expiredMails).toHaveLength(mailsBefore.expired + 1);
    expect(await verifyAccessCode(t.db, expired.id, codeIn(expiredMails.at(-1)!.textBody))).toBe(true);
    expect((await activeCodes(expired.id))[0]!.createdAt.getTime()).toBeGreaterThan(monthsAgo(1).getTime());
  });

  it('when added as an approver later; saving the same approvers again sends nothing more', async () => {
    const approver = await member(orgA);
    const doc = await newDocument();
    const save = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/documents/${doc.id}/quality-tasks`,
        headers: admin.headers,
        payload: {
          organizationId: orgA,
          revision: 1,
          reviewerIds: [],
          approverIds: [approver.id],
          requiresTraining: false,
        },
      });
    expect((await save()).statusCode).toBe(200);
    expect((await save()).statusCode).toBe(200);
    expect(await codeMailsTo(approver.email)).toHaveLength(1);
    expect(await codeEvents(approver.id)).toHaveLength(1);
  });
});

describe('POST /verifications/user-access-code/me', () => {
  const sendMine = (headers: Headers, payload: object = { organizationId: orgA }) =>
    t.app.inject({ method: 'POST', url: '/api/v1/verifications/user-access-code/me', headers, payload });

  it('needs a session', async () => {
    expect((await sendMine({})).statusCode).toBe(401);
  });

  it('answers 404 for an organization the person is not a member of, and sends nothing', async () => {
    const person = await member(orgA);
    expect((await sendMine(person.headers, { organizationId: orgB })).statusCode).toBe(404);
    expect(await activeCodes(person.id)).toEqual([]);
    expect(await codeMailsTo(person.email)).toEqual([]);
  });

  it('refuses a malformed organization id with its field, and sends nothing', async () => {
    const person = await member(orgA);
    const res = await sendMine(person.headers, { organizationId: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('organizationId');
    expect(await codeMailsTo(person.email)).toEqual([]);
  });

  it('refuses while the code is valid (409): nothing is replaced or sent', async () => {
    const person = await member(orgA);
    await giveCode(person.id);
    const [kept] = await activeCodes(person.id);
    const mails = (await codeMailsTo(person.email)).length;
    const res = await sendMine(person.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].message).toBe(messages.accessCodeStillValid);
    expect(await activeCodes(person.id)).toEqual([kept]);
    expect(await codeMailsTo(person.email)).toHaveLength(mails);
  });

  it("sends a missing code in the person's language, audited; a second ask within 5 minutes is 429", async () => {
    const person = await member(orgA, { language: 'de' });
    const res = await sendMine(person.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.message).toBe(messages.accessCodeSent.replace('{email}', person.email));
    const [mail] = await codeMailsTo(person.email);
    expect(mail).toMatchObject({ subject: GERMAN_SUBJECT, organizationId: orgA });
    expect(await verifyAccessCode(t.db, person.id, codeIn(mail!.textBody))).toBe(true);
    const [event] = await codeEvents(person.id);
    expect(event).toMatchObject({ action: 'generate', organizationId: orgA, actorUserId: person.id });
    expect(event!.reason).toMatch(/missing or expired/);

    // Even once the code is gone again, the person waits: one code in 5 minutes.
    await t.db
      .update(userAccessCodes)
      .set({ createdAt: monthsAgo(13) })
      .where(eq(userAccessCodes.userId, person.id));
    const again = await sendMine(person.headers);
    expect(again.statusCode).toBe(429);
    expect(again.json().errors[0]).toMatchObject({ code: 'RATE_LIMITED', message: messages.accessCodeSendLimit });
    expect(await codeMailsTo(person.email)).toHaveLength(1);
  });

  it(`replaces an expired code; the approval form then accepts the new one ${req('SIG-002', 'SIG-013')}`, async () => {
    const person = await member(orgA);
    await giveCode(person.id, monthsAgo(13));
    const [old] = await activeCodes(person.id);
    const res = await sendMine(person.headers);
    expect(res.statusCode, res.body).toBe(200);
    const [now] = await activeCodes(person.id);
    expect(now!.id).not.toBe(old!.id);
    expect(await verifyAccessCode(t.db, person.id, codeIn((await codeMailsTo(person.email)).at(-1)!.textBody))).toBe(
      true,
    );
  });
});
