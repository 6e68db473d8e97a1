import { Readable } from 'node:stream';
import type { Database, SqlRunner } from '../../db/client.js';
import type { FileStorage } from '../../core/files.js';
import { ManifestedZip } from '../../core/manifested-zip.js';
import { storedFiles } from '../uploads/storage-migration.js';

/**
 * The embedded default's backup (docs/decisions/0043-backups.md): a ZIP of backup.json (version,
 * time, migration level, each audit chain's head), the PGlite dump and every stored file the
 * database knows, closed by MANIFEST.sha256 (core/manifested-zip.ts). `npm run restore` reads it
 * (restore-archive.ts).
 */

export const BACKUP_FORMAT = 1;
export const BACKUP_INFO = 'backup.json';
export const DATABASE_ENTRY = 'database/pglite.tar';
export const FILES_FOLDER = 'files/';

export interface AuditHead {
  chainKey: string;
  lastSeq: number;
  lastHash: string;
}

export interface BackupInfo {
  format: number;
  version: string | null;
  createdAt: string;
  /** The last migration applied (migration files are applied in name order). */
  migration: string | null;
  auditHeads: AuditHead[];
}

/** Each chain's last event, by chain key. */
export async function auditHeadsOf(raw: SqlRunner): Promise<AuditHead[]> {
  const rows = await raw.query<{ chain_key: string; seq: string | number; hash: string }>(
    'SELECT DISTINCT ON (chain_key) chain_key, seq, hash FROM audit_events ORDER BY chain_key, seq DESC',
  );
  return rows.map((row) => ({ chainKey: row.chain_key, lastSeq: Number(row.seq), lastHash: row.hash }));
}

async function lastMigration(raw: SqlRunner): Promise<string | null> {
  const [row] = await raw.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1');
  return row?.name ?? null;
}

/**
 * Writes the backup into `zip` and finishes it. The dump and the heads are taken together under
 * PGlite's transaction lock; the files are read after it, so a file added since is in the archive
 * without its row (harmless), and one removed since (a mail's attachment once sent) becomes a note.
 */
export async function writeBackup(
  zip: ManifestedZip,
  database: Database,
  storage: FileStorage,
  version: string | undefined,
  at: Date,
): Promise<void> {
  if (!database.snapshotWith) throw new Error('a backup is made of the embedded database only');
  const { read, dump } = await database.snapshotWith(async (raw) => ({
    auditHeads: await auditHeadsOf(raw),
    migration: await lastMigration(raw),
  }));
  const info: BackupInfo = { format: BACKUP_FORMAT, version: version ?? null, createdAt: at.toISOString(), ...read };
  await zip.add({ path: BACKUP_INFO, open: () => Readable.from([Buffer.from(JSON.stringify(info, null, 2))]) });
  await zip.add({ path: DATABASE_ENTRY, open: () => Readable.fromWeb(dump.stream() as never) });
  const seen = new Set<string>();
  for await (const file of storedFiles(database.db)) {
    if (seen.has(file.storageKey)) continue;
    seen.add(file.storageKey);
    await zip.add({
      path: `${FILES_FOLDER}${file.storageKey}`,
      open: () => storage.read(file.storageKey),
      compress: false,
      stored: true,
    });
  }
  await zip.finish();
}
