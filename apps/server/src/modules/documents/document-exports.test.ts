import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission, messages } from '@qualis/contract';
import { resolveOrganizationAccess } from '../../core/access.js';
import { newId } from '../../core/ids.js';
import { auditEvents, documentRevisions, documentSignatures, organizationFiles, users } from '../../db/schema/index.js';
import { parseCsv } from '../../test/csv.js';
import { pdfPages, unzipped } from '../../test/exported-files.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { testApi, type Person } from '../../test/api.js';
import {
  createDocument,
  createDocumentType,
  createOrganization,
  createUser,
  signIn,
  twoOrganizations,
  uploadOrganizationFile,
} from '../../test/factories.js';
import { documentRecords } from './document-exports.service.js';
import { recomputeRevisionStatus } from './revision-lifecycle.js';
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

const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A real PDF of `pages` pages whose text fills the page to its edges (the stamp must not cover it). */
async function pdfOf(pages: number, label: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n += 1) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`${label} page ${n} top line`, { x: 20, y: 825, size: 12, font });
    page.drawText(`${label} page ${n} body`, { x: 72, y: 420, size: 18, font });
    page.drawText(`${label} page ${n} bottom line`, { x: 20, y: 6, size: 12, font });
  }
  return Buffer.from(await doc.save());
}

const uploadPdf = async (by: Person, organizationId: string, bytes: Buffer, fileName = 'procedure.pdf') =>
  uploadOrganizationFile(t.app, by.headers, organizationId, fileName, bytes);

/** A signature written as the signing service writes it, then the revision's status derived from it. */
async function signAndSettle(
  organizationId: string,
  documentId: string,
  revision: number,
  signer: Person,
  kind: 'review' | 'approval',
  meaning: 'Reviewed' | 'Approved' | 'Rejected',
  comment: string | null = null,
) {
  const [rev] = await t.db
    .select()
    .from(documentRevisions)
    .where(and(eq(documentRevisions.documentId, documentId), eq(documentRevisions.revision, revision)));
  const [file] = await t.db.select().from(organizationFiles).where(eq(organizationFiles.id, rev!.fileId));
  await t.db.insert(documentSignatures).values({
    organizationId,
    id: newId(),
    documentId,
    revision,
    signatureCycle: rev!.signatureCycle,
    kind,
    meaning,
    signerId: signer.id,
    signerName: 'Σοφία Иванова',
    signerEmail: signer.email,
    comment,
    fileId: rev!.fileId,
    fileSha256: file!.sha256,
  });
  const actor = { userId: signer.id, email: signer.email, role: signer.role, sessionId: newId() };
  const ctx = {
    app: t.app.ctx,
    access: await resolveOrganizationAccess(t.db, actor, organizationId),
    audit: { userId: signer.id, email: signer.email, ip: '203.0.113.9', requestId: 'signing' },
  };
  await t.db.transaction((tx) => recomputeRevisionStatus(tx, ctx, documentId, revision));
}

