import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../../core/files.js';
import { newId } from '../../core/ids.js';
import { S3Storage } from '../../core/s3-storage.js';
import { mailOutbox, organizationFiles } from '../../db/schema/index.js';
import { testApi, type Person } from '../../test/api.js';
import { createOrganization, uploadImage, uploadOrganizationFile } from '../../test/factories.js';
import { createTestContext, openTestDatabase, type TestContext } from '../../test/harness.js';
import { startS3Server, type S3Server } from '../../test/s3-server.js';
import { migrateFiles, problemLine, summaryLine } from './storage-migration.js';
import { req } from '../../../../../docs/requirements/req.js';

// `npm run storage:migrate -- --to s3`: the local files copied to the bucket, each checked by its hash.

let s3: S3Server;
let t: TestContext;
const { person } = testApi(() => t);
let organizationId: string;
let admin: Person;
let local: LocalDiskStorage;
let bucket: S3Storage;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function keyOf(fileId: string) {
  const [row] = await t.db
    .select({ storageKey: organizationFiles.storageKey })
    .from(organizationFiles)
    .where(and(eq(organizationFiles.organizationId, organizationId), eq(organizationFiles.id, fileId)));
  return row!.storageKey;
}

/** The bytes under each key in both storages are the same. */
async function sameInBoth(keys: string[]) {
  for (const key of keys) {
    expect(sha256(await buffer(await bucket.read(key)))).toBe(sha256(await buffer(await local.read(key))));
  }
}

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestContext();
  organizationId = (await createOrganization(t.db)).id;
  admin = await person(organizationId, 'Admin');
  local = new LocalDiskStorage(path.join(t.dataDir, 'files'));
  bucket = new S3Storage(s3.settings);
});

afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe(`storage:migrate ${req('FILE-004')}`, () => {
  const reported: string[] = [];
  const migrate = () => migrateFiles(t.db, local, bucket, (outcome, file) => reported.push(problemLine(outcome, file)));
  let keys: string[];

  it('copies every file the database knows to the bucket: organization files, images, waiting attachments', async () => {
    const files = [
      await uploadOrganizationFile(t.app, admin.headers, organizationId, 'sop.txt', Buffer.from('SOP text\n')),
      await uploadOrganizationFile(t.app, admin.headers, organizationId, 'form.txt', Buffer.from('Form text\n')),
    ];
    await uploadImage(t.app, admin.headers);
    const attachment = `exports/${newId()}.csv`;
    await local.put(attachment, Buffer.from('a,b\n1,2\n'));
    await t.db.insert(mailOutbox).values({
      id: newId(),
      toAddress: 'someone@example.com',
      subject: 'Export',
      textBody: 'Attached.',
      attachments: [{ fileName: 'export.csv', storageKey: attachment, contentType: 'text/csv', removeAfterSend: true }],
    });
    keys = [...(await Promise.all(files.map(keyOf))), attachment];

    const summary = await migrate();
    expect(summary).toEqual({ counts: { copied: 4, present: 0, missing: 0, mismatch: 0 }, ok: true });
    expect(reported).toEqual([]);
    await sameInBoth(keys);
  });

  it('can be run again: what is in the bucket with its recorded bytes is left as it is', async () => {
    const summary = await migrate();
    expect(summary).toEqual({ counts: { copied: 0, present: 4, missing: 0, mismatch: 0 }, ok: true });
    // The local bytes may go once copied: the bucket's are checked against the record.
    await local.remove(keys[0]!);
    expect((await migrate()).counts).toEqual({ copied: 0, present: 4, missing: 0, mismatch: 0 });
  });

  it('reports a file whose bytes differ from the record, and one that is nowhere, and fails', async () => {
    const changed = await keyOf(await uploadOrganizationFile(t.app, admin.headers, organizationId));
    await fs.writeFile(path.join(t.dataDir, 'files', changed), 'not the uploaded bytes');
    const gone = await keyOf(await uploadOrganizationFile(t.app, admin.headers, organizationId));
    await local.remove(gone);

    const summary = await migrate();
    expect(summary).toEqual({ counts: { copied: 0, present: 4, missing: 1, mismatch: 1 }, ok: false });
    expect(summaryLine(summary.counts)).toBe(
      '6 files: 0 copied, 4 already in the bucket, 1 missing, 1 not matching their record',
    );
    const [changedRow] = await t.db
      .select({ sha256: organizationFiles.sha256 })
      .from(organizationFiles)
      .where(eq(organizationFiles.storageKey, changed));
    expect(reported.sort()).toEqual(
      [
        `mismatch  ${changed}: not the bytes recorded (SHA-256 ${changedRow!.sha256})`,
        `missing   ${gone}: in neither storage`,
      ].sort(),
    );
    // Copied as they are, so the download's integrity check tells the same as before.
    await sameInBoth([changed]);
  });
});

describe(`npm run storage:migrate ${req('FILE-004', 'SEC-005')}`, () => {
  const script = fileURLToPath(new URL('../../storage-migrate.ts', import.meta.url));
  const run = (args: string[], env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { PATH: process.env.PATH, DATA_DIR: t.dataDir, ...env },
    }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );

  it('says how to call it, and names a missing or bad bucket setting, exiting 2', async () => {
    expect(await run(['--to', 'disk'], s3.env)).toMatchObject({
      code: 2,
      stderr: 'usage: npm run storage:migrate -- --to s3\n',
    });
    const { code, stderr } = await run(['--to', 's3'], { S3_REGION: 'Not A Region' });
    expect(code).toBe(2);
    expect(stderr).toContain('S3_BUCKET: is required when FILE_STORAGE=s3');
    expect(stderr).toContain('S3_REGION: must be a region name');
  });

  it('copies the files of a stopped server to the bucket and prints its summary, twice', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'qualis-migrate-'));
    const database = await openTestDatabase(dataDir);
    try {
      const organization = await createOrganization(database.db);
      const bytes = Buffer.from('A procedure written before the move.\n');
      const storageKey = `organizations/${organization.id}/cli/${newId()}`;
      await new LocalDiskStorage(path.join(dataDir, 'files')).put(storageKey, bytes);
      await database.db.insert(organizationFiles).values({
        organizationId: organization.id,
        id: newId(),
        storageKey,
        originalName: 'procedure.txt',
        contentType: 'text/plain; charset=utf-8',
        sizeBytes: bytes.length,
        sha256: sha256(bytes),
      });
      // An embedded database has one user at a time: the server is stopped for the move.
      if (database.kind === 'pglite') await database.close();
      const env = { ...s3.env, FILE_STORAGE: 'local', DATA_DIR: dataDir, ...database.env };
      expect(await run(['--to', 's3'], env)).toMatchObject({
        code: 0,
        stdout: '1 files: 1 copied, 0 already in the bucket, 0 missing, 0 not matching their record\n',
      });
      expect(await buffer(await bucket.read(storageKey))).toEqual(bytes);
      expect(await run(['--to', 's3'], env)).toMatchObject({
        code: 0,
        stdout: '1 files: 0 copied, 1 already in the bucket, 0 missing, 0 not matching their record\n',
      });
    } finally {
      if (database.kind === 'postgres') await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
