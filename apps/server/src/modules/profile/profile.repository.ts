import { and, eq, like } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { images } from '../../db/schema/index.js';

/** An image the person uploaded themself; anyone else's file is as good as missing. */
export async function findOwnImage(db: DbOrTx, imageId: string, userId: string) {
  const [row] = await db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.uploadedBy, userId), like(images.contentType, 'image/%')));
  return row;
}
