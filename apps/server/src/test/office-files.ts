// Small real documents for the text extraction tests and bench: a PDF written by pdfkit, and
// Word, Excel and PowerPoint files made of the fewest parts their formats (and the file type
// sniffer, core/files.ts) need, zipped with yazl.
import { buffer } from 'node:stream/consumers';
import PDFDocument from 'pdfkit';
import yazl from 'yazl';

/** A PDF with one page per entry, in Helvetica (WinAnsi: accented Latin letters are fine). */
export async function pdfOf(pages: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, compress: true });
  const bytes = buffer(doc);
  for (const text of pages) doc.addPage().fontSize(11).text(text);
  doc.end();
  return bytes;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`;
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const CONTENT_TYPES_NS = 'http://schemas.openxmlformats.org/package/2006/content-types';
const RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_DOCUMENT = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument';
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function contentTypes(overrides: [part: string, type: string][]) {
  return xml(
    `<Types xmlns="${CONTENT_TYPES_NS}">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      overrides.map(([part, type]) => `<Override PartName="/${part}" ContentType="${type}"/>`).join('') +
      '</Types>',
  );
}

function relationships(targets: [id: string, type: string, target: string][]) {
  return xml(
    `<Relationships xmlns="${RELATIONSHIPS_NS}">` +
      targets.map(([id, type, target]) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`).join('') +
      '</Relationships>',
  );
}

/** A ZIP of the parts, deflated, in order ([Content_Types].xml first, as Office writes it). */
export function zipOf(parts: [name: string, content: string | Buffer][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of parts) zip.addBuffer(Buffer.from(content), name, { mtime: new Date(2026, 0, 1) });
  zip.end();
  return buffer(zip.outputStream);
}

/** A Word document of these paragraphs (and `extra` parts, after its own). */
export function docxOf(paragraphs: string[], extra: [name: string, content: string | Buffer][] = []): Promise<Buffer> {
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${escape(p)}</w:t></w:r></w:p>`).join('');
  return zipOf([
    [
      '[Content_Types].xml',
      contentTypes([
        ['word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'],
      ]),
    ],
    ['_rels/.rels', relationships([['rId1', OFFICE_DOCUMENT, 'word/document.xml']])],
    ['word/document.xml', xml(`<w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`)],
    ...extra,
  ]);
}

export interface Sheet {
  name: string;
  /** Text goes to the shared strings (as Excel writes it); numbers stay in their cells. */
  rows: (string | number)[][];
  /** Cells written with inline text, after the rows. */
  inline?: string[];
}

/** An Excel workbook of these sheets. */
export function xlsxOf(sheets: Sheet[]): Promise<Buffer> {
  const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const shared: string[] = [];
  const cell = (value: string | number) => {
    if (typeof value === 'number') return `<c><v>${value}</v></c>`;
    if (!shared.includes(value)) shared.push(value);
    return `<c t="s"><v>${shared.indexOf(value)}</v></c>`;
  };
  const sheetParts = sheets.map((sheet, index): [string, string] => {
    const rows = sheet.rows.map((row, r) => `<row r="${r + 1}">${row.map(cell).join('')}</row>`);
    const inline = (sheet.inline ?? []).map(
      (text, i) => `<row r="${sheet.rows.length + i + 1}"><c t="inlineStr"><is><t>${escape(text)}</t></is></c></row>`,
    );
    return [
      `xl/worksheets/sheet${index + 1}.xml`,
      xml(`<worksheet xmlns="${S}"><sheetData>${[...rows, ...inline].join('')}</sheetData></worksheet>`),
    ];
  });
  const strings = shared.map((s) => `<si><t xml:space="preserve">${escape(s)}</t></si>`).join('');
  const worksheetType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml';
  return zipOf([
    [
      '[Content_Types].xml',
      contentTypes([
        ['xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'],
        ['xl/sharedStrings.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml'],
        ...sheets.map((_, i): [string, string] => [`xl/worksheets/sheet${i + 1}.xml`, worksheetType]),
      ]),
    ],
    ['_rels/.rels', relationships([['rId1', OFFICE_DOCUMENT, 'xl/workbook.xml']])],
    [
      'xl/workbook.xml',
      xml(
        `<workbook xmlns="${S}" xmlns:r="${R_NS}"><sheets>` +
          sheets.map((s, i) => `<sheet name="${escape(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
          '</sheets></workbook>',
      ),
    ],
    [
      'xl/_rels/workbook.xml.rels',
      relationships([
        ...sheets.map((_, i): [string, string, string] => [
          `rId${i + 1}`,
          `${R_NS}/worksheet`,
          `worksheets/sheet${i + 1}.xml`,
        ]),
        [`rId${sheets.length + 1}`, `${R_NS}/sharedStrings`, 'sharedStrings.xml'],
      ]),
    ],
    [
      'xl/sharedStrings.xml',
      xml(`<sst xmlns="${S}" count="${shared.length}" uniqueCount="${shared.length}">${strings}</sst>`),
    ],
    ...sheetParts,
  ]);
}

/** A PowerPoint presentation: one slide per entry, each a list of paragraphs; notes per slide. */
export function pptxOf(slides: { paragraphs: string[]; notes?: string }[]): Promise<Buffer> {
  const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
  const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
  const textBody = (paragraphs: string[]) =>
    `<p:sp><p:txBody><a:bodyPr/>${paragraphs.map((p) => `<a:p><a:r><a:t>${escape(p)}</a:t></a:r></a:p>`).join('')}</p:txBody></p:sp>`;
  const tree = (paragraphs: string[]) => `<p:cSld><p:spTree>${textBody(paragraphs)}</p:spTree></p:cSld>`;
  const parts: [string, string][] = [];
  slides.forEach((slide, i) => {
    parts.push([
      `ppt/slides/slide${i + 1}.xml`,
      xml(`<p:sld xmlns:p="${P}" xmlns:a="${A}">${tree(slide.paragraphs)}</p:sld>`),
    ]);
    if (slide.notes) {
      parts.push([
        `ppt/notesSlides/notesSlide${i + 1}.xml`,
        xml(`<p:notes xmlns:p="${P}" xmlns:a="${A}">${tree([slide.notes])}</p:notes>`),
      ]);
    }
  });
  return zipOf([
    [
      '[Content_Types].xml',
      contentTypes([
        ['ppt/presentation.xml', 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml'],
        ...slides.map((_, i): [string, string] => [
          `ppt/slides/slide${i + 1}.xml`,
          'application/vnd.openxmlformats-officedocument.presentationml.slide+xml',
        ]),
      ]),
    ],
    ['_rels/.rels', relationships([['rId1', OFFICE_DOCUMENT, 'ppt/presentation.xml']])],
    [
      'ppt/presentation.xml',
      xml(
        `<p:presentation xmlns:p="${P}" xmlns:r="${R_NS}"><p:sldIdLst>` +
          slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`).join('') +
          '</p:sldIdLst></p:presentation>',
      ),
    ],
    [
      'ppt/_rels/presentation.xml.rels',
      relationships(slides.map((_, i) => [`rId${i + 1}`, `${R_NS}/slide`, `slides/slide${i + 1}.xml`])),
    ],
    ...parts,
  ]);
}
