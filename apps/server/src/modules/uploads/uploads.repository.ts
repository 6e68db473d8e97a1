import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { storedFiles } from '../../db/schema/index.js';

export type StoredFileRow = typeof storedFiles.$inferSelect;

export async function insertStoredFile(tx: DbOrTx, row: typeof storedFiles.$inferInsert) {
  await tx.insert(storedFiles).values(row);
}

export async function findStoredFile(db: DbOrTx, id: string): Promise<StoredFileRow | undefined> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id));
  return row;
}

export async function findStoredFiles(db: DbOrTx, ids: string[]): Promise<StoredFileRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(storedFiles).where(inArray(storedFiles.id, ids));
}
