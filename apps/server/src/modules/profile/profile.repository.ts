import { and, eq, like } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { storedFiles } from '../../db/schema/index.js';

/** An image the person uploaded themself; anyone else's file is as good as missing. */
export async function findOwnImage(db: DbOrTx, imageId: string, userId: string) {
  const [row] = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      and(eq(storedFiles.id, imageId), eq(storedFiles.uploadedBy, userId), like(storedFiles.contentType, 'image/%')),
    );
  return row;
}
