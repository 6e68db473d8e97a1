import { createHash } from 'node:crypto';
import { and, asc, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { images, mailOutbox, organizationFiles } from '../../db/schema/index.js';
import { FileMissingError, type FileStorage, HashingStream } from '../../core/files.js';

/**
 * `npm run storage:migrate -- --to s3` (storage-migrate.ts): every stored file the database knows
 * (organization files, images, the attachments of mails not sent yet) copied from one storage to
 * another, each checked by its SHA-256: the hash recorded at upload, or for an attachment, which
 * has none, the hash of its source. A file already in the target with the right bytes is left as
 * it is, so the copy can be run again after a failure or while files keep coming.
 */

export type FileOutcome =
  | 'copied'
  | 'present'
  /** Neither storage has the bytes. */
  | 'missing'
  /** The bytes differ from the recorded hash (copied as they are), or the copy differs from its source. */
  | 'mismatch';

export interface MigrationSummary {
  counts: Record<FileOutcome, number>;
  /** True when every file is in the target with its recorded bytes. */
  ok: boolean;
}

/** A stored file: its key and the SHA-256 recorded at upload (null for a mail's attachment). */
export interface StoredFile {
  storageKey: string;
  sha256: string | null;
}

const PAGE = 500;

/** Every stored file the database refers to, a page at a time (keyset on the key). */
export async function* storedFiles(db: Db): AsyncGenerator<StoredFile> {
  for (const table of [organizationFiles, images]) {
    let after = '';
    for (;;) {
      const page = await db
        .select({ storageKey: table.storageKey, sha256: table.sha256 })
        .from(table)
        .where(gt(table.storageKey, after))
        .orderBy(asc(table.storageKey))
        .limit(PAGE);
      yield* page;
      if (page.length < PAGE) break;
      after = page.at(-1)!.storageKey;
    }
  }
  // A sent mail's attachment was removed after sending (removeAfterSend); the others wait in storage.
  const mails = await db
    .select({ attachments: mailOutbox.attachments })
    .from(mailOutbox)
    .where(and(ne(mailOutbox.status, 'sent'), sql`jsonb_array_length(${mailOutbox.attachments}) > 0`));
  for (const { attachments } of mails) {
    for (const { storageKey } of attachments) yield { storageKey, sha256: null };
  }
}

/** The SHA-256 of the bytes under `key`, null when there are none. */
async function hashOf(storage: FileStorage, key: string): Promise<string | null> {
  try {
    const hash = createHash('sha256');
    for await (const chunk of await storage.read(key)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  } catch (error) {
    if (error instanceof FileMissingError) return null;
    throw error;
  }
}

async function migrateFile(source: FileStorage, target: FileStorage, file: StoredFile): Promise<FileOutcome> {
  const there = await hashOf(target, file.storageKey);
  if (there !== null && there === (file.sha256 ?? (await hashOf(source, file.storageKey)))) return 'present';
  const hashing = new HashingStream();
  try {
    const bytes = await source.read(file.storageKey);
    bytes.on('error', (error) => hashing.destroy(error));
    await target.put(file.storageKey, bytes.pipe(hashing));
  } catch (error) {
    if (error instanceof FileMissingError) return 'missing';
    throw error;
  }
  const copied = hashing.digest();
  const landed = await hashOf(target, file.storageKey);
  return landed === copied && (file.sha256 === null || copied === file.sha256) ? 'copied' : 'mismatch';
}

/**
 * Copies every stored file from `source` to `target`, one at a time, and reads each back from the
 * target to check it; `report` hears of every file that is missing or does not match.
 */
export async function migrateFiles(
  db: Db,
  source: FileStorage,
  target: FileStorage,
  report: (outcome: 'missing' | 'mismatch', file: StoredFile) => void,
): Promise<MigrationSummary> {
  const counts: Record<FileOutcome, number> = { copied: 0, present: 0, missing: 0, mismatch: 0 };
  for await (const file of storedFiles(db)) {
    const outcome = await migrateFile(source, target, file);
    counts[outcome] += 1;
    if (outcome === 'missing' || outcome === 'mismatch') report(outcome, file);
  }
  return { counts, ok: counts.missing === 0 && counts.mismatch === 0 };
}

/** The line printed for a file that is missing or does not match. */
export const problemLine = (outcome: 'missing' | 'mismatch', file: StoredFile) =>
  outcome === 'missing'
    ? `missing   ${file.storageKey}: in neither storage`
    : `mismatch  ${file.storageKey}: ${file.sha256 ? `not the bytes recorded (SHA-256 ${file.sha256})` : 'the copy differs from its source'}`;

/** The summary printed at the end. */
export function summaryLine({ copied, present, missing, mismatch }: Record<FileOutcome, number>) {
  const total = copied + present + missing + mismatch;
  return `${total} files: ${copied} copied, ${present} already in the bucket, ${missing} missing, ${mismatch} not matching their record`;
}
