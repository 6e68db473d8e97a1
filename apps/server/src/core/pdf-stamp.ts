import {
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  beginMarkedContent,
  decodePDFRawStream,
  degrees,
  endMarkedContent,
  rgb,
  type PDFFont,
  type PDFPage,
  type RGB,
} from '@cantoo/pdf-lib';
import * as fontkit from 'fontkit';
import { BOLD, FONT } from './pdf-document.js';
import type { PdfField } from './record-pdf.js';

/**
 * Stamping an existing PDF (a controlled copy, spec 03 and DESIGN.md "Exports"): every page gets
 * a band above and below its content, and pages listing the signatures are appended. The page is
 * made taller by the bands instead of writing over it, so the stamp never hides a word of the
 * document, whatever its margins; the stored original is not touched (a new file is written).
 *
 * The copy is the uploaded file with our bands and pages in it, not a PDF Qualis made: it claims
 * no PDF/A conformance (docs/decisions/0026-archival-pdfs.md). Its original's claim, if it has one,
 * is taken out of the copy's metadata, as nobody has checked that the stamped file still meets
 * it; what we add is drawn as PDF/A wants it (embedded fonts, no transparency), and the bands are
 * page artifacts, so a tagged original is read by a screen reader as before.
 */

/** How the copy stands: the released revision, a draft, or a final revision replaced by a later one. */
export type StampTone = 'released' | 'draft' | 'obsolete';

export interface PdfStamp {
  /** The state in large letters ('Controlled copy — approved 2026-11-25', 'Draft - not approved', 'Obsolete'). */
  state: string;
  tone: StampTone;
  /** What the file is (Document ID, name, revision, status), one line under the state. */
  identity: string;
  /** Who downloaded it and when, at the foot of every page, before the page number. */
  footer: string;
  /** The appended pages: a title, lines under it, then items with their fields. */
  appendix: {
    title: string;
    lines: string[];
    items: { title: string; fields: PdfField[] }[];
    empty: string;
  };
}

const TONES: Record<StampTone, { ink: RGB; paper: RGB }> = {
  released: { ink: rgb(0.05, 0.4, 0.15), paper: rgb(0.9, 0.97, 0.91) },
  draft: { ink: rgb(0.65, 0.33, 0), paper: rgb(1, 0.95, 0.85) },
  obsolete: { ink: rgb(0.7, 0.05, 0.05), paper: rgb(1, 0.9, 0.9) },
};
const INK = rgb(0.15, 0.15, 0.15);
const GREY = rgb(0.35, 0.35, 0.35);
const ALERT = rgb(0.7, 0, 0);
/** The bands of a page whose texts take one line each. */
const HEADER = 44;
const FOOTER = 22;
const SIDE = 14;

/** The PDF could not be opened (damaged, or protected by a password). */
export class UnreadablePdf extends Error {}

/** Answers the stamped copy's bytes; `original` is only read. */
export async function stampPdf(original: Uint8Array, stamp: PdfStamp): Promise<Uint8Array> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(original, { updateMetadata: false });
    // pdf-lib reads the page tree lazily: a file without one fails here, not in load().
    if (doc.getPageCount() === 0) throw new Error('the PDF has no pages');
  } catch (error) {
    throw new UnreadablePdf(error instanceof Error ? error.message : String(error));
  }
  doc.registerFontkit(fontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  const fonts = {
    body: await doc.embedFont(FONT, { subset: true }),
    bold: await doc.embedFont(BOLD, { subset: true }),
  };
  withoutPdfaClaim(doc);
  writeAppendix(doc, fonts, stamp.appendix);
  const pages = doc.getPages();
  pages.forEach((page, index) => stampPage(page, fonts, stamp, `Page ${index + 1} of ${pages.length}`));
  return doc.save();
}

