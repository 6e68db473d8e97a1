import { ZActionTextKey, ZActionTextParams, type Notification } from '@qualis/contract';
import type { NotificationRow } from './notifications.repository.js';

const textOf = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * Spec 03 "Notification": the action's number, name (and an automatic one's text key) and due date
 * as they were when it was assigned.
 */
export function presentNotification(row: NotificationRow): Notification {
  const { number, name, nameKey, nameParams, dueDate } = row.payload;
  const key = ZActionTextKey.safeParse(nameKey);
  const params = ZActionTextParams.safeParse(nameParams);
  const keyed = key.success && params.success;
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
          nameKey: keyed ? key.data : null,
          nameParams: keyed ? params.data : null,
          dueDate: textOf(dueDate),
        }
      : null,
  };
}
