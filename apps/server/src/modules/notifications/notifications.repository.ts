import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ListQuery } from '@qualis/contract';
import type { DbOrTx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { readPage, resolveList, type ListSpec } from '../../core/lists.js';

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
  return readPage(db, () => db.select().from(notifications).where(where).$dynamic(), list);
}

export const countUnreadNotifications = (db: DbOrTx, organizationId: string, userId: string) =>
  db.$count(notifications, and(ownIn(organizationId, userId), isNull(notifications.readAt)));
