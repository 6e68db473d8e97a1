import type { DbOrTx } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import { newId } from '../ids.js';

/**
 * A file sent with a mail. The bytes are put in the file storage under `storageKey` before the
 * mail is queued; `removeAfterSend` deletes them once the mail is sent (generated exports).
 */
export type MailAttachment = (typeof mailOutbox.$inferSelect)['attachments'][number];

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  organizationId?: string | null;
  attachments?: MailAttachment[];
}

/** Queues a mail in the caller's transaction: it is sent only if the business change commits. */
export async function enqueueMail(tx: DbOrTx, message: MailMessage): Promise<string> {
  const id = newId();
  await tx.insert(mailOutbox).values({
    id,
    organizationId: message.organizationId ?? null,
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html ?? null,
    attachments: message.attachments ?? [],
  });
  return id;
}

export const MAX_ATTEMPTS = 8;
/** A mail being sent is held this long without renewal; the worker renews it every third. */
export const MAIL_LEASE_MS = 120_000;

export type OutboxRow = typeof mailOutbox.$inferSelect;
