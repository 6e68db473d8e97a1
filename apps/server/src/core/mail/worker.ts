import { buffer } from 'node:stream/consumers';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { FileStorage } from '../files.js';
import { mailOutbox } from '../../db/schema/index.js';
import { LeasedQueue, STOP_GRACE_MS } from '../leases.js';
import { Poller } from '../poller.js';
import { backoffMs } from '../retry.js';
import { MAIL_LEASE_MS, MAX_ATTEMPTS, type OutboxRow } from './outbox.js';

export interface MailTransport {
  send(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    attachments?: { filename: string; content: Buffer; contentType: string }[];
  }): Promise<void>;
}

export function smtpTransport(smtpUrl: string): MailTransport {
  // nodemailer loads with the first mail sent, not when the server starts (docs/performance.md, start-up).
  let transporter: Promise<Transporter> | undefined;
  return {
    send: async (message) => {
      transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      await (await transporter).sendMail(message);
    },
  };
}

const BATCH = 20;

/**
 * Sends the outbox through SMTP. Without SMTP_URL there is no worker: mails are logged when
 * queued and stay in the outbox, to be sent once SMTP is configured. Mails are claimed under
 * leases (core/leases.ts), so the workers of several processes never send one mail twice.
 */
export class MailWorker {
  private readonly poller: Poller;
  private readonly queue: LeasedQueue<typeof mailOutbox>;
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    private readonly storage: FileStorage,
    options: { pollMs?: number | undefined; leaseMs?: number | undefined } = {},
  ) {
    this.poller = new Poller('mail worker', () => this.sendDue(), options.pollMs ?? 2000, log);
    this.queue = new LeasedQueue(
      db,
      {
        table: mailOutbox,
        dueAt: mailOutbox.nextAttemptAt,
        statuses: { pending: 'pending', claimed: 'sending', failed: 'failed' },
        maxAttempts: MAX_ATTEMPTS,
        leaseMs: options.leaseMs ?? MAIL_LEASE_MS,
      },
      log,
    );
  }

  /** This worker's claimer id, written to the mails it holds (`locked_by`). */
  get claimer() {
    return this.queue.claimer;
  }

  start() {
    this.stopping = false;
    this.poller.start();
  }

  /**
   * Stops polling; the batch's mails not sent yet are handed back at once, and the mail being
   * sent gets `graceMs`, after which the leases still held are handed over (another process
   * sends those mails, the one under way perhaps twice).
   */
  async stop(graceMs = STOP_GRACE_MS) {
    this.stopping = true;
    await this.queue.finishOrLetGo(this.poller.stop(), graceMs);
  }

  /** A mail was queued (core/work-signal.ts): send now rather than at the next poll. */
  wake() {
    this.poller.wake();
  }

  /** Sends every mail that is due now; returns how many were sent. Tests call it directly. */
  drain(): Promise<number> {
    return this.poller.runNow();
  }

  private async sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      if (this.stopping) return sent;
      const batch = await this.queue.claim(BATCH);
      if (batch.length === 0) return sent;
      // The whole batch stays held while its mails are sent one after the other.
      const release = this.queue.hold(batch.map((row) => row.id));
      try {
        for (const [index, row] of batch.entries()) {
          if (this.stopping) {
            await this.queue.giveBack(batch.slice(index).map((left) => left.id));
            return sent;
          }
          sent += await this.send(row);
        }
      } finally {
        release();
      }
    }
  }

  /** Sends one claimed mail; 1 when sent. */
  private async send(row: OutboxRow): Promise<number> {
    try {
      await this.transport.send({
        from: this.from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        ...(row.htmlBody ? { html: row.htmlBody } : {}),
        ...(row.attachments.length > 0 ? { attachments: await this.readAttachments(row) } : {}),
      });
    } catch (err) {
      const givesUp = row.attempts >= MAX_ATTEMPTS;
      this.log.warn({ err, mailId: row.id, attempts: row.attempts, givesUp }, 'mail send failed');
      await this.settle(row, {
        status: givesUp ? 'failed' : 'pending',
        lastError: (err instanceof Error ? err.message : String(err)).slice(0, 2000),
        nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts)),
      });
      return 0;
    }
    await this.settle(row, { status: 'sent', sentAt: new Date(), lastError: null });
    await this.removeSentAttachments(row);
    return 1;
  }

  /** Records the outcome, only while this worker still holds the mail. */
  private async settle(row: OutboxRow, outcome: Partial<OutboxRow>) {
    const settled = await this.db
      .update(mailOutbox)
      .set({ ...outcome, ...this.queue.released })
      .where(this.queue.heldBy(row.id))
      .returning({ id: mailOutbox.id });
    if (settled.length === 0) {
      this.log.error({ mailId: row.id, claimer: this.claimer }, 'mail lease lost: outcome not recorded');
    }
  }

  private readAttachments(row: OutboxRow) {
    return Promise.all(
      row.attachments.map(async (a) => ({
        filename: a.fileName,
        content: await buffer(await this.storage.read(a.storageKey)),
        contentType: a.contentType,
      })),
    );
  }

  /** Generated files (exports) are not kept once delivered; a failure here only leaves bytes behind. */
  private async removeSentAttachments(row: OutboxRow) {
    for (const a of row.attachments.filter((x) => x.removeAfterSend)) {
      await this.storage.remove(a.storageKey).catch((err: unknown) => {
        this.log.warn({ err, mailId: row.id, storageKey: a.storageKey }, 'sent attachment not removed');
      });
    }
  }
}
