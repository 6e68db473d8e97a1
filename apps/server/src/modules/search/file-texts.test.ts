import fs from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { GlobalSearchRow } from '@qualis/contract';
import PDFDocument from 'pdfkit';
import { fileTexts, jobs, organizationFiles } from '../../db/schema/index.js';
import { testApi, type Person } from '../../test/api.js';
import { createDocument, createOrganization } from '../../test/factories.js';
import { SAMPLES } from '../../test/file-samples.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { multipartFile, PNG_BYTES } from '../../test/multipart.js';
import { docxOf, pdfOf, pptxOf, xlsxOf, zipOf } from '../../test/office-files.js';
import { MAX_TEXT_CHARS } from './file-text-content.js';
import { ZIP_LIMITS } from './file-text-extractors.js';
import { EXTRACT_FILE_TEXT_JOB } from './file-texts.js';
import { req } from '../../../../../docs/requirements/req.js';

let t: TestContext;
const api = testApi(() => t);
let organizationId: string;
let member: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestContext();
  organizationId = (await createOrganization(t.db)).id;
  member = await api.person(organizationId);
  admin = await api.person(organizationId, 'Admin');
});
afterAll(() => t.close());

async function upload(fileName: string, bytes: Buffer): Promise<string> {
  const body = multipartFile(fileName, bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/upload/file?organizationId=${organizationId}`,
    payload: body.payload,
    headers: { ...member.headers, ...body.headers },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function textRow(fileId: string) {
  const [row] = await t.db
    .select()
    .from(fileTexts)
    .where(and(eq(fileTexts.organizationId, organizationId), eq(fileTexts.fileId, fileId)));
  return row;
}

async function jobOf(fileId: string) {
  const [job] = await t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, EXTRACT_FILE_TEXT_JOB), sql`${jobs.payload}->>'fileId' = ${fileId}`));
  return job;
}

/** Whether the file's search vector matches the query (a tsquery in the search configuration). */
async function found(fileId: string, query: SQL): Promise<boolean> {
  const rows = await t.db
    .select({ fileId: fileTexts.fileId })
    .from(fileTexts)
    .where(and(eq(fileTexts.fileId, fileId), sql`${fileTexts.searchVector} @@ ${query}`));
  return rows.length === 1;
}
const word = (w: string) => sql`to_tsquery('qualis_search', ${w})`;
const phrase = (p: string) => sql`phraseto_tsquery('qualis_search', ${p})`;

describe('text of uploaded files', () => {
  it(`finds a new file by its name at once, and by its text once the job has read it ${req('SRCH-002')}`, async () => {
    const pdf = await pdfOf([
      'Procedure for the Calibración of measuring equipment.',
      'The torque wrench is calibrated every six months by an accredited laboratory.',
    ]);
    const fileId = await upload('Torque wrench SOP.pdf', pdf);

    expect(await textRow(fileId)).toMatchObject({
      fileName: 'Torque wrench SOP.pdf',
      status: 'pending',
      content: null,
      extractedAt: null,
    });
    expect(await jobOf(fileId)).toMatchObject({
      status: 'pending',
      organizationId,
      payload: { organizationId, fileId },
    });
    expect(await found(fileId, word('wrench'))).toBe(true);
    expect(await found(fileId, word('laboratory'))).toBe(false);

    await t.runJobs();

    const row = await textRow(fileId);
    expect(row).toMatchObject({ status: 'extracted', truncated: false, error: null });
    expect(row!.content).toBe(
      'Procedure for the Calibración of measuring equipment.\n' +
        'The torque wrench is calibrated every six months by an accredited laboratory.',
    );
    expect(row!.extractedAt).toBeInstanceOf(Date);
    expect(await jobOf(fileId)).toMatchObject({ status: 'done', attempts: 1, lastError: null });
    // Accents and case do not matter; a phrase matches its words in order only.
    expect(await found(fileId, word('CALIBRACION'))).toBe(true);
    expect(await found(fileId, phrase('calibrated every six months'))).toBe(true);
    expect(await found(fileId, phrase('six calibrated months'))).toBe(false);
  });

  it('lets the global search find a document by a word inside its PDF once the job has read it', async () => {
    const fileId = await upload('Cleaning SOP.pdf', await pdfOf(['Wipe the bench with isopropanol after each batch.']));
    const document = await createDocument(t.app, t.db, admin, organizationId, { name: 'Cleaning', fileId });
    const search = async () => {
      const res = await api.call('GET', `/${organizationId}/global-search?search=isopropanol`, admin.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as GlobalSearchRow[];
    };
    expect(await search()).toEqual([]);
    await t.runJobs();
    const [row, ...others] = await search();
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      type: 'Document',
      id: document.id,
      matchedIn: 'file',
      matchedFile: 'Cleaning SOP.pdf',
    });
    expect(row!.snippet.filter((part) => part.match).map((part) => part.text)).toEqual(['isopropanol']);
  });

  it('reads Word, Excel, PowerPoint, text and CSV files', async () => {
    const cases: [name: string, bytes: Buffer, text: string, query: SQL][] = [
      [
        'Supplier audit.docx',
        await docxOf(['Supplier audit checklist', 'Zoë approved the déviation & its closure']),
        'Supplier audit checklist\nZoë approved the déviation & its closure',
        phrase('zoe approved the deviation'),
      ],
      [
        'Suppliers.xlsx',
        await xlsxOf([
          {
            name: 'Approved suppliers',
            rows: [
              ['Supplier', 'Lot'],
              ['Acme Präzision GmbH', 240315],
            ],
            inline: ['Requalified in March'],
          },
        ]),
        'Approved suppliers\nSupplier\nLot\nAcme Präzision GmbH\n240315\nRequalified in March',
        word('praezision | prazision'),
      ],
      [
        'Objectives.pptx',
        await pptxOf([
          { paragraphs: ['Quality objectives 2026', 'Reduce the CAPA backlog'], notes: 'Mention the audit findings' },
          { paragraphs: ['Owner: Ana Pérez'] },
        ]),
        'Quality objectives 2026\nReduce the CAPA backlog\nOwner: Ana Pérez\nMention the audit findings',
        word('perez & findings'),
      ],
      [
        'notes.txt',
        Buffer.from('Line one\r\n\r\n\tIndented  line\u00a0two\uE000marked\uE001\n'),
        'Line one\nIndented line twomarked',
        word('twomarked'),
      ],
      ['grades.csv', SAMPLES.text, 'Name;Grade\nAda;A\nZoë;B', word('zoe')],
    ];
    const ids: string[] = [];
    for (const [name, bytes] of cases) ids.push(await upload(name, bytes));
    await t.runJobs();
    for (const [index, [name, , text, query]] of cases.entries()) {
      const fileId = ids[index]!;
      expect(await textRow(fileId), name).toMatchObject({ status: 'extracted', content: text, truncated: false });
      expect(await found(fileId, query), name).toBe(true);
      expect((await jobOf(fileId))!.status, name).toBe('done');
    }
  });

  it('marks images, Office 97-2003 and OpenDocument files unsupported, still found by their name', async () => {
    const ids = [
      await upload('Line layout.png', PNG_BYTES),
      await upload('Old procedure.doc', SAMPLES.cfb),
      await upload('Plan.odt', SAMPLES.odt),
    ];
    await t.runJobs();
    for (const fileId of ids) {
      const row = await textRow(fileId);
      expect(row).toMatchObject({ status: 'unsupported', content: null, error: null });
      expect(row!.extractedAt).toBeInstanceOf(Date);
      expect((await jobOf(fileId))!.status).toBe('done');
    }
    expect(await found(ids[0]!, word('line'))).toBe(true);
  });

  it('marks damaged, encrypted and malformed files unreadable with the reason, the job done, the file found by its name', async () => {
    const pdf = await pdfOf(['Some text']);
    const encrypted = new PDFDocument({ userPassword: 'secret', ownerPassword: 'owner' });
    const encryptedBytes = buffer(encrypted);
    encrypted.text('Confidential formulation');
    encrypted.end();
    const docx = await docxOf(['A paragraph long enough to be deflated, a paragraph long enough to be deflated']);
    const damaged = Buffer.from(docx);
    const data = damaged.indexOf('word/document.xml') + 'word/document.xml'.length;
    damaged.fill(0xff, data, data + 40);
    const cases: [name: string, bytes: Buffer, reason: string | RegExp][] = [
      ['Broken scan.pdf', Buffer.concat([pdf.subarray(0, 9), Buffer.from('not a PDF body at all')]), 'not a valid PDF'],
      ['Locked recipe.pdf', await encryptedBytes, 'the PDF is encrypted with a password'],
      ['Damaged form.docx', damaged, /^damaged/],
      [
        'Bad sheet.xlsx',
        await zipOf([
          ['[Content_Types].xml', spreadsheetTypes],
          ['xl/workbook.xml', '<workbook><sheets><sheet name="A"'],
        ]),
        /^malformed XML in xl\/workbook.xml/,
      ],
    ];
    const ids: string[] = [];
    for (const [name, bytes] of cases) ids.push(await upload(name, bytes));
    await t.runJobs();
    for (const [index, [name, , reason]] of cases.entries()) {
      const fileId = ids[index]!;
      const row = await textRow(fileId);
      expect(row, name).toMatchObject({ status: 'unreadable', content: null, error: expect.stringMatching(reason) });
      expect(row!.extractedAt, name).toBeInstanceOf(Date);
      expect(await jobOf(fileId), name).toMatchObject({ status: 'done', lastError: null });
    }
    expect(await found(ids[1]!, word('locked'))).toBe(true);
  });

  it('refuses Office files that unpack to more than the limit, without unpacking them', async () => {
    const huge = Buffer.alloc(ZIP_LIMITS.partBytes + 1, 'ab ');
    const ids = [
      await upload(
        'Bomb.xlsx',
        await zipOf([
          ['[Content_Types].xml', spreadsheetTypes],
          ['xl/sharedStrings.xml', huge],
        ]),
      ),
      await upload('Bomb.docx', await docxOf(['Padding follows'], [['word/media/padding.xml', huge]])),
    ];
    await t.runJobs();
    for (const fileId of ids) {
      expect(await textRow(fileId)).toMatchObject({
        status: 'unreadable',
        error: 'the file unpacks to more than the allowed size',
      });
    }
  });

  it('keeps the first 300,000 characters of a longer text, cut after a word, indexed even in a 3-byte script', async () => {
    // Distinct words of 50 CJK characters (3 bytes each in UTF-8): the largest index a kept text can make.
    const words: string[] = [];
    for (let n = 0; words.length * 51 < MAX_TEXT_CHARS + 100_000; n += 1) {
      let w = '';
      for (let i = 0, x = n; i < 50; i += 1, x = Math.floor(x / 7))
        w += String.fromCharCode(0x4e00 + ((x + i * 131) % 20000));
      words.push(w);
    }
    const fileId = await upload('Long log.txt', Buffer.from(words.join(' ')));
    await t.runJobs();
    const row = await textRow(fileId);
    expect(row).toMatchObject({ status: 'extracted', truncated: true });
    expect(row!.content!.length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
    expect(row!.content!.length).toBeGreaterThan(MAX_TEXT_CHARS - 51);
    expect(row!.content!.endsWith(words[Math.floor(row!.content!.length / 51)]!)).toBe(true);
    expect(await found(fileId, word(words[0]!))).toBe(true);
    expect(await found(fileId, word(words.at(-1)!))).toBe(false);
  });

  it('ends the job quietly when the file is gone before it runs', async () => {
    const fileId = await upload('Short-lived.txt', Buffer.from('Gone soon'));
    await t.db
      .delete(organizationFiles)
      .where(and(eq(organizationFiles.organizationId, organizationId), eq(organizationFiles.id, fileId)));
    await t.runJobs();
    expect(await textRow(fileId)).toBeUndefined();
    expect(await jobOf(fileId)).toMatchObject({ status: 'done', lastError: null });
  });

  it('retries later when the stored bytes cannot be read, leaving the text pending', async () => {
    const fileId = await upload('Unlucky.txt', Buffer.from('The disk went away'));
    const [file] = await t.db.select().from(organizationFiles).where(eq(organizationFiles.id, fileId));
    await fs.rm(path.join(t.app.ctx.config.dataDir, 'files', file!.storageKey));
    await t.runJobs();
    expect(await textRow(fileId)).toMatchObject({ status: 'pending', extractedAt: null });
    const job = await jobOf(fileId);
    expect(job).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringContaining(`no stored file under ${file!.storageKey}`),
    });
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
  });
});

const spreadsheetTypes =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>';
