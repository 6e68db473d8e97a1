import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import { newId } from '../ids.js';
import { backoffMs } from '../retry.js';

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

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Takes up to `batch` due mails for this worker; SKIP LOCKED lets several workers share the outbox. */
export async function claimDueMail(db: Db, batch: number): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1` })
      .where(
        inArray(
          mailOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

export async function markSent(db: Db, id: string) {
  await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, id));
}

export async function markFailed(db: Db, row: OutboxRow, error: string) {
  const givesUp = row.attempts >= MAX_ATTEMPTS;
  await db
    .update(mailOutbox)
    .set({
      status: givesUp ? 'failed' : 'pending',
      lastError: error.slice(0, 2000),
      nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts)),
    })
    .where(eq(mailOutbox.id, row.id));
}

/** Mails left 'sending' by a process that stopped mid-send go back in the queue. */
export async function requeueInterrupted(db: Db) {
  await db.update(mailOutbox).set({ status: 'pending' }).where(eq(mailOutbox.status, 'sending'));
}
