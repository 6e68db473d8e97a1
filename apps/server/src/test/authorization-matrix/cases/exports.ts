import { exportFiles, organizationFiles } from '../../../db/schema/index.js';
import { newId } from '../../../core/ids.js';
import type { TestContext } from '../../harness.js';
import { ADMINS_ONLY, MEMBERS, row, trainingInA, type ActorName, type Case, type Fixture } from '../matrix.js';

/** A generated export file of `owner`'s in A (a large PDF export, as its job stores it). */
async function exportFileInA(t: TestContext, f: Fixture, owner: ActorName): Promise<string> {
  const fileId = newId();
  const storageKey = `exports/${f.orgA}/${fileId}.pdf`;
  const bytes = Buffer.from('%PDF-1.7 matrix');
  await t.app.ctx.storage.put(storageKey, bytes);
  await t.db.insert(organizationFiles).values({
    organizationId: f.orgA,
    id: fileId,
    storageKey,
    originalName: 'Tasks.pdf',
    contentType: 'application/pdf',
    sizeBytes: bytes.length,
    sha256: 'a'.repeat(64),
    uploadedBy: f.ids[owner],
  });
  await t.db.insert(exportFiles).values({
    organizationId: f.orgA,
    fileId,
    source: 'actions',
    format: 'pdf',
    recordCount: 1,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return fileId;
}

/**
 * The exports of the record lists (CSV, single PDF, PDF archive) and their stored files. They run
 * on a fixture of their own: each export holds every record its caller may see, and in the area
 * files the cells before it would have added dozens (a PDF each). The training cells come last:
 * each training assigns an action, which the actions' export would hold.
 */
export const exportCases: Case[] = [
  // HR records: the Admins' and the SuperAdmin's only
  {
    routes: [
      'GET /api/v1/export/human-resource-records',
      'GET /api/v1/export/one-human-resource-record',
      'GET /api/v1/export/many-human-resource-records',
    ],
    expected: { ...ADMINS_ONLY(200), hrLimited: 403 },
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  // Actions, and the stored file of a large export
  {
    routes: ['GET /api/v1/export/Tasks', 'GET /api/v1/export/one-task', 'GET /api/v1/export/many-Tasks'],
    note: 'with an action assigned to each member',
    expected: { ...MEMBERS(200), client: 400 },
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/export/files/:fileId'],
    note: "a large export of user's: only its requester downloads it",
    expected: { ...row(401, 404, 404, 404, 200, 422, 404), client: 404 },
    request: async ({ f, t }) => ({
      params: { fileId: await exportFileInA(t, f, 'user') },
      query: { organizationId: f.orgA },
    }),
  },
  {
    routes: ['GET /api/v1/export/files/:fileId'],
    note: "a large export of the SuperAdmin's",
    expected: row(401, 200, 404, 404, 404, 422, 404),
    request: async ({ f, t }) => ({
      params: { fileId: await exportFileInA(t, f, 'sa') },
      query: { organizationId: f.orgA },
    }),
  },
  // Documents (document-exports.routes.ts)
  {
    routes: ['GET /api/v1/export/Documents', 'GET /api/v1/export/one-document', 'GET /api/v1/export/many-Documents'],
    note: 'user sees the document they review; user56 every document',
    expected: { ...MEMBERS(200), client: 400 },
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['GET /api/v1/export/document-attachments'],
    note: 'the type of the document user reviews; user56 may see no General section: nothing to export',
    expected: { ...MEMBERS(200), user56: 400, client: 400 },
    request: (cell, { f } = cell) => ({
      query: { organizationId: f.orgA, docTypeIds: f.documents.related.typeId },
    }),
  },
  // Training records
  {
    routes: [
      'GET /api/v1/export/training-records',
      'GET /api/v1/export/one-training-record',
      'GET /api/v1/export/many-training-records',
    ],
    note: 'a training assigned to user, checked: user56 may not see it, so has nothing to export',
    expected: { ...row(401, 200, 200, 400, 200, 422, 404), client: 400 },
    request: async (cell) => ({
      query: { organizationId: cell.f.orgA, selectedIds: (await trainingInA(cell, cell.f.ids.user)).id },
    }),
  },
];