/** Adds the next revision with `fileId` as its controlled file. */
async function addRevision(by: Person, organizationId: string, documentId: string, revision: number, fileId: string) {
  const current = (await call('GET', `/documents/${documentId}?organizationId=${organizationId}`, by.headers)).json()
    .data;
  const res = await call('PUT', `/documents/${documentId}/revision`, by.headers, {
    organizationId,
    typeId: current.typeId,
    submitterId: by.id,
    name: current.name,
    typeDescription: current.typeDescription,
    revision,
    revisionDescription: `Issue ${revision}`,
    reasonForChange: 'Why this revision',
    fileId,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const setFinal = async (by: Person, organizationId: string, documentId: string, revision: number) => {
  const res = await call('PATCH', `/documents/${documentId}/revision`, by.headers, {
    organizationId,
    revision,
    reason: 'Released',
  });
  expect(res.statusCode, res.body).toBe(200);
};

const EXPORTS = ['/export/Documents', '/export/one-document', '/export/many-Documents'];

describe('document exports: who may export what', () => {
  it('need a session, and answer 404 in another organization', async () => {
    const doc = await createDocument(t.app, t.db, admin, orgA);
    const type = (await createDocumentType(t.db, orgA)).id;
    const urls = [
      ...EXPORTS.map((path) => `${path}?organizationId=${orgA}`),
      `/export/document-attachments?organizationId=${orgA}&docTypeIds=${type}`,
      `/documents/${doc.id}/controlled-copy?organizationId=${orgA}`,
      `/documents/${doc.id}/history?organizationId=${orgA}`,
    ];
    for (const url of urls) {
      expect((await call('GET', url, {})).statusCode, url).toBe(401);
      const foreign = await call('GET', url, outsider.headers);
      expect(foreign.statusCode, url).toBe(404);
      expect(foreign.body).not.toContain('Procedure');
    }
    // The outsider's own organization does not reach A's document either.
    const mine = await call('GET', `/documents/${doc.id}/history?organizationId=${orgB}`, outsider.headers);
    expect(mine.statusCode).toBe(404);
  });

  it('give a User without document permissions only the documents they are related to', async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const reviewer = await person(org);
    const type = (await createDocumentType(t.db, org, 'SOP')).id;
    const theirs = await createDocument(t.app, t.db, boss, org, {
      typeId: type,
      name: 'Theirs to review',
      reviewerIds: [reviewer.id],
    });
    const other = await createDocument(t.app, t.db, boss, org, { typeId: type, name: 'Not theirs' });

    const csv = parseCsv((await call('GET', `/export/Documents?organizationId=${org}`, reviewer.headers)).body);
    expect(csv.slice(1).map((r) => r[1])).toEqual(['Theirs to review']);

    const single = await call('GET', `/export/one-document?organizationId=${org}`, reviewer.headers);
    expect(single.statusCode).toBe(200);
    const text = (await pdfPages(single.rawPayload)).join('\n');
    expect(text).toContain(`Document #${theirs.number}: Theirs to review`);
    expect(text).not.toContain('Not theirs');

    // Choosing a document they may not see exports nothing of it.
    const chosen = await call(
      'GET',
      `/export/many-Documents?organizationId=${org}&selectedIds=${other.id}`,
      reviewer.headers,
    );
    expect(chosen.statusCode).toBe(400);
    expect(chosen.json().errors[0].message).toBe(messages.noRecordsToExport);

    const files = await call(
      'GET',
      `/export/document-attachments?organizationId=${org}&docTypeIds=${type}`,
      reviewer.headers,
    );
    expect(files.statusCode).toBe(200);
    const entries = (await unzipped(files.rawPayload)).map((e) => e.name);
    expect(entries).toEqual([`${theirs.number} Theirs to review/procedure (rev 1).txt`]);

    for (const path of ['controlled-copy', 'history']) {
      const res = await call('GET', `/documents/${other.id}/${path}?organizationId=${org}`, reviewer.headers);
      expect(res.statusCode, path).toBe(404);
    }
    // A participant always sees General, so the history is theirs to read.
    expect(
      (await call('GET', `/documents/${theirs.id}/history?organizationId=${org}`, reviewer.headers)).statusCode,
    ).toBe(200);
    // 11 (view all) without the General switch: the document is visible, its history is not.
    const viewer = await person(org, 'User', [Permission.ViewAllDocuments]);
    const refused = await call('GET', `/documents/${other.id}/history?organizationId=${org}`, viewer.headers);
    expect(refused.statusCode).toBe(403);
  });

  it('print only the released revisions for 16 (view approved and related), and their events only', async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const approvedViewer = await person(org, 'User', [
      Permission.ViewApprovedAndRelatedDocuments,
      Permission.ViewRelatedDocumentsGeneralSection,
    ]);
    const type = (await createDocumentType(t.db, org)).id;
    const doc = await createDocument(t.app, t.db, boss, org, { typeId: type, name: 'Released SOP' });
    await setFinal(boss, org, doc.id, 1);
    await addRevision(boss, org, doc.id, 2, await uploadOrganizationFile(t.app, boss.headers, org, 'draft.txt'));

    const csv = parseCsv(
      (
        await call(
          'GET',
          `/export/Documents?organizationId=${org}&columns=name&columns=revision`,
          approvedViewer.headers,
        )
      ).body,
    );
    expect(csv).toEqual([
      ['Name', 'Revision'],
      ['Released SOP', '1'],
    ]);
    const text = (
      await pdfPages(
        (await call('GET', `/export/one-document?organizationId=${org}`, approvedViewer.headers)).rawPayload,
      )
    ).join('\n');
    expect(text).toContain('Revision 1');
    expect(text).not.toContain('Revision 2');
    expect(text).not.toContain('draft.txt');

    const history = (
      await call('GET', `/documents/${doc.id}/history?organizationId=${org}&limit=100`, approvedViewer.headers)
    ).json();
    expect(history.data.map((e: { revision: number | null }) => e.revision)).not.toContain(2);
    const full = (
      await call('GET', `/documents/${doc.id}/history?organizationId=${org}&limit=100`, boss.headers)
    ).json();
    expect(full.data.map((e: { action: string; revision: number }) => [e.action, e.revision])).toContainEqual([
      'addRevision',
      2,
    ]);
    expect(full.pagination.totalCount).toBeGreaterThan(history.pagination.totalCount);
  });
});

describe('GET /export/Documents', () => {
  it('writes the visible columns in the order, search, types and selection asked', async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const sop = (await createDocumentType(t.db, org, 'SOP')).id;
    const form = (await createDocumentType(t.db, org, 'Form')).id;
    const a = await createDocument(t.app, t.db, boss, org, { typeId: sop, name: 'Cleaning', typeDescription: 'SOP-1' });
    const b = await createDocument(t.app, t.db, boss, org, {
      typeId: form,
      name: 'Audit form',
      typeDescription: '=1+1',
    });
    await setFinal(boss, org, a.id, 1);

    const res = await call('GET', `/export/Documents?organizationId=${org}`, boss.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(
        `Documents_version_${boss.email.replace(/\./g, '\\.')}_\\d{4}-\\d{2}-\\d{2}_\\d{2}-\\d{2}-\\d{2}\\.csv`,
      ),
    );
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      'Document ID',
      'Name',
      'System #',
      'Revision',
      'Final',
      'Status',
      'State',
      'Approved at',
      'Effective from',
      'File',
    ]);
    // Newest number first; a cell a spreadsheet would run as a formula is neutralized; a revision set as final reads Final.
    expect(rows.slice(1)).toEqual([
      ["'=1+1", 'Audit form', String(b.number), '1', 'No', 'Submitted', 'Pending', '', '', 'procedure.txt'],
      [
        'SOP-1',
        'Cleaning',
        String(a.number),
        '1',
        'Yes',
        'Final',
        'Effective',
        '',
        expect.stringMatching(/^\d{4}-/),
        'procedure.txt',
      ],
    ]);

    // The number hidden: by name.
    const byName = parseCsv(
      (await call('GET', `/export/Documents?organizationId=${org}&columns=name&columns=reviewedAt`, boss.headers)).body,
    );
    expect(byName).toEqual([
      ['Name', 'Reviewed at'],
      ['Audit form', ''],
      ['Cleaning', ''],
    ]);
    const filtered = parseCsv(
      (await call('GET', `/export/Documents?organizationId=${org}&docTypeIds=${sop}&columns=name`, boss.headers)).body,
    );
    expect(filtered).toEqual([['Name'], ['Cleaning']]);
    const searched = parseCsv(
      (
        await call(
          'GET',
          `/export/Documents?organizationId=${org}&selectedIds=${a.id}&selectedIds=${b.id}&search=audit&columns=number`,
          boss.headers,
        )
      ).body,
    );
    expect(searched).toEqual([['System #'], [String(b.number)]]);
    const ordered = parseCsv(
      (
        await call(
          'GET',
          `/export/Documents?organizationId=${org}&orderBy=name&orderType=desc&columns=name&columns=number`,
          boss.headers,
        )
      ).body,
    );
    expect(ordered.slice(1).map((r) => r[0])).toEqual(['Cleaning', 'Audit form']);

    // The count a background export decides by: the same filter, no further than asked.
    const access = await resolveOrganizationAccess(
      t.db,
      { userId: boss.id, email: boss.email, role: 'Admin', sessionId: newId() },
      org,
    );
    expect(await documentRecords.count(t.db, access, { selectedIds: [], columns: ['name'] }, 10)).toBe(2);
    expect(await documentRecords.count(t.db, access, { selectedIds: [], docTypeIds: [sop] }, 10)).toBe(1);
    expect(await documentRecords.count(t.db, access, { selectedIds: [] }, 1)).toBe(1);
  });
});

