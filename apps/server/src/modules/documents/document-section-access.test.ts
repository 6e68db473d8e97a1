import { and, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission, messages } from '@qualis/contract';
import { resolveOrganizationAccess } from '../../core/access.js';
import { newId } from '../../core/ids.js';
import { documentRevisions, documentSignatures, organizationFiles } from '../../db/schema/index.js';
import { parseCsv } from '../../test/csv.js';
import { pdfPages, unzipped } from '../../test/exported-files.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { testApi, type Person } from '../../test/api.js';
import {
  createDocument,
  createDocumentType,
  createOrganization,
  uploadOrganizationFile,
} from '../../test/factories.js';
import { recomputeRevisionStatus } from './revision-lifecycle.js';

// The section switches of the documents (General 34/48, Quality Actions 35/49, References 36/50,
// Review 37/51, Approval 38/52) on every path that answers a section's data: a person who sees
// the document but not the section is refused the section's own route, or gets the answer without
// the section's data (docs/api.md, "Document sections").

let t: TestContext;
const { person, call } = testApi(() => t);
let orgA: string;
let typeId: string;
let admin: Person;
let outsider: Person;
let reviewer: Person;
let approver: Person;
/** 16 (view approved and related) without any section switch. */
let released: Person;
/** 11 (view all) without any section switch. */
let all: Person;
/** 16 with the General switch (48) only. */
let general: Person;
/** 16 with every section switch (48-52). */
let sections: Person;
let doc: { id: string; number: number };
let controlledId: string;
let extraId: string;

const DESCRIPTION = 'Calibration of the torque wrenches';
const REFERENCE = 'Vendor calibration portal';
const SIGNER = 'Quinn Reviewer';

/** A real one-page PDF (a controlled copy stamps it). */
async function pdfOf(label: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595.28, 841.89]).drawText(label, { x: 72, y: 420, size: 18, font });
  return Buffer.from(await pdf.save());
}

/** A signature written as the signing service writes it, then the revision's status derived from it. */
async function sign(signer: Person, kind: 'review' | 'approval', meaning: 'Reviewed' | 'Approved') {
  const [rev] = await t.db
    .select()
    .from(documentRevisions)
    .where(and(eq(documentRevisions.documentId, doc.id), eq(documentRevisions.revision, 1)));
  const [file] = await t.db.select().from(organizationFiles).where(eq(organizationFiles.id, rev!.fileId));
  await t.db.insert(documentSignatures).values({
    organizationId: orgA,
    id: newId(),
    documentId: doc.id,
    revision: 1,
    signatureCycle: rev!.signatureCycle,
    kind,
    meaning,
    signerId: signer.id,
    signerName: SIGNER,
    signerEmail: signer.email,
    comment: null,
    fileId: rev!.fileId,
    fileSha256: file!.sha256,
  });
  const actor = { userId: signer.id, email: signer.email, role: signer.role, sessionId: newId() };
  const ctx = {
    app: t.app.ctx,
    access: await resolveOrganizationAccess(t.db, actor, orgA),
    audit: { userId: signer.id, email: signer.email, ip: '203.0.113.9', requestId: 'signing' },
  };
  await t.db.transaction((tx) => recomputeRevisionStatus(tx, ctx, doc.id, 1));
}

const q = (extra = '') => `?organizationId=${orgA}${extra}`;
const get = (url: string, who: Person) => call('GET', url, who.headers);
const fileUrls = () =>
  [controlledId, extraId].flatMap((fileId) => [
    `/documents/${doc.id}/file/${fileId}${q()}`,
    `/documents/${doc.id}/file/${fileId}/content${q()}`,
  ]);
const pdfText = async (url: string, who: Person) => {
  const res = await get(url, who);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return (await pdfPages(res.rawPayload)).join('\n');
};

