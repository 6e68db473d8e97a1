import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * The one place a PDF is made from nothing (docs/decisions/0026-archival-pdfs.md): every document
 * is PDF/A-2b (XMP with its pdfaid claim, the sRGB output intent pdfkit embeds, fonts embedded,
 * no transparency) and tagged (a structure tree a screen reader follows, /Lang, the title shown
 * in the window). Callers draw through the helpers below so their text lands in that tree;
 * eslint keeps `pdfkit` imported here only.
 */

// Names and texts come in seven languages (Greek and Cyrillic among them): a Unicode font.
const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
// Read once: a ZIP of PDFs opens a document per record. Controlled copies (core/pdf-stamp.ts) use them too.
export const FONT = fs.readFileSync(path.join(fontDir, 'DejaVuSans.ttf'));
export const BOLD = fs.readFileSync(path.join(fontDir, 'DejaVuSans-Bold.ttf'));
/**
 * Parsed once for every document: fontkit decodes a table when it is first asked for (DejaVu's
 * glyph substitution and positioning tables were most of an empty PDF's time) and keeps it.
 */
const PARSED = { body: fontkit.create(FONT), bold: fontkit.create(BOLD) };

/**
 * A document's own view of a parsed font: the decoded tables are the parsed font's, the glyph
 * objects and the layout engine that makes them the document's. A glyph keeps the code points it
 * was first made with, and the document's ToUnicode map is written from them, so a glyph first met
 * in another document (or as a part of another glyph) must not be reused. pdfkit makes each
 * document's subset itself; its types know no parsed font, hence the cast.
 */
const fontOf = (parsed: object) =>
  Object.assign(Object.create(parsed) as object, { _glyphs: {} }) as unknown as PDFKit.Mixins.PDFFontSource;

/**
 * The language of the words Qualis itself prints in a PDF (labels, headings, the footer): the
 * exports are not translated yet, so their structure elements say so, whatever the document's.
 */
export const LABELS_LANGUAGE = 'en';

export interface ArchivalPdfOptions {
  /** Shown as the window's title (DisplayDocTitle) and written to the XMP's dc:title. */
  title: string;
  /** BCP 47 tag of the document's language (the catalog's /Lang): the person's it is made for. */
  language: string;
  author: string;
  createdAt: Date;
  size?: string;
  layout?: 'portrait' | 'landscape';
  margins?: { top: number; left: number; right: number; bottom: number };
}

/** A tagged PDF/A-2b document with the Unicode fonts 'body' and 'bold', and its structure's root. */
export interface ArchivalPdf {
  doc: PDFKit.PDFDocument;
  /** The `Document` element: every structure element of the file goes under it. */
  root: PDFKit.PDFStructureElement;
}

/** `text` as XML character data: pdfkit writes the XMP's title and author as they come. */
const xmlText = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex -- XML 1.0 has no place for these characters
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * A new PDF/A-2b, tagged A4 document, its font 'body' (bold: 'bold'); draw its content through
 * `tagged`/`group` under `root` and its page furniture through `artifact`.
 */
export function archivalPdf(options: ArchivalPdfOptions): ArchivalPdf {
  const doc = new PDFDocument({
    pdfVersion: '1.7',
    subset: 'PDF/A-2b',
    tagged: true,
    lang: options.language,
    displayTitle: true,
    // No Helvetica: a standard font is never embedded, and PDF/A wants every font in the file.
    font: null as unknown as string,
    size: options.size ?? 'A4',
    layout: options.layout ?? 'portrait',
    ...(options.margins ? { margins: options.margins } : {}),
    info: { Title: options.title, Author: options.author, CreationDate: options.createdAt, Creator: 'Qualis' },
  });
  doc.registerFont('body', fontOf(PARSED.body)).registerFont('bold', fontOf(PARSED.bold)).font('body');
  // The XMP repeats the document information (PDF/A wants both to say the same): pdfkit writes it
  // into the XML unescaped, so an '&' in an organization's name would break the packet.
  const withInfo = doc as unknown as { _addInfo(): void; info: Record<string, unknown> };
  const addInfo = withInfo._addInfo;
  withInfo._addInfo = function (this: typeof withInfo) {
    const info = this.info;
    this.info = Object.fromEntries(
      Object.entries(info).map(([key, value]) => [key, typeof value === 'string' ? xmlText(value) : value]),
    );
    try {
      addInfo.call(this);
    } finally {
      this.info = info;
    }
  };
  // pdfkit ends the root, and writes the tree, when the document ends.
  const root = doc.struct('Document');
  doc.addStructure(root);
  return { doc, root };
}

