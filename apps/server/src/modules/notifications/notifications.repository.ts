import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ListQuery } from '@qualis/contract';
import type { DbOrTx } from '../../db/client.js';
import { notifications, users } from '../../db/schema/index.js';
import { readPage, resolveList, type ListPage, type ListSpec } from '../../core/lists.js';

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
): Promise<ListPage<NotificationRow>> {
  const list = resolveList(query, LIST_SPEC);
  const where = and(ownIn(organizationId, userId), list.where);
  return readPage(db, () => db.select().from(notifications).where(where).$dynamic(), list);
}

export const countUnreadNotifications = (db: DbOrTx, organizationId: string, userId: string) =>
  db.$count(notifications, and(ownIn(organizationId, userId), isNull(notifications.readAt)));

export async function insertNotification(tx: DbOrTx, row: typeof notifications.$inferInsert) {
  await tx.insert(notifications).values(row);
}

/** The person an action is assigned to, as the notice and its e-mail need them. */
export async function findRecipient(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
      emailNotificationState: users.emailNotificationState,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * Marks the person's unread notifications in the organization read: the one `id`, those about
 * the `actionIds`, or else all of them. Answers the ids marked.
 */
export async function markNotificationsRead(
  db: DbOrTx,
  organizationId: string,
  userId: string,
  which: { id?: string; actionIds?: string[] } = {},
): Promise<string[]> {
  const { id, actionIds } = which;
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        ownIn(organizationId, userId),
        isNull(notifications.readAt),
        id ? eq(notifications.id, id) : undefined,
        actionIds ? inArray(notifications.entityId, actionIds) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
}

/**
 * Removes a person's notifications about an action that is no longer theirs (reassigned): their
 * bell does not point at somebody else's work.
 */
export async function deleteActionNotifications(tx: DbOrTx, organizationId: string, actionId: string, userId: string) {
  await tx.delete(notifications).where(and(ownIn(organizationId, userId), eq(notifications.entityId, actionId)));
}

/** Whether the person has this notification in the organization (read or not). */
export async function ownsNotification(db: DbOrTx, organizationId: string, userId: string, id: string) {
  return (await db.$count(notifications, and(ownIn(organizationId, userId), eq(notifications.id, id)))) > 0;
}