beforeAll(async () => {
  t = await createTestContext();
  orgA = (await createOrganization(t.db, { name: 'Alpha Devices' })).id;
  const orgB = (await createOrganization(t.db, { name: 'Beta Labs' })).id;
  admin = await person(orgA, 'Admin');
  outsider = await person(orgB, 'Admin');
  reviewer = await person(orgA);
  approver = await person(orgA);
  released = await person(orgA, 'User', [Permission.ViewApprovedAndRelatedDocuments]);
  all = await person(orgA, 'User', [Permission.ViewAllDocuments]);
  general = await person(orgA, 'User', [
    Permission.ViewApprovedAndRelatedDocuments,
    Permission.ViewRelatedDocumentsGeneralSection,
  ]);
  sections = await person(orgA, 'User', [
    Permission.ViewApprovedAndRelatedDocuments,
    Permission.ViewRelatedDocumentsGeneralSection,
    Permission.ViewRelatedDocumentsQualityActionsSection,
    Permission.ViewRelatedDocumentsReferencesSection,
    Permission.ViewRelatedDocumentsReviewSection,
    Permission.ViewRelatedDocumentsApprovalSection,
  ]);
  typeId = (await createDocumentType(t.db, orgA)).id;
  controlledId = await uploadOrganizationFile(t.app, admin.headers, orgA, 'wrench.pdf', await pdfOf('Wrench'));
  extraId = await uploadOrganizationFile(t.app, admin.headers, orgA, 'annex.txt');
  doc = await createDocument(t.app, t.db, admin, orgA, {
    typeId,
    name: 'Torque SOP',
    revisionDescription: DESCRIPTION,
    fileId: controlledId,
    extraFileIds: [extraId],
    reviewerIds: [reviewer.id],
    approverIds: [approver.id],
  });
  const refs = await call('PUT', `/documents/${doc.id}/references`, admin.headers, {
    organizationId: orgA,
    revision: 1,
    newReferences: [{ type: null, link: 'https://calibration.example/portal', linkDescription: REFERENCE }],
    oldReferenceIds: [],
  });
  expect(refs.statusCode, refs.body).toBe(200);
  // Reviewed and approved: final, so 16 sees it without being related to it.
  await sign(reviewer, 'review', 'Reviewed');
  await sign(approver, 'approval', 'Approved');
});
afterAll(() => t.close());

describe('document sections: who may call', () => {
  it('need a session, and answer 404 in another organization', async () => {
    const urls = [
      `/documents/${doc.id}${q()}`,
      `/documents/${doc.id}/general${q()}`,
      `/documents/${doc.id}/controlled-copy${q()}`,
      ...fileUrls(),
    ];
    for (const url of urls) {
      expect((await call('GET', url, {})).statusCode, url).toBe(401);
      const foreign = await get(url, outsider);
      expect(foreign.statusCode, url).toBe(404);
      expect(foreign.body).not.toContain(DESCRIPTION);
    }
  });
});

