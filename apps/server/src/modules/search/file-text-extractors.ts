// The text of a file, by format. Runs in the file text worker (file-text-worker.ts), never on the
// server's main thread: the libraries parse untrusted bytes, and a file that is slow or needs too
// much memory is stopped there (file-text-reader.ts). docs/decisions/0022-file-text-extraction.md.
import mammoth from 'mammoth';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { getDocumentProxy } from 'unpdf';
import yauzl from 'yauzl';
import { capText, MAX_TEXT_CHARS, normaliseText, type ExtractedText, type TextFormat } from './file-text-content.js';

/**
 * Characters an extractor gathers before it stops reading. Normalising only removes characters,
 * so a file cut here still fills `MAX_TEXT_CHARS` unless most of it was white space.
 */
const RAW_TEXT_BUDGET = 4 * MAX_TEXT_CHARS;

/** What an Office file (a ZIP) may unpack to: a small file that unpacks to gigabytes is refused. */
export const ZIP_LIMITS = {
  entries: 10_000,
  /** One XML part, unpacked. */
  partBytes: 64 * 1024 * 1024,
  /** All parts read from one file, unpacked. */
  totalBytes: 256 * 1024 * 1024,
};

/** The file itself is the problem (damaged, encrypted, too large unpacked): retrying cannot help. */
export class UnreadableFile extends Error {}

export async function extractText(format: TextFormat, bytes: Uint8Array): Promise<ExtractedText> {
  const out = new TextCollector();
  await READERS[format](bytes, out);
  return out.result();
}

const READERS: Record<TextFormat, (bytes: Uint8Array, out: TextCollector) => Promise<void>> = {
  pdf: readPdf,
  docx: readDocx,
  xlsx: readXlsx,
  pptx: readPptx,
  text: async (bytes, out) => {
    // Uploads of .txt and .csv are valid UTF-8 (core/files.ts); at most 4 bytes make a character.
    const read = bytes.subarray(0, RAW_TEXT_BUDGET * 4);
    out.add(new TextDecoder('utf-8').decode(read, { stream: true }));
    if (read.length < bytes.length) out.cut();
  },
};

/** Gathers raw text up to `RAW_TEXT_BUDGET`; extractors stop reading once it is `full`. */
class TextCollector {
  private readonly parts: string[] = [];
  private length = 0;
  private wasCut = false;

  get full() {
    return this.wasCut;
  }

  add(text: string) {
    if (this.wasCut || text.length === 0) return;
    const room = RAW_TEXT_BUDGET - this.length;
    if (text.length > room) {
      this.parts.push(text.slice(0, room));
      this.length += room;
      this.wasCut = true;
      return;
    }
    this.parts.push(text);
    this.length += text.length;
  }

  cut() {
    this.wasCut = true;
  }

  result(): ExtractedText {
    return capText(normaliseText(this.parts.join('')), this.wasCut);
  }
}

// PDF ----------------------------------------------------------------------------------------

async function readPdf(bytes: Uint8Array, out: TextCollector) {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // Errors only: pdf.js warns about every odd font on the console otherwise.
    pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  } catch (error) {
    throw new UnreadableFile(pdfProblem(error));
  }
  let failure: unknown;
  let pagesRead = 0;
  try {
    for (let number = 1; number <= pdf.numPages && !out.full; number += 1) {
      // A damaged page loses its own text, not the document's.
      try {
        const page = await pdf.getPage(number);
        const content = await page.getTextContent();
        for (const item of content.items) {
          if ('str' in item) out.add(item.hasEOL ? `${item.str}\n` : item.str);
        }
        out.add('\n');
        page.cleanup();
        pagesRead += 1;
      } catch (error) {
        failure ??= error;
      }
    }
  } finally {
    await pdf.destroy();
  }
  if (pagesRead === 0 && failure) throw new UnreadableFile(pdfProblem(failure));
}

