import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_BYTES } from '../test/multipart.js';
import { unzipped } from '../test/exported-files.js';
import { each, recordsIn, shippedTexts } from '../test/pdf-records.js';
import { pdfArchiveStream, singlePdfStream, utc, type PdfLetterhead, type PdfRecord } from './record-pdf.js';
import { FOOTER_BAND } from './record-pdf-writer.js';
import { req } from '../../../../docs/requirements/req.js';

/**
 * The layout of exported records, looked at as an auditor sees it: every page turned into a
 * picture (pdftoppm) and its words placed (pdftotext -bbox). Records of every kind, in every
 * shipped language's script, long enough to break pages everywhere a break can fall.
 */

// poppler-utils; `node scripts/ensure-browser-tools.mjs pdftoppm` installs it (npm test runs it first).
const POPPLER = ['/usr/bin/pdftoppm', '/usr/bin/pdftotext'];
const DPI = 50;
// Dozens of pages made, drawn and read: seconds, many more on two cores shared with other suites.
const PICTURES_TIMEOUT = 60_000;
const INK = 160;

const head: PdfLetterhead = {
  organizationName: 'Ιατρικά Συστήματα · Медицинские системы',
  logo: PNG_BYTES,
  exportedBy: 'auditor@example.com',
  exportedAt: new Date('2026-11-26T03:00:00Z'),
  language: 'el',
};
const footerOf = (page: number) => `Page ${page} · Exported ${utc(head.exportedAt)} by ${head.exportedBy}`;

interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}
interface Page {
  height: number;
  words: Word[];
  /** Gray levels, one byte a pixel, `width` pixels a row, at DPI. */
  pixels: Uint8Array;
  width: number;
}

const unescape = (text: string) =>
  text.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!,
  );

/** Each page of a PDF: its words where pdftotext finds them (points from the top left) and its picture. */
async function pagesOf(pdf: Buffer, parent: string, name: string): Promise<Page[]> {
  const dir = await fs.mkdtemp(path.join(parent, `${name}-`));
  const file = path.join(dir, 'export.pdf');
  await fs.writeFile(file, pdf);
  execFileSync('pdftoppm', ['-r', String(DPI), '-gray', file, path.join(dir, 'page')]);
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 1 << 28 });
  // page-1.pgm … or page-01.pgm …: as many digits as the last page number has.
  const pictures = (await fs.readdir(dir)).filter((f) => f.endsWith('.pgm')).sort();
  const pages = html.split('<page ').slice(1);
  expect(pictures).toHaveLength(pages.length);
  return Promise.all(
    pages.map(async (page, i) => {
      const pgm = await fs.readFile(path.join(dir, pictures[i]!));
      const [header, width, height] = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString('latin1', 0, 32))!;
      expect(pgm.length).toBe(header.length + Number(width) * Number(height));
      return {
        height: Number(/height="([\d.]+)"/.exec(page)![1]),
        words: [
          ...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)<\/word>/g),
        ].map(([, xMin, yMin, xMax, yMax, text]) => ({
          text: unescape(text!),
          xMin: Number(xMin),
          yMin: Number(yMin),
          xMax: Number(xMax),
          yMax: Number(yMax),
        })),
        pixels: pgm.subarray(header.length),
        width: Number(width),
      };
    }),
  );
}

/**
 * What is wrong with a page, in words: no body (an empty page), a word across the footer band's
 * edge, a footer other than its own, ink in the band outside the footer's words, or two words
 * drawn over each other.
 */
function layoutProblems(page: Page, number: number): string[] {
  const problems: string[] = [];
  const bandTop = page.height - FOOTER_BAND;
  const px = DPI / 72;
  const body = page.words.filter((w) => w.yMax <= bandTop);
  const band = page.words.filter((w) => w.yMin >= bandTop);
  if (body.length === 0) problems.push('no text above the footer (an empty page)');
  for (const w of page.words.filter((w) => w.yMin < bandTop && w.yMax > bandTop))
    problems.push(`"${w.text}" crosses into the footer band`);
  const footer = band.map((w) => w.text).join(' ');
  if (footer !== footerOf(number)) problems.push(`footer reads "${footer}"`);
  const inFooter = (x: number, y: number) =>
    band.some((w) => x >= w.xMin * px - 1 && x <= w.xMax * px + 1 && y >= w.yMin * px - 1 && y <= w.yMax * px + 1);
  let bodyInk = 0;
  let strayInk = 0;
  for (let y = 0; y * page.width < page.pixels.length; y++)
    for (let x = 0; x < page.width; x++) {
      if (page.pixels[y * page.width + x]! >= INK) continue;
      if (y < bandTop * px) bodyInk++;
      else if (!inFooter(x, y)) strayInk++;
    }
  if (bodyInk === 0) problems.push('no ink above the footer (an empty page)');
  if (strayInk > 0) problems.push(`${strayInk} pixels of ink in the footer band outside the footer`);
  const sorted = [...page.words].sort((a, b) => a.yMin - b.yMin);
  for (const [i, a] of sorted.entries())
    for (const b of sorted.slice(i + 1)) {
      if (b.yMin >= a.yMax - 0.5) break;
      if (Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin) > 0.5)
        problems.push(`"${a.text}" and "${b.text}" are drawn over each other`);
    }
  return problems;
}

const problemsOf = (pages: Page[], label: string) =>
  pages.flatMap((page, i) => layoutProblems(page, i + 1).map((p) => `${label} page ${i + 1}: ${p}`));

describe('record PDF layout', () => {
  let dir: string;
  let records: PdfRecord[];
  beforeAll(async () => {
    const missing = POPPLER.filter((program) => !existsSync(program));
    if (missing.length > 0)
      throw new Error(`${missing.join(', ')} missing: run \`node scripts/ensure-browser-tools.mjs pdftoppm\``);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'record-pdf-'));
    const texts = await shippedTexts();
    records = [0, 1].flatMap((n) => recordsIn(texts, n));
  });
  afterAll(async () => {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it(
    `prints every page of a single PDF with body text and only its footer at its foot ${req('EXP-004')}`,
    async () => {
      const pages = await pagesOf(await buffer(singlePdfStream(each(records), head)), dir, 'single');
      expect(pages.length).toBeGreaterThan(2 * records.length);
      expect(problemsOf(pages, 'single PDF')).toEqual([]);
    },
    PICTURES_TIMEOUT,
  );

  it(
    'prints every page of each PDF of an archive the same way',
    async () => {
      const entries = await unzipped(await buffer(pdfArchiveStream(each(records), head)));
      expect(entries).toHaveLength(records.length);
      const problems = await Promise.all(
        entries.map(async ({ name, bytes }) => problemsOf(await pagesOf(bytes, dir, path.parse(name).name), name)),
      );
      expect(problems.flat()).toEqual([]);
    },
    PICTURES_TIMEOUT,
  );
});
