import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  PDFArray,
  PDFBool,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
  decodePDFRawStream,
} from '@cantoo/pdf-lib';
import { SaxesParser } from 'saxes';

/**
 * What can be checked of a PDF/A-2b, tagged file without a PDF/A validator
 * (docs/decisions/0026-archival-pdfs.md): qpdf reads its structure, poppler lists its fonts, and
 * its catalog and objects are read with pdf-lib.
 */

/** The programs the checks run; `node scripts/ensure-browser-tools.mjs pdftoppm qpdf` installs them. */
export const ARCHIVAL_TOOLS = ['/usr/bin/qpdf', '/usr/bin/pdffonts', '/usr/bin/pdfinfo', '/usr/bin/pdftotext'];

/** The XMP packet of the document's catalog, as text; null without one. */
export function xmpOf(doc: PDFDocument): string | null {
  const ref = doc.catalog.get(PDFName.of('Metadata'));
  const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : null;
  if (!(stream instanceof PDFRawStream)) return null;
  return new TextDecoder().decode(decodePDFRawStream(stream).decode());
}

/** The problems of well-formedness saxes finds in `xml`. */
function xmlErrors(xml: string): string[] {
  const errors: string[] = [];
  const parser = new SaxesParser({ xmlns: true });
  parser.on('error', (error) => errors.push(error.message));
  parser.write(xml.replace(/^\uFEFF/, '')).close();
  return errors;
}

const text = (value: unknown) =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;

/** Writes `pdf` in `dir` as `name` and answers its path, for the command-line tools. */
export async function pdfFile(pdf: Uint8Array, dir: string, name: string) {
  const file = path.join(dir, `${name.replace(/[^\w.-]+/g, '_')}.pdf`);
  await fs.writeFile(file, pdf);
  return file;
}

/** Fonts pdffonts lists that are not embedded (none listed at all is one too). */
export function unembeddedFonts(file: string): string[] {
  const rows = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
  if (rows.length === 0) return ['no fonts listed'];
  return rows.filter((row) => /\s(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(row)?.[1] !== 'yes');
}

/** qpdf's complaints: none when `qpdf --check` finds the file sound (exit 0, no warnings). */
export function qpdfProblems(file: string): string[] {
  const run = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
  return run.status === 0 ? [] : [`qpdf --check (exit ${run.status}): ${run.stdout}${run.stderr}`];
}

/** Soft masks, transparency groups or constant alpha below 1 anywhere in the file. */
export function transparencies(doc: PDFDocument): string[] {
  const found: string[] = [];
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : null;
    if (!dict) continue;
    const mask = dict.get(PDFName.of('SMask'));
    if (mask && mask !== PDFName.of('None')) found.push(`${ref} has an SMask`);
    const group = dict.lookupMaybe(PDFName.of('Group'), PDFDict);
    if (group?.get(PDFName.of('S')) === PDFName.of('Transparency')) found.push(`${ref} has a transparency group`);
    for (const key of ['CA', 'ca']) {
      const alpha = dict.lookupMaybe(PDFName.of(key), PDFNumber);
      if (alpha && alpha.asNumber() < 1) found.push(`${ref} has /${key} ${alpha.asNumber()}`);
    }
  }
  return found;
}

/**
 * Everything checkable of a PDF/A-2b, tagged PDF that is wrong with `pdf`, in words: its
 * structure, the pdfaid claim in a well-formed XMP, the sRGB output intent, embedded fonts, no
 * encryption or transparency, a structure tree, its language and a title shown as the window's.
 */
export async function archivalProblems(pdf: Uint8Array, file: string, language: string): Promise<string[]> {
  const problems = [...qpdfProblems(file), ...unembeddedFonts(file).map((row) => `font not embedded: ${row}`)];
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  if (doc.isEncrypted || doc.context.trailerInfo.Encrypt) problems.push('encrypted');
  const xmp = xmpOf(doc);
  if (!xmp) problems.push('no XMP metadata');
  else {
    problems.push(...xmlErrors(xmp).map((error) => `XMP is not well-formed: ${error}`));
    if (!/<pdfaid:part>2<\/pdfaid:part>/.test(xmp)) problems.push('XMP has no pdfaid:part 2');
    if (!/<pdfaid:conformance>B<\/pdfaid:conformance>/.test(xmp)) problems.push('XMP has no pdfaid:conformance B');
  }
  const { catalog } = doc;
  const intents = catalog.lookupMaybe(PDFName.of('OutputIntents'), PDFArray);
  const intent = intents?.lookupMaybe(0, PDFDict);
  const profile = intent?.lookupMaybe(PDFName.of('DestOutputProfile'), PDFStream);
  if (intent?.get(PDFName.of('S')) !== PDFName.of('GTS_PDFA1') || !profile)
    problems.push('no PDF/A output intent with an ICC profile');
  else if (profile.dict.lookupMaybe(PDFName.of('N'), PDFNumber)?.asNumber() !== 3)
    problems.push('the output intent is not an RGB profile');
  const marked = catalog.lookupMaybe(PDFName.of('MarkInfo'), PDFDict)?.get(PDFName.of('Marked'));
  if (marked !== PDFBool.True) problems.push('not /MarkInfo /Marked true');
  const tree = catalog.lookupMaybe(PDFName.of('StructTreeRoot'), PDFDict);
  if (!tree?.has(PDFName.of('K'))) problems.push('no structure tree');
  const lang = text(catalog.lookup(PDFName.of('Lang')));
  if (lang !== language) problems.push(`/Lang is ${lang}, not ${language}`);
  const title = doc.getTitle();
  if (!title) problems.push('no title');
  else if (xmp && !xmp.includes(escapeXml(title))) problems.push('the XMP dc:title is not the title');
  if (!catalog.getViewerPreferences()?.getDisplayDocTitle()) problems.push('no DisplayDocTitle');
  problems.push(...transparencies(doc));
  return problems;
}

const escapeXml = (value: string) =>
  value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The text a reader extracts (pdftotext) and the text of the structure tree (pdfinfo -struct-text). */
export function extractedTexts(file: string) {
  return {
    page: execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8', maxBuffer: 1 << 28 }),
    structure: execFileSync('pdfinfo', ['-struct-text', file], { encoding: 'utf8', maxBuffer: 1 << 28 }),
  };
}
