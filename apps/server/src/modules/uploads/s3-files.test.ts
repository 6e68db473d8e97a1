import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../../core/s3-storage.js';
import { fileTexts, organizationFiles } from '../../db/schema/index.js';
import { testApi, type Person } from '../../test/api.js';
import { pdfPages } from '../../test/exported-files.js';
import { createDocument, twoOrganizations, uploadOrganizationFile } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { multipartFile } from '../../test/multipart.js';
import { pdfOf } from '../../test/office-files.js';
import { startS3Server, type S3Server } from '../../test/s3-server.js';
import { req } from '../../../../../docs/requirements/req.js';

// The server with FILE_STORAGE=s3 (an in-process S3-compatible server, test/s3-server.ts): a file
// takes the whole path through the bucket, from upload to download, controlled copy and the
// reading of its text, and nothing lands on the local disk.

let s3: S3Server;
let t: TestContext;
const { call } = testApi(() => t);
let orgA: string;
let admin: Person;
let outsider: Person;
let bucket: S3Storage;
let document: { id: string; fileId: string; bytes: Buffer };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const contentUrl = (organizationId: string) =>
  `/documents/${document.id}/file/${document.fileId}/content?organizationId=${organizationId}&revision=1`;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestContext({ env: s3.env });
  ({ orgA, admin, outsider } = await twoOrganizations(t));
  bucket = new S3Storage(s3.settings);
  const bytes = await pdfOf(['Sterilisation procedure kept in the bucket.', 'Autoclave at 134 degrees.']);
  const fileId = await uploadOrganizationFile(t.app, admin.headers, orgA, 'sterilisation.pdf', bytes);
  const { id } = await createDocument(t.app, t.db, admin, orgA, { fileId });
  document = { id, fileId, bytes };
});

afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe(`a file in S3-compatible storage ${req('FILE-003')}`, () => {
  it('is not served without a session, nor to another organization', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/v1${contentUrl(orgA)}` })).statusCode).toBe(401);
    expect((await call('GET', contentUrl(orgA), outsider.headers)).statusCode).toBe(404);
  });

  it('answers 500 and keeps nothing when the bucket fails, the bytes being fine', async () => {
    // A server of the same deployment whose bucket does not exist: every write fails (NoSuchBucket).
    const broken = await createTestContext({ env: { ...s3.env, S3_BUCKET: 'qualis-missing' }, sameDeploymentAs: t });
    try {
      const before = await t.db.select({ id: organizationFiles.id }).from(organizationFiles);
      const body = multipartFile('procedure.txt', Buffer.from('A procedure.\n'));
      const res = await broken.app.inject({
        method: 'POST',
        url: `/api/v1/upload/file?organizationId=${orgA}`,
        payload: body.payload,
        headers: { ...admin.headers, ...body.headers },
      });
      expect(res.statusCode, res.body).toBe(500);
      expect(await t.db.select({ id: organizationFiles.id }).from(organizationFiles)).toEqual(before);
    } finally {
      await broken.close();
    }
  });

  it('is stored in the bucket under its organization, with its hash, and not on the local disk', async () => {
    const [row] = await t.db
      .select()
      .from(organizationFiles)
      .where(and(eq(organizationFiles.organizationId, orgA), eq(organizationFiles.id, document.fileId)));
    expect(row!.storageKey).toMatch(new RegExp(`^organizations/${orgA}/`));
    expect(row!.sha256).toBe(sha256(document.bytes));
    expect(sha256(await buffer(await bucket.read(row!.storageKey)))).toBe(row!.sha256);
    expect(fs.existsSync(path.join(t.dataDir, 'files'))).toBe(false);
  });

  it(`downloads the bytes from the bucket, checked against the recorded hash ${req('DOC-021')}`, async () => {
    const res = await call('GET', contentUrl(orgA), admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-qualis-file-integrity']).toBe('match');
    expect(sha256(res.rawPayload)).toBe(sha256(document.bytes));
  });

  it(`makes a controlled copy of the PDF read from the bucket ${req('DOC-023')}`, async () => {
    const res = await call('GET', `/documents/${document.id}/controlled-copy?organizationId=${orgA}`, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const pages = await pdfPages(res.rawPayload);
    expect(pages[0]).toContain('Sterilisation procedure kept in the bucket.');
    expect(pages[0]).toContain('Draft - not approved');
  });

  it(`reads the text of the file from the bucket for the search ${req('SRCH-002')}`, async () => {
    await t.runJobs();
    const [text] = await t.db
      .select()
      .from(fileTexts)
      .where(and(eq(fileTexts.organizationId, orgA), eq(fileTexts.fileId, document.fileId)));
    expect(text).toMatchObject({ status: 'extracted' });
    expect(text!.content).toContain('Autoclave at 134 degrees.');
  });

  it(`tells when the bytes in the bucket were changed behind the server's back ${req('DOC-021')}`, async () => {
    const [row] = await t.db
      .select({ storageKey: organizationFiles.storageKey })
      .from(organizationFiles)
      .where(and(eq(organizationFiles.organizationId, orgA), eq(organizationFiles.id, document.fileId)));
    // The bucket's LastModified is to the second: a change within the second of the last check is
    // seen by the download after (the download hashes what it sends).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await bucket.put(row!.storageKey, Buffer.from('%PDF-1.4 not the signed bytes'));
    const res = await call('GET', contentUrl(orgA), admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-qualis-file-integrity']).toBe('mismatch');
  });
});
