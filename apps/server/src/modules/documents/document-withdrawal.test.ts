import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission, messages } from '@qualis/contract';
import { actions, documentSignatures, documents } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { auditEventsOf, revisionRowOf } from '../../test/audit-events.js';
import { testApi, type Person } from '../../test/api.js';
import {
  ACCESS_CODE,
  createDocument,
  giveAccessCode,
  twoOrganizations,
  uploadOrganizationFile,
} from '../../test/factories.js';
import { req } from '../../../../../docs/requirements/req.js';

/**
 * Issue 23: a released document or revision is never deleted (409 on every delete path); it is
 * withdrawn (Obsolete) with a reason and a 'withdrawal' signature (the access code; issue 24), and
 * stays readable and exportable, stamped OBSOLETE, listed under the Obsolete status.
 */

let t: TestContext;
const { person, call } = testApi(() => t);
let orgA: string;
let admin: Person;
let outsider: Person;

beforeAll(async () => {
  t = await createTestContext();
  ({ orgA, admin, outsider } = await twoOrganizations(t));
  await giveAccessCode(t.db, admin.id);
});
afterAll(() => t.close());

const auditOf = (entityId: string, action?: string) => auditEventsOf(t, entityId, action);
const revisionRow = (documentId: string, revision: number) => revisionRowOf(t, documentId, revision);
const documentCount = (id: string) => t.db.$count(documents, eq(documents.id, id));
const withdrawalsOf = (documentId: string) =>
  t.db
    .select()
    .from(documentSignatures)
    .where(and(eq(documentSignatures.documentId, documentId), eq(documentSignatures.kind, 'withdrawal')));

const withdraw = (by: Person, documentId: string, body: object = {}) =>
  call('POST', `/documents/${documentId}/withdrawal`, by.headers, {
    organizationId: orgA,
    reason: 'Replaced by SOP-012',
    accessCode: ACCESS_CODE,
    ...body,
  });
const deleteDocuments = (by: Person, ids: string[]) =>
  call('DELETE', `/documents?organizationId=${orgA}&${ids.map((id) => `documentIds=${id}`).join('&')}`, by.headers);
const setFinal = async (documentId: string, revision = 1) => {
  const res = await call('PATCH', `/documents/${documentId}/revision`, admin.headers, {
    organizationId: orgA,
    revision,
    reason: 'Released without review',
  });
  expect(res.statusCode, res.body).toBe(200);
};
async function addRevision(documentId: string, revision: number) {
  const current = (await call('GET', `/documents/${documentId}?organizationId=${orgA}`, admin.headers)).json().data;
  const res = await call('PUT', `/documents/${documentId}/revision`, admin.headers, {
    organizationId: orgA,
    typeId: current.typeId,
    submitterId: admin.id,
    name: current.name,
    revision,
    revisionDescription: `Issue ${revision}`,
    reasonForChange: `Change ${revision}`,
    fileId: current.fileId,
  });
  expect(res.statusCode, res.body).toBe(200);
}
async function releasedDocument(values: Parameters<typeof createDocument>[4] = {}) {
  const doc = await createDocument(t.app, t.db, admin, orgA, values);
  await setFinal(doc.id);
  return doc;
}

