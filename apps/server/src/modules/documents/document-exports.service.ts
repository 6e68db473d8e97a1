import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_DEFAULT_COLUMNS, type DocumentsExportQuery } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import { safePathPart, type ArchiveEntry } from '../../core/archive.js';
import { auditHistoryOf, countAuditHistory, recordAudit } from '../../core/audit.js';
import { namesOfHistory } from '../../core/history.js';
import { AppError } from '../../core/errors.js';
import { exportListQuery, pickColumns } from '../../core/exports.js';
import type { FileStorage } from '../../core/files.js';
import type { PdfRecord } from '../../core/record-pdf.js';
import type { ServiceContext } from '../../core/service-context.js';
import type { AppContext } from '../../core/context.js';
import type { DbOrTx } from '../../db/client.js';
import { defineRecordSource } from '../exports/record-exports.js';
import { storedSha256sOf } from '../uploads/file-integrity.js';
import { auditEvents, type DocumentSignerRole } from '../../db/schema/index.js';
import {
  listRevisionFilesOf,
  listSignaturesOf,
  listSignersOf,
  listVisibleRevisions,
  type VisibleRevisionRow,
} from './document-exports.repository.js';
import {
  controlledCopyStamp,
  documentCsvColumns,
  documentPdfRecord,
  presentHistoryEntry,
} from './document-exports.presenter.js';
import { authorize } from '../policies.js';
import { seesGeneralSection, viewableTabs } from './documents.policy.js';
import { documentExportRows, findVisibleRevisionFile, listDocuments } from './documents.repository.js';
import { findVisibleRevision, type DocumentDetailRecord } from './document-detail.repository.js';
import { revisionsVisibleTo } from './document-visibility.js';
import { DOCUMENTS_INFO_TYPE, revisionStateOf } from './document-states.js';

/** The list's selection of an export: checked rows, search, order, visible columns, document types, statuses. */
export type DocumentSelection = Omit<DocumentsExportQuery, 'organizationId'>;

/** The scope and list query of the selection, in the export's default order (spec 03 section 9). */
export function documentExportScope(access: OrganizationAccess, selection: DocumentSelection) {
  const { selectedIds, docTypeIds, statuses, ...rest } = selection;
  const { columns, query } = exportListQuery(rest, DOCUMENT_DEFAULT_COLUMNS);
  return { scope: { access, ids: selectedIds, typeIds: docTypeIds, statuses }, columns, query };
}

/** The selected (or matching) documents, one row each: the revision the person sees, read by keyset. */
export function documentRows(db: DbOrTx, access: OrganizationAccess, selection: DocumentSelection) {
  const { scope, query } = documentExportScope(access, selection);
  return documentExportRows(db, scope, query);
}

/** The documents CSV (GET /export/Documents, the inspection package): the picked columns and the list's rows. */
export function documentsCsv(db: DbOrTx, access: OrganizationAccess, selection: DocumentSelection) {
  return {
    columns: pickColumns(documentCsvColumns(access), documentExportScope(access, selection).columns),
    rows: documentRows(db, access, selection),
  };
}

/** How many documents an export would hold, counted no further than `max` (for the export threshold). */
export async function countDocumentRows(
  db: DbOrTx,
  access: OrganizationAccess,
  selection: DocumentSelection,
  max: number,
): Promise<number> {
  const { scope, query } = documentExportScope(access, selection);
  const { totalCount, totalCapped } = await listDocuments(db, scope, { ...query, limit: 1, offset: 0 });
  return totalCapped ? max : Math.min(totalCount, max);
}

/**
 * The document's audit events a person may read: all of them, but for someone who sees only the
 * released revisions of a document they are not related to, the events of those revisions and
 * of the document as a whole (events of drafts they may not open are left out).
 */
