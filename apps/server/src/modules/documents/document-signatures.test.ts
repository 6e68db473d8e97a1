import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@qualis/contract';
import {
  actions,
  auditEvents,
  documentRevisions,
  documentSignatures,
  documents,
  mailOutbox,
  organizationFiles,
  organizations,
  signingAttempts,
  userAccessCodes,
} from '../../db/schema/index.js';
import { newId } from '../../core/ids.js';
import { hashPassword } from '../../core/passwords.js';
import { pdfPages } from '../../test/exported-files.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { testApi, type Person } from '../../test/api.js';
import {
  DEFAULT_PASSWORD,
  createDocument,
  createDocumentType,
  createOrganization,
  createUser,
  signIn,
  uploadOrganizationFile,
} from '../../test/factories.js';
import type { OrganizationAccess } from '../../core/access.js';
import { canSign, signatureMatches, signingRefusal, type SigningState } from './document-signatures.policy.js';
import { req } from '../../../../../docs/requirements/req.js';

let t: TestContext;
const api = testApi(() => t);
const { call } = api;
/** A person who signs: the name their signature shows. */
interface Signer extends Person {
  name: string;
}
let orgA: string;
let orgB: string;
let admin: Signer;
let outsider: Signer;
/** A User of A who sees every document (11) but signs none. */
let viewer: Signer;
/** A User of A in no group: sees only the documents they are related to. */
let stranger: Signer;
let typeId: string;

/** Six digits with a leading zero: a client sending it as a number loses the zero. */
const CODE = '012345';

beforeAll(async () => {
  t = await createTestContext();
  orgA = (await createOrganization(t.db, { name: 'Alpha Devices' })).id;
  orgB = (await createOrganization(t.db, { name: 'Beta Labs' })).id;
  admin = await person(orgA, 'Admin');
  outsider = await person(orgB, 'Admin');
  viewer = await person(orgA, 'User', [11]);
  stranger = await person(orgA);
  typeId = (await createDocumentType(t.db, orgA, 'SOP')).id;
});
afterAll(() => t.close());

let signers = 0;
/** A signed-in person of `organizationId` with an access code; a User gets a group with `permissions`. */
async function person(organizationId: string, role: 'Admin' | 'User' = 'User', permissions: number[] = []) {
  const n = ++signers;
  const member = await api.person(organizationId, role, permissions, { firstName: `First${n}`, lastName: `Last${n}` });
  await t.db.insert(userAccessCodes).values({ id: newId(), userId: member.id, codeHash: await hashPassword(CODE) });
  return { ...member, name: `First${n} Last${n}` };
}

/** A document of A (revision 1; responsible `responsible`, else the Admin) with its reviewers and approvers saved. */
async function documentWith(signers: { reviewers?: Signer[]; approvers?: Signer[]; responsible?: Signer } = {}) {
  const created = await createDocument(t.app, t.db, admin, orgA, {
    typeId,
    submitterId: (signers.responsible ?? admin).id,
    reviewerIds: (signers.reviewers ?? []).map((p) => p.id),
    approverIds: (signers.approvers ?? []).map((p) => p.id),
  });
  return created.id;
}

async function saveSigners(id: string, reviewers: Signer[], approvers: Signer[]) {
  const res = await call('PUT', `/documents/${id}/quality-tasks`, admin.headers, {
    organizationId: orgA,
    revision: 1,
    reviewerIds: reviewers.map((p) => p.id),
    approverIds: approvers.map((p) => p.id),
  });
  expect(res.statusCode, res.body).toBe(200);
}

const review = (by: Signer, id: string, body: object = {}) =>
  call('POST', `/documents/${id}/reviews`, by.headers, { organizationId: orgA, revision: 1, status: 0, ...body });
const approve = (by: Signer, id: string, body: object = {}) =>
  call('POST', `/documents/${id}/approvals`, by.headers, {
    organizationId: orgA,
    revision: 1,
    status: 0,
    accessCode: CODE,
    ...body,
  });

async function revisionOf(id: string) {
  const [row] = await t.db
    .select()
    .from(documentRevisions)
    .where(and(eq(documentRevisions.documentId, id), eq(documentRevisions.revision, 1)));
  return row!;
}
const signaturesOf = (id: string) =>
  t.db.select().from(documentSignatures).where(eq(documentSignatures.documentId, id));
const actionOf = async (id: string, kind: string, assignee: Signer) =>
  (
    await t.db
      .select()
      .from(actions)
      .where(and(eq(actions.sourceId, id), eq(actions.kind, kind), eq(actions.assigneeId, assignee.id)))
  ).map((a) => a.status);
const auditOf = async (id: string, action: string) =>
  (
    await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, action)))
  ).sort((a, b) => a.seq - b.seq);
const mailsTo = (who: { email: string }) => t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, who.email));
const resetLock = (who: Signer) => t.db.delete(signingAttempts).where(eq(signingAttempts.userId, who.id));

