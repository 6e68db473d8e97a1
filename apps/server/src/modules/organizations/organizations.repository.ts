import { type SQL, and, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { ListQuery } from '@qualis/contract';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  auditChainHeads,
  auditSeals,
  auditEvents,
  jobs,
  mailOutbox,
  memberships,
  organizationFiles,
  organizations,
  organizationTotal,
  images,
} from '../../db/schema/index.js';
import { readByKeyset, resolveList, type ListSpec } from '../../core/lists.js';
import { param, preparedListPage } from '../../core/prepared-lists.js';

export type OrganizationRow = typeof organizations.$inferSelect;

const LIST_SPEC: ListSpec = {
  sortable: {
    name: sql`lower(${organizations.name})`,
    status: organizations.status,
    isManagedByClient: organizations.isManagedByClient,
  },
  defaultSort: { key: 'name', direction: 'asc' },
  searchable: [organizations.name],
  tiebreaker: organizations.id,
  notNull: ['name'],
};

/** What the list shows of an organization: its fields and its logo's (one left join, no second query). */
const listColumns = {
  id: organizations.id,
  name: organizations.name,
  status: organizations.status,
  isManagedByClient: organizations.isManagedByClient,
  signingRequiresPassword: organizations.signingRequiresPassword,
  reviewReminderDays: organizations.reviewReminderDays,
  logo: { id: images.id, originalName: images.originalName, sizeBytes: images.sizeBytes },
};

export type OrganizationListRow = Pick<
  OrganizationRow,
  'id' | 'name' | 'status' | 'isManagedByClient' | 'signingRequiresPassword' | 'reviewReminderDays'
> & { logo: { id: string; originalName: string; sizeBytes: number } | null };

/** The unfiltered total kept by the triggers of migration 0019, as a column of the page. */
const keptTotal = sql<number>`(select total from organization_total)`.mapWith(Number);

/** The person's organizations (active memberships of active organizations); `member` a placeholder. */
const memberOf = (member: string) =>
  and(
    eq(organizations.status, 'Active'),
    sql`exists (select 1 from ${memberships} where ${memberships.organizationId} = ${organizations.id}
      and ${memberships.userId} = ${member} and ${memberships.status} = 'Active')`,
  );

/**
 * One page of organizations, prepared (core/prepared-lists.ts). `memberUserId` limits the list to
 * that person's organizations; the SuperAdmin passes none and sees all.
 */
const organizationsPage = preparedListPage<{ memberUserId: string | undefined }, OrganizationListRow>({
  name: 'organizations',
  spec: () => LIST_SPEC,
  variant: ({ memberUserId }) => (memberUserId ? 'member' : 'all'),
  // The unfiltered list carries the kept total in a column: one statement, not two.
  select: (db, { memberUserId }, search) =>
    db
      .select({ ...listColumns, ...(memberUserId || search ? {} : { keptTotal }) })
      .from(organizations)
      .leftJoin(images, eq(images.id, organizations.logoFileId))
      .where(and(search, memberUserId ? memberOf(param('memberUserId')) : undefined))
      .$dynamic(),
  params: ({ memberUserId }) => (memberUserId ? { memberUserId } : {}),
  // Every organization in the list's order: the same plan (the name index) for every page.
  planOnce: ({ memberUserId }, searched) => !memberUserId && !searched,
  knownTotal: (db, { memberUserId }, searched, rows) => {
    if (memberUserId || searched) return undefined;
    const [first] = rows as { keptTotal?: number }[];
    return first?.keptTotal ?? organizationTotalOf(db);
  },
});

export const listOrganizations = (db: DbOrTx, query: ListQuery, memberUserId: string | undefined) =>
  organizationsPage(db, { memberUserId }, query);

/** Every organization, counted by the trigger of migration 0019 instead of a scan of the table. */
async function organizationTotalOf(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ total: organizationTotal.total }).from(organizationTotal);
  return row?.total ?? 0;
}

