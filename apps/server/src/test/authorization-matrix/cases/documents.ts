import { eq } from 'drizzle-orm';
import { PDFDocument } from '@cantoo/pdf-lib';
import { createDocument, createDocumentType, giveAccessCode, uploadOrganizationFile } from '../../factories.js';
import type { TestContext } from '../../harness.js';
import { documentTypes } from '../../../db/schema/index.js';
import {
  MATRIX_ACCESS_CODE,
  MEMBERS,
  fresh,
  once,
  row,
  type ActorName,
  type Cell,
  type Case,
  type Fixture,
} from '../matrix.js';

/** The callers whose document writes succeed: they get documents of their own. */
const WRITES_DOCUMENTS: readonly ActorName[] = ['sa', 'admin', 'hrLimited'];

/**
 * A document of organization A by the Admin, whose reviewer is `user` (related only: no document
 * permission, yet theirs to see); `related: false` leaves user out. Reads share the fixture's
 * documents; a write gets a new document for the callers it succeeds for (the Admins).
 */
async function documentInA(cell: Cell, related = true) {
  const { t, f, actor, route } = cell;
  if (route.method === 'GET' || route.method === 'HEAD' || !WRITES_DOCUMENTS.includes(actor)) {
    return related ? f.documents.related : f.documents.unrelated;
  }
  const admin = { id: f.ids.admin, headers: f.sessions.admin };
  const doc = await createDocument(t.app, t.db, admin, f.orgA, related ? { reviewerIds: [f.ids.user] } : {});
  return doc as unknown as { id: string; fileId: string };
}

/** A document of A whose controlled file is a PDF and whose reviewer is `user` (made once). */
function pdfDocumentInA({ t, f }: Cell): Promise<string> {
  return once(f, 'pdf document', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const admin = { id: f.ids.admin, headers: f.sessions.admin };
    const fileId = await uploadOrganizationFile(
      t.app,
      f.sessions.admin,
      f.orgA,
      'procedure.pdf',
      Buffer.from(await pdf.save()),
    );
    const doc = await createDocument(t.app, t.db, admin, f.orgA, { fileId, reviewerIds: [f.ids.user] });
    return doc.id;
  });
}

/** General of a new revision or document of A (a new file of A's each time). */
async function generalOfA(t: TestContext, f: Fixture, revision = 1) {
  return {
    organizationId: f.orgA,
    typeId: (await createDocumentType(t.db, f.orgA)).id,
    submitterId: f.ids.admin,
    name: fresh('Procedure'),
    revision,
    revisionDescription: 'Issue',
    reasonForChange: 'Why',
    fileId: await uploadOrganizationFile(t.app, f.sessions.admin, f.orgA),
  };
}

