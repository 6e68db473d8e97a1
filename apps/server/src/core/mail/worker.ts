import { buffer } from 'node:stream/consumers';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { FileStorage } from '../files.js';
import { Poller } from '../poller.js';
import { claimDueMail, markFailed, markSent, requeueInterrupted, type OutboxRow } from './outbox.js';

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
  const transporter = nodemailer.createTransport(smtpUrl);
  return { send: async (message) => void (await transporter.sendMail(message)) };
}

const BATCH = 20;

/**
 * Sends the outbox through SMTP. Without SMTP_URL there is no worker: mails are logged when
 * queued and stay in the outbox, to be sent once SMTP is configured.
 */
export class MailWorker {
  private readonly poller: Poller;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    private readonly storage: FileStorage,
    pollMs = 2000,
  ) {
    this.poller = new Poller('mail worker', () => this.sendDue(), pollMs, log);
  }

  async start() {
    await requeueInterrupted(this.db);
    this.poller.start();
  }

  stop() {
    return this.poller.stop();
  }

  /** Sends every mail that is due now; returns how many were sent. Tests call it directly. */
  drain(): Promise<number> {
    return this.poller.runNow();
  }

  private async sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await claimDueMail(this.db, BATCH);
      if (batch.length === 0) return sent;
      for (const row of batch) {
        try {
          await this.transport.send({
            from: this.from,
            to: row.toAddress,
            subject: row.subject,
            text: row.textBody,
            ...(row.htmlBody ? { html: row.htmlBody } : {}),
            ...(row.attachments.length > 0 ? { attachments: await this.readAttachments(row) } : {}),
          });
          await markSent(this.db, row.id);
          await this.removeSentAttachments(row);
          sent += 1;
        } catch (err) {
          this.log.warn({ err, mailId: row.id, attempts: row.attempts }, 'mail send failed, will retry');
          await markFailed(this.db, row, err instanceof Error ? err.message : String(err));
        }
      }
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
