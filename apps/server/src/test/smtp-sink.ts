import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

/** Decodes a quoted-printable body part (what nodemailer uses for non-ASCII text). */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Decodes RFC 2047 encoded words; the white space between two adjacent ones is not text. */
function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** Reads the subject and the plain-text body of a single-part or multipart message. */
export function parseMail(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^subject: (.*)$/im.exec(unfolded)?.[1] ?? '');
  let body = rest.join('\n\n');
  let encoding = /^content-transfer-encoding: (.*)$/im.exec(unfolded)?.[1]?.trim().toLowerCase();
  const boundary = /boundary="?([^";\s]+)"?/i.exec(unfolded)?.[1];
  if (boundary) {
    const textPart = body.split(`--${boundary}`).find((part) => /content-type: text\/plain/i.test(part)) ?? '';
    const [partHead = '', ...partBody] = textPart.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    encoding = /content-transfer-encoding: (.*)/i.exec(partHead)?.[1]?.trim().toLowerCase();
    body = partBody.join('\n\n');
  }
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { subject, text: text.replace(/\r\n/g, '\n').trim() };
}

/** A real SMTP server in the test process: the app sends through SMTP_URL, tests read here. */
export async function startSmtpSink() {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ...parseMail(raw),
          raw,
        });
        waiters.forEach((wake) => wake());
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Resolves with the first mail to `to` (and matching `subject`), waiting up to timeoutMs. */
    waitForMail(to: string, options: { subject?: RegExp | string; timeoutMs?: number } = {}): Promise<ReceivedMail> {
      const match = () =>
        messages.find(
          (m) =>
            m.to.includes(to.toLowerCase()) &&
            (options.subject === undefined ||
              (typeof options.subject === 'string' ? m.subject === options.subject : options.subject.test(m.subject))),
        );
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = match();
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no mail to ${to} within ${options.timeoutMs ?? 5000} ms; got: ${messages.map((m) => `${m.to.join(',')} "${m.subject}"`).join('; ') || 'none'}`,
            ),
          );
        }, options.timeoutMs ?? 5000);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
