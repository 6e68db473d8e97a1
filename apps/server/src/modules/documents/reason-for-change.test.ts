import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONG_TEXT_MAX_LENGTH, Permission, messages } from '@qualis/contract';
import { documentRevisions, documents } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { auditEventsOf, revisionRowOf } from '../../test/audit-events.js';
import { testApi, type Person } from '../../test/api.js';
import { parseCsv } from '../../test/csv.js';
import {
  ACCESS_CODE,
  createDocument,
  giveAccessCode,
  twoOrganizations,
  uploadOrganizationFile,
} from '../../test/factories.js';
import { req } from '../../../../../docs/requirements/req.js';

/**
 * Issue 24: a revision added after the first says why it was made (required, at most the long-text
 * limit); a first revision may carry one. It is stored on the revision, audited, and shown in the
 * detail, the revision selector, the history, the controlled copy, the record PDF and the CSV.
 * A revision stored before it was asked keeps none: nothing is invented ('—').
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

const REASON = 'The supplier discontinued the detergent; the new one needs a longer contact time.';

const detailOf = async (by: Person, documentId: string, revision?: number) =>
  (
    await call(
      'GET',
      `/documents/${documentId}?organizationId=${orgA}${revision ? `&revision=${revision}` : ''}`,
      by.headers,
    )
  ).json().data;

/** PUT /documents/{id}/revision: revision 2 of the document, from its current General. */
async function addRevision(by: Person, documentId: string, body: object = {}) {
  const current = await detailOf(admin, documentId);
  return call('PUT', `/documents/${documentId}/revision`, by.headers, {
    organizationId: orgA,
    typeId: current.typeId,
    submitterId: admin.id,
    name: current.name,
    revision: current.latestRevision + 1,
    revisionDescription: 'Second issue',
    reasonForChange: REASON,
    fileId: current.fileId,
    ...body,
  });
}

const latestOf = async (documentId: string) =>
  (await t.db.select().from(documents).where(eq(documents.id, documentId)))[0]!.latestRevision;

