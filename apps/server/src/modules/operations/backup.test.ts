import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { verifyAuditChain } from '../../core/audit.js';
import { LocalDiskStorage } from '../../core/files.js';
import { S3Storage } from '../../core/s3-storage.js';
import { openDatabase, type SqlRunner } from '../../db/client.js';
import { images, organizationFiles } from '../../db/schema/index.js';
import { unzipped } from '../../test/exported-files.js';
import {
  createDocument,
  createTraining,
  twoOrganizations,
  uploadImage,
  uploadOrganizationFile,
} from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { startS3Server } from '../../test/s3-server.js';
import { auditHeadsOf, type BackupInfo } from './backup-archive.js';
import { OPERATIONS_TOKEN_FILE } from './operations.routes.js';
import { restoreBackup } from './restore-archive.js';
import { req } from '../../../../../docs/requirements/req.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let t: TestContext;
let scratch: string;
let token: string;
let archive: string;

/** Every table's row count and a digest of all its rows, by table name. */
async function recordsOf(raw: SqlRunner) {
  const tables = await raw.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const records: Record<string, { count: number; digest: string | null }> = {};
  for (const { tablename } of tables) {
    const [row] = await raw.query<{ count: number; digest: string | null }>(
      `SELECT count(*)::int AS count, md5(string_agg(to_jsonb(t)::text, E'\\n' ORDER BY to_jsonb(t)::text)) AS digest
         FROM "${tablename}" t`,
    );
    records[tablename] = row!;
  }
  return records;
}

const backup = (headers: Record<string, string>, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url: '/operations/backup', headers, ...(remoteAddress ? { remoteAddress } : {}) });