/** Takes the pdfaid properties (part, conformance, amendment) out of the document's XMP, if any. */
function withoutPdfaClaim(doc: PDFDocument) {
  const ref = doc.catalog.get(PDFName.of('Metadata'));
  const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : null;
  if (!(ref instanceof PDFRef) || !(stream instanceof PDFRawStream)) return;
  let xml: string;
  try {
    xml = new TextDecoder().decode(decodePDFRawStream(stream).decode());
  } catch {
    return; // A packet we cannot decode is left as it is: it is the original's.
  }
  const cleaned = xml
    .replace(/<pdfaid:(\w+)\b[^>]*>[^<]*<\/pdfaid:\1>/g, '')
    .replace(/<pdfaid:\w+\b[^>]*\/>/g, '')
    .replace(/\s+pdfaid:\w+\s*=\s*("[^"]*"|'[^']*')/g, '');
  if (cleaned === xml) return;
  doc.context.assign(ref, doc.context.stream(new TextEncoder().encode(cleaned), { Type: 'Metadata', Subtype: 'XML' }));
}

interface Fonts {
  body: PDFFont;
  bold: PDFFont;
}

/** The size of a page as it is shown (after its /Rotate). */
function shownSize(page: PDFPage) {
  const quarter = page.getRotation().angle % 180 !== 0;
  const box = page.getCropBox();
  return { width: quarter ? box.height : box.width, height: quarter ? box.width : box.height };
}

/**
 * Makes the page taller by `top` above and `bottom` below what it shows (its /Rotate taken into
 * account), and answers how to draw there: `text` and `rect` place by shown coordinates (from the
 * shown bottom-left corner, in points) on the unrotated page.
 */
function growFrame(page: PDFPage, top: number, bottom: number) {
  const angle = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const box = page.getCropBox();
  const quarter = angle === 90 || angle === 270;
  const grown =
    angle === 0
      ? { x: box.x, y: box.y - bottom, width: box.width, height: box.height + top + bottom }
      : angle === 180
        ? { x: box.x, y: box.y - top, width: box.width, height: box.height + top + bottom }
        : angle === 90
          ? { x: box.x - top, y: box.y, width: box.width + top + bottom, height: box.height }
          : { x: box.x - bottom, y: box.y, width: box.width + top + bottom, height: box.height };
  page.setMediaBox(grown.x, grown.y, grown.width, grown.height);
  page.setCropBox(grown.x, grown.y, grown.width, grown.height);
  const width = quarter ? grown.height : grown.width;
  const height = quarter ? grown.width : grown.height;
  const at = (u: number, v: number) => {
    const { x, y, width: w, height: h } = grown;
    if (angle === 0) return { x: x + u, y: y + v };
    if (angle === 90) return { x: x + w - v, y: y + u };
    if (angle === 180) return { x: x + w - u, y: y + h - v };
    return { x: x + v, y: y + h - u };
  };
  return {
    width,
    height,
    text(text: string, u: number, v: number, font: PDFFont, size: number, color: RGB) {
      page.drawText(text, { ...at(u, v), font, size, color, rotate: degrees(angle) });
    },
    rect(u: number, v: number, w: number, h: number, color: RGB, border?: RGB) {
      page.drawRectangle({
        ...at(u, v),
        width: w,
        height: h,
        color,
        rotate: degrees(angle),
        ...(border ? { borderColor: border, borderWidth: 0.8 } : {}),
      });
    },
  };
}

/** The text at `size`, or smaller down to 6 pt, or cut with an ellipsis: never wider than `width`. */
function fit(text: string, font: PDFFont, size: number, width: number): { text: string; size: number } {
  for (let s = size; s >= 6; s -= 0.5) if (font.widthOfTextAtSize(text, s) <= width) return { text, size: s };
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, 6) > width) cut = cut.slice(0, -1);
  return { text: `${cut}…`, size: 6 };
}

const IDENTITY_SIZE = 8.5;
const IDENTITY_LEADING = 11;
const FOOTER_SIZE = 7.5;
const FOOTER_LEADING = 9;

