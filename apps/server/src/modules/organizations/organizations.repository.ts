import { and, eq, sql } from 'drizzle-orm';
import type { ListQuery } from '@qualis/contract';
import type { DbOrTx } from '../../db/client.js';
import { memberships, organizations } from '../../db/schema/index.js';
import { resolveList, totalCountColumn, type ListSpec } from '../../core/lists.js';

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
};

/**
 * One page of organizations. `memberUserId` limits the list to that person's organizations
 * (active memberships of active organizations); the SuperAdmin passes none and sees all.
 */
export async function listOrganizations(
  db: DbOrTx,
  query: ListQuery,
  memberUserId: string | undefined,
): Promise<{ rows: OrganizationRow[]; totalCount: number }> {
  const list = resolveList(query, LIST_SPEC);
  const membership = memberUserId
    ? and(
        eq(organizations.status, 'Active'),
        sql`exists (select 1 from ${memberships} where ${memberships.organizationId} = ${organizations.id}
          and ${memberships.userId} = ${memberUserId} and ${memberships.status} = 'Active')`,
      )
    : undefined;
  const rows = await db
    .select({ organization: organizations, totalCount: totalCountColumn })
    .from(organizations)
    .where(and(list.where, membership))
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset);
  let totalCount = rows[0]?.totalCount ?? 0;
  if (rows.length === 0 && list.offset > 0) {
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(organizations)
      .where(and(list.where, membership));
    totalCount = count?.n ?? 0;
  }
  return { rows: rows.map((r) => r.organization), totalCount };
}