/** Documents: their tabs and writes, signing a revision, controlled copies and history (their exports: exports.ts). */
export const documentCases: Case[] = [
  // Signing a document revision: only its named reviewer (approver), here user; a new document per cell
  {
    routes: ['POST /api/v1/documents/:documentId/reviews'],
    note: 'user is the named reviewer',
    expected: { ...row(401, 403, 403, 403, 201, 422, 404), client: 404 },
    request: async ({ f, t }) => {
      const by = { id: f.ids.admin, headers: f.sessions.admin };
      const doc = await createDocument(t.app, t.db, by, f.orgA, { reviewerIds: [f.ids.user] });
      return { params: { documentId: doc.id }, payload: { organizationId: f.orgA, revision: 1, status: 0 } };
    },
  },
  {
    routes: ['POST /api/v1/documents/:documentId/approvals'],
    note: 'user is the named approver, with an access code',
    expected: { ...row(401, 403, 403, 403, 201, 422, 404), client: 404 },
    request: async ({ f, t }) => {
      const by = { id: f.ids.admin, headers: f.sessions.admin };
      const doc = await createDocument(t.app, t.db, by, f.orgA, { approverIds: [f.ids.user] });
      return {
        params: { documentId: doc.id },
        payload: { organizationId: f.orgA, revision: 1, status: 0, accessCode: MATRIX_ACCESS_CODE },
      };
    },
  },
  {
    routes: ['POST /api/v1/documents/:documentId/periodic-review'],
    note: "'Reviewed, no change' of a released document of a type with an interval whose responsible is user",
    expected: { ...row(401, 403, 403, 403, 200, 422, 404), client: 404 },
    request: async ({ f, t }) => {
      const by = { id: f.ids.admin, headers: f.sessions.admin };
      const typeId = (await createDocumentType(t.db, f.orgA)).id;
      await t.db.update(documentTypes).set({ reviewIntervalMonths: 12 }).where(eq(documentTypes.id, typeId));
      const doc = await createDocument(t.app, t.db, by, f.orgA, { typeId, submitterId: f.ids.user });
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/documents/${doc.id}/revision`,
        headers: f.sessions.admin,
        payload: { organizationId: f.orgA, revision: 1, reason: 'Released' },
      });
      return {
        params: { documentId: doc.id },
        payload: { organizationId: f.orgA, reason: 'Still right', accessCode: MATRIX_ACCESS_CODE },
      };
    },
  },
  // Documents: user56 has 11 (view all) without section switches or edit rights; user is related only
  {
    routes: ['GET /api/v1/documents', 'GET /api/v1/documents/available'],
    expected: MEMBERS(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/documents/:documentId'],
    note: 'a document whose reviewer is user; without a section switch its fields are left out',
    expected: { ...row(401, 200, 200, 200, 200, 422, 404), client: 404 },
    request: async (cell, { f } = cell) => ({
      params: { documentId: (await documentInA(cell)).id },
      query: { organizationId: f.orgA },
    }),
  },
  {
    routes: ['GET /api/v1/documents/:documentId/general'],
    note: 'user56 may not view the General section (34); user reviews it',
    expected: { ...row(401, 200, 200, 403, 200, 422, 404), client: 404 },
    request: async (cell, { f } = cell) => ({
      params: { documentId: (await documentInA(cell)).id },
      query: { organizationId: f.orgA },
    }),
  },
  {
    routes: ['GET /api/v1/documents/:documentId'],
    note: 'a document user is not related to',
    expected: row(401, 200, 200, 200, 404, 422, 404),
    request: async (cell, { f } = cell) => ({
      params: { documentId: (await documentInA(cell, false)).id },
      query: { organizationId: f.orgA },
    }),
  },
  {
    routes: ['POST /api/v1/documents'],
    expected: row(401, 201, 201, 403, 403, 422, 404),
    request: async (cell, { f, t } = cell) => ({ payload: await generalOfA(t, f) }),
  },
  {
    routes: ['PUT /api/v1/documents/:documentId/general'],
    note: 'a document whose reviewer is user',
    expected: row(401, 200, 200, 403, 403, 422, 404),
    request: async (cell, { f, t } = cell) => {
      const doc = await documentInA(cell, false);
      return { params: { documentId: doc.id }, payload: { ...(await generalOfA(t, f)), name: fresh('Renamed') } };
    },
  },
  {
    routes: ['PUT /api/v1/documents/:documentId/revision'],
    expected: row(401, 200, 200, 403, 403, 422, 404),
    request: async (cell, { f, t } = cell) => ({
      params: { documentId: (await documentInA(cell)).id },
      payload: await generalOfA(t, f, 2),
    }),
  },
  {
    routes: ['PATCH /api/v1/documents/:documentId/revision'],
    note: 'set as final a document without signers',
    expected: row(401, 200, 200, 403, 403, 422, 404),
    request: async (cell, { f } = cell) => ({
      params: { documentId: (await documentInA(cell, false)).id },
      payload: { organizationId: f.orgA, revision: 1, reason: 'Released' },
    }),
  },
  {
    routes: ['DELETE /api/v1/documents/:documentId/revision'],
    note: 'the second revision of a document',
    expected: row(401, 200, 200, 403, 403, 422, 404),
    request: async (cell, { f, t } = cell) => {
      const doc = await documentInA(cell);
      // The shared documents (of the callers refused) keep their one revision.
      if (WRITES_DOCUMENTS.includes(cell.actor)) {
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/documents/${doc.id}/revision`,
          headers: f.sessions.admin,
          payload: await generalOfA(t, f, 2),
        });
      }
      return { params: { documentId: doc.id }, query: { organizationId: f.orgA, revision: '2' } };
    },
  },
  {
    routes: [
      'GET /api/v1/documents/:documentId/quality-tasks',
      'GET /api/v1/documents/:documentId/references',
      'GET /api/v1/documents/:documentId/approvals',
    ],
    note: 'tabs neither user56 (no section switch) nor user (a reviewer) may view',
    expected: { ...row(401, 200, 200, 403, 403, 422, 404), client: 404 },
    request: async (cell, { f } = cell) => ({
      params: { documentId: (await documentInA(cell)).id },
      query: { organizationId: f.orgA },
    }),
  },
  {
    routes: ['GET /api/v1/documents/:documentId/periodic-review'],
    note: 'a document whose reviewer is user',
    expected: { ...row(401, 200, 200, 200, 200, 422, 404), client: 404 },
    request: async (cell, { f } = cell) => ({
      params: { documentId: (await documentInA(cell)).id },
      query: { organizationId: f.orgA },
    }),
  },
  {
    routes: ['GET /api/v1/documents/:documentId/reviews'],
    note: 'the Review tab is always its reviewer’s',
    expected: { ...row(401, 200, 200, 403, 200, 422, 404), client: 404 },
    request: async (cell, { f } = cell) => ({
      params: { documentId: (await documentInA(cell)).id },
      query: { organizationId: f.orgA },
    }),
  },
  {
    routes: ['PUT /api/v1/documents/:documentId/quality-tasks'],
    expected: { ...row(401, 200, 200, 403, 403, 422, 404), client: 404 },
    request: async (cell, { f } = cell) => ({
      params: { documentId: (await documentInA(cell)).id },
      payload: { organizationId: f.orgA, revision: 1, reviewerIds: [f.ids.user, f.ids.user56], approverIds: [] },
    }),
  },
  {
    routes: ['PUT /api/v1/documents/:documentId/references'],
    expected: row(401, 200, 200, 403, 403, 422, 404),
    request: async (cell, { f } = cell) => ({
      params: { documentId: (await documentInA(cell)).id },
      payload: { organizationId: f.orgA, revision: 1, newReferences: [{ link: 'https://example.test' }] },
    }),
  },
  {
    routes: ['DELETE /api/v1/documents'],
    expected: row(401, 200, 200, 403, 403, 422, 404),
    request: async (cell, { f } = cell) => ({
      query: { organizationId: f.orgA, documentIds: (await documentInA(cell)).id },
    }),
  },
  {
    routes: ['POST /api/v1/documents/:documentId/withdrawal'],
    note: 'a document the Admin released (set as final); the right to delete it or to approve it, and the caller’s access code',
    expected: { ...row(401, 200, 200, 403, 403, 422, 404), client: 404 },
    request: async (cell, { f, t } = cell) => {
      const writes = WRITES_DOCUMENTS.includes(cell.actor);
      await once(f, 'withdrawing access codes', () =>
        Promise.all(WRITES_DOCUMENTS.map((actor) => giveAccessCode(t.db, f.ids[actor], MATRIX_ACCESS_CODE))),
      );
      // Set as final needs a document without signers; the refused callers get the shared one they see.
      const doc = await documentInA(cell, !writes);
      if (writes) {
        await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/documents/${doc.id}/revision`,
          headers: f.sessions.admin,
          payload: { organizationId: f.orgA, revision: 1, reason: 'Released' },
        });
      }
      return {
        params: { documentId: doc.id },
        payload: { organizationId: f.orgA, reason: 'Replaced', accessCode: MATRIX_ACCESS_CODE },
      };
    },
  },
  {
    routes: [
      'GET /api/v1/documents/:documentId/file/:fileId',
      'GET /api/v1/documents/:documentId/file/:fileId/content',
    ],
    note: 'the controlled file of a document whose reviewer is user; a General section file, not for user56',
    expected: { ...row(401, 200, 200, 404, 200, 422, 404), client: 404 },
    request: async (cell, { f } = cell) => {
      const doc = await documentInA(cell);
      return { params: { documentId: doc.id, fileId: doc.fileId }, query: { organizationId: f.orgA } };
    },
  },
  // Controlled copies and history (document-exports.routes.ts)
  {
    routes: ['GET /api/v1/documents/:documentId/controlled-copy'],
    note: 'a PDF document whose reviewer is user; the General section, not for user56',
    expected: { ...row(401, 200, 200, 403, 200, 422, 404), client: 404 },
    request: async (cell, { f } = cell) => ({
      params: { documentId: await pdfDocumentInA(cell) },
      query: { organizationId: f.orgA },
    }),
  },
  {
    routes: ['GET /api/v1/documents/:documentId/history'],
    note: 'General is always its reviewer’s; user56 has no General switch',
    expected: { ...row(401, 200, 200, 403, 200, 422, 404), client: 404 },
    request: async (cell, { f } = cell) => ({
      params: { documentId: (await documentInA(cell)).id },
      query: { organizationId: f.orgA },
    }),
  },
];
