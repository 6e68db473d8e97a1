import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { fileTexts, organizationFiles } from '../../db/schema/index.js';

export interface FileKey {
  organizationId: string;
  fileId: string;
}

const byKey = (key: FileKey) => and(eq(fileTexts.organizationId, key.organizationId), eq(fileTexts.fileId, key.fileId));

export async function insertPendingFileText(tx: DbOrTx, key: FileKey & { fileName: string }) {
  await tx.insert(fileTexts).values({ ...key, status: 'pending' });
}

/** The stored file whose text is still to be read; undefined once read, or when the file is gone. */
export async function findFileToRead(db: DbOrTx, key: FileKey) {
  const [file] = await db
    .select({ storageKey: organizationFiles.storageKey, contentType: organizationFiles.contentType })
    .from(fileTexts)
    .innerJoin(
      organizationFiles,
      and(eq(organizationFiles.organizationId, fileTexts.organizationId), eq(organizationFiles.id, fileTexts.fileId)),
    )
    .where(and(byKey(key), eq(fileTexts.status, 'pending')));
  return file;
}

export type FileTextResult =
  | { status: 'extracted'; content: string; truncated: boolean }
  | { status: 'unreadable'; error: string }
  | { status: 'unsupported' };

/** Records what was read, once: a row read meanwhile (or gone) is left as it is. */
export async function saveFileText(db: DbOrTx, key: FileKey, result: FileTextResult) {
  await db
    .update(fileTexts)
    .set({ ...result, extractedAt: sql`now()` })
    .where(and(byKey(key), eq(fileTexts.status, 'pending')));
}