describe('POST /documents/:id/reviews', () => {
  let r1: Signer;
  let r2: Signer;
  let ap: Signer;
  let id: string;
  beforeAll(async () => {
    [r1, r2, ap] = [await person(orgA), await person(orgA), await person(orgA)];
    id = await documentWith({ reviewers: [r1, r2], approvers: [ap] });
  });

  it(`needs a session ${req('SIG-016')}`, async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/documents/${id}/reviews`,
      payload: { organizationId: orgA, revision: 1, status: 0 },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 for another organization, and for a document the person cannot see', async () => {
    expect((await review(outsider, id)).statusCode).toBe(404);
    const inB = await call('POST', `/documents/${id}/reviews`, outsider.headers, {
      organizationId: orgB,
      revision: 1,
      status: 0,
    });
    expect(inB.statusCode).toBe(404);
    expect((await review(stranger, id)).statusCode).toBe(404);
    expect((await review(r1, id, { revision: 2 })).statusCode).toBe(404);
  });

  it(`refuses a person who is not a named reviewer (403), also an Admin or an approver ${req('SIG-016')}`, async () => {
    for (const who of [admin, viewer, ap]) {
      const res = await review(who, id);
      expect(res.statusCode, who.email).toBe(403);
      expect(res.json().errors[0].message).toBe(messages.reviewNotReviewer);
    }
    expect(await signaturesOf(id)).toEqual([]);
  });

  it(`refuses bad input with its message ${req('SIG-012')}`, async () => {
    const cases: [object, string, string][] = [
      [{ comment: 'x'.repeat(301) }, messages.signatureCommentTooLong, 'comment'],
      [{ status: 2 }, messages.signatureResponseInvalid, 'status'],
      [{ status: undefined }, messages.signatureResponseRequired, 'status'],
      [{ revision: undefined }, messages.fieldRequired, 'revision'],
    ];
    for (const [body, message, field] of cases) {
      const res = await review(r1, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ message, field });
    }
    expect(await signaturesOf(id)).toEqual([]);
  });

  it('signs the review: the row with its manifestation, the action completed, the audit event', async () => {
    const res = await review(r1, id, { comment: '  Looks right.  ' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe(messages.reviewAdded);
    expect(body.data).toMatchObject({ revision: 1, status: 'InProgress', canAddReview: false, reviewedAt: null });
    expect(body.data.pending.map((p: { id: string }) => p.id)).toEqual([r2.id]);
    const [shown] = body.data.reviews;
    expect(shown).toMatchObject({
      userId: r1.id,
      signerName: r1.name,
      email: r1.email,
      comment: 'Looks right.',
      responseStatus: 0,
      meaning: 'Reviewed',
      signatureMatches: true,
    });
    expect(shown.signedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const [row] = await signaturesOf(id);
    const rev = await revisionOf(id);
    const [file] = await t.db.select().from(organizationFiles).where(eq(organizationFiles.id, rev.fileId));
    expect(row).toMatchObject({
      organizationId: orgA,
      revision: 1,
      signatureCycle: 1,
      kind: 'review',
      meaning: 'Reviewed',
      signerId: r1.id,
      signerName: r1.name,
      signerEmail: r1.email,
      comment: 'Looks right.',
      fileId: rev.fileId,
      fileSha256: file!.sha256,
      passwordConfirmed: false,
    });
    expect(row!.requestId).toBe(res.headers['x-request-id']);
    expect(rev.status).toBe('Submitted');
    expect(await actionOf(id, 'review', r1)).toEqual(['Complete']);
    expect(await actionOf(id, 'review', r2)).toEqual(['ToDo']);

    const [event] = await auditOf(id, 'sign');
    expect(event).toMatchObject({
      organizationId: orgA,
      infoType: 'Documents & Document Revisions',
      actorUserId: r1.id,
      after: expect.objectContaining({ signatureId: row!.id, meaning: 'Reviewed', fileSha256: file!.sha256 }),
    });
  });

  it('refuses a second response of the same person in the cycle', async () => {
    const res = await review(r1, id, { status: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].message).toBe(messages.signatureAlreadyGiven);
    expect(await signaturesOf(id)).toHaveLength(1);
  });

  it('keeps one of two answers sent at once (409, not 500)', async () => {
    const both = await Promise.all([review(r2, id), review(r2, id, { status: 1 })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await signaturesOf(id)).filter((s) => s.signerId === r2.id)).toHaveLength(1);
  });

  it('shows the section through GET with the same rule (canAddReview)', async () => {
    const res = await call('GET', `/documents/${id}/reviews?organizationId=${orgA}&revision=1`, r1.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.canAddReview).toBe(false);
  });
});

describe('POST /documents/:id/approvals', () => {
  let r1: Signer;
  let ap: Signer;
  let ap2: Signer;
  let id: string;
  beforeAll(async () => {
    [r1, ap, ap2] = [await person(orgA), await person(orgA), await person(orgA)];
    id = await documentWith({ reviewers: [r1], approvers: [ap, ap2] });
  });

  it(`needs a session, the organization and a named approver ${req('SIG-016')}`, async () => {
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/v1/documents/${id}/approvals`,
      payload: { organizationId: orgA, revision: 1, status: 0, accessCode: CODE },
    });
    expect(anon.statusCode).toBe(401);
    expect((await approve(outsider, id)).statusCode).toBe(404);
    expect((await approve(stranger, id)).statusCode).toBe(404);
    for (const who of [admin, viewer, r1]) {
      const res = await approve(who, id);
      expect(res.statusCode, who.email).toBe(403);
      expect(res.json().errors[0].message).toBe(messages.approvalNotApprover);
    }
  });

  it('refuses bad input with its message', async () => {
    const cases: [object, string, string][] = [
      [{ accessCode: 'abc' }, messages.accessCodeInvalid, 'accessCode'],
      [{ accessCode: 1000000 }, messages.accessCodeInvalid, 'accessCode'],
      [{ accessCode: undefined }, messages.accessCodeRequired, 'accessCode'],
      [{ accessCode: '' }, messages.accessCodeRequired, 'accessCode'],
      [{ comment: 'x'.repeat(301) }, messages.signatureCommentTooLong, 'comment'],
      [{ status: 2 }, messages.signatureResponseInvalid, 'status'],
    ];
    for (const [body, message, field] of cases) {
      const res = await approve(ap, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ message, field });
    }
  });

  it('refuses an approval before every reviewer has reviewed', async () => {
    const res = await approve(ap, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].message).toBe(messages.approvalBeforeReviews);
    const section = await call('GET', `/documents/${id}/approvals?organizationId=${orgA}&revision=1`, ap.headers);
    expect(section.json().data.canAddApproval).toBe(false);
  });

  it('tells a person whose code is gone or expired to have it sent, and the tab says it is not valid', async () => {
    await review(r1, id);
    const tab = async () =>
      (await call('GET', `/documents/${id}/approvals?organizationId=${orgA}&revision=1`, ap2.headers)).json().data;
    expect(await tab()).toMatchObject({ canAddApproval: true, hasValidAccessCode: true });
    const thirteenMonthsAgo = new Date();
    thirteenMonthsAgo.setMonth(thirteenMonthsAgo.getMonth() - 13);
    await t.db.update(userAccessCodes).set({ createdAt: thirteenMonthsAgo }).where(eq(userAccessCodes.userId, ap2.id));
    const expired = await approve(ap2, id);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors[0]).toMatchObject({ message: messages.accessCodeMissing, field: 'accessCode' });
    expect(await tab()).toMatchObject({ canAddApproval: true, hasValidAccessCode: false });
    await t.db.update(userAccessCodes).set({ deactivatedAt: new Date() }).where(eq(userAccessCodes.userId, ap2.id));
    const res = await approve(ap2, id);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ message: messages.accessCodeMissing, field: 'accessCode' });
  });

  it(`refuses a wrong code (400 on accessCode), signs nothing, audits without the code ${req('SIG-016')}`, async () => {
    const res = await approve(ap, id, { accessCode: '999999' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ message: messages.accessCodeWrong, field: 'accessCode' });
    expect((await signaturesOf(id)).filter((s) => s.kind === 'approval')).toEqual([]);
    const [refused] = await auditOf(id, 'signatureRefused');
    expect(refused!.after).toMatchObject({ kind: 'approval', reason: 'accessCodeWrong', failures: 1 });
    expect(JSON.stringify(refused)).not.toContain('999999');
  });

  it('accepts the code sent as a number without its leading zero; a right code clears the count', async () => {
    const res = await approve(ap, id, { accessCode: Number(CODE), comment: 'Approved for use' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: messages.approvalAdded,
      data: { status: 'InProgress', canAddApproval: false },
    });
    expect((await t.db.select().from(signingAttempts).where(eq(signingAttempts.userId, ap.id)))[0]?.failedCount).toBe(
      0,
    );
    expect(await actionOf(id, 'approval', ap)).toEqual(['Complete']);
    const [event] = await auditOf(id, 'sign');
    const everything = JSON.stringify([
      res.body,
      await t.db.select().from(auditEvents).where(eq(auditEvents.organizationId, orgA)),
    ]);
    expect(everything).not.toContain(CODE);
    expect(everything).not.toContain(String(Number(CODE)));
    expect(event).toBeDefined();
  });
});