/** Standard structure types (PDF 1.7, 14.8.4) the exports use. */
export type StructureType =
  'Sect' | 'H1' | 'H2' | 'H3' | 'P' | 'Span' | 'L' | 'LI' | 'Lbl' | 'LBody' | 'Table' | 'TR' | 'TH' | 'TD' | 'Figure';

/**
 * A structure element under `parent` whose content is what `draw` writes (a text, a picture),
 * a page break in the middle included; answers the element, ended.
 */
export function tagged(
  doc: PDFKit.PDFDocument,
  parent: PDFKit.PDFStructureElement,
  type: StructureType,
  draw: () => void,
  options: PDFKit.Mixins.StructureElementOptions = {},
) {
  const element = doc.struct(type, options, draw);
  parent.add(element);
  return element;
}

/** An element under `parent` to add children to; `end()` it when the last one is in. */
export function group(
  doc: PDFKit.PDFDocument,
  parent: PDFKit.PDFStructureElement,
  type: StructureType,
  options: PDFKit.Mixins.StructureElementOptions = {},
) {
  const element = doc.struct(type, options);
  parent.add(element);
  return element;
}

/**
 * What `draw` writes is no part of the content a screen reader reads: a page's header or footer
 * ('Pagination'), a rule or a decorative picture ('Layout').
 */
export function artifact(
  doc: PDFKit.PDFDocument,
  type: 'Pagination' | 'Layout',
  draw: () => void,
  attached?: string[],
) {
  doc.markContent('Artifact', { type, ...(attached ? { attached } : {}) });
  try {
    draw();
  } finally {
    doc.endMarkedContent();
  }
}

/**
 * Writes `line` centred at `y` in the page's footer band as a pagination artifact, below the
 * bottom margin, and leaves the text under way as it was. A page added in the middle of a text
 * goes on with that text (pdfkit keeps its state in these fields and has no getter): its font,
 * size and colour, and, when the break came in a part written with `continued` (a field's
 * label), the line wrapper and options the rest of it joins. The footer writes with none of
 * them, or its line would be wrapped into that text (a blank page, then the footer over the next
 * page's first line), and gives them back after.
 */
export function writeFooter(doc: PDFKit.PDFDocument, line: string, y: number, size: number) {
  const { x: atX, y: atY } = doc;
  const current = doc as unknown as {
    _font: unknown;
    _fontSize: number;
    _fillColor?: [PDFKit.Mixins.ColorValue, number];
    _wrapper: unknown;
    _textOptions: unknown;
  };
  const { _font: font, _fontSize: fontSize, _fillColor: fill, _wrapper: wrapper, _textOptions: options } = current;
  current._wrapper = null;
  current._textOptions = null;
  // Written below the bottom margin: lift the margin meanwhile, or the text would add a page.
  const margin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  // pdfkit calls this before it opens again, on the new page, the structure a text broken by
  // the page was in, so the footer is outside it.
  artifact(
    doc,
    'Pagination',
    () =>
      doc
        .font('body')
        .fontSize(size)
        .fillColor('#555555')
        .text(line, doc.page.margins.left, y, {
          width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
          align: 'center',
          lineBreak: false,
        }),
    ['Bottom'],
  );
  doc.page.margins.bottom = margin;
  doc.fillColor(...(fill ?? (['black', 1] as const)));
  current._font = font;
  doc.fontSize(fontSize);
  current._wrapper = wrapper;
  current._textOptions = options;
  doc.x = atX;
  doc.y = atY;
}
