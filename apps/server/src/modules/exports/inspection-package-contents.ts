import type { z } from 'zod';
import {
  DOCUMENT_STATUSES,
  ZActionsExportQuery,
  ZDocumentsExportQuery,
  ZHrExportQuery,
  ZTrainingsExportQuery,
} from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import { safePathPart } from '../../core/archive.js';
import { verifyAuditChain } from '../../core/audit.js';
import type { AppContext } from '../../core/context.js';
import { csvStream, type CsvColumn } from '../../core/exports.js';
import type { ManifestedZip } from '../../core/manifested-zip.js';
import { recordPdfStream, type PdfLetterhead, type PdfRecord } from '../../core/record-pdf.js';
import { actionRecords, actionsCsv } from '../actions/action-records.js';
import { listRevisionFilesOf, listVisibleRevisions } from '../documents/document-exports.repository.js';
import { documentRecord, documentRows, documentsCsv } from '../documents/document-exports.service.js';
import { organizationSignatures, SIGNATURE_MANIFEST_COLUMNS } from '../documents/signature-manifest.js';
import { hrRecordSource, hrRecordsCsv } from '../hr-records/hr-record-exports.js';
import { trainingRecordSource, trainingsCsv } from '../training-records/training-exports.js';
import { organizationLogRows } from './exports.repository.js';
import { organizationLogCsv } from './exports.service.js';
import { inspectionPackageReadme } from './inspection-package-readme.js';
import { ZRecordSelection, type RecordSource } from './record-exports.js';

/**
 * What the inspection package holds (docs/api.md, "The inspection package"), composed of the
 * exports each list already makes: its CSV (all rows, the list's default columns) and one record
 * PDF per record; each document's folder with every revision's controlled and extra files; the
 * audit trail as the logs export writes it; the signatures manifest; README.pdf. Everything is
 * read by keyset and written entry by entry: one record or file at a time is in memory.
 */

export interface PackageCounts {
  documents: number;
  revisions: number;
  files: number;
  actions: number;
  trainings: number;
  hrRecords: number;
  auditEvents: number;
  signatures: number;
  signaturesMatching: number;
}

interface Writer {
  ctx: AppContext;
  access: OrganizationAccess;
  zip: ManifestedZip;
  head: PdfLetterhead;
  counts: PackageCounts;
}

/** A list's whole selection: no checked rows, no search, its default columns and order. */
function wholeList<T extends { organizationId: string }>(schema: z.ZodType<T>, organizationId: string) {
  const { organizationId: _organizationId, ...selection } = schema.parse({ organizationId });
  return selection;
}

async function* counted<T>(rows: AsyncIterable<T>, count: (row: T) => void): AsyncIterable<T> {
  for await (const row of rows) {
    count(row);
    yield row;
  }
}

function addCsv<T>(
  w: Writer,
  path: string,
  csv: { columns: CsvColumn<T>[]; rows: AsyncIterable<T> },
  count: (row: T) => void,
) {
  return w.zip.add({ path, open: () => csvStream(csv.columns, counted(csv.rows, count)) });
}

const addPdf = (w: Writer, folder: string, record: PdfRecord) =>
  w.zip.add({ path: `${folder}/${safePathPart(record.fileName)}.pdf`, open: () => recordPdfStream(record, w.head) });

/** A list of records: its CSV, then a PDF per record, in the list's folder. */
async function addList<T>(
  w: Writer,
  folder: string,
  csv: { columns: CsvColumn<T>[]; rows: AsyncIterable<T> },
  count: () => void,
  source: RecordSource,
) {
  await addCsv(w, `${folder}/${folder}.csv`, csv, count);
  for await (const record of source.records(w.ctx, w.access, ZRecordSelection.parse({})))
    await addPdf(w, folder, record);
}

/**
 * Documents: the list's CSV, then a folder per document (System # and name) with its record PDF and
 * a folder per revision holding its controlled file and, under 'Extra files', the others, their
 * bytes as stored (not compressed again).
 */
