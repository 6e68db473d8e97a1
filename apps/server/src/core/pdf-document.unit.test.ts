import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ARCHIVAL_TOOLS, extractedTexts, pdfFile } from '../test/archival-checks.js';
import { recordPdfStream, type PdfLetterhead, type PdfRecord } from './record-pdf.js';

// Its own file: the fonts are parsed once per process, and the other files' PDFs would have met
// the letters first.
const head: PdfLetterhead = {
  organizationName: 'Org',
  logo: null,
  exportedBy: 'auditor@example.com',
  exportedAt: new Date('2026-11-26T03:00:00Z'),
  language: 'el',
};
const record = (value: string): PdfRecord => ({ title: 'Record', fileName: 'R-1', fields: [{ label: 'Name', value }] });

let dir: string;
beforeAll(async () => {
  const missing = ARCHIVAL_TOOLS.filter((program) => !existsSync(program));
  if (missing.length > 0)
    throw new Error(`${missing.join(', ')} missing: run \`node scripts/ensure-browser-tools.mjs pdftoppm qpdf\``);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pdf-document-'));
});
afterAll(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

it('reads a letter as text in a PDF made after one that drew it only as a part of another glyph', async () => {
  // DejaVu draws 'ή' as 'η' and an accent: the previous document's subset took 'η' without its code point.
  await buffer(await recordPdfStream(record('ή'), head));
  const file = await pdfFile(await buffer(await recordPdfStream(record('η'), head)), dir, 'eta');
  expect(extractedTexts(file).page).toContain('Name: η');
}, 60_000);
