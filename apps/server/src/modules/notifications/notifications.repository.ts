import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ListQuery } from '@qualis/contract';
import type { DbOrTx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { resolveList, totalCountColumn, type ListSpec } from '../../core/lists.js';

export type NotificationRow = typeof notifications.$inferSelect;

const LIST_SPEC: ListSpec = {
  sortable: { createdAt: notifications.createdAt },
  defaultSort: { key: 'createdAt', direction: 'desc' },
  searchable: [sql`${notifications.payload}->>'name'`],
  tiebreaker: notifications.id,
};

const ownIn = (organizationId: string, userId: string) =>
  and(eq(notifications.organizationId, organizationId), eq(notifications.userId, userId));

/** One page of a person's notifications in one organization, newest first. */
export async function listNotifications(
  db: DbOrTx,
  organizationId: string,
  userId: string,
  query: ListQuery,
): Promise<{ rows: NotificationRow[]; totalCount: number }> {
  const list = resolveList(query, LIST_SPEC);
  const where = and(ownIn(organizationId, userId), list.where);
  const rows = await db
    .select({ notification: notifications, totalCount: totalCountColumn })
    .from(notifications)
    .where(where)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset);
  // Past the last page the window count has no row to ride on.
  const totalCount = rows[0]?.totalCount ?? (list.offset > 0 ? await countNotifications(db, where) : 0);
  return { rows: rows.map((r) => r.notification), totalCount };
}

async function countNotifications(db: DbOrTx, where: ReturnType<typeof and>) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(where);
  return row?.n ?? 0;
}

export const countUnreadNotifications = (db: DbOrTx, organizationId: string, userId: string) =>
  countNotifications(db, and(ownIn(organizationId, userId), isNull(notifications.readAt)));
