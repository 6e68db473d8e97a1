import { and, eq, inArray } from 'drizzle-orm';
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

/** Records the SHA-256 of a file's stored bytes, read when the file had the modification time given. */
export async function recordFileVerification(
  db: DbOrTx,
  file: { organizationId: string; id: string },
  verified: { sha256: string; modifiedAt: Date },
) {
  await db
    .update(organizationFiles)
    .set({ verifiedSha256: verified.sha256, verifiedModifiedAt: verified.modifiedAt, verifiedAt: new Date() })
    .where(and(eq(organizationFiles.organizationId, file.organizationId), eq(organizationFiles.id, file.id)));
}

/** The columns of an organization file that checking its stored bytes needs (file-integrity.ts). */
export const verifiableFileFields = {
  organizationId: organizationFiles.organizationId,
  id: organizationFiles.id,
  storageKey: organizationFiles.storageKey,
  sha256: organizationFiles.sha256,
  verifiedSha256: organizationFiles.verifiedSha256,
  verifiedModifiedAt: organizationFiles.verifiedModifiedAt,
};
export type VerifiableFile = Pick<OrganizationFileRow, keyof typeof verifiableFileFields>;

export function findVerifiableFiles(db: DbOrTx, organizationId: string, ids: string[]): Promise<VerifiableFile[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(verifiableFileFields)
    .from(organizationFiles)
    .where(and(eq(organizationFiles.organizationId, organizationId), inArray(organizationFiles.id, ids)));
}
