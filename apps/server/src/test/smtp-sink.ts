import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  /** Envelope recipients, lower case. */
  to: string[];
  subject: string;
  text: string;
  html: string | undefined;
  raw: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, for the server's SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /**
   * The first mail to `to` (and with that subject: exact text or pattern) not yet returned by
   * an earlier call, waiting for it up to timeoutMs.
   */
  waitForMail(query: { to: string; subject?: string | RegExp; timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port that keeps every mail it is given: the app sends
 * through SMTP_URL, the API tests and the browser journeys read here.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const returned = new Set<ReceivedMail>();
  const arrivals = new EventEmitter();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const mail = { from, to, raw, ...parseMessage(raw) };
        messages.push(mail);
        arrivals.emit('mail', mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const waitForMail: SmtpSink['waitForMail'] = ({ to, subject, timeoutMs = 15_000 }) => {
    const wanted = (mail: ReceivedMail) =>
      !returned.has(mail) &&
      mail.to.includes(to.toLowerCase()) &&
      (subject === undefined || (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)));
    const take = (mail: ReceivedMail) => (returned.add(mail), mail);
    const found = messages.find(wanted);
    if (found) return Promise.resolve(take(found));
    return new Promise((resolve, reject) => {
      const onMail = (mail: ReceivedMail) => {
        if (!wanted(mail)) return;
        clearTimeout(timer);
        arrivals.off('mail', onMail);
        resolve(take(mail));
      };
      const timer = setTimeout(() => {
        arrivals.off('mail', onMail);
        const seen = messages.map((m) => `  ${m.to.join(', ')}: ${m.subject}`).join('\n') || '  (none)';
        reject(
          new Error(
            `no mail to ${to}${subject ? ` with subject ${String(subject)}` : ''} within ${timeoutMs} ms; received:\n${seen}`,
          ),
        );
      }, timeoutMs);
      arrivals.on('mail', onMail);
    });
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// A small MIME reader, enough for the mail the server sends: headers with encoded words,
// 7bit/8bit, quoted-printable or base64 bodies, and multipart (text and HTML alternatives).

interface Entity {
  headers: Map<string, string>;
  body: string;
}

function splitEntity(raw: string): Entity {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function quotedPrintableBytes(text: string): Buffer {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(soft.charCodeAt(i));
    }
  }
  return Buffer.from(bytes);
}

const decodeWords = (value: string) =>
  value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, encoding: string, text: string) =>
      new TextDecoder(charset).decode(
        encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : quotedPrintableBytes(text.replace(/_/g, ' ')),
      ),
    );

const parameter = (header: string, name: string) => new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header)?.[1];

function collectBodies(entity: Entity, out: { text?: string; html?: string }) {
  const type = entity.headers.get('content-type') ?? 'text/plain';
  const boundary = parameter(type, 'boundary');
  if (/^multipart\//i.test(type) && boundary) {
    const parts = entity.body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      collectBodies(splitEntity(part.replace(/^\r?\n/, '')), out);
    }
    return;
  }
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(entity.body, 'base64')
      : encoding === 'quoted-printable'
        ? quotedPrintableBytes(entity.body)
        : Buffer.from(entity.body, 'latin1');
  const content = new TextDecoder(parameter(type, 'charset') ?? 'utf-8').decode(bytes).replace(/\r\n/g, '\n');
  if (/^text\/html/i.test(type)) out.html ??= content;
  else if (/^text\/plain/i.test(type)) out.text ??= content;
}

function parseMessage(raw: string): { subject: string; text: string; html: string | undefined } {
  const entity = splitEntity(raw);
  const bodies: { text?: string; html?: string } = {};
  collectBodies(entity, bodies);
  return {
    subject: decodeWords(entity.headers.get('subject') ?? ''),
    text: bodies.text?.replace(/\n$/, '') ?? '',
    html: bodies.html,
  };
}
