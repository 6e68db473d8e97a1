import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { claimDueMail, markFailed, markSent, requeueInterrupted } from './outbox.js';

export interface MailTransport {
  send(message: { from: string; to: string; subject: string; text: string; html?: string }): Promise<void>;
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
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs = 2000,
  ) {}

  async start() {
    await requeueInterrupted(this.db);
    const tick = () => {
      this.timer = setTimeout(async () => {
        await this.drain().catch((err) => this.log.error({ err }, 'mail worker tick failed'));
        if (this.timer) tick();
      }, this.pollMs);
    };
    tick();
  }

  async stop() {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Sends every mail that is due now; returns how many were sent. Tests call it directly. */
  drain(): Promise<number> {
    this.running ??= this.sendDue().finally(() => (this.running = undefined));
    return this.running;
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
          });
          await markSent(this.db, row.id);
          sent += 1;
        } catch (err) {
          this.log.warn({ err, mailId: row.id, attempts: row.attempts }, 'mail send failed, will retry');
          await markFailed(this.db, row, err instanceof Error ? err.message : String(err));
        }
      }
    }
  }
}