async function addDocuments(w: Writer) {
  const { ctx, access, counts } = w;
  const { db } = ctx.database;
  const organizationId = access.organization.id;
  // Every document, the withdrawn (Obsolete) ones too: the list leaves those out by default.
  const selection = { ...wholeList(ZDocumentsExportQuery, organizationId), statuses: [...DOCUMENT_STATUSES] };
  await addCsv(w, 'Documents/Documents.csv', documentsCsv(db, access, selection), () => (counts.documents += 1));
  for await (const row of documentRows(db, access, selection)) {
    const record = await documentRecord(ctx, access, row.id, row.revision);
    // Deleted since the list was read.
    if (!record) continue;
    const folder = `Documents/${safePathPart(`${row.number} ${row.name}`, 120)}`;
    await addPdf(w, folder, record);
    const revisions = await listVisibleRevisions(db, access, row.id);
    for (const { revision } of revisions.reverse()) {
      counts.revisions += 1;
      for (const file of await listRevisionFilesOf(db, organizationId, row.id, revision)) {
        counts.files += 1;
        const name = safePathPart(file.originalName);
        await w.zip.add({
          path: `${folder}/Revision ${revision}/${file.position === 0 ? '' : 'Extra files/'}${name}`,
          open: () => ctx.storage.read(file.storageKey),
          compress: false,
          stored: true,
        });
      }
    }
  }
}

/** The organization's whole audit trail as the logs export writes it, its chain's verification last. */
async function addAuditTrail(w: Writer) {
  const { db } = w.ctx.database;
  const events = organizationLogRows(db, {
    from: new Date(0),
    until: new Date(8.64e15),
    organizationIds: [],
    infoTypes: [],
    wholeChainOf: w.access.organization.id,
  });
  const { id, name } = w.access.organization;
  const csv = organizationLogCsv(db, events, [{ chainKey: id, organizationName: name }]);
  await w.zip.add({ path: 'Audit trail.csv', open: () => csv.file });
  w.counts.auditEvents = csv.count();
}

/** Writes the package's entries into `zip` (not its manifest) and answers what it holds. */
export async function writeInspectionPackage(
  ctx: AppContext,
  access: OrganizationAccess,
  zip: ManifestedZip,
  head: PdfLetterhead,
): Promise<PackageCounts> {
  const counts: PackageCounts = {
    documents: 0,
    revisions: 0,
    files: 0,
    actions: 0,
    trainings: 0,
    hrRecords: 0,
    auditEvents: 0,
    signatures: 0,
    signaturesMatching: 0,
  };
  const w: Writer = { ctx, access, zip, head, counts };
  const { db } = ctx.database;
  const organizationId = access.organization.id;
  await addDocuments(w);
  const actions = actionsCsv(db, access, wholeList(ZActionsExportQuery, organizationId));
  await addList(w, 'Actions', actions, () => (counts.actions += 1), actionRecords);
  const trainings = trainingsCsv(db, access, wholeList(ZTrainingsExportQuery, organizationId));
  await addList(w, 'Trainings', trainings, () => (counts.trainings += 1), trainingRecordSource);
  const hrRecords = hrRecordsCsv(db, access, wholeList(ZHrExportQuery, organizationId));
  await addList(w, 'HR records', hrRecords, () => (counts.hrRecords += 1), hrRecordSource);
  await addCsv(
    w,
    'Signatures.csv',
    { columns: SIGNATURE_MANIFEST_COLUMNS, rows: organizationSignatures(ctx, organizationId) },
    (s) => {
      counts.signatures += 1;
      if (s.matches) counts.signaturesMatching += 1;
    },
  );
  await addAuditTrail(w);
  const chain = await verifyAuditChain(db, organizationId);
  const readme = inspectionPackageReadme(head, counts, chain, zip.entries + 1);
  await zip.add({ path: 'README.pdf', open: () => recordPdfStream(readme, head) });
  return counts;
}
