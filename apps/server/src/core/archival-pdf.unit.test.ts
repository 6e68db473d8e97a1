import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from '@cantoo/pdf-lib';
import { LANGUAGES } from '@qualis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARCHIVAL_TOOLS,
  archivalProblems,
  extractedTexts,
  pdfFile,
  qpdfProblems,
  transparencies,
  unembeddedFonts,
  xmpOf,
} from '../test/archival-checks.js';
import { unzipped } from '../test/exported-files.js';
import { PNG_BYTES } from '../test/multipart.js';
import { each, recordsIn, shippedTexts, textsOf } from '../test/pdf-records.js';
import { archivalImage } from './pdf-image.js';
import { stampPdf, type PdfStamp } from './pdf-stamp.js';
import { pdfArchiveStream, singlePdfStream, type PdfLetterhead, type PdfRecord } from './record-pdf.js';
import { req } from '../../../../docs/requirements/req.js';

/**
 * Every PDF Qualis makes, checked for what can be checked here of PDF/A-2b and tagging
 * (docs/decisions/0026-archival-pdfs.md): record PDFs of every kind, single and in an archive,
 * and what a controlled copy claims of itself.
 */

// An '&' and '<' in the name: the XMP must stay well-formed. The logo has an alpha channel.
const head: PdfLetterhead = {
  organizationName: 'Ιατρικά & Συστήματα <Α.Ε.>',
  logo: PNG_BYTES,
  exportedBy: 'auditor@example.com',
  exportedAt: new Date('2026-11-26T03:00:00Z'),
  language: 'el',
};
const TIMEOUT = 60_000;
const squeeze = (text: string) => text.replace(/\s+/g, ' ');

describe('archival PDFs', () => {
  let dir: string;
  let records: PdfRecord[];
  beforeAll(async () => {
    const missing = ARCHIVAL_TOOLS.filter((program) => !existsSync(program));
    if (missing.length > 0)
      throw new Error(`${missing.join(', ')} missing: run \`node scripts/ensure-browser-tools.mjs pdftoppm qpdf\``);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'archival-pdf-'));
    records = recordsIn(await shippedTexts(), 0);
  });
  afterAll(async () => {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it(
    `makes a single PDF of records of every kind PDF/A-2b and tagged, titled and in the exporter’s language ${req('EXP-004')}`,
    async () => {
      const pdf = await buffer(singlePdfStream(each(records), head));
      const file = await pdfFile(pdf, dir, 'single');
      expect(await archivalProblems(pdf, file, 'el')).toEqual([]);
      const doc = await PDFDocument.load(pdf, { updateMetadata: false });
      expect(doc.getTitle()).toBe(`${head.organizationName} export`);
    },
    TIMEOUT,
  );

  it(
    `makes each PDF of an archive the same, titled with its record ${req('EXP-004')}`,
    async () => {
      const entries = await unzipped(await buffer(pdfArchiveStream(each(records), { ...head, language: 'sr' })));
      expect(entries).toHaveLength(records.length);
      for (const [i, { name, bytes }] of entries.entries()) {
        const file = await pdfFile(bytes, dir, name);
        expect({ name, problems: await archivalProblems(bytes, file, 'sr') }).toEqual({ name, problems: [] });
        expect((await PDFDocument.load(bytes, { updateMetadata: false })).getTitle()).toBe(records[i]!.title);
      }
    },
    TIMEOUT,
  );

  it(
    `reads in every shipped language as text and as a structure, the page footer not in the structure ${req('EXP-004')}`,
    async () => {
      const samples = await Promise.all(LANGUAGES.map(async (l) => (await textsOf(l)).short.slice(0, 3).join(' ')));
      const record: PdfRecord = {
        title: samples[1]!,
        fileName: 'LANG-1',
        fields: LANGUAGES.map((language, i) => ({ label: language, value: samples[i]! })),
        sections: [{ heading: 'Texts', items: [{ title: samples[6]!, fields: [] }], empty: '' }],
        history: [{ at: head.exportedAt, who: samples[3]!, what: samples[4]!, changes: samples[5]! }],
      };
      const file = await pdfFile(await buffer(singlePdfStream(each([record]), head)), dir, 'languages');
      const { page, structure } = extractedTexts(file);
      for (const sample of samples) {
        expect(squeeze(page)).toContain(squeeze(sample));
        expect(squeeze(structure)).toContain(squeeze(sample));
      }
      expect(structure).toMatch(/^\s*H1\b/m);
      expect(structure).toMatch(/^\s*H2\b/m);
      expect(structure).toMatch(/^\s*H3\b/m);
      expect(structure).toMatch(/^\s*P\b/m);
      expect(page).toContain('Exported 2026-11-26 03:00:00 UTC');
      expect(structure).not.toContain('Exported');
    },
    TIMEOUT,
  );

  it('lays a logo’s transparency on white and leaves a CMYK JPEG out', async () => {
    const flat = (await archivalImage(PNG_BYTES))!;
    expect(flat.readUInt8(25)).toBe(2); // IHDR colour type: RGB, no alpha
    // SOI, then a baseline frame of 1×1 pixels in 4 components.
    const cmyk = Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0, 1, 0, 1, 4, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]);
    expect(await archivalImage(cmyk)).toBeNull();
    const rgb = Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0, 1, 0, 1, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]);
    expect(await archivalImage(rgb)).toBe(rgb);
  });

  it(
    'claims no PDF/A for a controlled copy, with its stamps page artifacts and its fonts embedded',
    async () => {
      // The upload is itself an archival PDF: its claim does not carry over to the stamped copy.
      const original = await buffer(singlePdfStream(each(records.slice(1, 2)), head));
      const stamp: PdfStamp = {
        state: 'Controlled copy — approved 2026-11-25',
        tone: 'released',
        identity: 'QA-0 · Ιατρικά · Revision 2 · Approved',
        footer: 'Downloaded 2026-11-26 03:00:00 UTC by auditor@example.com',
        appendix: {
          title: 'Signatures',
          lines: ['Медицинские системы'],
          items: [{ title: 'Approval', fields: [{ label: 'Printed name', value: 'Ιατρικά' }] }],
          empty: 'No signatures.',
        },
      };
      const copy = await stampPdf(new Uint8Array(original), stamp);
      const file = await pdfFile(copy, dir, 'controlled-copy');
      expect(qpdfProblems(file)).toEqual([]);
      expect(unembeddedFonts(file)).toEqual([]);
      const doc = await PDFDocument.load(copy, { updateMetadata: false });
      expect(doc.isEncrypted).toBe(false);
      expect(transparencies(doc)).toEqual([]);
      const xmp = xmpOf(doc)!;
      expect(xmpOf(await PDFDocument.load(original, { updateMetadata: false }))).toContain('pdfaid:part');
      expect(xmp).not.toContain('pdfaid:part');
      expect(xmp).not.toContain('pdfaid:conformance');
      expect(xmp).toContain('<dc:title>');
      for (const page of doc.getPages()) {
        const contents = page.node.Contents()!;
        const last = contents instanceof PDFArray ? contents.lookup(contents.size() - 1) : contents;
        const ops = new TextDecoder().decode(decodePDFRawStream(last as PDFRawStream).decode());
        expect(ops).toMatch(/\/Artifact BMC[\s\S]*EMC\s*$/);
      }
      expect(doc.catalog.get(PDFName.of('StructTreeRoot'))).toBeDefined();
    },
    TIMEOUT,
  );
});
