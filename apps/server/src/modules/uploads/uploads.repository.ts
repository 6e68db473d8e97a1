import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { images, organizationFiles } from '../../db/schema/index.js';

export type ImageRow = typeof images.$inferSelect;
export type OrganizationFileRow = typeof organizationFiles.$inferSelect;

export async function insertImage(tx: DbOrTx, row: typeof images.$inferInsert) {
  await tx.insert(images).values(row);
}

export async function insertOrganizationFile(
  tx: DbOrTx,
  row: typeof organizationFiles.$inferInsert,
): Promise<OrganizationFileRow> {
  const [inserted] = await tx.insert(organizationFiles).values(row).returning();
  return inserted!;
}

export async function findImages(db: DbOrTx, ids: string[]): Promise<ImageRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(images).where(inArray(images.id, ids));
}