describe.skipIf(process.env.TEST_DATABASE_URL)('backup and restore of the embedded default', () => {
  beforeAll(async () => {
    t = await createTestContext();
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'qualis-backup-'));
    token = await fs.readFile(path.join(t.dataDir, OPERATIONS_TOKEN_FILE), 'utf8');
    const { orgA, admin } = await twoOrganizations(t);
    await createDocument(t.app, t.db, admin, orgA);
    const action = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tasks',
      headers: admin.headers,
      payload: {
        organizationId: orgA,
        name: 'Calibrate',
        description: 'Scale',
        dueDate: '2030-05-01',
        assignerId: admin.id,
        assigneeId: admin.id,
      },
    });
    expect(action.statusCode, action.body).toBe(201);
    await uploadImage(t.app, admin.headers);
    await createTraining(t.app, admin, orgA, { fileIds: [await uploadOrganizationFile(t.app, admin.headers, orgA)] });
  });
  afterAll(async () => {
    await t?.close();
    if (scratch) await fs.rm(scratch, { recursive: true, force: true });
  });

  it(`keeps its secret in DATA_DIR, readable by the server's user only ${req('BAK-001')}`, async () => {
    const stat = await fs.stat(path.join(t.dataDir, OPERATIONS_TOKEN_FILE));
    expect(stat.mode & 0o777).toBe(0o600);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
  });

  it(`refuses a backup without the secret, with another, or from another address or a proxy ${req('BAK-001')}`, async () => {
    expect((await backup({})).statusCode).toBe(401);
    expect((await backup({ authorization: `Bearer ${'0'.repeat(64)}` })).statusCode).toBe(401);
    const good = { authorization: `Bearer ${token}` };
    expect((await backup(good, '203.0.113.9')).statusCode).toBe(403);
    expect((await backup({ ...good, 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
    // A SuperAdmin's session is no way in either: only the secret is.
    expect((await backup({ authorization: 'Bearer not-a-session' })).statusCode).toBe(401);
  });

  it(`backs up the running instance and restores every record, file and audit chain elsewhere ${req('BAK-001')}`, async () => {
    const res = await backup({ authorization: `Bearer ${token}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    archive = path.join(scratch, 'backup.zip');
    await fs.writeFile(archive, res.rawPayload);

    const entries = await unzipped(res.rawPayload);
    const info = JSON.parse(entries.find((e) => e.name === 'backup.json')!.bytes.toString()) as BackupInfo;
    const liveHeads = await auditHeadsOf(t.database.raw);
    expect(info.auditHeads).toEqual(liveHeads);
    expect(info.migration).toMatch(/^\d{4}_/);
    expect(entries.at(-1)!.name).toBe('MANIFEST.sha256');

    const target = path.join(scratch, 'restored');
    const lines: string[] = [];
    await restoreBackup(archive, target, new LocalDiskStorage(path.join(target, 'files')), (line) => lines.push(line));
    expect(lines[0]).toBe('every entry matches the manifest');

    const restored = await openDatabase({ kind: 'pglite', dataDir: path.join(target, 'pglite') });
    try {
      const before = await recordsOf(t.database.raw);
      for (const table of ['organizations', 'users', 'documents', 'actions', 'organization_files', 'audit_events']) {
        expect(before[table]?.count, table).toBeGreaterThan(0);
      }
      expect(await recordsOf(restored.raw)).toEqual(before);

      const files = [...(await t.db.select().from(organizationFiles)), ...(await t.db.select().from(images))];
      expect(files.length).toBeGreaterThanOrEqual(3);
      for (const file of files) {
        expect(sha256(await fs.readFile(path.join(target, 'files', file.storageKey))), file.storageKey).toBe(
          file.sha256,
        );
      }

      const heads = await auditHeadsOf(restored.raw);
      expect(heads).toEqual(liveHeads);
      for (const { chainKey } of heads) expect((await verifyAuditChain(restored.db, chainKey)).ok, chainKey).toBe(true);
    } finally {
      await restored.close();
    }
  });

  /** The archive again with `change` made to its entries (the manifest as it was, unless changed too). */
  async function rewritten(name: string, change: (entry: { name: string; bytes: Buffer }) => Buffer) {
    const zip = new yazl.ZipFile();
    for (const entry of await unzipped(await fs.readFile(archive))) zip.addBuffer(change(entry), entry.name);
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    const file = path.join(scratch, name);
    await fs.writeFile(file, Buffer.concat(chunks));
    return file;
  }

  it(`refuses a tampered archive before writing anything, naming the entry ${req('BAK-002')}`, async () => {
    const victim = (await unzipped(await fs.readFile(archive))).find((e) => e.name.startsWith('files/'))!;
    const tampered = await rewritten('tampered.zip', (entry) =>
      entry.name === victim.name ? Buffer.concat([entry.bytes, Buffer.from('!')]) : entry.bytes,
    );

    const target = path.join(scratch, 'from-tampered');
    await expect(
      restoreBackup(tampered, target, new LocalDiskStorage(path.join(target, 'files')), () => undefined),
    ).rejects.toThrow(`damaged archive: ${victim.name} does not match its SHA-256 in the manifest`);
    expect(await fs.readdir(target).catch(() => [])).toEqual([]);
  });

  it(`refuses an archive of a newer schema, consistent as it is ${req('BAK-002')}`, async () => {
    const newer = (bytes: Buffer) =>
      Buffer.from(JSON.stringify({ ...(JSON.parse(bytes.toString()) as BackupInfo), migration: '9999_future.sql' }));
    const newInfo = newer((await unzipped(await fs.readFile(archive))).find((e) => e.name === 'backup.json')!.bytes);
    const fromNewer = await rewritten('newer.zip', ({ name, bytes }) => {
      if (name === 'backup.json') return newInfo;
      if (name !== 'MANIFEST.sha256') return bytes;
      return Buffer.from(bytes.toString().replace(/^\w{64} {2}backup\.json$/m, `${sha256(newInfo)}  backup.json`));
    });
    const target = path.join(scratch, 'from-newer');
    await expect(
      restoreBackup(fromNewer, target, new LocalDiskStorage(path.join(target, 'files')), () => undefined),
    ).rejects.toThrow('the archive was made by a newer Qualis (');
    expect(await fs.readdir(target).catch(() => [])).toEqual([]);
  });

  it(`refuses a bucket holding another instance's files, and restores into the bucket the instance kept ${req('BAK-002')}`, async () => {
    const s3 = await startS3Server();
    try {
      const bucket = new S3Storage(s3.settings);
      const stranger =
        'organizations/0190a1b2-0000-7000-8000-000000000001/0190a1b2/0190a1b2-0000-7000-8000-00000000000f';
      await bucket.put(stranger, Buffer.from("another instance's file"));
      const target = path.join(scratch, 'into-shared-bucket');
      await expect(restoreBackup(archive, target, bucket, () => undefined)).rejects.toThrow(
        `the file storage already holds files of organizations this backup does not know (1, such as ${stranger})`,
      );
      expect(await fs.readdir(target).catch(() => [])).toEqual([]);
      const inBucket = async () => {
        const keys = [];
        for await (const key of bucket.keys('organizations/')) keys.push(key);
        return keys;
      };
      expect(await inBucket()).toEqual([stranger]);

      // The instance's own bucket, with a file uploaded after the backup: restored into as it is.
      await bucket.remove(stranger);
      const [file] = await t.db.select().from(organizationFiles).limit(1);
      const later = `organizations/${file!.organizationId}/0190a1b2/0190a1b2-0000-7000-8000-00000000000e`;
      await bucket.put(later, Buffer.from('uploaded after the backup'));
      await restoreBackup(archive, target, bucket, () => undefined);
      expect(await inBucket()).toEqual(expect.arrayContaining([later, file!.storageKey]));
    } finally {
      await s3.close();
    }
  });

  it(`refuses a DATA_DIR that is not empty ${req('BAK-002')}`, async () => {
    const target = path.join(scratch, 'in-use');
    await fs.mkdir(target);
    await fs.writeFile(path.join(target, 'keep.txt'), 'mine');
    await expect(
      restoreBackup(archive, target, new LocalDiskStorage(path.join(target, 'files')), () => undefined),
    ).rejects.toThrow(`${target} is not empty: restore into an empty DATA_DIR`);
    expect(await fs.readdir(target)).toEqual(['keep.txt']);
  });
});

describe(`npm run backup and npm run restore on PostgreSQL ${req('BAK-001')}`, () => {
  const run = (script: string, args: string[]) =>
    promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL(`../../${script}`, import.meta.url)), ...args],
      {
        env: { PATH: process.env.PATH, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/none' },
      },
    ).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );

  it('both refuse, naming pg_dump and the versioning of the bucket', async () => {
    for (const [script, args] of [
      ['backup.ts', ['--out', 'x.zip']],
      ['restore.ts', ['x.zip', '--data-dir', 'nowhere']],
    ] as const) {
      const { code, stderr } = await run(script, [...args]);
      expect(code, script).toBe(2);
      expect(stderr).toContain('use pg_dump (and pg_restore) for the database and the versioning of the S3 bucket');
    }
  });
});