/**
 * The bands of one page: the state and what the file is above, who downloaded it when and the
 * page number below. A narrow page gets more lines rather than cut text.
 */
function stampPage(page: PDFPage, fonts: Fonts, stamp: PdfStamp, pageLabel: string) {
  const tone = TONES[stamp.tone];
  const inner = shownSize(page).width - 2 * SIDE;
  const state = fit(stamp.state, fonts.bold, 12, inner);
  const identity = wrap(stamp.identity, fonts.body, IDENTITY_SIZE, inner);
  const pageWidth = fonts.body.widthOfTextAtSize(pageLabel, FOOTER_SIZE);
  const footer = wrap(stamp.footer, fonts.body, FOOTER_SIZE, Math.max(inner - pageWidth - 12, inner / 2));
  const top = 30 + IDENTITY_LEADING * identity.length + 3;
  const bottom = 13 + FOOTER_LEADING * footer.length;
  const frame = growFrame(page, top, bottom);
  // A pagination artifact: no part of the document's content to a screen reader.
  page.pushOperators(beginMarkedContent('Artifact'));
  frame.rect(0, frame.height - top, frame.width, top, tone.paper, tone.ink);
  frame.text(state.text, SIDE, frame.height - 18, fonts.bold, state.size, tone.ink);
  identity.forEach((line, i) =>
    frame.text(line, SIDE, frame.height - 34 - IDENTITY_LEADING * i, fonts.body, IDENTITY_SIZE, INK),
  );
  frame.rect(0, 0, frame.width, bottom, tone.paper, tone.ink);
  frame.text(pageLabel, frame.width - SIDE - pageWidth, bottom - 14, fonts.body, FOOTER_SIZE, INK);
  footer.forEach((line, i) => frame.text(line, SIDE, bottom - 14 - FOOTER_LEADING * i, fonts.body, FOOTER_SIZE, INK));
  page.pushOperators(endMarkedContent());
}

/** Lines of `text` no wider than `width` at `size` (words kept whole unless one alone is too wide). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      // A word wider than the line (a SHA-256, a long e-mail) is broken where it must be.
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let n = rest.length - 1;
        while (n > 1 && font.widthOfTextAtSize(rest.slice(0, n), size) > width) n -= 1;
        lines.push(rest.slice(0, n));
        rest = rest.slice(n);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

// The appended pages are A4 once their bands are added.
const A4: [number, number] = [595.28, 841.89 - HEADER - FOOTER];
const MARGIN = 42;

/** The appended pages, as many as the items need (the bands are added with every page's). */
function writeAppendix(doc: PDFDocument, fonts: Fonts, appendix: PdfStamp['appendix']) {
  const width = A4[0] - 2 * MARGIN;
  let page = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const line = (text: string, font: PDFFont, size: number, color = INK, indent = 0) => {
    for (const part of wrap(text, font, size, width - indent)) {
      if (y - size < MARGIN) {
        page = doc.addPage(A4);
        y = A4[1] - MARGIN;
      }
      y -= size * 1.35;
      page.drawText(part, { x: MARGIN + indent, y, font, size, color });
    }
  };
  line(appendix.title, fonts.bold, 14);
  y -= 4;
  for (const text of appendix.lines) line(text, fonts.body, 9, GREY);
  y -= 10;
  if (appendix.items.length === 0) line(appendix.empty, fonts.body, 10);
  for (const item of appendix.items) {
    // An item starts on the next page rather than leave its title alone at the bottom.
    if (y - 60 < MARGIN) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
    }
    line(item.title, fonts.bold, 10.5);
    for (const { label, value, alert } of item.fields) {
      line(`${label}: ${value || '—'}`, alert ? fonts.bold : fonts.body, 9, alert ? ALERT : INK, 12);
    }
    y -= 10;
  }
}