function pdfProblem(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'PasswordException') return 'the PDF is encrypted with a password';
  if (name === 'InvalidPDFException') return 'not a valid PDF';
  return `damaged PDF: ${messageOf(error)}`;
}

// DOCX ---------------------------------------------------------------------------------------

async function readDocx(bytes: Uint8Array, out: TextCollector) {
  // mammoth unpacks with JSZip, which has no size limit: the sizes the ZIP declares are checked
  // first (a ZIP that lies about them fails later, on the worker's memory limit).
  const zip = await openZip(bytes);
  let total = 0;
  for (const entry of zip.entries.values()) {
    total += entry.uncompressedSize;
    if (entry.uncompressedSize > ZIP_LIMITS.partBytes || total > ZIP_LIMITS.totalBytes) throw tooLargeUnpacked();
  }
  zip.close();
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    out.add((await mammoth.extractRawText({ buffer })).value);
  } catch (error) {
    throw new UnreadableFile(`damaged Word document: ${messageOf(error)}`);
  }
}

// XLSX and PPTX: their XML parts, streamed --------------------------------------------------

/**
 * A workbook's sheet names, its shared strings (every distinct text of its cells, in order of
 * first use: the text itself, so the cells that point at them need not be followed), then the
 * other values of each sheet's cells (numbers, text written inline, formulas' text results).
 */
async function readXlsx(bytes: Uint8Array, out: TextCollector) {
  const zip = await openZip(bytes);
  try {
    await zip.readXml('xl/workbook.xml', out, {
      open: (tag) => {
        if (localName(tag.name) === 'sheet' && typeof tag.attributes.name === 'string')
          out.add(`${tag.attributes.name}\n`);
      },
    });
    let phonetic = 0;
    let inText = false;
    await zip.readXml('xl/sharedStrings.xml', out, {
      open: (tag) => {
        const name = localName(tag.name);
        if (name === 'rPh') phonetic += 1;
        else if (name === 't') inText = phonetic === 0;
      },
      text: (text) => inText && out.add(text),
      close: (name) => {
        if (name === 'rPh') phonetic -= 1;
        else if (name === 't') inText = false;
        else if (name === 'si') out.add('\n');
      },
    });
    for (const sheet of numbered(zip, /^xl\/worksheets\/sheet(\d+)\.xml$/)) {
      if (out.full) break;
      let cellType: string | undefined;
      let inValue = false;
      await zip.readXml(sheet, out, {
        open: (tag) => {
          const name = localName(tag.name);
          if (name === 'c') cellType = typeof tag.attributes.t === 'string' ? tag.attributes.t : 'n';
          // A shared string's index, a boolean or an error code is no text of its own.
          else if (name === 'v') inValue = cellType === 'n' || cellType === 'str';
          else if (name === 't') inValue = cellType === 'inlineStr';
        },
        text: (text) => inValue && out.add(text),
        close: (name) => {
          if (name === 'v' || name === 't') inValue = false;
          else if (name === 'c') out.add(' ');
          else if (name === 'row') out.add('\n');
        },
      });
    }
  } finally {
    zip.close();
  }
}

/** The text of each slide, in the order of the slide files, then the speaker notes. */
async function readPptx(bytes: Uint8Array, out: TextCollector) {
  const zip = await openZip(bytes);
  try {
    const parts = [
      ...numbered(zip, /^ppt\/slides\/slide(\d+)\.xml$/),
      ...numbered(zip, /^ppt\/notesSlides\/notesSlide(\d+)\.xml$/),
    ];
    for (const part of parts) {
      if (out.full) break;
      let inText = false;
      await zip.readXml(part, out, {
        open: (tag) => {
          const name = localName(tag.name);
          if (name === 't') inText = true;
          else if (name === 'br') out.add('\n');
        },
        text: (text) => inText && out.add(text),
        close: (name) => {
          if (name === 't') inText = false;
          else if (name === 'p') out.add('\n');
        },
      });
    }
  } finally {
    zip.close();
  }
}