/** The text of a PDF as pdftotext reads it (poppler-utils, as the auditor's tools do). */
function pdfText(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'withdrawn-')), 'file.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe('POST /documents/{id}/withdrawal: who may, and what it asks', () => {
  it(`answers 401 without a session, 404 to another organization, 403 without the delete right; nothing changes ${req('DOC-019', 'DOC-028')}`, async () => {
    const doc = await releasedDocument();
    expect((await call('POST', `/documents/${doc.id}/withdrawal`, {}, { organizationId: orgA })).statusCode).toBe(401);
    expect((await withdraw(outsider, doc.id)).statusCode).toBe(404);
    // 5 (delete all not approved) does not reach a released document; 11 lets the person see it.
    const viewer = await person(orgA, 'User', [Permission.ViewAllDocuments, Permission.DeleteAllNotApprovedDocuments]);
    expect((await withdraw(viewer, doc.id)).statusCode).toBe(403);
    expect((await revisionRow(doc.id, 1)).status).toBe('Submitted');
    expect(await withdrawalsOf(doc.id)).toEqual([]);
  });

  it(`refuses a missing reason or access code and a wrong access code (audited, counted), changing nothing ${req('DOC-028')}`, async () => {
    const doc = await releasedDocument();
    const noReason = await withdraw(admin, doc.id, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0]).toMatchObject({
      field: 'reason',
      message: messages.documentWithdrawReasonRequired,
    });
    const noCode = await withdraw(admin, doc.id, { accessCode: undefined });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().errors[0]).toMatchObject({ field: 'accessCode', message: messages.accessCodeRequired });
    const wrong = await withdraw(admin, doc.id, { accessCode: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ field: 'accessCode', message: messages.accessCodeWrong });
    expect((await auditOf(doc.id, 'signatureRefused')).at(-1)!.after).toMatchObject({
      kind: 'withdrawal',
      reason: 'accessCodeWrong',
      failures: 1,
    });
    expect((await revisionRow(doc.id, 1)).status).toBe('Submitted');
    expect(await withdrawalsOf(doc.id)).toEqual([]);
  });

  it(`refuses a document never released and a draft revision (409: delete them instead), and a second withdrawal ${req('DOC-019')}`, async () => {
    const draft = await createDocument(t.app, t.db, admin, orgA);
    const never = await withdraw(admin, draft.id);
    expect(never.statusCode).toBe(409);
    expect(never.json().errors[0].message).toBe(messages.documentNeverReleased);
    const doc = await releasedDocument();
    await addRevision(doc.id, 2);
    const draftRevision = await withdraw(admin, doc.id, { revision: 2 });
    expect(draftRevision.statusCode).toBe(409);
    expect(draftRevision.json().errors[0].message).toBe(messages.documentRevisionNotReleased);
    expect((await withdraw(admin, doc.id)).statusCode).toBe(200);
    const again = await withdraw(admin, doc.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].message).toBe(messages.documentAlreadyObsolete);
  });
});

describe('a released document or revision is never deleted', () => {
  it(`answers 409 naming the withdrawal on DELETE /documents, alone, in a bulk delete and in a JSON body; nothing goes ${req('REC-002')}`, async () => {
    const draft = await createDocument(t.app, t.db, admin, orgA);
    const released = await releasedDocument();
    const text = messages.documentReleasedNoDelete.replace('{number}', String(released.number));
    for (const ids of [[released.id], [draft.id, released.id]]) {
      const res = await deleteDocuments(admin, ids);
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0].message).toBe(text);
    }
    const body = await call('DELETE', '/documents', admin.headers, {
      organizationId: orgA,
      documentIds: [released.id],
    });
    expect(body.statusCode).toBe(409);
    expect(await documentCount(draft.id)).toBe(1);
    expect(await documentCount(released.id)).toBe(1);
    expect(await auditOf(released.id, 'delete')).toEqual([]);
    // The list says so: no Delete, Withdraw instead; a draft is still deleted (with the whole record in the audit).
    const rows = (await call('GET', `/documents?organizationId=${orgA}`, admin.headers)).json().data;
    expect(rows.find((r: { id: string }) => r.id === released.id)).toMatchObject({
      canBeDeleted: false,
      canWithdraw: true,
    });
    expect(rows.find((r: { id: string }) => r.id === draft.id)).toMatchObject({
      canBeDeleted: true,
      canWithdraw: false,
    });
    expect((await deleteDocuments(admin, [draft.id])).statusCode).toBe(200);
    expect((await auditOf(draft.id, 'delete'))[0]!.before).toMatchObject({ revisions: [{ revision: 1 }] });
  });

  it(`answers 409 on DELETE /documents/{id}/revision for a final revision and a withdrawn one ${req('REC-002')}`, async () => {
    const doc = await releasedDocument();
    await addRevision(doc.id, 2);
    await setFinal(doc.id, 2);
    const url = (revision: number) =>
      `/documents/${doc.id}/revision?organizationId=${orgA}&revision=${revision}&reason=Issued+by+mistake`;
    const final = await call('DELETE', url(2), admin.headers);
    expect(final.statusCode).toBe(409);
    expect(final.json().errors[0]).toMatchObject({
      field: 'revision',
      message: messages.documentRevisionReleasedNoDelete.replace('{revision}', '2'),
    });
    expect((await withdraw(admin, doc.id, { revision: 1 })).statusCode).toBe(200);
    const withdrawn = await call('DELETE', url(1), admin.headers);
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json().errors[0].message).toBe(
      messages.documentRevisionReleasedNoDelete.replace('{revision}', '1'),
    );
    expect(await revisionRow(doc.id, 1)).toMatchObject({ status: 'Obsolete', isFinal: true });
    expect(
      (await call('GET', `/documents/${doc.id}?organizationId=${orgA}&revision=2`, admin.headers)).json().data,
    ).toMatchObject({ canBeDeleted: false, canDeleteRevision: false, canWithdraw: true, canWithdrawRevision: true });
  });
});