async function historyScope(db: DbOrTx, access: OrganizationAccess, rec: DocumentDetailRecord) {
  const organizationId = access.organization.id;
  let where: SQL | undefined;
  if (!rec.isParticipant && revisionsVisibleTo(access, sql`true`) !== undefined) {
    const visible = (await listVisibleRevisions(db, access, rec.id)).map((r) => r.revision);
    const revisionOf = sql`coalesce((${auditEvents.after}->>'revision')::int, (${auditEvents.before}->>'revision')::int)`;
    where = sql`(${revisionOf} is null or ${visible.length ? inArray(revisionOf, visible) : sql`false`})`;
  }
  return { organizationId, entityType: 'document', entityId: rec.id, where };
}

/** One document of an export as its PDF shows it, without the tabs the person may not view. */
export async function documentRecord(
  app: AppContext,
  access: OrganizationAccess,
  documentId: string,
  revision: number,
) {
  const { db } = app.database;
  const detail = await findVisibleRevision(db, access, documentId, revision);
  if (!detail) return undefined;
  const organizationId = access.organization.id;
  const me = access.actor.userId;
  const revisions = await listVisibleRevisions(db, access, documentId);
  const numbers = revisions.map((r) => r.revision);
  const signers = await listSignersOf(db, organizationId, documentId, numbers);
  const signatures = await listSignaturesOf(db, organizationId, documentId, numbers);
  const signedFileIds = revisions.filter((r) => signatures.some((s) => s.revision === r.revision)).map((r) => r.fileId);
  const storedSha256s = await storedSha256sOf(app, organizationId, signedFileIds);
  const named = (r: VisibleRevisionRow, role: DocumentSignerRole) =>
    signers.some((s) => s.revision === r.revision && s.role === role && s.userId === me);
  const tabs = new Map(
    revisions.map((r) => {
      const state = { ...detail, ...r, isReviewer: named(r, 'reviewer'), isApprover: named(r, 'approver') };
      return [r.revision, viewableTabs(access, revisionStateOf(state, me))];
    }),
  );
  const { general } = viewableTabs(access, revisionStateOf(detail, me));
  const history = general ? await auditHistoryOf(db, await historyScope(db, access, detail)) : [];
  return documentPdfRecord(organizationId, {
    detail,
    revisions,
    signers,
    signatures,
    storedSha256s,
    history,
    names: await namesOfHistory(db, organizationId, history),
    tabsOf: (n) => tabs.get(n)!,
  });
}

/**
 * The documents of the 'Single PDF' and 'PDF archive' exports: the list's visible rows, each with
 * its fields, revisions, signers, signatures, references and audit history. (The shape of a
 * record source: a background export can read the same records.)
 */
export async function* documentPdfRecords(
  app: AppContext,
  access: OrganizationAccess,
  selection: DocumentSelection,
): AsyncIterable<PdfRecord> {
  for await (const row of documentRows(app.database.db, access, selection)) {
    const record = await documentRecord(app, access, row.id, row.revision);
    // Deleted between the list's read and this one: left out.
    if (record) yield record;
  }
}

/**
 * The documents as the record source of the 'Single PDF' and 'PDF archive' exports
 * (modules/exports/record-exports.ts): small exports stream, larger ones are made by the
 * background job as the requester, with the same records.
 */
export const documentRecords = defineRecordSource({
  name: 'documents',
  label: 'Documents',
  infoType: DOCUMENTS_INFO_TYPE,
  policy: 'document.view',
  count: countDocumentRows,
  records: documentPdfRecords,
});

/**
 * The files of the attachments export: for each selected (or matching) document whose General
 * section the person may view, the controlled file and the extra files of the revision the person
 * sees (the effective one), and with `includePending` of its pending revision too, in a folder
 * named by System # and name, each file's revision in its name. Bytes are opened one file at a
 * time, when the ZIP reaches it.
 */
