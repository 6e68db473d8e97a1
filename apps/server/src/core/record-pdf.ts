import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';
import yazl from 'yazl';
import { addStreamEntry, safePathPart, uniqueEntryName } from './archive.js';
import { nonEmpty } from './exports.js';
import { attachmentHeader } from './files.js';

/** One record as an auditor reads it: its fields, its parts (sections), then who changed what and when. */
export interface PdfRecord {
  title: string;
  /** The record's PDF in an archive: system number and name. */
  fileName: string;
  fields: PdfField[];
  /** Lists of the record's parts (a document's revisions, signatures, references), after its fields. */
  sections?: PdfSection[];
  /** Left out for a document that is no record (a package's README): no History heading. */
  history?: { at: Date; who: string; what: string; changes: string }[];
}

/** A heading and its items, each a title line with its own fields; `empty` when there is none. */
export interface PdfSection {
  heading: string;
  items: { title: string; fields: PdfField[] }[];
  empty: string;
}

/** A `label: value` line; `alert` prints it in red (what an auditor must not miss). */
export interface PdfField {
  label: string;
  value: string;
  alert?: boolean;
}

/** What every page carries: whose records, and who exported them when. */
export interface PdfLetterhead {
  organizationName: string;
  /** PNG or JPEG bytes of the organization's logo, if it has one pdfkit can draw. */
  logo: Buffer | null;
  exportedBy: string;
  exportedAt: Date;
  /** The exporting person's language: the PDF's /Lang (a screen reader's voice for its texts). */
  language: string;
}

/** A time as every export prints it: date, time to the second, and its time zone (always UTC). */
export const utc = (at: Date) => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/**
 * The drawing (core/record-pdf-writer.ts), and pdfkit and fontkit with it, load with the first PDF
 * made, not when the server starts (docs/performance.md, start-up).
 */
const pdfWriter = () => import('./record-pdf-writer.js');

/**
 * The letterhead with its logo as an archival PDF holds it (core/pdf-image.ts); one it cannot read
 * is left out. Made once per export: `recordPdfStream` takes the letterhead made here.
 */
export async function archivalHead(head: PdfLetterhead): Promise<PdfLetterhead> {
  const { archivalImage } = await import('./pdf-image.js');
  return { ...head, logo: head.logo && (await archivalImage(head.logo).catch(() => null)) };
}

/** Every record in one PDF, one after another, each starting on its own page. */
export function singlePdfStream(records: AsyncIterable<PdfRecord>, head: PdfLetterhead): Readable {
  const out = new PassThrough();
  void (async () => {
    let first = true;
    try {
      const { newDocument, writeRecord } = await pdfWriter();
      const pdf = newDocument(head, `${head.organizationName} export`);
      pdf.doc.pipe(out);
      const letterhead = await archivalHead(head);
      for await (const record of records) {
        if (!first) pdf.doc.addPage();
        first = false;
        writeRecord(pdf, record, letterhead);
        await drained(out);
      }
      pdf.doc.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

/** One record's PDF, written as it is read (the archive's entries, a package's files); `head` from `archivalHead`. */
export async function recordPdfStream(record: PdfRecord, head: PdfLetterhead): Promise<Readable> {
  const { newDocument, writeRecord } = await pdfWriter();
  const pdf = newDocument(head, record.title);
  writeRecord(pdf, record, head);
  pdf.doc.end();
  return pdf.doc as unknown as Readable;
}

/**
 * A ZIP with one PDF per record, written as the records are read: the next record's document is
 * made only when the ZIP has taken the previous one whole, so one PDF at a time is in memory.
 */
export function pdfArchiveStream(records: AsyncIterable<PdfRecord>, head: PdfLetterhead): Readable {
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  void (async () => {
    const used = new Set<string>();
    try {
      const letterhead = await archivalHead(head);
      for await (const record of records) {
        const doc = await recordPdfStream(record, letterhead);
        addStreamEntry(zip, doc, uniqueName(record.fileName, used), { mtime: head.exportedAt });
        await finished(doc);
      }
      zip.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

/** Waits while the client reads slower than records are written, so memory stays flat. */
async function drained(out: PassThrough) {
  while (out.writableNeedDrain && !out.destroyed) await once(out, 'drain');
}

/** Entry names are the record's, made safe for any file system and never repeated. */
const uniqueName = (fileName: string, used: Set<string>) => uniqueEntryName(safePathPart(fileName), 'pdf', used);

/**
 * Sends records as one PDF or as a ZIP of PDFs; nothing to export answers 400 'No records to
 * export' before any byte is sent, as for CSV.
 */
export async function sendRecordsExport(
  reply: FastifyReply,
  format: 'pdf' | 'zip',
  fileName: string,
  records: AsyncIterable<PdfRecord>,
  head: PdfLetterhead,
) {
  const all = await nonEmpty(records);
  return reply
    .header('content-type', format === 'pdf' ? 'application/pdf' : 'application/zip')
    .header('content-disposition', attachmentHeader(fileName))
    .header('cache-control', 'no-store')
    .send(format === 'pdf' ? singlePdfStream(all, head) : pdfArchiveStream(all, head));
}