describe('the General section (34 under 11, 48 under 16)', () => {
  it('leaves the General fields out of the detail and refuses GET .../general without the switch', async () => {
    for (const who of [released, all]) {
      const res = await get(`/documents/${doc.id}${q()}`, who);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({
        name: 'Torque SOP',
        canViewGeneral: false,
        revisionName: null,
        revisionDescription: null,
        fileId: null,
        file: null,
        extraFileIds: [],
        extraFiles: [],
        submitterId: null,
        submitter: null,
        tags: [],
        tagIds: [],
      });
      expect(res.body).not.toContain(DESCRIPTION);
      expect(res.body).not.toContain('wrench.pdf');
      expect((await get(`/documents/${doc.id}/general${q()}`, who)).statusCode).toBe(403);
    }
    for (const who of [general, admin]) {
      const res = await get(`/documents/${doc.id}/general${q()}`, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        canViewGeneral: true,
        revisionDescription: DESCRIPTION,
        fileId: controlledId,
        file: { fileName: 'wrench.pdf' },
        extraFileIds: [extraId],
        submitterId: admin.id,
      });
    }
  });

  it("leaves the file out of the list's rows without the switch", async () => {
    const fileOf = async (who: Person) =>
      (await get(`/documents${q()}`, who)).json().data.find((r: { id: string }) => r.id === doc.id).file;
    expect(await fileOf(released)).toBeNull();
    expect(await fileOf(all)).toBeNull();
    expect(await fileOf(general)).toMatchObject({ id: controlledId, fileName: 'wrench.pdf' });
  });

  it("refuses the files' links and bytes without the switch", async () => {
    for (const url of fileUrls()) {
      expect((await get(url, released)).statusCode, url).toBe(404);
      expect((await get(url, all)).statusCode, url).toBe(404);
      expect((await get(url, general)).statusCode, url).toBe(200);
      expect((await get(url, admin)).statusCode, url).toBe(200);
    }
  });

  it('refuses a controlled copy and the history without the switch', async () => {
    for (const path of ['controlled-copy', 'history']) {
      const url = `/documents/${doc.id}/${path}${q()}`;
      expect((await get(url, released)).statusCode, url).toBe(403);
      expect((await get(url, all)).statusCode, url).toBe(403);
      expect((await get(url, general)).statusCode, url).toBe(200);
      expect((await get(url, admin)).statusCode, url).toBe(200);
    }
  });

  it('leaves the file names out of the CSV and the files out of the attachments ZIP', async () => {
    const csv = async (who: Person) =>
      parseCsv((await get(`/export/Documents${q(`&selectedIds=${doc.id}&columns=name&columns=file`)}`, who)).body);
    expect(await csv(released)).toEqual([
      ['Name', 'File'],
      ['Torque SOP', ''],
    ]);
    expect((await csv(general))[1]).toEqual(['Torque SOP', 'wrench.pdf']);

    const url = `/export/document-attachments${q(`&selectedIds=${doc.id}&docTypeIds=${typeId}`)}`;
    for (const who of [released, all]) {
      const res = await get(url, who);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].message).toBe(messages.noRecordsToExport);
    }
    const zip = async (who: Person) => {
      const res = await get(url, who);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      return (await unzipped(res.rawPayload)).map((e) => e.name).sort();
    };
    const folder = `${doc.number} Torque SOP`;
    expect(await zip(general)).toEqual([`${folder}/Extra files/annex (rev 1).txt`, `${folder}/wrench (rev 1).pdf`]);
  });

  it('finds the document by its description in the global search only with the switch', async () => {
    const found = async (who: Person) => {
      const res = await get(`/${orgA}/global-search?search=${encodeURIComponent('torque wrenches')}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((row: { id: string }) => row.id);
    };
    expect(await found(released)).not.toContain(doc.id);
    expect(await found(all)).not.toContain(doc.id);
    expect(await found(general)).toContain(doc.id);
  });

  it('prints the PDFs without the General fields and the history', async () => {
    const url = `/export/one-document${q(`&selectedIds=${doc.id}`)}`;
    const hidden = await pdfText(url, released);
    expect(hidden).toContain('Torque SOP');
    for (const text of [DESCRIPTION, 'wrench.pdf', 'annex.txt', 'Responsible']) expect(hidden).not.toContain(text);
    const shown = await pdfText(url, general);
    for (const text of [DESCRIPTION, 'wrench.pdf', 'annex.txt', 'Responsible']) expect(shown).toContain(text);

    const archive = await get(`/export/many-Documents${q(`&selectedIds=${doc.id}`)}`, released);
    expect(archive.statusCode).toBe(200);
    const [entry] = await unzipped(archive.rawPayload);
    expect((await pdfPages(entry!.bytes)).join('\n')).not.toContain(DESCRIPTION);
  });
});

describe('the Quality Actions, References, Review and Approval sections (49-52 under 16)', () => {
  it('leaves their fields out of the detail without the switches', async () => {
    const detail = async (who: Person) => (await get(`/documents/${doc.id}${q()}`, who)).json().data;
    expect(await detail(general)).toMatchObject({
      canViewQualityTasks: false,
      canViewConnectToEmployee: false,
      reviewerIds: [],
      approverIds: [],
      requiresTraining: null,
      trainingRecordId: null,
      trainingRecord: null,
      references: [],
    });
    for (const who of [sections, admin]) {
      const data = await detail(who);
      expect(data).toMatchObject({ reviewerIds: [reviewer.id], approverIds: [approver.id], requiresTraining: false });
      expect(data.references.map((r: { linkDescription: string }) => r.linkDescription)).toEqual([REFERENCE]);
    }
    for (const tab of ['quality-tasks', 'references', 'reviews', 'approvals']) {
      const url = `/documents/${doc.id}/${tab}${q()}`;
      expect((await get(url, general)).statusCode, url).toBe(403);
      expect((await get(url, sections)).statusCode, url).toBe(200);
    }
  });

  it('prints the PDFs without their signers, signatures and references', async () => {
    const url = `/export/one-document${q(`&selectedIds=${doc.id}`)}`;
    const hidden = await pdfText(url, general);
    for (const text of ['Reviewers', 'Requires training', REFERENCE, `Reviewed by ${SIGNER}`, `Approved by ${SIGNER}`])
      expect(hidden).not.toContain(text);
    for (const who of [sections, admin]) {
      const shown = await pdfText(url, who);
      for (const text of [
        'Reviewers',
        'Requires training',
        REFERENCE,
        `Reviewed by ${SIGNER}`,
        `Approved by ${SIGNER}`,
      ])
        expect(shown).toContain(text);
    }
  });

  it("leaves their values out of the General reader's history", async () => {
    const history = async (who: Person) => {
      const res = await get(`/documents/${doc.id}/history${q('&limit=100')}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    const hidden = await history(general);
    for (const text of [reviewer.id, approver.id, REFERENCE, SIGNER]) expect(hidden).not.toContain(text);
    expect(hidden).toContain('"statusChange"');
    const shown = await history(sections);
    for (const text of [reviewer.id, approver.id, REFERENCE]) expect(shown).toContain(text);
  });

  it('shows a reviewer their own Review signatures without the switch', async () => {
    const text = await pdfText(`/export/one-document${q(`&selectedIds=${doc.id}`)}`, reviewer);
    expect(text).toContain(`Reviewed by ${SIGNER}`);
    expect(text).not.toContain(`Approved by ${SIGNER}`);
  });
});

