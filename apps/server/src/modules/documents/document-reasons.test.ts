import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONG_TEXT_MAX_LENGTH, Permission, messages, type TrainingRecord } from '@qualis/contract';
import { documentRevisions, documents, organizationFiles } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { auditEventsOf, revisionRowOf } from '../../test/audit-events.js';
import { testApi, type Person } from '../../test/api.js';
import { createDocument, twoOrganizations, uploadOrganizationFile } from '../../test/factories.js';

/**
 * The irreversible steps ask why (21 CFR 11.10(e)): Set as Final takes a reason, kept as the audit
 * event's reason, as does a delete that gives one (a released document is withdrawn instead, with
 * its reason: document-withdrawal.test.ts). 'Create & Link Training' gives the
 * training the revision's controlled file.
 */

let t: TestContext;
const { person, call } = testApi(() => t);
let orgA: string;
let admin: Person;
let outsider: Person;

beforeAll(async () => {
  t = await createTestContext();
  ({ orgA, admin, outsider } = await twoOrganizations(t));
});
afterAll(() => t.close());

const auditOf = (entityId: string, action?: string) => auditEventsOf(t, entityId, action);
const revisionRow = (documentId: string, revision: number) => revisionRowOf(t, documentId, revision);
const documentCount = (id: string) => t.db.$count(documents, eq(documents.id, id));

const setFinal = (by: Person, documentId: string, body: object) =>
  call('PATCH', `/documents/${documentId}/revision`, by.headers, { organizationId: orgA, revision: 1, ...body });
const deleteDocuments = (by: Person, ids: string[], reason?: string) =>
  call(
    'DELETE',
    `/documents?${new URLSearchParams([
      ['organizationId', orgA],
      ...ids.map((id) => ['documentIds', id]),
      ...(reason === undefined ? [] : [['reason', reason]]),
    ]).toString()}`,
    by.headers,
  );

async function finalDocument() {
  const doc = await createDocument(t.app, t.db, admin, orgA);
  expect((await setFinal(admin, doc.id, { reason: 'Released without review' })).statusCode).toBe(200);
  return doc;
}

describe('PATCH /documents/{id}/revision (set as final) asks for a reason', () => {
  it('answers 401, 404 and 403 before looking at the reason', async () => {
    const doc = await createDocument(t.app, t.db, admin, orgA);
    const viewer = await person(orgA, 'User', [Permission.ViewAllDocuments]);
    expect(
      (await call('PATCH', `/documents/${doc.id}/revision`, {}, { organizationId: orgA, revision: 1 })).statusCode,
    ).toBe(401);
    expect((await setFinal(outsider, doc.id, { reason: 'Released' })).statusCode).toBe(404);
    expect((await setFinal(viewer, doc.id, { reason: 'Released' })).statusCode).toBe(403);
    expect((await revisionRow(doc.id, 1)).isFinal).toBe(false);
  });

  it.each([
    ['missing', {}, messages.documentFinalReasonRequired],
    ['blank', { reason: '   ' }, messages.documentFinalReasonRequired],
    [
      'too long',
      { reason: 'x'.repeat(LONG_TEXT_MAX_LENGTH + 1) },
      `Must be ${LONG_TEXT_MAX_LENGTH} characters or fewer`,
    ],
  ])('refuses a %s reason with 400 and leaves the revision as it was', async (_case, body, message) => {
    const doc = await createDocument(t.app, t.db, admin, orgA);
    const res = await setFinal(admin, doc.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'reason', message });
    expect((await revisionRow(doc.id, 1)).isFinal).toBe(false);
    expect(await auditOf(doc.id, 'statusChange')).toEqual([]);
  });

  it('sets the revision final and keeps the reason in its audit event', async () => {
    const doc = await createDocument(t.app, t.db, admin, orgA);
    const res = await setFinal(admin, doc.id, { reason: '  No review needed: a form template  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: { isFinal: true, status: 'Submitted' },
      message: messages.documentSetAsFinal,
    });
    const [event] = await auditOf(doc.id, 'statusChange');
    expect(event).toMatchObject({
      reason: 'No review needed: a form template',
      after: { revision: 1, isFinal: true },
    });
  });

  it('a new revision added as final needs the reason too, and keeps it', async () => {
    const doc = await createDocument(t.app, t.db, admin, orgA);
    const detail = (await call('GET', `/documents/${doc.id}?organizationId=${orgA}`, admin.headers)).json().data;
    const payload = {
      organizationId: orgA,
      typeId: detail.typeId,
      submitterId: admin.id,
      name: detail.name,
      revision: 2,
      revisionDescription: 'Second issue',
      reasonForChange: 'Why this revision',
      fileId: await uploadOrganizationFile(t.app, admin.headers, orgA),
      setAsFinal: true,
    };
    const without = await call('PUT', `/documents/${doc.id}/revision`, admin.headers, payload);
    expect(without.statusCode).toBe(400);
    expect(without.json().errors[0]).toMatchObject({ field: 'reason', message: messages.documentFinalReasonRequired });
    expect(await t.db.$count(documentRevisions, eq(documentRevisions.documentId, doc.id))).toBe(1);
    const res = await call('PUT', `/documents/${doc.id}/revision`, admin.headers, { ...payload, reason: 'Editorial' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await revisionRow(doc.id, 2)).isFinal).toBe(true);
    expect((await auditOf(doc.id, 'statusChange')).at(-1)).toMatchObject({ reason: 'Editorial' });
  });
});

