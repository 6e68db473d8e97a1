import { PDFDocument, degrees, rgb, type PDFFont, type PDFPage, type RGB } from '@cantoo/pdf-lib';
import * as fontkit from 'fontkit';
import { BOLD, FONT } from './record-pdf.js';

/**
 * Stamping an existing PDF (a controlled copy, spec 03 and DESIGN.md "Exports"): every page gets
 * a band above and below its content, and pages listing the signatures are appended. The page is
 * made taller by the bands instead of writing over it, so the stamp never hides a word of the
 * document, whatever its margins; the stored original is not touched (a new file is written).
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
    items: { title: string; fields: { label: string; value: string }[] }[];
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
  writeAppendix(doc, fonts, stamp.appendix);
  const pages = doc.getPages();
  pages.forEach((page, index) => stampPage(page, fonts, stamp, `Page ${index + 1} of ${pages.length}`));
  return doc.save();
}

interface Fonts {
  body: PDFFont;
  bold: PDFFont;
}

/**
 * A page's box as it is shown (after its /Rotate): `draw` places text and rectangles by visual
 * coordinates (from the shown bottom-left corner, in points) on the unrotated page.
 */
function visualFrame(page: PDFPage) {
  const angle = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const box = page.getCropBox();
  const quarter = angle === 90 || angle === 270;
  // Taller by the bands: the shown top and bottom edges move out.
  const [top, bottom] = [HEADER, FOOTER];
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

function stampPage(page: PDFPage, fonts: Fonts, stamp: PdfStamp, pageLabel: string) {
  const frame = visualFrame(page);
  const tone = TONES[stamp.tone];
  const inner = frame.width - 2 * SIDE;
  // The header band: the state, then what the file is.
  frame.rect(0, frame.height - HEADER, frame.width, HEADER, tone.paper, tone.ink);
  const state = fit(stamp.state, fonts.bold, 12, inner);
  frame.text(state.text, SIDE, frame.height - 18, fonts.bold, state.size, tone.ink);
  const identity = fit(stamp.identity, fonts.body, 8.5, inner);
  frame.text(identity.text, SIDE, frame.height - 34, fonts.body, identity.size, INK);
  // The footer band: who downloaded it and when, and the page.
  frame.rect(0, 0, frame.width, FOOTER, tone.paper, tone.ink);
  const pageText = fit(pageLabel, fonts.body, 7.5, inner / 3);
  const pageWidth = fonts.body.widthOfTextAtSize(pageText.text, pageText.size);
  frame.text(pageText.text, frame.width - SIDE - pageWidth, 8, fonts.body, pageText.size, INK);
  const footer = fit(stamp.footer, fonts.body, 7.5, inner - pageWidth - 12);
  frame.text(footer.text, SIDE, 8, fonts.body, footer.size, INK);
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
    for (const { label, value } of item.fields) line(`${label}: ${value || '—'}`, fonts.body, 9, INK, 12);
    y -= 10;
  }
}
