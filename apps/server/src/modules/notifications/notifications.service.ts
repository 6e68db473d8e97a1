import { formatDay, localActionName, message, type ActionTextKey, type ActionTextParams } from '@qualis/contract';
import { recordAudit, type AuditActor } from '../../core/audit.js';
import type { AppContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { renderMail } from '../../core/mail/templates.js';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  findRecipient,
  insertNotification,
  markNotificationsRead,
  ownsNotification,
} from './notifications.repository.js';

/** The action as its notice and e-mail show it: as it was when it was assigned. */
export interface AssignedAction {
  organization: { id: string; name: string };
  id: string;
  number: number;
  name: string;
  /** An automatic action's text (ACTION_TEXTS), so the notice and the e-mail read in the person's language. */
  nameKey?: ActionTextKey | null;
  nameParams?: ActionTextParams | null;
  dueDate: string;
  assigneeId: string;
}

/**
 * Tells the assignee of an action, in the caller's transaction: a notification for the bell and
 * the notifications page, and an e-mail through the outbox in their language linking to the
 * action, unless they turned 'e-mails about new Actions' off in their profile. Both commit or
 * roll back with the action.
 */
export async function notifyActionAssigned(app: AppContext, tx: DbOrTx, action: AssignedAction): Promise<void> {
  const { organization } = action;
  await insertNotification(tx, {
    organizationId: organization.id,
    id: newId(),
    userId: action.assigneeId,
    kind: 'ActionAssigned',
    entityId: action.id,
    payload: {
      number: action.number,
      name: action.name,
      ...(action.nameKey && { nameKey: action.nameKey, nameParams: action.nameParams }),
      dueDate: action.dueDate,
    },
  });
  const person = await findRecipient(tx, action.assigneeId);
  if (!person?.emailNotificationState) return;
  const mail = renderMail('actionAssigned', person.language, {
    name: [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email,
    organization: organization.name,
    number: action.number,
    actionName: localActionName(action, person.language),
    dueDate: formatDay(action.dueDate, person.language),
    actionUrl: `${app.config.publicUrl}/organizations/${organization.id}/tasks/${action.id}`,
  });
  await app.mailer.enqueue(tx, { to: person.email, organizationId: organization.id, ...mail });
}

/**
 * Dismiss (spec 03 section 7): with an id, that one unread notification of the person (another's
 * or an unknown one answers 404, one already dismissed 409); without, all of theirs in the
 * organization. Audited with the ids dismissed. Answers the message for the toast.
 */
export async function dismiss(
  db: Db,
  audit: AuditActor,
  { organizationId, userId, id }: { organizationId: string; userId: string; id: string | undefined },
) {
  return db.transaction(async (tx) => {
    const dismissed = await markNotificationsRead(tx, organizationId, userId, { id });
    if (id && dismissed.length === 0) {
      if (!(await ownsNotification(tx, organizationId, userId, id))) throw AppError.notFound();
      throw AppError.conflict('notificationAlreadyDismissed', 'id');
    }
    if (dismissed.length > 0) {
      await recordAudit(tx, audit, {
        organizationId,
        infoType: 'Actions',
        action: id ? 'dismissNotification' : 'dismissAllNotifications',
        entityType: 'notification',
        entityId: id ?? null,
        after: { dismissed: dismissed },
      });
    }
    return message(id ? 'notificationDismissed' : 'notificationsDismissed');
  });
}

/**
 * A person opened or completed actions: their unread notifications about them are read, in the
 * caller's transaction, so the bell counts only the work not yet looked at. Audited with the ids
 * read when there were any.
 */
export async function readActionNotifications(
  tx: DbOrTx,
  audit: AuditActor,
  { organizationId, userId, actionIds }: { organizationId: string; userId: string; actionIds: string[] },
): Promise<void> {
  if (actionIds.length === 0) return;
  const read = await markNotificationsRead(tx, organizationId, userId, { actionIds });
  if (read.length === 0) return;
  await recordAudit(tx, audit, {
    organizationId,
    infoType: 'Actions',
    action: 'readNotifications',
    entityType: 'notification',
    entityId: read.length === 1 ? read[0]! : null,
    after: { read, actionIds },
  });
}
