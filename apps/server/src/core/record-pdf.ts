import { once } from 'node:events';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import yazl from 'yazl';
import { safePathPart, uniqueEntryName } from './archive.js';
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
}

// Names and texts come in seven languages (Greek and Cyrillic among them): a Unicode font.
const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
// Read once: a ZIP of PDFs opens a document per record. Controlled copies (core/pdf-stamp.ts) use them too.
export const FONT = fs.readFileSync(path.join(fontDir, 'DejaVuSans.ttf'));
export const BOLD = fs.readFileSync(path.join(fontDir, 'DejaVuSans-Bold.ttf'));

const MARGIN = 50;
/** The height of the band at the foot of every page that holds the footer and nothing else. */
export const FOOTER_BAND = MARGIN + 30;
/** A time as every export prints it: date, time to the second, and its time zone (always UTC). */
export const utc = (at: Date) => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/**
 * A document whose every page gets the footer (page number, export time, exporting person) as it
 * is added, so a long export streams without keeping its pages.
 */
function newDocument(head: PdfLetterhead): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: FOOTER_BAND },
    info: { Title: `${head.organizationName} export`, Author: head.exportedBy, CreationDate: head.exportedAt },
  });
  doc.registerFont('body', FONT).registerFont('bold', BOLD).font('body');
  let page = 0;
  const footer = () => {
    page += 1;
    const { x, y } = doc;
    // A page added in the middle of a text goes on with that text (pdfkit keeps its state in these
    // fields and has no getter): its font, size and colour, and, when the break came in a part
    // written with `continued` (a field's label), the line wrapper and options the rest of it
    // joins. The footer writes with none of them, or its line would be wrapped into that text
    // (a blank page, then the footer over the next page's first line), and gives them back after.
    const current = doc as unknown as {
      _font: unknown;
      _fontSize: number;
      _fillColor?: [PDFKit.Mixins.ColorValue, number];
      _wrapper: unknown;
      _textOptions: unknown;
    };
    const { _font: font, _fontSize: size, _fillColor: fill, _wrapper: wrapper, _textOptions: options } = current;
    current._wrapper = null;
    current._textOptions = null;
    const bottom = doc.page.height - FOOTER_BAND + 10;
    // Written below the bottom margin: lift the margin meanwhile, or the text would add a page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('body')
      .fontSize(8)
      .fillColor('#555555')
      .text(`Page ${page}  ·  Exported ${utc(head.exportedAt)} by ${head.exportedBy}`, MARGIN, bottom, {
        width: doc.page.width - 2 * MARGIN,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
    doc.fillColor(...(fill ?? (['black', 1] as const)));
    current._font = font;
    doc.fontSize(size);
    current._wrapper = wrapper;
    current._textOptions = options;
    doc.x = x;
    doc.y = y;
  };
  doc.on('pageAdded', footer);
  footer();
  return doc;
}

function writeLetterhead(doc: PDFKit.PDFDocument, head: PdfLetterhead) {
  const top = doc.y;
  if (head.logo) {
    try {
      doc.image(head.logo, MARGIN, top, { fit: [48, 48] });
      doc.x = MARGIN + 60;
    } catch {
      // A logo pdfkit cannot read (an SVG) is left out; the name still says whose records these are.
    }
  }
  doc
    .font('bold')
    .fontSize(14)
    .text(head.organizationName, doc.x, top + 14);
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, top + 56);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(doc.page.width - MARGIN, doc.y)
    .strokeColor('#cccccc')
    .stroke();
  doc.moveDown();
}

/** Starts a new page when less than `height` points are left, so a heading never ends a page. */
function keepTogether(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/** `Label: value` lines, the label in bold; an empty value prints as a dash. */
function writeFields(doc: PDFKit.PDFDocument, fields: PdfField[], size: number, width?: number) {
  for (const { label, value, alert } of fields) {
    doc
      .fillColor(alert ? '#b00000' : 'black')
      .font('bold')
      .fontSize(size)
      .text(`${label}: `, { continued: true, ...(width ? { width } : {}) });
    doc.font('body').text(value || '—', width ? { width } : {});
    doc.fillColor('black');
  }
}

function writeRecord(doc: PDFKit.PDFDocument, record: PdfRecord, head: PdfLetterhead) {
  writeLetterhead(doc, head);
  doc.font('bold').fontSize(13).text(record.title);
  doc.moveDown(0.5);
  writeFields(doc, record.fields, 10);
  doc.moveDown();
  for (const section of record.sections ?? []) {
    keepTogether(doc, 60);
    doc.font('bold').fontSize(11).text(section.heading);
    doc.moveDown(0.3);
    if (section.items.length === 0) doc.font('body').fontSize(9).text(section.empty);
    for (const item of section.items) {
      keepTogether(doc, 40);
      doc.font('bold').fontSize(9.5).text(item.title);
      doc.x = MARGIN + 12;
      writeFields(doc, item.fields, 9, doc.page.width - 2 * MARGIN - 12);
      doc.x = MARGIN;
      doc.moveDown(0.4);
    }
    doc.moveDown(0.6);
  }
  if (!record.history) return;
  keepTogether(doc, 60);
  doc.font('bold').fontSize(11).text('History');
  doc.moveDown(0.3);
  if (record.history.length === 0) doc.font('body').fontSize(9).text('No recorded changes.');
  for (const entry of record.history) {
    doc
      .font('body')
      .fontSize(9)
      .text(`${utc(entry.at)} — ${entry.who} — ${entry.what}${entry.changes ? `: ${entry.changes}` : ''}`)
      .moveDown(0.3);
  }
}

/** Every record in one PDF, one after another, each starting on its own page. */
export function singlePdfStream(records: AsyncIterable<PdfRecord>, head: PdfLetterhead): Readable {
  const doc = newDocument(head);
  const out = new PassThrough();
  doc.pipe(out);
  void (async () => {
    let first = true;
    try {
      for await (const record of records) {
        if (!first) doc.addPage();
        first = false;
        writeRecord(doc, record, head);
        await drained(out);
      }
      doc.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

/** One record's PDF, written as it is read (the archive's entries, a package's files). */
export function recordPdfStream(record: PdfRecord, head: PdfLetterhead): Readable {
  const doc = newDocument(head);
  writeRecord(doc, record, head);
  doc.end();
  return doc as unknown as Readable;
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
      for await (const record of records) {
        const doc = recordPdfStream(record, head);
        zip.addReadStream(doc, uniqueName(record.fileName, used), { mtime: head.exportedAt });
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
