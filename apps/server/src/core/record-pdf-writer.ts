import {
  archivalPdf,
  artifact,
  group,
  LABELS_LANGUAGE,
  tagged,
  writeFooter,
  type ArchivalPdf,
} from './pdf-document.js';
import { utc, type PdfField, type PdfLetterhead, type PdfRecord } from './record-pdf.js';

/**
 * How a record is drawn as a page of an archival PDF (core/record-pdf.ts makes the files). A module
 * of its own with pdfkit and fontkit behind it: loaded with the first PDF made, not when the server
 * starts (docs/performance.md, start-up).
 */

const MARGIN = 50;
/** The height of the band at the foot of every page that holds the footer and nothing else. */
export const FOOTER_BAND = MARGIN + 30;

/** The words Qualis prints itself (labels, headings): a screen reader reads them as English. */
const LABEL = { lang: LABELS_LANGUAGE };

/**
 * A document whose every page gets the footer (page number, export time, exporting person) as it
 * is added, so a long export streams without keeping its pages. PDF/A and tagged, as every
 * generated PDF (core/pdf-document.ts); the footer is a page artifact, not read as content.
 */
export function newDocument(head: PdfLetterhead, title: string): ArchivalPdf {
  const pdf = archivalPdf({
    title,
    language: head.language,
    author: head.exportedBy,
    createdAt: head.exportedAt,
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: FOOTER_BAND },
  });
  const { doc } = pdf;
  let page = 0;
  const footer = () => {
    page += 1;
    writeFooter(
      doc,
      `Page ${page}  ·  Exported ${utc(head.exportedAt)} by ${head.exportedBy}`,
      doc.page.height - FOOTER_BAND + 10,
      8,
    );
  };
  doc.on('pageAdded', footer);
  footer();
  return pdf;
}

/** The organization's logo (a decoration: its name follows) and name, and a rule under them. */
function writeLetterhead({ doc }: ArchivalPdf, parent: PDFKit.PDFStructureElement, head: PdfLetterhead) {
  const top = doc.y;
  if (head.logo) {
    try {
      artifact(doc, 'Layout', () => doc.image(head.logo!, MARGIN, top, { fit: [48, 48] }));
      doc.x = MARGIN + 60;
    } catch {
      // A logo pdfkit cannot read (an SVG) is left out; the name still says whose records these are.
    }
  }
  tagged(doc, parent, 'P', () =>
    doc
      .font('bold')
      .fontSize(14)
      .text(head.organizationName, doc.x, top + 14),
  );
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, top + 56);
  artifact(doc, 'Layout', () =>
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(doc.page.width - MARGIN, doc.y)
      .strokeColor('#cccccc')
      .stroke(),
  );
  doc.moveDown();
}

/** Starts a new page when less than `height` points are left, so a heading never ends a page. */
function keepTogether(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/**
 * `Label: value` lines, the label in bold; an empty value prints as a dash. Each a paragraph to a
 * screen reader, its label a Span in English.
 */
function writeFields(
  { doc }: ArchivalPdf,
  parent: PDFKit.PDFStructureElement,
  fields: PdfField[],
  size: number,
  width?: number,
) {
  for (const { label, value, alert } of fields) {
    // The label a Span of its own (its language English), the value the paragraph's own content.
    const field = group(doc, parent, 'P');
    tagged(
      doc,
      field,
      'Span',
      () =>
        doc
          .fillColor(alert ? '#b00000' : 'black')
          .font('bold')
          .fontSize(size)
          .text(`${label}: `, { continued: true, ...(width ? { width } : {}) }),
      LABEL,
    );
    field.add(() => doc.font('body').text(value || '—', width ? { width } : {}));
    field.end();
    doc.fillColor('black');
  }
}

/** A heading or a paragraph in `font` at `size`. */
const line = (
  pdf: ArchivalPdf,
  parent: PDFKit.PDFStructureElement,
  type: 'H1' | 'H2' | 'H3' | 'P',
  text: string,
  font: 'body' | 'bold',
  size: number,
  options: PDFKit.Mixins.StructureElementOptions = {},
) => tagged(pdf.doc, parent, type, () => pdf.doc.font(font).fontSize(size).text(text), options);

/**
 * A record as a section of the document: its title (H1), its fields, its parts (H2, their items
 * H3) and its history, a paragraph a change.
 */
export function writeRecord(pdf: ArchivalPdf, record: PdfRecord, head: PdfLetterhead) {
  const { doc } = pdf;
  const sect = group(doc, pdf.root, 'Sect');
  writeLetterhead(pdf, sect, head);
  line(pdf, sect, 'H1', record.title, 'bold', 13);
  doc.moveDown(0.5);
  writeFields(pdf, sect, record.fields, 10);
  doc.moveDown();
  for (const section of record.sections ?? []) {
    keepTogether(doc, 60);
    line(pdf, sect, 'H2', section.heading, 'bold', 11, LABEL);
    doc.moveDown(0.3);
    if (section.items.length === 0) line(pdf, sect, 'P', section.empty, 'body', 9, LABEL);
    for (const item of section.items) {
      keepTogether(doc, 40);
      line(pdf, sect, 'H3', item.title, 'bold', 9.5);
      doc.x = MARGIN + 12;
      writeFields(pdf, sect, item.fields, 9, doc.page.width - 2 * MARGIN - 12);
      doc.x = MARGIN;
      doc.moveDown(0.4);
    }
    doc.moveDown(0.6);
  }
  if (!record.history) return;
  keepTogether(doc, 60);
  line(pdf, sect, 'H2', 'History', 'bold', 11, LABEL);
  doc.moveDown(0.3);
  if (record.history.length === 0) line(pdf, sect, 'P', 'No recorded changes.', 'body', 9, LABEL);
  for (const entry of record.history) {
    const what = `${entry.what}${entry.changes ? `: ${entry.changes}` : ''}`;
    line(pdf, sect, 'P', `${utc(entry.at)} — ${entry.who} — ${what}`, 'body', 9);
    doc.moveDown(0.3);
  }
  sect.end();
}
