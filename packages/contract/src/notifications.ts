import { z } from 'zod';
import { ZUuid } from './fields.js';
import { ZListQuery } from './lists.js';
import { ZActionTextKey, ZActionTextParams } from './action-texts.js';

export const NOTIFICATION_KINDS = ['ActionAssigned'] as const;
export const NOTIFICATION_STATUSES = ['Unread', 'Read'] as const;

export const ZNotificationsQuery = ZListQuery.extend({ organizationId: ZUuid });
export type NotificationsQuery = z.infer<typeof ZNotificationsQuery>;

export const ZNotificationsCountQuery = z.object({ organizationId: ZUuid });

/** Dismiss (spec 03 section 7): with `id` that notification, with only the organization all of the person's. */
export const ZDismissNotificationsRequest = z.object({ organizationId: ZUuid, id: ZUuid.optional() });
export type DismissNotificationsRequest = z.infer<typeof ZDismissNotificationsRequest>;

/** Spec 03 "Notification": the task is the assigned action, as it was when the notice was made. */
export const ZNotification = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  status: z.enum(NOTIFICATION_STATUSES),
  createdAt: z.string(),
  task: z
    .object({
      id: z.uuid(),
      number: z.number().int().nullable(),
      name: z.string(),
      /** An automatic action's name as a key of ACTION_TEXTS, to show in the reader's language. */
      nameKey: ZActionTextKey.nullable(),
      nameParams: ZActionTextParams.nullable(),
      dueDate: z.string().nullable(),
    })
    .nullable(),
});
export type Notification = z.infer<typeof ZNotification>;
