import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { openDatabase, type Database } from '../../db/client.js';
import { migrationNames } from '../../db/migrate.js';
import { verifyAuditChain } from '../../core/audit.js';
import { type FileStorage, storageKey } from '../../core/files.js';
import { MANIFEST_NAME } from '../../core/manifested-zip.js';
import { ORGANIZATIONS_FOLDER, organizationFilesFolder } from '../uploads/uploads.service.js';
import {
  BACKUP_FORMAT,
  BACKUP_INFO,
  DATABASE_ENTRY,
  FILES_FOLDER,
  auditHeadsOf,
  type AuditHead,
  type BackupInfo,
} from './backup-archive.js';
import { openZip, zipEntries } from './zip-reading.js';

/** A restore refused or failed for a reason the operator is told in one line. */
export class RestoreError extends Error {}

async function hashOf(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Every entry's SHA-256 against MANIFEST.sha256, both ways: a damaged, added or missing entry is
 * named. Answers backup.json's text, checked with the rest.
 */
export async function checkManifest(file: string): Promise<string | undefined> {
  const zip = await openZip(file).catch((error: Error) => {
    throw new RestoreError(`${file} is not a readable ZIP: ${error.message}`);
  });
  const hashes = new Map<string, string>();
  let manifest: string | undefined;
  let info: string | undefined;
  try {
    for await (const entry of zipEntries(zip)) {
      try {
        const stream = await entry.open();
        if (entry.name === MANIFEST_NAME) manifest = (await bytesOf(stream)).toString('utf8');
        else if (entry.name === BACKUP_INFO) {
          const bytes = await bytesOf(stream);
          info = bytes.toString('utf8');
          hashes.set(entry.name, createHash('sha256').update(bytes).digest('hex'));
        } else hashes.set(entry.name, await hashOf(stream));
      } catch (error) {
        throw new RestoreError(`damaged archive: ${entry.name} cannot be read (${(error as Error).message})`);
      }
    }
  } finally {
    zip.close();
  }
  if (manifest === undefined) throw new RestoreError(`damaged archive: no ${MANIFEST_NAME}`);
  const listed = new Set<string>();
  for (const line of manifest.split('\n').filter(Boolean)) {
    const [hash, name] = [line.slice(0, 64), line.slice(66)];
    listed.add(name);
    const found = hashes.get(name);
    if (found === undefined)
      throw new RestoreError(`damaged archive: ${name} is in the manifest but not in the archive`);
    if (found !== hash) throw new RestoreError(`damaged archive: ${name} does not match its SHA-256 in the manifest`);
  }
  for (const name of hashes.keys()) {
    if (!listed.has(name)) throw new RestoreError(`damaged archive: ${name} is not in the manifest`);
  }
  return info;
}

/** backup.json, of this format and of a schema this version knows (a newer one's archive is refused). */
async function backupInfoOf(text: string | undefined): Promise<BackupInfo> {
  const info = text === undefined ? undefined : (JSON.parse(text) as BackupInfo);
  if (info?.format !== BACKUP_FORMAT) throw new RestoreError(`${BACKUP_INFO} is missing or of another format`);
  if (info.migration && !(await migrationNames()).includes(info.migration)) {
    throw new RestoreError(
      `the archive was made by a newer Qualis (${info.version ?? 'unknown version'}, migration ${info.migration}): restore it with that version`,
    );
  }
  return info;
}

/** The chains of the restored database are intact and end where the backup recorded. */
function headsProblem(recorded: AuditHead[], found: AuditHead[], broken: string[]): string | undefined {
  if (broken.length > 0) return `audit chain broken after restore: ${broken.join(', ')}`;
  const key = (heads: AuditHead[]) => JSON.stringify([...heads].sort((a, b) => a.chainKey.localeCompare(b.chainKey)));
  return key(recorded) === key(found)
    ? undefined
    : 'the restored audit chains do not end at the heads the backup recorded';
}

/**
 * `npm run restore`: into an empty `dataDir`, after every hash of the manifest is checked (and the
 * archive's schema found known), and into file storage that holds no other instance's files, the
 * database (PGlite from the dump, in dataDir/pglite) and the files (into `storage`); then each
 * audit chain is verified and its head compared with backup.json's. On failure what was written
 * in dataDir is removed again (it was empty). `report` hears one line per step.
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
  storage: FileStorage,
  report: (line: string) => void,
): Promise<void> {
  const present = await fs.readdir(dataDir).catch(() => []);
  if (present.length > 0) throw new RestoreError(`${dataDir} is not empty: restore into an empty DATA_DIR`);
  const info = await backupInfoOf(await checkManifest(file));
  report('every entry matches the manifest');
  try {
    await restoreChecked(file, info, dataDir, storage, report);
  } catch (error) {
    const written = await fs.readdir(dataDir).catch(() => []);
    await Promise.all(written.map((name) => fs.rm(path.join(dataDir, name), { recursive: true, force: true })));
    throw error;
  }
}

async function restoreChecked(
  file: string,
  info: BackupInfo,
  dataDir: string,
  storage: FileStorage,
  report: (line: string) => void,
) {
  const database = await openDatabase({
    kind: 'pglite',
    dataDir: path.join(dataDir, 'pglite'),
    loadDataDir: new Blob([(await dumpOf(file)) as Buffer<ArrayBuffer>]),
  });
  try {
    await refuseOtherInstancesFiles(database, storage);
    report(`${await restoreFiles(file, storage, report)} files restored`);
    const found = await auditHeadsOf(database.raw);
    const broken: string[] = [];
    for (const { chainKey } of found) {
      if (!(await verifyAuditChain(database.db, chainKey)).ok) broken.push(chainKey);
    }
    const problem = headsProblem(info.auditHeads, found, broken);
    if (problem) throw new RestoreError(problem);
    report(
      `database restored (migration ${info.migration ?? 'none'}), ${found.length} audit chains intact at the recorded heads`,
    );
  } finally {
    await database.close();
  }
}

/** The database's dump: PGlite loads a dump from memory (`loadDataDir`), so it is read whole. */
async function dumpOf(file: string): Promise<Buffer> {
  const zip = await openZip(file);
  try {
    for await (const entry of zipEntries(zip)) {
      if (entry.name === DATABASE_ENTRY) return await bytesOf(await entry.open());
    }
  } finally {
    zip.close();
  }
  throw new RestoreError(`${DATABASE_ENTRY} is missing: this archive holds no embedded database`);
}

/**
 * Storage that already holds files of an organization the backup does not know belongs to another
 * instance (organization ids are UUIDs no two instances share), or is shared with one: refused
 * before a file is written. Files of the backup's own organizations, in the archive or added
 * after it, are this instance's: restoring into the bucket it kept is what a lost DATA_DIR needs.
 */
async function refuseOtherInstancesFiles(database: Database, storage: FileStorage) {
  const rows = await database.raw.query<{ id: string }>('SELECT id FROM organizations');
  const known = new Set(rows.map((row) => organizationFilesFolder(row.id)));
  let others = 0;
  let example: string | undefined;
  for await (const key of storage.keys(`${ORGANIZATIONS_FOLDER}/`)) {
    if (known.has(key.split('/', 2).join('/'))) continue;
    others += 1;
    example ??= key;
  }
  if (example) {
    throw new RestoreError(
      `the file storage already holds files of organizations this backup does not know (${others}, such as ${example}): ` +
        "another instance's bucket, or organizations created after this backup; restore into an empty bucket",
    );
  }
}

/** Every file of the archive into `storage`, streamed; answers how many. */
async function restoreFiles(file: string, storage: FileStorage, report: (line: string) => void): Promise<number> {
  let files = 0;
  const zip = await openZip(file);
  try {
    for await (const entry of zipEntries(zip)) {
      if (!entry.name.startsWith(FILES_FOLDER)) continue;
      const key = entry.name.slice(FILES_FOLDER.length);
      if (!isStorageKey(key)) {
        report(`not restored (it was missing when the backup was made): ${entry.name}`);
        continue;
      }
      await storage.put(key, await entry.open());
      files += 1;
    }
  } finally {
    zip.close();
  }
  return files;
}

function isStorageKey(key: string): boolean {
  try {
    return storageKey(key) === key;
  } catch {
    return false;
  }
}
