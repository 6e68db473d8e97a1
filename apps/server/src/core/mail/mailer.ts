import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import type { FileStorage } from '../files.js';
import { enqueueMail, type MailMessage } from './outbox.js';
import { MailWorker, smtpTransport, type MailTransport } from './worker.js';

/** What services use to send mail: queue in the transaction, the worker delivers after commit. */
export class Mailer {
  readonly worker: MailWorker | undefined;

  constructor(
    db: Db,
    private readonly log: FastifyBaseLogger,
    options: {
      smtpUrl?: string | undefined;
      from: string;
      /** Where the worker reads the bytes of attachments. */
      storage: FileStorage;
      transport?: MailTransport;
      pollMs?: number;
      leaseMs?: number;
    },
  ) {
    const transport = options.transport ?? (options.smtpUrl ? smtpTransport(options.smtpUrl) : undefined);
    this.worker = transport
      ? new MailWorker(db, transport, options.from, log, options.storage, {
          pollMs: options.pollMs,
          leaseMs: options.leaseMs,
        })
      : undefined;
  }

  async enqueue(tx: DbOrTx, message: MailMessage): Promise<void> {
    const id = await enqueueMail(tx, message);
    if (!this.worker) {
      this.log.info(
        { mailId: id, to: message.to, subject: message.subject, text: message.text },
        'mail queued (no SMTP_URL: not sent)',
      );
    }
  }
}