describe('withdrawing', () => {
  it(`makes every revision Obsolete with a signature and an audit event each; the document stays readable, listed as Obsolete ${req('DOC-019', 'DOC-029')}`, async () => {
    const reviewer = await person(orgA);
    const doc = await releasedDocument();
    await addRevision(doc.id, 2);
    const quality = await call('PUT', `/documents/${doc.id}/quality-tasks`, admin.headers, {
      organizationId: orgA,
      revision: 2,
      reviewerIds: [reviewer.id],
      approverIds: [],
    });
    expect(quality.statusCode, quality.body).toBe(200);
    const open = async () =>
      (await t.db.select().from(actions).where(eq(actions.sourceId, doc.id))).filter((a) => a.status === 'ToDo');
    expect((await open()).map((a) => a.kind).sort()).toEqual(['responsible', 'review']);

    const res = await withdraw(admin, doc.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: messages.documentWithdrawn,
      // The document opens on its effective revision (issue 24), withdrawn with the rest.
      data: {
        revision: 1,
        status: 'Obsolete',
        canWithdraw: false,
        canWithdrawRevision: false,
        canBeDeleted: false,
        withdrawal: { by: 'Pat Doe', reason: 'Replaced by SOP-012' },
      },
    });
    expect(await revisionRow(doc.id, 1)).toMatchObject({ status: 'Obsolete', isFinal: true });
    expect(await revisionRow(doc.id, 2)).toMatchObject({ status: 'Obsolete', isFinal: false });
    const signatures = await withdrawalsOf(doc.id);
    expect(signatures.map((s) => s.revision).sort()).toEqual([1, 2]);
    expect(signatures[0]).toMatchObject({
      meaning: 'Withdrawn',
      signerId: admin.id,
      comment: 'Replaced by SOP-012',
      passwordConfirmed: false,
    });
    const events = await auditOf(doc.id, 'withdraw');
    expect(events.map((e) => e.before)).toEqual([
      { revision: 1, status: 'Submitted', isFinal: true },
      { revision: 2, status: 'Submitted', isFinal: false },
    ]);
    expect(events[0]).toMatchObject({
      reason: 'Replaced by SOP-012',
      after: { revision: 1, status: 'Obsolete', signature: { kind: 'withdrawal', meaning: 'Withdrawn' } },
    });
    // The reviewer's work on the draft ended with it.
    expect(await open()).toEqual([]);
    // Nobody signs or edits a withdrawn revision.
    const review = await call('POST', `/documents/${doc.id}/reviews`, reviewer.headers, {
      organizationId: orgA,
      revision: 2,
      status: 0,
    });
    expect(review.statusCode).toBe(409);
    expect(review.json().errors[0].message).toBe(messages.documentRevisionObsolete);

    // Out of the default list and its count, listed under Obsolete, readable.
    const listed = (await call('GET', `/documents?organizationId=${orgA}&limit=100`, admin.headers)).json();
    expect(listed.data.map((r: { id: string }) => r.id)).not.toContain(doc.id);
    expect(listed.pagination.totalCount).toBe(listed.data.length);
    const obsolete = await call('GET', `/documents?organizationId=${orgA}&statuses=Obsolete`, admin.headers);
    expect(obsolete.json().data.map((r: { id: string }) => r.id)).toContain(doc.id);
    const submitted = await call('GET', `/documents?organizationId=${orgA}&statuses=Submitted`, admin.headers);
    expect(submitted.json().data.map((r: { id: string }) => r.id)).not.toContain(doc.id);
    const one = await call('GET', `/documents/${doc.id}?organizationId=${orgA}&revision=1`, admin.headers);
    expect(one.json().data).toMatchObject({ status: 'Obsolete', isFinal: true, isLocked: true });
  });

  it(`withdraws one final revision: the document keeps its other revisions; a linked training stops assigning ${req('DOC-019')}`, async () => {
    const doc = await createDocument(t.app, t.db, admin, orgA, { requiresTraining: true });
    await setFinal(doc.id);
    const trainee = await person(orgA);
    const training = await call('POST', '/training-records', admin.headers, {
      organizationId: orgA,
      name: 'Cleaning SOP training',
      description: 'Read the procedure',
      dueDate: '2030-01-01',
      assignerId: admin.id,
      assigneeUserIds: [trainee.id],
      fileIds: [],
      questions: [],
      documentModel: { id: doc.id, revision: 1 },
    });
    expect(training.statusCode, training.body).toBe(201);
    const trainingId = training.json().data.id as string;
    const openTraining = async () =>
      (await t.db.select().from(actions).where(eq(actions.sourceId, trainingId))).filter((a) => a.status === 'ToDo');
    expect(await openTraining()).toHaveLength(1);
    await addRevision(doc.id, 2);

    const res = await withdraw(admin, doc.id, { revision: 1, reason: 'Wrong dosage table' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: messages.documentRevisionWithdrawn, data: { revision: 1 } });
    expect((await revisionRow(doc.id, 2)).status).toBe('Submitted');
    expect(await openTraining()).toEqual([]);
    expect((await auditOf(trainingId, 'roundEnded'))[0]).toMatchObject({ after: { withdrawnActions: 1 } });
    // Assigning someone to the training now gives them no action for the withdrawn revision.
    const detail = (await call('GET', `/training-records/${trainingId}?organizationId=${orgA}`, admin.headers)).json()
      .data;
    const newcomer = await person(orgA);
    const saved = await call('PUT', `/training-records/${trainingId}`, admin.headers, {
      organizationId: orgA,
      name: detail.name,
      description: detail.description,
      dueDate: detail.dueDate,
      assignerId: detail.assigner.id,
      assigneeUserIds: [trainee.id, newcomer.id],
      fileIds: detail.files.map((f: { id: string }) => f.id),
      questions: [],
      link: detail.link,
      linkDescription: detail.linkDescription,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await openTraining()).toEqual([]);
  });

  it(`stamps the controlled copy and the record PDF OBSOLETE with the date and the reason (pdftotext) ${req('DOC-029')}`, async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([595.28, 841.89]).drawText('Cleaning procedure body', { x: 72, y: 420, size: 18, font });
    const fileId = await uploadOrganizationFile(
      t.app,
      admin.headers,
      orgA,
      'procedure.pdf',
      Buffer.from(await pdf.save()),
    );
    const doc = await releasedDocument({ fileId });
    expect((await withdraw(admin, doc.id, { reason: 'Superseded by SOP-012' })).statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);

    const copy = await call('GET', `/documents/${doc.id}/controlled-copy?organizationId=${orgA}`, admin.headers);
    expect(copy.statusCode, copy.body).toBe(200);
    const copyText = pdfText(copy.rawPayload);
    expect(copyText).toContain(`OBSOLETE — withdrawn ${today}`);
    expect(copyText).toContain('Reason: Superseded by SOP-012');
    expect(copyText).toContain('Cleaning procedure body');
    expect(copyText).toContain('Withdrawn by Pat Doe');

    const record = await call(
      'GET',
      `/export/one-document?organizationId=${orgA}&selectedIds=${doc.id}`,
      admin.headers,
    );
    expect(record.statusCode, record.body).toBe(200);
    const recordText = pdfText(record.rawPayload);
    expect(recordText).toContain('(OBSOLETE)');
    expect(recordText).toMatch(new RegExp(`OBSOLETE: withdrawn ${today} \\d{2}:\\d{2}:\\d{2} UTC by Pat Doe`));
    expect(recordText).toContain('Reason: Superseded by SOP-012');
  });
});