/** Element names without their namespace prefix: writers differ in the prefixes they choose. */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The ZIP's entries matching `pattern`, by the number it captures. */
function numbered(zip: ZipReader, pattern: RegExp): string[] {
  return [...zip.entries.keys()]
    .map((name) => ({ name, number: Number(pattern.exec(name)?.[1]) }))
    .filter((part) => Number.isInteger(part.number))
    .sort((a, b) => a.number - b.number)
    .map((part) => part.name);
}

interface XmlHandlers {
  open?: (tag: SaxesTagPlain) => void;
  text?: (text: string) => void;
  /** The closed element's local name. */
  close?: (name: string) => void;
}

const tooLargeUnpacked = () => new UnreadableFile('the file unpacks to more than the allowed size');

/** A ZIP read from memory with yauzl, each part streamed and counted against `ZIP_LIMITS`. */
class ZipReader {
  private unpacked = 0;

  constructor(
    private readonly zip: yauzl.ZipFile,
    readonly entries: Map<string, yauzl.Entry>,
  ) {}

  /**
   * Streams the XML part `name` (absent: nothing) through a strict parser to `handlers`, and
   * stops early once `out` is full.
   */
  readXml(name: string, out: TextCollector, handlers: XmlHandlers): Promise<void> {
    const entry = this.entries.get(name);
    if (!entry || out.full) return Promise.resolve();
    if (entry.uncompressedSize > ZIP_LIMITS.partBytes) return Promise.reject(tooLargeUnpacked());
    return new Promise((resolve, reject) => {
      this.zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(new UnreadableFile(`damaged ZIP: ${messageOf(error)}`));
        const parser = new SaxesParser();
        if (handlers.open) parser.on('opentag', handlers.open);
        if (handlers.text) {
          parser.on('text', handlers.text);
          parser.on('cdata', handlers.text);
        }
        const close = handlers.close;
        if (close) parser.on('closetag', (tag) => close(localName(tag.name)));
        let partBytes = 0;
        const decoder = new TextDecoder('utf-8');
        const fail = (reason: Error) => {
          stream.destroy();
          reject(reason);
        };
        stream.on('data', (chunk: Buffer) => {
          partBytes += chunk.length;
          this.unpacked += chunk.length;
          if (partBytes > ZIP_LIMITS.partBytes || this.unpacked > ZIP_LIMITS.totalBytes)
            return fail(tooLargeUnpacked());
          try {
            parser.write(decoder.decode(chunk, { stream: true }));
          } catch (parseError) {
            return fail(new UnreadableFile(`malformed XML in ${name}: ${messageOf(parseError)}`));
          }
          if (out.full) {
            stream.destroy();
            resolve();
          }
        });
        stream.on('error', (streamError) => reject(new UnreadableFile(`damaged ZIP: ${messageOf(streamError)}`)));
        stream.on('end', () => {
          try {
            parser.write(decoder.decode()).close();
            resolve();
          } catch (parseError) {
            reject(new UnreadableFile(`malformed XML in ${name}: ${messageOf(parseError)}`));
          }
        });
      });
    });
  }

  close() {
    this.zip.close();
  }
}

/** The ZIP's directory, refused when it has more entries than `ZIP_LIMITS.entries`. */
function openZip(bytes: Uint8Array): Promise<ZipReader> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(new UnreadableFile(`damaged ZIP: ${messageOf(error)}`));
      const entries = new Map<string, yauzl.Entry>();
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.set(entry.fileName, entry);
        if (entries.size > ZIP_LIMITS.entries) {
          zip.close();
          return reject(new UnreadableFile(`the ZIP holds more than ${ZIP_LIMITS.entries} entries`));
        }
        zip.readEntry();
      });
      zip.on('end', () => resolve(new ZipReader(zip, entries)));
      zip.on('error', (zipError: unknown) => reject(new UnreadableFile(`damaged ZIP: ${messageOf(zipError)}`)));
      zip.readEntry();
    });
  });
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);