describe('the lifecycle of a revision, by its signatures', () => {
  it(`Submitted → Reviewed → Approved and final, told to the responsible ${req('DOC-004')}`, async () => {
    const [r1, r2, ap, owner] = [await person(orgA), await person(orgA), await person(orgA), await person(orgA)];
    const id = await documentWith({ reviewers: [r1, r2], approvers: [ap], responsible: owner });
    const steps: [() => ReturnType<typeof review>, string, boolean][] = [
      [() => review(r1, id), 'Submitted', false],
      [() => review(r2, id), 'Reviewed', false],
      [() => approve(ap, id), 'Approved', true],
    ];
    for (const [step, status, isFinal] of steps) {
      const res = await step();
      expect(res.statusCode, res.body).toBe(201);
      expect(await revisionOf(id)).toMatchObject({ status, isFinal });
    }
    const rev = await revisionOf(id);
    expect(rev.reviewedAt).toBeInstanceOf(Date);
    expect(rev.approvedAt).toBeInstanceOf(Date);
    expect(rev.finalAt).toBeInstanceOf(Date);
    const [doc] = await t.db.select().from(documents).where(eq(documents.id, id));
    expect(doc!.releasedRevision).toBe(1);
    expect((await mailsTo(owner)).map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining('is reviewed'), expect.stringContaining('is approved')]),
    );
    // A final revision takes no more responses.
    const late = await review(r1, id);
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0].message).toBe(messages.documentRevisionFinal);
  });

  it(`a rejection makes it Rejected and withdraws the open actions; the next cycle asks everyone again ${req('DOC-007')}`, async () => {
    const [r1, r2, r3, ap, owner] = [
      await person(orgA),
      await person(orgA),
      await person(orgA),
      await person(orgA),
      await person(orgA),
    ];
    const id = await documentWith({ reviewers: [r1, r2], approvers: [ap], responsible: owner });
    await review(r1, id);
    const rejected = await review(r2, id, { status: 1, comment: 'Section 3 is wrong' });
    expect(rejected.statusCode, rejected.body).toBe(201);
    expect(await revisionOf(id)).toMatchObject({ status: 'Rejected', isFinal: false, signatureCycle: 1 });
    expect(await actionOf(id, 'review', r2)).toEqual(['Complete']);
    expect(await actionOf(id, 'approval', ap)).toEqual([]);
    const mail = (await mailsTo(owner)).find((m) => m.subject.includes('is rejected'));
    expect(mail?.textBody).toContain('Section 3 is wrong');

    // Nobody signs a rejected revision until it is changed.
    const refused = await approve(ap, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].message).toBe(messages.signatureRevisionRejected);

    // Answering the rejection (here: one more reviewer) starts the next cycle.
    await saveSigners(id, [r1, r2, r3], [ap]);
    expect(await revisionOf(id)).toMatchObject({ status: 'Submitted', signatureCycle: 2 });
    const section = await call('GET', `/documents/${id}/reviews?organizationId=${orgA}&revision=1`, r1.headers);
    expect(section.json().data).toMatchObject({ status: 'NotStarted', canAddReview: true, reviews: [] });
    expect(await actionOf(id, 'approval', ap)).toEqual(['ToDo']);
    // The earlier cycle stays on the tab, oldest first, with its manifestation.
    const cycleOne = [
      { cycle: 1, userId: r1.id, signerName: r1.name, email: r1.email, meaning: 'Reviewed', signatureMatches: true },
      { cycle: 1, userId: r2.id, meaning: 'Rejected', comment: 'Section 3 is wrong', responseStatus: 1 },
    ];
    expect(section.json().data.earlierSignatures).toMatchObject(cycleOne);
    for (const step of [() => review(r1, id), () => review(r2, id), () => review(r3, id), () => approve(ap, id)]) {
      const res = await step();
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await revisionOf(id)).toMatchObject({ status: 'Approved', isFinal: true, signatureCycle: 2 });
    const reviews = (await call('GET', `/documents/${id}/reviews?organizationId=${orgA}&revision=1`, r1.headers)).json()
      .data;
    expect(reviews.reviews.map((r: { userId: string }) => r.userId)).toEqual([r1.id, r2.id, r3.id]);
    expect(reviews.earlierSignatures).toMatchObject(cycleOne);
    expect(reviews.earlierSignatures).toHaveLength(2);
    const approvals = await call('GET', `/documents/${id}/approvals?organizationId=${orgA}&revision=1`, ap.headers);
    expect(approvals.json().data).toMatchObject({ approvals: [{ userId: ap.id }], earlierSignatures: [] });
    expect((await signaturesOf(id)).map((s) => [s.signatureCycle, s.kind, s.meaning]).sort()).toEqual([
      [1, 'review', 'Rejected'],
      [1, 'review', 'Reviewed'],
      [2, 'approval', 'Approved'],
      [2, 'review', 'Reviewed'],
      [2, 'review', 'Reviewed'],
      [2, 'review', 'Reviewed'],
    ]);
  });

  it("a rejection withdraws the other signers' open actions of the cycle, and closes the section", async () => {
    const [r1, r2, r3, ap] = [await person(orgA), await person(orgA), await person(orgA), await person(orgA)];
    const id = await documentWith({ reviewers: [r1, r2, r3], approvers: [ap] });
    await review(r2, id);
    expect((await review(r1, id, { status: 1 })).statusCode).toBe(201);
    expect(await actionOf(id, 'review', r1)).toEqual(['Complete']);
    expect(await actionOf(id, 'review', r2)).toEqual(['Complete']);
    expect(await actionOf(id, 'review', r3)).toEqual([]);
    expect(await actionOf(id, 'approval', ap)).toEqual([]);
    expect((await auditOf(id, 'sign')).map((e) => (e.after as { meaning: string }).meaning)).toEqual([
      'Reviewed',
      'Rejected',
    ]);
    const section = await call('GET', `/documents/${id}/reviews?organizationId=${orgA}&revision=1`, r3.headers);
    expect(section.json().data).toMatchObject({ canAddReview: false, status: 'InProgress' });
    expect((await review(r3, id)).json().errors[0].message).toBe(messages.signatureRevisionRejected);
  });

  it("keeps a signer's action while another revision of the document still waits for them", async () => {
    const [r1] = [await person(orgA)];
    const id = await documentWith({ reviewers: [r1] });
    const detail = (await call('GET', `/documents/${id}?organizationId=${orgA}&revision=1`, admin.headers)).json().data;
    const added = await call('PUT', `/documents/${id}/revision`, admin.headers, {
      organizationId: orgA,
      typeId: detail.typeId,
      submitterId: detail.submitterId,
      name: detail.name,
      revision: 2,
      revisionDescription: 'Second issue',
      reasonForChange: 'Why this revision',
      fileId: await uploadOrganizationFile(t.app, admin.headers, orgA),
      reviewerIds: [r1.id],
      approverIds: [],
    });
    expect(added.statusCode, added.body).toBe(200);
    const second = await call('POST', `/documents/${id}/reviews`, r1.headers, {
      organizationId: orgA,
      revision: 2,
      status: 0,
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(await actionOf(id, 'review', r1)).toEqual(['ToDo']);
    expect((await review(r1, id)).statusCode).toBe(201);
    expect(await actionOf(id, 'review', r1)).toEqual(['Complete']);
  });

  it('a rejection keeps the action of an unanswered signer whom another revision still waits for', async () => {
    const [r1, r2] = [await person(orgA), await person(orgA)];
    const id = await documentWith({ reviewers: [r1, r2] });
    const detail = (await call('GET', `/documents/${id}?organizationId=${orgA}&revision=1`, admin.headers)).json().data;
    const added = await call('PUT', `/documents/${id}/revision`, admin.headers, {
      organizationId: orgA,
      typeId: detail.typeId,
      submitterId: detail.submitterId,
      name: detail.name,
      revision: 2,
      revisionDescription: 'Second issue',
      reasonForChange: 'Why this revision',
      fileId: await uploadOrganizationFile(t.app, admin.headers, orgA),
      reviewerIds: [r1.id],
      approverIds: [],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await review(r2, id, { status: 1 })).statusCode).toBe(201);
    expect(await revisionOf(id)).toMatchObject({ status: 'Rejected' });
    // Revision 1 no longer waits for r1, revision 2 does: the one review action of the document stays.
    expect(await actionOf(id, 'review', r1)).toEqual(['ToDo']);
    const second = await call('POST', `/documents/${id}/reviews`, r1.headers, {
      organizationId: orgA,
      revision: 2,
      status: 0,
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(await actionOf(id, 'review', r1)).toEqual(['Complete']);
  });

  it(`a rejected approval makes it Rejected ${req('DOC-007')}`, async () => {
    const [ap] = [await person(orgA)];
    const id = await documentWith({ approvers: [ap] });
    const res = await approve(ap, id, { status: 1 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.approvals[0]).toMatchObject({ meaning: 'Rejected', responseStatus: 1 });
    expect(await revisionOf(id)).toMatchObject({ status: 'Rejected', isFinal: false });
  });

  it(`a reviewer added after Reviewed returns it to Submitted ${req('DOC-008')}`, async () => {
    const [r1, r2, ap] = [await person(orgA), await person(orgA), await person(orgA)];
    const id = await documentWith({ reviewers: [r1], approvers: [ap] });
    await review(r1, id);
    expect((await revisionOf(id)).status).toBe('Reviewed');
    await saveSigners(id, [r1, r2], [ap]);
    expect(await revisionOf(id)).toMatchObject({ status: 'Submitted', signatureCycle: 1 });
    expect((await approve(ap, id)).statusCode).toBe(409);
    expect((await review(r2, id)).statusCode).toBe(201);
    expect((await revisionOf(id)).status).toBe('Reviewed');
  });

  it('without reviewers, the approvers alone make it Approved', async () => {
    const [ap] = [await person(orgA)];
    const id = await documentWith({ approvers: [ap] });
    expect((await approve(ap, id)).statusCode).toBe(201);
    expect(await revisionOf(id)).toMatchObject({ status: 'Approved', isFinal: true });
  });
});

describe('the signing lock', () => {
  it(`locks after 5 wrong codes in a row, e-mails the person and the Admins, refuses a right code until it ends ${req('SIG-017')}`, async () => {
    const [ap] = [await person(orgA)];
    const german = await createUser(t.db, { role: 'Admin', language: 'de', memberOf: [{ organizationId: orgA }] });
    const id = await documentWith({ approvers: [ap] });
    for (let i = 1; i <= 4; i++) {
      const res = await approve(ap, id, { accessCode: '000000' });
      expect(res.statusCode, `attempt ${i}`).toBe(400);
    }
    const fifth = await approve(ap, id, { accessCode: '000000' });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().errors[0].code).toBe('SIGNING_LOCKED');
    expect(fifth.json().errors[0].message).toMatch(/locked until \d\d:\d\d UTC\. Please, try again then\.$/);
    expect(fifth.json().errors[0]).toMatchObject({ messageKey: 'signingLocked' });

    const own = (await mailsTo(ap)).filter((m) => m.subject.includes('locked'));
    expect(own.map((m) => m.subject)).toEqual(['Qualis: your electronic signature is locked for 15 minutes']);
    expect(own[0]!.textBody).toMatch(/locked until \d\d:\d\d UTC \(15 minutes\)/);
    expect((await mailsTo(admin)).some((m) => m.subject.includes(ap.name) && m.textBody.includes(ap.email))).toBe(true);
    // Each Admin in their own language.
    expect((await mailsTo(german)).map((m) => m.subject)).toEqual([
      `Qualis: Die elektronische Signatur von ${ap.name} ist gesperrt`,
    ]);

    const right = await approve(ap, id);
    expect(right.statusCode).toBe(429);
    expect(await signaturesOf(id)).toEqual([]);
    const refusals = (await auditOf(id, 'signatureRefused')).map((e) => (e.after as { reason: string }).reason);
    expect(refusals).toEqual([...Array(5).fill('accessCodeWrong'), 'locked']);

    // 15 minutes later.
    await t.db
      .update(signingAttempts)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(signingAttempts.userId, ap.id));
    const after = await approve(ap, id);
    expect(after.statusCode, after.body).toBe(201);
  });

  it('counts wrong codes sent at once like one after another: never more than 5 are counted', async () => {
    const [ap] = [await person(orgA)];
    const id = await documentWith({ approvers: [ap] });
    const answers = await Promise.all(Array.from({ length: 8 }, () => approve(ap, id, { accessCode: '000001' })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(4);
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    const refused = (await auditOf(id, 'signatureRefused')).map((e) => e.after as { reason: string });
    expect(refused.filter((e) => e.reason === 'accessCodeWrong')).toHaveLength(5);
    const [attempts] = await t.db.select().from(signingAttempts).where(eq(signingAttempts.userId, ap.id));
    expect(attempts).toMatchObject({ failedCount: 5 });
    expect(attempts!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
  });

  it(`counts per person across organizations, and locks reviews too ${req('SIG-017')}`, async () => {
    const both = await createUser(t.db, { memberOf: [{ organizationId: orgA }, { organizationId: orgB }] });
    await t.db.insert(userAccessCodes).values({ id: newId(), userId: both.id, codeHash: await hashPassword(CODE) });
    const signer = {
      id: both.id,
      email: both.email,
      role: both.role,
      name: '',
      headers: (await signIn(t.app, both.email)).headers,
    };
    const inB = (await createDocument(t.app, t.db, outsider, orgB, { approverIds: [both.id] })).id;
    const inA = await documentWith({ reviewers: [signer] });
    for (let i = 0; i < 5; i++) {
      await call('POST', `/documents/${inB}/approvals`, signer.headers, {
        organizationId: orgB,
        revision: 1,
        status: 0,
        accessCode: '111111',
      });
    }
    const res = await review(signer, inA);
    expect(res.statusCode).toBe(429);
    expect(res.json().errors[0].code).toBe('SIGNING_LOCKED');
    // The Admins of the organization where it happened are told.
    expect((await mailsTo(outsider)).some((m) => m.subject.includes('is locked'))).toBe(true);
    await resetLock(signer);
    expect((await review(signer, inA)).statusCode).toBe(201);
  });
});

describe('the signing lock with two processes on one database', () => {
  let second: TestContext;
  beforeAll(async () => {
    second = await createTestContext({ sameDeploymentAs: t });
  });
  afterAll(() => second.close());

  /** `count` approvals of `by` at once, every other one sent to the second process. */
  const approveAtOnce = (by: Signer, id: string, count: number, body: object = {}) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        (i % 2 ? second : t).app.inject({
          method: 'POST',
          url: `/api/v1/documents/${id}/approvals`,
          headers: by.headers,
          payload: { organizationId: orgA, revision: 1, status: 0, accessCode: CODE, ...body },
        }),
      ),
    );

  it('right codes sent at once never lock: one signature, the others already given, no refusal audited', async () => {
    const [ap] = [await person(orgA)];
    const id = await documentWith({ approvers: [ap] });
    const statuses = (await approveAtOnce(ap, id, 30)).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    expect(await signaturesOf(id)).toHaveLength(1);
    expect(await auditOf(id, 'signatureRefused')).toEqual([]);
    const [attempts] = await t.db.select().from(signingAttempts).where(eq(signingAttempts.userId, ap.id));
    expect(attempts).toMatchObject({ failedCount: 0, lockedUntil: null });
  });

  it('wrong codes sent at once lock at the 5th, and each refusal as locked names the lock that exists', async () => {
    const [ap] = [await person(orgA)];
    const id = await documentWith({ approvers: [ap] });
    const statuses = (await approveAtOnce(ap, id, 10, { accessCode: '000002' })).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    const [attempts] = await t.db.select().from(signingAttempts).where(eq(signingAttempts.userId, ap.id));
    expect(attempts!.failedCount).toBe(5);
    const refused = (await auditOf(id, 'signatureRefused')).map((e) => e.after as Record<string, unknown>);
    expect(refused.filter((e) => e.reason === 'accessCodeWrong').map((e) => e.failures)).toEqual([1, 2, 3, 4, 5]);
    const locked = refused.filter((e) => e.reason === 'locked');
    expect(locked).toHaveLength(5);
    for (const e of locked) expect(e.lockedUntil).toBe(attempts!.lockedUntil!.toISOString());
    expect(await signaturesOf(id)).toEqual([]);
  });
});

describe('password at signing (the organization setting)', () => {
  const setting = (on: boolean) =>
    t.db.update(organizations).set({ signingRequiresPassword: on }).where(eq(organizations.id, orgA));

  it('asks for the password and checks it when on; a wrong one counts towards the lock', async () => {
    const [r1, ap] = [await person(orgA), await person(orgA)];
    const id = await documentWith({ reviewers: [r1], approvers: [ap] });
    await setting(true);
    try {
      const missing = await review(r1, id);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors[0]).toMatchObject({ message: messages.signingPasswordRequired, field: 'password' });
      const wrong = await review(r1, id, { password: 'not it' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors[0]).toMatchObject({ message: messages.passwordIncorrect, field: 'password' });
      expect((await t.db.select().from(signingAttempts).where(eq(signingAttempts.userId, r1.id)))[0]?.failedCount).toBe(
        1,
      );
      const ok = await review(r1, id, { password: DEFAULT_PASSWORD });
      expect(ok.statusCode, ok.body).toBe(201);
      const wrongWithCode = await approve(ap, id, { password: 'not it' });
      expect(wrongWithCode.json().errors[0].field).toBe('password');
      const approved = await approve(ap, id, { password: DEFAULT_PASSWORD });
      expect(approved.statusCode, approved.body).toBe(201);
      const rows = await signaturesOf(id);
      expect(rows.map((s) => s.passwordConfirmed)).toEqual([true, true]);
      const everything = JSON.stringify(
        await t.db.select().from(auditEvents).where(eq(auditEvents.organizationId, orgA)),
      );
      expect(everything).not.toContain(DEFAULT_PASSWORD);
    } finally {
      await setting(false);
    }
  });

  it('signs without a password when off (a password sent is not checked)', async () => {
    const [r1] = [await person(orgA)];
    const id = await documentWith({ reviewers: [r1] });
    const res = await review(r1, id, { password: 'anything' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await signaturesOf(id))[0]!.passwordConfirmed).toBe(false);
  });
});

describe('the signature record', () => {
  it(`is append-only: the database refuses UPDATE and DELETE ${req('REC-002')}`, async () => {
    const [r1] = [await person(orgA)];
    const id = await documentWith({ reviewers: [r1] });
    await review(r1, id);
    await expect(
      t.db.update(documentSignatures).set({ comment: 'changed' }).where(eq(documentSignatures.documentId, id)),
    ).rejects.toThrow();
    await expect(t.db.delete(documentSignatures).where(eq(documentSignatures.documentId, id))).rejects.toThrow();
    expect((await signaturesOf(id))[0]!.comment).toBeNull();
  });

  it('matches its file only while the file has the signed SHA-256', async () => {
    const [r1] = [await person(orgA)];
    const id = await documentWith({ reviewers: [r1] });
    await review(r1, id);
    const shown = async () =>
      (await call('GET', `/documents/${id}/reviews?organizationId=${orgA}&revision=1`, r1.headers)).json().data
        .reviews[0].signatureMatches;
    expect(await shown()).toBe(true);
    const { fileId } = await revisionOf(id);
    await t.db
      .update(organizationFiles)
      .set({ sha256: sql`repeat('0', 64)` })
      .where(eq(organizationFiles.id, fileId));
    expect(await shown()).toBe(false);
    const [row] = await signaturesOf(id);
    const signed = row!.fileSha256;
    expect(signatureMatches(row!, { id: fileId, sha256: '0'.repeat(64), storedSha256: signed })).toBe(false);
    expect(signatureMatches(row!, { id: fileId, sha256: signed, storedSha256: signed })).toBe(true);
    expect(signatureMatches(row!, { id: newId(), sha256: signed, storedSha256: signed })).toBe(false);
    expect(signatureMatches(row!, { id: fileId, sha256: signed, storedSha256: '0'.repeat(64) })).toBe(false);
    expect(signatureMatches(row!, { id: fileId, sha256: signed, storedSha256: null })).toBe(false);
  });
});

describe('signatures against the stored bytes (21 CFR 11.70)', () => {
  /** A document of A reviewed and approved, with the stored path of its controlled file. */
  async function signedDocument() {
    const [r1, a1] = [await person(orgA), await person(orgA)];
    const id = await documentWith({ reviewers: [r1], approvers: [a1] });
    expect((await review(r1, id)).statusCode).toBe(201);
    expect((await approve(a1, id)).statusCode).toBe(201);
    const { fileId } = await revisionOf(id);
    const [file] = await t.db.select().from(organizationFiles).where(eq(organizationFiles.id, fileId));
    return { id, fileId, path: path.join(t.dataDir, 'files', file!.storageKey) };
  }
  const query = () => `organizationId=${orgA}&revision=1`;
  const shown = async (id: string) => {
    const reviews = (await call('GET', `/documents/${id}/reviews?${query()}`, admin.headers)).json().data;
    const approvals = (await call('GET', `/documents/${id}/approvals?${query()}`, admin.headers)).json().data;
    return [reviews.reviews[0].signatureMatches, approvals.approvals[0].signatureMatches];
  };
  const download = (id: string, fileId: string) =>
    call('GET', `/documents/${id}/file/${fileId}/content?${query()}`, admin.headers);
  const singlePdf = async (id: string) =>
    (
      await pdfPages(
        (await call('GET', `/export/one-document?organizationId=${orgA}&selectedIds=${id}`, admin.headers)).rawPayload,
      )
    )
      .join('\n')
      .replace(/\s+/g, ' ');

  it('an unchanged file matches everywhere', async () => {
    const { id, fileId } = await signedDocument();
    expect(await shown(id)).toEqual([true, true]);
    const res = await download(id, fileId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-qualis-file-integrity']).toBe('match');
    expect(await singlePdf(id)).toContain("Matches the revision's file: Yes");
  });

  it('a file replaced on disk shows the mismatch in /reviews, /approvals, the download and the Single PDF', async () => {
    const { id, fileId, path: stored } = await signedDocument();
    expect(await shown(id)).toEqual([true, true]);
    await fs.writeFile(stored, 'swapped bytes\n');
    // A replaced file has a new modification time; set one that differs for sure.
    const later = new Date(Date.now() + 60_000);
    await fs.utimes(stored, later, later);
    expect(await shown(id)).toEqual([false, false]);
    const res = await download(id, fileId);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('swapped bytes\n');
    expect(res.headers['x-qualis-file-integrity']).toBe('mismatch');
    const text = await singlePdf(id);
    expect(text).toContain("Matches the revision's file: No: the file has changed since it was signed");
    expect(text).not.toContain("Matches the revision's file: Yes");
  });

  it('a list hashes a file again only once it was written; a download hashes what it sends', async () => {
    const { id, fileId, path: stored } = await signedDocument();
    const [file] = await t.db.select().from(organizationFiles).where(eq(organizationFiles.id, fileId));
    // Verified at upload: the stored bytes' hash and modification time are recorded.
    expect(file!.verifiedSha256).toBe(file!.sha256);
    expect(file!.verifiedModifiedAt).not.toBeNull();
    // Bytes swapped with the modification time kept: a list trusts the recorded hash...
    const { mtime } = await fs.stat(stored);
    await fs.writeFile(stored, 'swapped, time kept\n');
    await fs.utimes(stored, mtime, mtime);
    expect(await shown(id)).toEqual([true, true]);
    // ...until a read hashes the bytes it sends, and records what it found.
    expect((await download(id, fileId)).body).toBe('swapped, time kept\n');
    await expect.poll(async () => (await shown(id)).join()).toBe('false,false');
  });
});

describe('signingRefusal (the rule behind the POSTs and canAddReview / canAddApproval)', () => {
  const me = newId();
  const other = newId();
  const access = { actor: { userId: me, role: 'User' }, organization: {} } as unknown as OrganizationAccess;
  const base: SigningState = {
    status: 'Submitted',
    isFinal: false,
    reviewerIds: [me],
    approverIds: [me],
    signatures: [],
  };
  const signed = (signerId: string, kind: 'review' | 'approval', meaning: 'Reviewed' | 'Approved' | 'Rejected') => ({
    signerId,
    kind,
    meaning,
  });
  const cases: [string, 'review' | 'approval', Partial<SigningState>, string | undefined][] = [
    ['a named reviewer, nothing signed', 'review', {}, undefined],
    ['not a named reviewer', 'review', { reviewerIds: [other] }, messages.reviewNotReviewer],
    ['not a named approver', 'approval', { approverIds: [other] }, messages.approvalNotApprover],
    ['a final revision', 'review', { isFinal: true, status: 'Approved' }, messages.documentRevisionFinal],
    ['a rejected revision', 'review', { status: 'Rejected' }, messages.signatureRevisionRejected],
    [
      'a rejection in the cycle',
      'review',
      { signatures: [signed(other, 'review', 'Rejected')] },
      messages.signatureRevisionRejected,
    ],
    ['already reviewed', 'review', { signatures: [signed(me, 'review', 'Reviewed')] }, messages.signatureAlreadyGiven],
    ['an approval before my review', 'approval', {}, messages.approvalBeforeReviews],
    [
      'an approval before every review',
      'approval',
      { reviewerIds: [me, other], signatures: [signed(me, 'review', 'Reviewed')] },
      messages.approvalBeforeReviews,
    ],
    [
      'an approval after every review',
      'approval',
      { reviewerIds: [me, other], signatures: [signed(me, 'review', 'Reviewed'), signed(other, 'review', 'Reviewed')] },
      undefined,
    ],
    ['an approval without reviewers', 'approval', { reviewerIds: [] }, undefined],
    [
      'already approved',
      'approval',
      { reviewerIds: [], signatures: [signed(me, 'approval', 'Approved')] },
      messages.signatureAlreadyGiven,
    ],
  ];
  for (const [name, kind, change, message] of cases) {
    it(name, () => {
      const state = { ...base, ...change };
      expect(signingRefusal(access, kind, state)?.message).toBe(message);
      expect(canSign(access, kind, state)).toBe(message === undefined);
    });
  }
});