describe('GET /export/one-document and /export/many-Documents', () => {
  it('print each document with its revisions, signers, signatures, references and history', async () => {
    const org = (await createOrganization(t.db, { name: 'Gamma Ωmega' })).id;
    const boss = await person(org, 'Admin');
    const reviewer = await person(org);
    const approver = await person(org);
    const type = (await createDocumentType(t.db, org, 'SOP')).id;
    const doc = await createDocument(t.app, t.db, boss, org, {
      typeId: type,
      name: 'Sterilisation Ζ',
      typeDescription: 'SOP-042',
      reviewerIds: [reviewer.id],
      approverIds: [approver.id],
    });
    const referenced = await createDocument(t.app, t.db, boss, org, { typeId: type, name: 'Referenced' });
    const refs = await call('PUT', `/documents/${doc.id}/references`, boss.headers, {
      organizationId: org,
      revision: 1,
      newReferences: [
        { link: 'https://iso.example/13485', linkDescription: 'ISO 13485' },
        { type: 0, linkId: referenced.id, linkDescription: 'Referenced SOP' },
      ],
    });
    expect(refs.statusCode, refs.body).toBe(200);
    await signAndSettle(org, doc.id, 1, reviewer, 'review', 'Reviewed', 'Checked every step');
    await signAndSettle(org, doc.id, 1, approver, 'approval', 'Approved');
    const [file] = await t.db
      .select()
      .from(organizationFiles)
      .where(eq(organizationFiles.id, (doc as unknown as { fileId: string }).fileId));

    const single = await call('GET', `/export/one-document?organizationId=${org}&selectedIds=${doc.id}`, boss.headers);
    expect(single.statusCode, single.body).toBe(200);
    expect(single.headers['content-type']).toBe('application/pdf');
    expect(single.headers['content-disposition']).toContain(`Documents_version_${boss.email}`);
    const pages = await pdfPages(single.rawPayload);
    const text = pages.join('\n').replace(/\s+/g, ' ');
    for (const expected of [
      'Gamma Ωmega',
      `Document #${doc.number}: Sterilisation Ζ`,
      'Document ID: SOP-042',
      'Revision 1: Approved, final',
      `Reviewers: Pat Doe <${reviewer.email}>`,
      `Approvers: Pat Doe <${approver.email}>`,
      'Revision 1: Reviewed by Σοφία Иванова',
      'Revision 1: Approved by Σοφία Иванова',
      `E-mail: ${reviewer.email}`,
      'Comment: Checked every step',
      `SHA-256 of the signed file: ${file!.sha256}`,
      "Matches the revision's file: Yes",
      'ISO 13485',
      'Link: https://iso.example/13485',
      'Referenced SOP',
      'History',
      'Created (revision 1): Name: Sterilisation Ζ',
      'Document type: SOP',
      'Controlled file: procedure.txt',
      'Status changed (revision 1): Status: Submitted → Reviewed',
      `by ${boss.email}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The history names what its ids stand for.
    for (const id of ['typeId', 'fileId', 'submitterId', reviewer.id, type, referenced.id]) {
      expect(text).not.toContain(id);
    }
    expect(text).toMatch(/Signed at: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    // A referenced record of Qualis is named, not given as its in-app path.
    expect(text).not.toContain('/organizations/');

    // Both documents, newest first, each starting on its own page.
    const both = await pdfPages(
      (await call('GET', `/export/one-document?organizationId=${org}&docTypeIds=${type}`, boss.headers)).rawPayload,
    );
    const starts = both.map((p) => /Document #(\d+):/.exec(p)?.[1]).filter(Boolean);
    expect(starts).toEqual([String(referenced.number), String(doc.number)]);

    const archive = await call('GET', `/export/many-Documents?organizationId=${org}`, boss.headers);
    expect(archive.statusCode).toBe(200);
    expect(archive.headers['content-type']).toBe('application/zip');
    expect(archive.headers['content-disposition']).toContain('.zip');
    const entries = await unzipped(archive.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([
      `${referenced.number} Referenced.pdf`,
      `${doc.number} Sterilisation Ζ.pdf`,
    ]);
    expect((await pdfPages(entries[1]!.bytes)).join('\n')).toContain('Checked every step');
  });
});

describe('GET /export/document-attachments', () => {
  it('refuses an export without document types', async () => {
    const none = await call('GET', `/export/document-attachments?organizationId=${orgA}`, admin.headers);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0]).toMatchObject({ message: messages.chooseDocumentTypes, field: 'docTypeIds' });
    const empty = await call('GET', `/export/document-attachments?organizationId=${orgA}&docTypeIds=`, admin.headers);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({ field: expect.stringMatching(/^docTypeIds/) });
  });

  it('zips the controlled and extra files of the matching documents, a folder each', async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const sop = (await createDocumentType(t.db, org, 'SOP')).id;
    const form = (await createDocumentType(t.db, org, 'Form')).id;
    const controlled = Buffer.from('Controlled text\n');
    const first = await createDocument(t.app, t.db, boss, org, {
      typeId: sop,
      name: 'Cleaning: floors/walls',
      fileId: await uploadOrganizationFile(t.app, boss.headers, org, 'cleaning.txt', controlled),
    });
    await addRevision(
      boss,
      org,
      first.id,
      2,
      await uploadOrganizationFile(t.app, boss.headers, org, 'cleaning.txt', Buffer.from('Second issue\n')),
    );
    const extra = await uploadOrganizationFile(t.app, boss.headers, org, 'photo.csv', Buffer.from('a;b\n'));
    const withExtra = await call('PUT', `/documents/${first.id}/general`, boss.headers, {
      organizationId: org,
      typeId: sop,
      submitterId: boss.id,
      name: 'Cleaning: floors/walls',
      revisionDescription: 'Issue 2',
      reasonForChange: 'Why this revision',
      fileId: (await call('GET', `/documents/${first.id}?organizationId=${org}`, boss.headers)).json().data.fileId,
      extraFileIds: [extra],
    });
    expect(withExtra.statusCode, withExtra.body).toBe(200);
    const second = await createDocument(t.app, t.db, boss, org, { typeId: sop, name: 'Gowning' });
    await createDocument(t.app, t.db, boss, org, { typeId: form, name: 'Other type' });

    const res = await call('GET', `/export/document-attachments?organizationId=${org}&docTypeIds=${sop}`, boss.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`Documents-attachments_version_${boss.email}`);
    const entries = await unzipped(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([
      `${second.number} Gowning/procedure (rev 1).txt`,
      `${first.number} Cleaning_ floors_walls/cleaning (rev 2).txt`,
      `${first.number} Cleaning_ floors_walls/Extra files/photo (rev 2).csv`,
    ]);
    expect(entries[1]!.bytes.toString()).toBe('Second issue\n');
    expect(entries[2]!.bytes.toString()).toBe('a;b\n');

    const chosen = await call(
      'GET',
      `/export/document-attachments?organizationId=${org}&docTypeIds=${sop}&docTypeIds=${form}&selectedIds=${second.id}`,
      boss.headers,
    );
    expect((await unzipped(chosen.rawPayload)).map((e) => e.name)).toEqual([
      `${second.number} Gowning/procedure (rev 1).txt`,
    ]);

    // A stored file that is gone is named in the archive instead of breaking it.
    const [gone] = await t.db.select().from(organizationFiles).where(eq(organizationFiles.id, extra));
    await t.app.ctx.storage.remove(gone!.storageKey);
    const incomplete = await unzipped(
      (await call('GET', `/export/document-attachments?organizationId=${org}&docTypeIds=${sop}`, boss.headers))
        .rawPayload,
    );
    expect(incomplete.map((e) => e.name)).toContain(
      `${first.number} Cleaning_ floors_walls/Extra files/photo (rev 2) (missing).txt`,
    );
    expect(incomplete.find((e) => e.name.endsWith('(missing).txt'))!.bytes.toString()).toContain(
      'The file "photo (rev 2).csv" could not be read',
    );

    const none = await call(
      'GET',
      `/export/document-attachments?organizationId=${org}&docTypeIds=${newId()}`,
      boss.headers,
    );
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].message).toBe(messages.noRecordsToExport);
  });
});

describe('GET /documents/{id}/controlled-copy', () => {
  const copyOf = (by: Person, organizationId: string, documentId: string, revision?: number) =>
    call(
      'GET',
      `/documents/${documentId}/controlled-copy?organizationId=${organizationId}${revision ? `&revision=${revision}` : ''}`,
      by.headers,
    );

  it('refuses a controlled file that is not a PDF', async () => {
    const doc = await createDocument(t.app, t.db, admin, orgA);
    const res = await copyOf(admin, orgA, doc.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(messages.controlledCopyPdfOnly);
  });

  it(`stamps every page with the state, the revision and the downloader, appends the signatures, keeps the original ${req('DOC-023', 'DOC-027')}`, async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    // A copy is General's data: 11 with its General switch (34).
    const reader = await person(org, 'User', [Permission.ViewAllDocuments, Permission.ViewAllDocumentsGeneralSection]);
    const approver = await person(org);
    const type = (await createDocumentType(t.db, org, 'SOP')).id;
    const original = await pdfOf(2, 'Original');
    const doc = await createDocument(t.app, t.db, boss, org, {
      typeId: type,
      name: 'Аппарат Ψ',
      typeDescription: 'SOP-7',
      fileId: await uploadPdf(boss, org, original),
    });

    const draft = await copyOf(reader, org, doc.id);
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.headers['content-type']).toBe('application/pdf');
    expect(draft.headers['content-disposition']).toContain('procedure (rev 1, controlled copy).pdf');
    let pages = await pdfPages(draft.rawPayload);
    expect(pages).toHaveLength(3);
    for (const page of pages) {
      expect(page).toContain('Draft - not approved');
      expect(page).toContain('Document ID: SOP-7');
      expect(page).toContain('Аппарат Ψ');
      expect(page).toContain('Revision 1');
      expect(page).toContain('Status: Submitted');
      expect(page).toMatch(
        new RegExp(`Downloaded by Pat Doe <${reader.email}> on \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} UTC`),
      );
    }
    expect(pages[0]).toContain('Original page 1 top line');
    expect(pages[0]).toContain('Original page 1 bottom line');
    expect(pages[2]).toContain('Signatures of Revision 1');
    expect(pages[2]).toContain('This revision has no review or approval signatures.');
    expect(pages[2]).toContain('Page 3 of 3');

    // Revision 1 approved by its approver: the released revision.
    const quality = await call('PUT', `/documents/${doc.id}/quality-tasks`, boss.headers, {
      organizationId: org,
      revision: 1,
      reviewerIds: [],
      approverIds: [approver.id],
    });
    expect(quality.statusCode, quality.body).toBe(200);
    await signAndSettle(org, doc.id, 1, approver, 'approval', 'Approved', 'Fit for use');
    const today = new Date().toISOString().slice(0, 10);
    pages = await pdfPages((await copyOf(reader, org, doc.id, 1)).rawPayload);
    expect(pages).toHaveLength(3);
    for (const page of pages) {
      expect(page).toContain(`Controlled copy — approved ${today}`);
      expect(page).toContain('Status: Approved, final');
    }
    const signaturePage = pages[2]!.replace(/\s+/g, ' ');
    expect(signaturePage).toContain('Approved by Σοφία Иванова');
    expect(signaturePage).toContain(`E-mail: ${approver.email}`);
    expect(signaturePage).toContain('Comment: Fit for use');
    expect(signaturePage).toContain(`SHA-256 of the signed file: ${sha256(original)}`);
    expect(signaturePage).toContain("Matches this copy's file: Yes");
    expect(signaturePage).toMatch(/Signed at: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);

    // Revision 2 (a one-page PDF) not final yet: a draft; once final, revision 1 is obsolete.
    await addRevision(boss, org, doc.id, 2, await uploadPdf(boss, org, await pdfOf(1, 'Second')));
    // A signature of another file's bytes (as if the file had changed since) says it does not match.
    const [rev2] = await t.db
      .select()
      .from(documentRevisions)
      .where(and(eq(documentRevisions.documentId, doc.id), eq(documentRevisions.revision, 2)));
    await t.db.insert(documentSignatures).values({
      organizationId: org,
      id: newId(),
      documentId: doc.id,
      revision: 2,
      signatureCycle: rev2!.signatureCycle,
      kind: 'review',
      meaning: 'Reviewed',
      signerId: approver.id,
      signerName: 'Pat Doe',
      signerEmail: approver.email,
      fileId: rev2!.fileId,
      fileSha256: '0'.repeat(64),
    });
    pages = await pdfPages((await copyOf(reader, org, doc.id, 2)).rawPayload);
    expect(pages).toHaveLength(2);
    for (const page of pages) expect(page).toContain('Draft - not approved');
    expect(pages[0]).toContain('Second page 1 body');
    expect(pages[1]!.replace(/\s+/g, ' ')).toContain(
      "Matches this copy's file: No: the file has changed since it was signed",
    );
    await setFinal(boss, org, doc.id, 2);
    pages = await pdfPages((await copyOf(reader, org, doc.id, 1)).rawPayload);
    for (const page of pages) {
      expect(page).toContain(`Superseded by revision 2 on ${today}`);
      expect(page).not.toContain('Controlled copy — approved');
    }
    const current = await pdfPages((await copyOf(reader, org, doc.id)).rawPayload);
    for (const page of current) expect(page).toContain(`Controlled copy — approved ${today}`);

    // The stored original is the uploaded file, byte for byte.
    const detail = (await call('GET', `/documents/${doc.id}?organizationId=${org}&revision=1`, boss.headers)).json()
      .data;
    const stored = await call(
      'GET',
      `/documents/${doc.id}/file/${detail.fileId}/content?organizationId=${org}&revision=1`,
      boss.headers,
    );
    expect(sha256(stored.rawPayload)).toBe(sha256(original));

    // Each copy is in the audit trail: who, which revision, the state printed.
    const copies = (await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, doc.id)))
      .filter((e) => e.action === 'controlledCopy')
      .sort((a, b) => a.seq - b.seq);
    expect(copies.map((e) => [e.actorEmail, (e.after as { revision: number }).revision])).toEqual([
      [reader.email, 1],
      [reader.email, 1],
      [reader.email, 2],
      [reader.email, 1],
      [reader.email, 2],
    ]);
    expect(copies.map((e) => (e.after as { state: string }).state)).toEqual([
      'Draft - not approved',
      `Controlled copy — approved ${today}, effective ${today}`,
      'Draft - not approved',
      `Superseded by revision 2 on ${today}`,
      `Controlled copy — approved ${today}, effective ${today}`,
    ]);
    expect(copies[0]!.after).toMatchObject({ fileSha256: sha256(original) });
    // No HEAD: it would audit a copy nobody receives.
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/v1/documents/${doc.id}/controlled-copy?organizationId=${org}`,
      headers: reader.headers,
    });
    expect(head.statusCode).toBe(404);
  });

  it('answers 404 for a revision the person may not open, and a clear 400 for a damaged PDF', async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const approvedViewer = await person(org, 'User', [Permission.ViewApprovedAndRelatedDocuments]);
    const type = (await createDocumentType(t.db, org)).id;
    const doc = await createDocument(t.app, t.db, boss, org, {
      typeId: type,
      fileId: await uploadPdf(boss, org, await pdfOf(1, 'Draft')),
    });
    expect((await copyOf(approvedViewer, org, doc.id, 1)).statusCode).toBe(404);
    const damaged = await createDocument(t.app, t.db, boss, org, {
      typeId: type,
      fileId: await uploadPdf(boss, org, Buffer.from('%PDF-1.7\nnot really a PDF\n')),
    });
    const res = await copyOf(boss, org, damaged.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(messages.controlledCopyUnreadable);
  });
});

