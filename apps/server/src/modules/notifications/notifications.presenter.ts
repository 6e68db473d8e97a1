import type { Notification } from '@qualis/contract';
import type { NotificationRow } from './notifications.repository.js';

const textOf = (value: unknown) => (typeof value === 'string' ? value : null);

/** Spec 03 "Notification": the action's number, name and due date as they were when it was assigned. */
export function presentNotification(row: NotificationRow): Notification {
  const { number, name, dueDate } = row.payload;
  return {
    id: row.id,
    kind: row.kind,
    status: row.readAt ? 'Read' : 'Unread',
    createdAt: row.createdAt.toISOString(),
    task: row.entityId
      ? {
          id: row.entityId,
          number: typeof number === 'number' ? number : null,
          name: textOf(name) ?? '',
          dueDate: textOf(dueDate),
        }
      : null,
  };
}