describe('deleting keeps the reason given; a released document is withdrawn instead', () => {
  it('answers 404 and 403 before the release', async () => {
    const doc = await finalDocument();
    const viewer = await person(orgA, 'User', [Permission.ViewAllDocuments]);
    expect((await deleteDocuments(outsider, [doc.id])).statusCode).toBe(404);
    expect((await deleteDocuments(viewer, [doc.id])).statusCode).toBe(403);
    expect(await documentCount(doc.id)).toBe(1);
  });

  it('refuses a final document even with a reason (409; document-withdrawal.test.ts), deletes drafts with or without one', async () => {
    const draft = await createDocument(t.app, t.db, admin, orgA);
    const final = await finalDocument();
    const refused = await deleteDocuments(admin, [draft.id, final.id], 'Replaced by SOP-012');
    expect(refused.statusCode).toBe(409);
    expect(await documentCount(draft.id)).toBe(1);
    expect(await documentCount(final.id)).toBe(1);
    const res = await deleteDocuments(admin, [draft.id], 'Entered twice');
    expect(res.statusCode, res.body).toBe(200);
    expect((await auditOf(draft.id, 'delete'))[0]).toMatchObject({ reason: 'Entered twice' });
    const another = await createDocument(t.app, t.db, admin, orgA);
    expect((await deleteDocuments(admin, [another.id])).statusCode).toBe(200);
    expect((await auditOf(another.id, 'delete'))[0]).toMatchObject({ reason: null });
  });
});

describe("'Create & Link Training' gives the training the revision's controlled file", () => {
  const linkedTraining = (documentId: string, fileIds: string[] = [], link?: string) =>
    call('POST', '/training-records', admin.headers, {
      ...(link ? { link, linkDescription: 'SOP-007 Cleaning' } : {}),
      organizationId: orgA,
      name: 'Cleaning SOP training',
      description: 'Read the procedure',
      dueDate: '2030-01-01',
      assignerId: admin.id,
      assigneeUserIds: [admin.id],
      fileIds,
      questions: [],
      documentModel: { id: documentId, revision: 1 },
    });

  it('references the stored file (no copy), answers that the training is linked, and audits the file', async () => {
    const fileId = await uploadOrganizationFile(t.app, admin.headers, orgA, 'SOP-007.txt');
    const doc = await createDocument(t.app, t.db, admin, orgA, { fileId });
    const filesBefore = await t.db.$count(organizationFiles, eq(organizationFiles.organizationId, orgA));
    const res = await linkedTraining(doc.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(messages.trainingLinkedToDocument);
    const rec = res.json().data as TrainingRecord;
    expect(rec.files).toEqual([{ id: fileId, fileName: 'SOP-007.txt', fileSize: expect.any(Number) }]);
    expect(await t.db.$count(organizationFiles, eq(organizationFiles.organizationId, orgA))).toBe(filesBefore);
    expect((await revisionRow(doc.id, 1)).trainingRecordId).toBe(rec.id);
    expect((await auditOf(rec.id, 'create'))[0]!.after).toMatchObject({ fileIds: [fileId] });
  });

  it('keeps the files given, the controlled file once', async () => {
    const fileId = await uploadOrganizationFile(t.app, admin.headers, orgA, 'SOP-008.txt');
    const extra = await uploadOrganizationFile(t.app, admin.headers, orgA, 'slides.txt');
    const doc = await createDocument(t.app, t.db, admin, orgA, { fileId });
    const res = await linkedTraining(doc.id, [extra, fileId]);
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json().data as TrainingRecord).files.map((f) => f.id)).toEqual([extra, fileId]);
  });

  it('keeps the link to the revision the page fills in (a record path, as an action may have)', async () => {
    const fileId = await uploadOrganizationFile(t.app, admin.headers, orgA, 'SOP-009.txt');
    const doc = await createDocument(t.app, t.db, admin, orgA, { fileId });
    const link = `/organizations/${orgA}/documents/${doc.id}?revision=1`;
    const res = await linkedTraining(doc.id, [], link);
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json().data as TrainingRecord).link).toBe(link);
  });
});