/** The text of a PDF as pdftotext reads it, on one line. */
function pdfText(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'reason-')), 'file.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe('PUT /documents/{id}/revision: the reason for change', () => {
  it('answers 401 without a session, 404 to another organization, 403 without the right to edit General; nothing is added', async () => {
    const doc = await createDocument(t.app, t.db, admin, orgA);
    const anonymous = await call('PUT', `/documents/${doc.id}/revision`, {}, { organizationId: orgA });
    expect(anonymous.statusCode).toBe(401);
    expect((await addRevision(outsider, doc.id)).statusCode).toBe(404);
    const viewer = await person(orgA, 'User', [Permission.ViewAllDocuments]);
    expect((await addRevision(viewer, doc.id)).statusCode).toBe(403);
    expect(await latestOf(doc.id)).toBe(1);
  });

  it(`refuses a missing, blank or too long reason (400 on its field); nothing is added ${req('DOC-034')}`, async () => {
    const doc = await createDocument(t.app, t.db, admin, orgA);
    for (const reasonForChange of [undefined, null, '   ']) {
      const res = await addRevision(admin, doc.id, { reasonForChange });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0]).toMatchObject({
        field: 'reasonForChange',
        message: messages.documentReasonForChangeRequired,
      });
    }
    const long = await addRevision(admin, doc.id, { reasonForChange: 'x'.repeat(LONG_TEXT_MAX_LENGTH + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0]).toMatchObject({
      field: 'reasonForChange',
      message: `Must be ${LONG_TEXT_MAX_LENGTH} characters or fewer`,
    });
    expect(await latestOf(doc.id)).toBe(1);
  });

  it(`stores it on the new revision with its audit event; the detail, the selector and the history show it ${req('DOC-034', 'DOC-035')}`, async () => {
    const doc = await createDocument(t.app, t.db, admin, orgA);
    const res = await addRevision(admin, doc.id, { reasonForChange: `  ${REASON}  ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await revisionRowOf(t, doc.id, 2)).toMatchObject({ reasonForChange: REASON });
    const [event] = await auditEventsOf(t, doc.id, 'addRevision');
    expect(event!.after).toMatchObject({ revision: 2, reasonForChange: REASON });

    const detail = await detailOf(admin, doc.id, 2);
    expect(detail.reasonForChange).toBe(REASON);
    expect(detail.revisions).toEqual([
      expect.objectContaining({ revision: 2, reasonForChange: REASON }),
      expect.objectContaining({ revision: 1, reasonForChange: null }),
    ]);
    const history = (await call('GET', `/documents/${doc.id}/history?organizationId=${orgA}`, admin.headers)).json();
    const added = history.data.find((e: { action: string }) => e.action === 'addRevision');
    expect(added.changes).toContainEqual({
      field: 'reasonForChange',
      label: 'Reason for change',
      before: null,
      after: REASON,
    });
  });

  it(`a first revision may carry one or none; a revision stored before it was asked keeps none; one given is not removed ${req('DOC-034')}`, async () => {
    const none = await createDocument(t.app, t.db, admin, orgA);
    expect((await detailOf(admin, none.id)).reasonForChange).toBeNull();

    // Revision 2 as a database from before issue 24 holds it: nothing is invented for it.
    const doc = await createDocument(t.app, t.db, admin, orgA);
    expect((await addRevision(admin, doc.id)).statusCode).toBe(200);
    const key = and(eq(documentRevisions.documentId, doc.id), eq(documentRevisions.revision, 2));
    await t.db.update(documentRevisions).set({ reasonForChange: null }).where(key);
    const legacy = await detailOf(admin, doc.id, 2);
    expect(legacy.reasonForChange).toBeNull();
    const general = (changes: object) =>
      call('PUT', `/documents/${doc.id}/general`, admin.headers, {
        organizationId: orgA,
        revision: 2,
        typeId: legacy.typeId,
        submitterId: legacy.submitterId,
        name: legacy.name,
        revisionDescription: legacy.revisionDescription,
        fileId: legacy.fileId,
        ...changes,
      });
    expect((await general({ revisionDescription: 'Second issue, corrected' })).statusCode).toBe(200);
    expect((await general({ reasonForChange: REASON })).statusCode).toBe(200);
    const cleared = await general({ reasonForChange: '' });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().errors[0]).toMatchObject({
      field: 'reasonForChange',
      message: messages.documentReasonForChangeRequired,
    });
    expect((await revisionRowOf(t, doc.id, 2)).reasonForChange).toBe(REASON);
  });

  it(`refuses a new revision of a withdrawn document (409) and offers none ${req('DOC-029')}`, async () => {
    const doc = await createDocument(t.app, t.db, admin, orgA);
    const final = await call('PATCH', `/documents/${doc.id}/revision`, admin.headers, {
      organizationId: orgA,
      revision: 1,
      reason: 'Released',
    });
    expect(final.statusCode).toBe(200);
    await giveAccessCode(t.db, admin.id);
    const withdrawn = await call('POST', `/documents/${doc.id}/withdrawal`, admin.headers, {
      organizationId: orgA,
      reason: 'Retired',
      accessCode: ACCESS_CODE,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data.canAddRevision).toBe(false);
    const res = await addRevision(admin, doc.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].message).toBe(messages.documentWithdrawnNoRevision);
    expect(await latestOf(doc.id)).toBe(1);
  });

  it(`prints it in the controlled copy header, the record PDF and the CSV column; none as — ${req('DOC-035')}`, async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage([595.28, 841.89]);
    const fileId = await uploadOrganizationFile(t.app, admin.headers, orgA, 'sop.pdf', Buffer.from(await pdf.save()));
    const doc = await createDocument(t.app, t.db, admin, orgA, { fileId, name: 'Reasoned SOP' });
    expect((await addRevision(admin, doc.id, { reasonForChange: 'New detergent' })).statusCode).toBe(200);

    const copy = await call('GET', `/documents/${doc.id}/controlled-copy?organizationId=${orgA}`, admin.headers);
    expect(copy.statusCode, copy.body).toBe(200);
    expect(pdfText(copy.rawPayload)).toContain('Reason for change: New detergent');
    const first = await call(
      'GET',
      `/documents/${doc.id}/controlled-copy?organizationId=${orgA}&revision=1`,
      admin.headers,
    );
    expect(pdfText(first.rawPayload)).toContain('Reason for change: —');

    const record = await call(
      'GET',
      `/export/one-document?organizationId=${orgA}&selectedIds=${doc.id}`,
      admin.headers,
    );
    expect(record.statusCode, record.body).toBe(200);
    expect(pdfText(record.rawPayload)).toContain('Reason for change: New detergent');

    const csv = parseCsv(
      (
        await call(
          'GET',
          `/export/Documents?organizationId=${orgA}&search=Reasoned&columns=name&columns=reasonForChange`,
          admin.headers,
        )
      ).body,
    );
    expect(csv).toEqual([
      ['Name', 'Reason for change'],
      ['Reasoned SOP', 'New detergent'],
    ]);
  });
});