describe('GET /documents/{id}/history', () => {
  it('pages the audit trail in order, with the values before and after', async () => {
    const doc = await createDocument(t.app, t.db, admin, orgA, { name: 'History SOP' });
    await setFinal(admin, orgA, doc.id, 1);
    const url = `/documents/${doc.id}/history?organizationId=${orgA}`;
    const first = await call('GET', `${url}&limit=1`, admin.headers);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    // create, statusChange (final), effective.
    expect(body.pagination.totalCount).toBe(3);
    expect(body.data).toEqual([
      expect.objectContaining({ action: 'create', actorEmail: admin.email, revision: 1, before: null }),
    ]);
    expect(body.data[0].after).toMatchObject({ name: 'History SOP' });
    const second = (await call('GET', `${url}&limit=1&offset=1`, admin.headers)).json();
    expect(second.data).toEqual([
      expect.objectContaining({
        action: 'statusChange',
        revision: 1,
        before: { status: 'Submitted', isFinal: false },
        after: expect.objectContaining({ status: 'Submitted', isFinal: true }),
        reason: 'Released',
      }),
    ]);
    expect(second.data[0].seq).toBeGreaterThan(body.data[0].seq);
    expect(second.data[0].occurredAt).toMatch(/Z$/);

    // A review signed through the signing call is in the history with its manifestation.
    const reviewer = await person(orgA);
    const signed = await createDocument(t.app, t.db, admin, orgA, { reviewerIds: [reviewer.id] });
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/v1/documents/${signed.id}/reviews`,
      headers: reviewer.headers,
      payload: { organizationId: orgA, revision: 1, status: 0, comment: 'Looks right' },
    });
    expect(review.statusCode, review.body).toBe(201);
    const events = (
      await call('GET', `/documents/${signed.id}/history?organizationId=${orgA}&limit=100`, reviewer.headers)
    ).json().data as { action: string; actorEmail: string; revision: number; after: Record<string, unknown> }[];
    const sign = events.find((e) => e.action === 'sign');
    expect(sign).toMatchObject({ actorEmail: reviewer.email, revision: 1, after: { meaning: 'Reviewed' } });
    expect(events.map((e) => e.action)).toContain('statusChange');

    const tooMany = await call('GET', `${url}&limit=101`, admin.headers);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0]).toMatchObject({ message: 'limit must be at most 100', field: 'limit' });
  });
  it('answers each event readable: names instead of ids, no line for a field that did not change', async () => {
    const otto = await person(orgA, 'User', [], { firstName: 'Otto', lastName: 'Reviewer' });
    const rita = await person(orgA, 'User', [], { firstName: 'Rita', lastName: 'Operator' });
    const typeId = (await createDocumentType(t.db, orgA, 'SOP')).id;
    const fileId = await uploadOrganizationFile(t.app, admin.headers, orgA, 'cleaning-v1.txt');
    const doc = await createDocument(t.app, t.db, admin, orgA, {
      typeId,
      fileId,
      name: 'Readable SOP',
      reviewerIds: [otto.id, rita.id],
    });
    type Change = { field: string; label: string; before: string | null; after: string };
    const changesOf = async (id: string) =>
      (
        (await call('GET', `/documents/${id}/history?organizationId=${orgA}`, admin.headers)).json().data as {
          changes: Change[];
        }[]
      ).map((e) => e.changes);
    // The names recorded at the time are shown, not today's.
    await t.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, otto.id));
    const events = await changesOf(doc.id);
    expect(events.flat()).toEqual(
      expect.arrayContaining([
        { field: 'typeId', label: 'Document type', before: null, after: 'SOP' },
        { field: 'fileId', label: 'Controlled file', before: null, after: 'cleaning-v1.txt' },
        { field: 'reviewerIds', label: 'Reviewers', before: '—', after: 'Otto Reviewer, Rita Operator' },
        { field: 'submitterId', label: 'Responsible', before: null, after: 'Pat Doe' },
        { field: 'name', label: 'Name', before: null, after: 'Readable SOP' },
      ]),
    );
    // Nothing empty is listed as set, no id is shown.
    expect(events[0]!.map((c) => c.field)).not.toContain('approverIds');
    expect(JSON.stringify(events)).not.toContain(fileId);
    // 'status: Submitted → Submitted' is no change.
    const plain = await createDocument(t.app, t.db, admin, orgA);
    await setFinal(admin, orgA, plain.id, 1);
    const [, released] = await changesOf(plain.id);
    expect(released!.map((c) => c.field)).toEqual(['isFinal', 'finalAt']);
    expect(released![0]).toEqual({ field: 'isFinal', label: 'Final', before: 'No', after: 'Yes' });
    expect(released![1]!.after).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
  });
});

describe('a documents PDF export of more records than the stream limit', () => {
  it('is made in the background as the requester, with the types asked for, and e-mailed as a link', async () => {
    const big = await createTestContext({ smtp: true, env: { RECORD_EXPORT_STREAM_MAX: '1' } });
    try {
      const org = (await createOrganization(big.db, { name: 'Delta Φ' })).id;
      const as = async (role: 'Admin' | 'User') => {
        const user = await createUser(big.db, { role, memberOf: [{ organizationId: org }] });
        return { id: user.id, email: user.email, role, headers: (await signIn(big.app, user.email)).headers };
      };
      const boss = await as('Admin');
      const reviewer = await as('User');
      const sop = (await createDocumentType(big.db, org, 'SOP')).id;
      const form = (await createDocumentType(big.db, org, 'Form')).id;
      const make = (typeId: string, name: string, reviewerIds: string[] = []) =>
        createDocument(big.app, big.db, boss, org, { typeId, name, reviewerIds });
      const first = await make(sop, 'Cleaning', [reviewer.id]);
      const second = await make(sop, 'Gowning', [reviewer.id]);
      await make(sop, 'Not theirs');
      await make(form, 'Other type', [reviewer.id]);

      const asked = await big.app.inject({
        method: 'GET',
        url: `/api/v1/export/many-Documents?organizationId=${org}&docTypeIds=${sop}`,
        headers: reviewer.headers,
      });
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json().data.message).toBe(messages.reportBeingGenerated);
      await big.runJobs();
      await big.deliverMail();
      const mail = await big.smtp!.waitForMail({ to: reviewer.email, subject: 'Qualis: your export is ready' });
      const fileId = /\/exports\/([0-9a-f-]{36})/.exec(mail.text)![1]!;
      const file = await big.app.inject({
        method: 'GET',
        url: `/api/v1/export/files/${fileId}?organizationId=${org}`,
        headers: reviewer.headers,
      });
      expect(file.statusCode, file.body).toBe(200);
      // Their documents of the type asked for: not the one they may not see, not the other type.
      expect((await unzipped(file.rawPayload)).map((e) => e.name)).toEqual([
        `${second.number} Gowning.pdf`,
        `${first.number} Cleaning.pdf`,
      ]);
    } finally {
      await big.close();
    }
  });
});