/** The organizations of an export, in the list's order and filter, read by keyset. */
export function organizationExportRows(db: DbOrTx, query: ListQuery, selectedIds: string[]) {
  const list = resolveList(query, LIST_SPEC);
  const where = and(list.where, selectedIds.length > 0 ? inArray(organizations.id, selectedIds) : undefined);
  return readByKeyset<OrganizationRow>(
    (page) =>
      db
        .select({ ...getTableColumns(organizations), ...page.fields })
        .from(organizations)
        .where(and(where, page.where))
        .$dynamic(),
    list.keyset,
  );
}

/** Ids of the organizations whose name matches a list search. */
export async function organizationIdsMatching(db: DbOrTx, search: string): Promise<string[]> {
  const list = resolveList({ search, limit: 1, offset: 0 }, LIST_SPEC);
  const rows = await db.select({ id: organizations.id }).from(organizations).where(list.where);
  return rows.map((r) => r.id);
}

/** The row, locked until the transaction ends, so concurrent toggles apply one after the other. */
export async function lockOrganization(tx: DbOrTx, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, id)).for('update');
  return row;
}

export async function insertOrganization(tx: DbOrTx, values: { id: string; name: string }): Promise<OrganizationRow> {
  const [row] = await tx.insert(organizations).values(values).returning();
  return row!;
}

export async function updateOrganization(
  tx: DbOrTx,
  id: string,
  set: Partial<Pick<OrganizationRow, 'name' | 'status' | 'isManagedByClient'>>,
): Promise<OrganizationRow> {
  const [row] = await tx
    .update(organizations)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(organizations.id, id))
    .returning();
  return row!;
}

export interface PurgedOrganization {
  counts: { memberships: number; files: number; auditEvents: number; mails: number; jobs: number };
  /** Stored bytes to remove once the transaction has committed. */
  storageKeys: string[];
}

/** Counts, then deletes, the rows of `table` matching `where` (the organization row is locked). */
async function deleteCounting(tx: DbOrTx, table: PgTable, where: SQL): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(table)
    .where(where);
  await tx.delete(table).where(where);
  return row?.n ?? 0;
}

/**
 * Removes an organization and everything it owns, in the caller's transaction: its mails and
 * jobs, its files and images (the logo may have been uploaded without an organization), the row
 * itself (every organization-owned table references organizations(id) ON DELETE CASCADE, so
 * memberships, counters and the rest go with it), then its audit events, chain head and seals:
 * the database lets those go only once their organization is gone (migration 0031).
 */
export async function purgeOrganization(tx: DbOrTx, organization: OrganizationRow): Promise<PurgedOrganization> {
  const id = organization.id;
  const ownImages = or(
    eq(images.organizationId, id),
    organization.logoFileId ? eq(images.id, organization.logoFileId) : undefined,
  )!;
  const files = [
    ...(await tx.select({ storageKey: images.storageKey }).from(images).where(ownImages)),
    ...(await tx
      .select({ storageKey: organizationFiles.storageKey })
      .from(organizationFiles)
      .where(eq(organizationFiles.organizationId, id))),
  ];
  const [members] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(memberships)
    .where(eq(memberships.organizationId, id));
  const mails = await deleteCounting(tx, mailOutbox, eq(mailOutbox.organizationId, id));
  const removedJobs = await deleteCounting(tx, jobs, eq(jobs.organizationId, id));
  await tx.delete(images).where(ownImages);
  await tx.delete(organizations).where(eq(organizations.id, id));
  const auditEventCount = await deleteCounting(tx, auditEvents, eq(auditEvents.organizationId, id));
  await tx.delete(auditChainHeads).where(eq(auditChainHeads.chainKey, id));
  await tx.delete(auditSeals).where(eq(auditSeals.chainKey, id));
  const counts = {
    memberships: members?.n ?? 0,
    files: files.length,
    auditEvents: auditEventCount,
    mails,
    jobs: removedJobs,
  };
  return { counts, storageKeys: files.map((f) => f.storageKey) };
}