export async function* documentAttachmentEntries(
  db: DbOrTx,
  storage: FileStorage,
  access: OrganizationAccess,
  { includePending, ...selection }: DocumentSelection & { includePending?: boolean | undefined },
): AsyncIterable<ArchiveEntry> {
  const organizationId = access.organization.id;
  for await (const row of documentRows(db, access, selection)) {
    if (!seesGeneralSection(access, row)) continue;
    const folder = safePathPart(`${row.number} ${row.name}`, 120);
    const revisions = [row.revision, ...(includePending && row.pendingRevision ? [row.pendingRevision.revision] : [])];
    for (const revision of revisions) {
      for (const file of await listRevisionFilesOf(db, organizationId, row.id, revision)) {
        const dot = file.originalName.lastIndexOf('.');
        const [base, extension] =
          dot > 0 ? [file.originalName.slice(0, dot), file.originalName.slice(dot)] : [file.originalName, ''];
        const pending = revision === row.revision ? '' : ', pending';
        const name = safePathPart(`${base} (rev ${revision}${pending})${extension}`);
        yield {
          path: file.position === 0 ? `${folder}/${name}` : `${folder}/Extra files/${name}`,
          open: () => storage.read(file.storageKey),
        };
      }
    }
  }
}

/**
 * A page of the document's audit trail (404 when the person may not see it; 403 without its
 * General tab), without the values of the other tabs the person may not view.
 */
export async function documentHistoryPage(
  db: DbOrTx,
  access: OrganizationAccess,
  documentId: string,
  page: { limit: number; offset: number },
) {
  const rec = await findVisibleRevision(db, access, documentId);
  if (!rec) throw AppError.notFound();
  const state = revisionStateOf(rec, access.actor.userId);
  authorize(access, 'document.viewTab.general', state);
  const scope = await historyScope(db, access, rec);
  const rows = await auditHistoryOf(db, scope).limit(page.limit).offset(page.offset);
  const tabs = viewableTabs(access, state);
  const names = await namesOfHistory(db, access.organization.id, rows);
  return {
    entries: rows.map((row) => presentHistoryEntry(row, tabs, names)),
    totalCount: await countAuditHistory(db, scope),
  };
}

/**
 * A controlled copy of a revision's controlled file (the person's default revision when none is
 * given; 403 without the revision's General tab): the stored PDF read whole (at most the 30 MB of
 * an upload), stamped on every page with its state, identity, downloader and time, with the
 * revision's signatures appended; the stored original is never written. The copy is audited
 * ('controlledCopy': who, which revision, the state printed). Answers the copy's bytes and file
 * name.
 */
export async function makeControlledCopy(
  ctx: ServiceContext,
  person: { firstName: string | null; lastName: string | null; email: string },
  documentId: string,
  revision: number | undefined,
) {
  const { access, app } = ctx;
  const { db } = app.database;
  const rec = await findVisibleRevision(db, access, documentId, revision);
  if (!rec) throw AppError.notFound();
  authorize(access, 'document.viewTab.general', revisionStateOf(rec, access.actor.userId));
  const file = await findVisibleRevisionFile(db, access, documentId, rec.fileId, rec.revision);
  if (!file) throw AppError.notFound();
  if (file.contentType !== 'application/pdf') throw AppError.badRequest('controlledCopyPdfOnly');
  const original = await buffer(await app.storage.read(file.storageKey));
  const fileSha256 = createHash('sha256').update(original).digest('hex');
  const signatures = await listSignaturesOf(db, access.organization.id, documentId, [rec.revision]);
  const now = new Date();
  const stamp = controlledCopyStamp(rec, signatures, { by: person, at: now, fileSha256 });
  // pdf-lib loads with the first controlled copy, not when the server starts (docs/performance.md, start-up).
  const { stampPdf, UnreadablePdf } = await import('../../core/pdf-stamp.js');
  let bytes: Uint8Array;
  try {
    bytes = await stampPdf(new Uint8Array(original), stamp);
  } catch (error) {
    if (error instanceof UnreadablePdf) throw AppError.badRequest('controlledCopyUnreadable');
    throw error;
  }
  await db.transaction((tx) =>
    recordAudit(tx, ctx.audit, {
      organizationId: access.organization.id,
      infoType: DOCUMENTS_INFO_TYPE,
      action: 'controlledCopy',
      entityType: 'document',
      entityId: documentId,
      after: { revision: rec.revision, state: stamp.state, fileId: rec.fileId, fileSha256 },
    }),
  );
  const base = rec.file.fileName.replace(/\.pdf$/i, '');
  return { bytes, fileName: `${base} (rev ${rec.revision}, controlled copy).pdf` };
}