describe('a new revision by an editor who may not view Quality Actions or References', () => {
  it('takes those sections over from the revision it starts from, as the form cannot show them', async () => {
    const base = [Permission.ViewAllDocuments, Permission.ViewAllDocumentsGeneralSection];
    const edit = [Permission.EditAllNotApprovedDocuments, Permission.EditAllDocumentsGeneralSection];
    const blind = await person(orgA, 'User', [...base, ...edit]);
    const seeing = await person(orgA, 'User', [
      ...base,
      ...edit,
      Permission.ViewAllDocumentsQualityActionsSection,
      Permission.ViewAllDocumentsReferencesSection,
    ]);
    const next = async (who: Person, id: string) => {
      const res = await call('PUT', `/documents/${id}/revision`, who.headers, {
        organizationId: orgA,
        typeId,
        submitterId: admin.id,
        name: `Next of ${id}`,
        revision: 2,
        revisionDescription: 'Second issue',
        reasonForChange: 'Why this revision',
        fileId: await uploadFile(),
        reviewerIds: [],
        approverIds: [],
        requiresTraining: false,
        references: [],
      });
      expect(res.statusCode, res.body).toBe(200);
      const quality = (await get(`/documents/${id}/quality-tasks${q('&revision=2')}`, admin)).json().data;
      const refs = (await get(`/documents/${id}/references${q('&revision=2')}`, admin)).json().data;
      return { quality, refs: JSON.stringify(refs) };
    };
    const uploadFile = () => uploadOrganizationFile(t.app, admin.headers, orgA);
    const documentWithSections = async () => {
      const created = await createDocument(t.app, t.db, admin, orgA, {
        typeId,
        reviewerIds: [reviewer.id],
        approverIds: [approver.id],
        requiresTraining: true,
      });
      const refs = await call('PUT', `/documents/${created.id}/references`, admin.headers, {
        organizationId: orgA,
        revision: 1,
        newReferences: [{ type: null, link: 'https://calibration.example/portal', linkDescription: REFERENCE }],
        oldReferenceIds: [],
      });
      expect(refs.statusCode, refs.body).toBe(200);
      return created.id;
    };

    const kept = await next(blind, await documentWithSections());
    expect(kept.quality).toMatchObject({
      reviewerIds: [reviewer.id],
      approverIds: [approver.id],
      requiresTraining: true,
    });
    expect(kept.refs).toContain(REFERENCE);
    // Someone who sees the sections chose to empty them: that is what the revision holds.
    const emptied = await next(seeing, await documentWithSections());
    expect(emptied.quality).toMatchObject({ reviewerIds: [], approverIds: [], requiresTraining: false });
    expect(emptied.refs).not.toContain(REFERENCE);
  });
});
