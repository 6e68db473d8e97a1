import { and, asc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { likePattern } from '../../core/lists.js';
import type { DbOrTx } from '../../db/client.js';
import { documentTypes, organizations, images, tags } from '../../db/schema/index.js';

/** Document types and tags share one shape: (organization_id, id, name, created_at). */
export type NamedEntryTable = typeof documentTypes | typeof tags;

/** The organization's entries by name; `search` matches the name, `onlyIds` a subquery of the ids to keep. */
export async function listNamedEntries(
  db: DbOrTx,
  table: NamedEntryTable,
  organizationId: string,
  filter: { search?: string | undefined; onlyIds?: SQL | undefined } = {},
) {
  const text = filter.search?.trim();
  // A document type also says its review interval (docs/decisions/0033-periodic-review.md); the
  // answer's schema leaves it out of tags.
  const interval = table === documentTypes ? documentTypes.reviewIntervalMonths : sql<number | null>`null`;
  return db
    .select({ id: table.id, name: table.name, reviewIntervalMonths: interval })
    .from(table)
    .where(
      and(
        eq(table.organizationId, organizationId),
        text ? ilike(table.name, likePattern(text)) : undefined,
        filter.onlyIds ? sql`${table.id} in (${filter.onlyIds})` : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${table.name})`), asc(table.id));
}

export async function insertNamedEntry(
  tx: DbOrTx,
  table: NamedEntryTable,
  row: { organizationId: string; id: string; name: string },
) {
  await tx.insert(table).values(row);
}

export async function deleteNamedEntry(tx: DbOrTx, table: NamedEntryTable, organizationId: string, id: string) {
  const [row] = await tx
    .delete(table)
    .where(and(eq(table.organizationId, organizationId), eq(table.id, id)))
    .returning({ id: table.id, name: table.name });
  return row;
}

export type ImageRow = typeof images.$inferSelect;

/**
 * An image the person uploaded that belongs to no other organization, locked for the rest of the
 * transaction.
 */
export async function lockLogoCandidate(
  tx: DbOrTx,
  fileId: string,
  scope: { userId: string; organizationId: string },
): Promise<ImageRow | undefined> {
  const [row] = await tx
    .select()
    .from(images)
    .where(
      and(
        eq(images.id, fileId),
        eq(images.uploadedBy, scope.userId),
        sql`${images.contentType} like 'image/%'`,
        or(isNull(images.organizationId), eq(images.organizationId, scope.organizationId)),
      ),
    )
    .for('update');
  return row;
}

export async function setImageOrganization(tx: DbOrTx, fileId: string, organizationId: string) {
  await tx.update(images).set({ organizationId }).where(eq(images.id, fileId));
}

export async function setOrganizationLogo(tx: DbOrTx, organizationId: string, fileId: string) {
  const [row] = await tx
    .update(organizations)
    .set({ logoFileId: fileId, updatedAt: new Date() })
    .where(eq(organizations.id, organizationId))
    .returning();
  return row!;
}

export async function setOrganizationSigning(tx: DbOrTx, organizationId: string, signingRequiresPassword: boolean) {
  const [row] = await tx
    .update(organizations)
    .set({ signingRequiresPassword, updatedAt: new Date() })
    .where(eq(organizations.id, organizationId))
    .returning();
  return row!;
}
