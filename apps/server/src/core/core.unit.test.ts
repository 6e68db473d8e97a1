import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, ZListQuery } from '@qualis/contract';
import { ConfigError, loadConfig } from '../config.js';
import { generatePassword } from '../bootstrap.js';
import { ZNewPassword } from '@qualis/contract';
import { canonicalJson } from './audit.js';
import { cleanFileName, extensionOf, FileInspector, judgeFile, LocalDiskStorage, sniffType } from './files.js';
import { SAMPLES } from '../test/file-samples.js';
import { PNG_BYTES } from '../test/multipart.js';
import { likePattern } from './lists.js';
import { backoffMs } from './retry.js';
import { findInputProblem } from './validation.js';
import { type MailTemplate, renderMail, type TemplateName, templates } from './mail/templates.js';
import { req } from '../../../../docs/requirements/req.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      databaseUrl: undefined,
      rateLimits: { personPerMinute: 1200, addressPerMinute: 600, signInPerMinute: 30 },
    });
    expect(c.dataDir).toBe(path.resolve('./data'));
  });

  it(`names every bad variable ${req('SEC-005')}`, () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://x', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const text = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'LOG_LEVEL']) expect(text).toContain(name);
    }
  });

  it(`reads the rate limits and refuses ones that are not whole positive numbers ${req('SEC-005')}`, () => {
    const c = loadConfig({ RATE_LIMIT_PERSON_PER_MINUTE: '50', RATE_LIMIT_SIGN_IN_PER_MINUTE: '5' });
    expect(c.rateLimits).toEqual({ personPerMinute: 50, addressPerMinute: 600, signInPerMinute: 5 });
    const bad = {
      RATE_LIMIT_PERSON_PER_MINUTE: 'lots',
      RATE_LIMIT_ADDRESS_PER_MINUTE: '0',
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '2.5',
    };
    expect(() => loadConfig(bad)).toThrow(ConfigError);
    try {
      loadConfig(bad);
    } catch (error) {
      const text = (error as Error).message;
      expect(text).toContain('RATE_LIMIT_PERSON_PER_MINUTE: must be a whole number of requests a minute');
      expect(text).toContain('RATE_LIMIT_ADDRESS_PER_MINUTE: must be at least 1');
      expect(text).toContain('RATE_LIMIT_SIGN_IN_PER_MINUTE: must be a whole number of requests a minute');
    }
  });

  it(`reads REDIS_URL and refuses one that is not a Redis URL ${req('SEC-005')}`, () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'rediss://user:pass@redis.internal:6380/1' }).redisUrl).toBe(
      'rediss://user:pass@redis.internal:6380/1',
    );
    expect(() => loadConfig({ REDIS_URL: 'http://redis.internal' })).toThrow(
      'REDIS_URL: must start with redis:// or rediss://',
    );
  });
});

describe('TRUST_PROXY', () => {
  it(`believes no forwarded address by default ${req('SEC-009')}`, () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
  });

  it(`reads the proxies' addresses, CIDR ranges and proxy-addr's named ranges ${req('SEC-009')}`, () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 2001:db8::/32,loopback ,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '2001:db8::/32',
      'loopback',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'uniquelocal,linklocal' }).trustProxy).toEqual(['uniquelocal', 'linklocal']);
  });

  it(`refuses everyone, a hop count and anything not an address or range, naming the variable ${req('SEC-005', 'SEC-009')}`, () => {
    for (const value of [
      'true',
      '*',
      '1',
      '2',
      '10.0.0.0/33',
      '2001:db8::/129',
      '10.0.0.256',
      'proxy.internal',
      '10.0.0.1,',
      '10.0.0.0/8/1',
      '10.0.0.0/255.0.0.0',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        "TRUST_PROXY: must be the proxies' addresses or CIDR ranges",
      );
    }
  });
});

describe('file storage configuration', () => {
  const s3 = { FILE_STORAGE: 's3', S3_BUCKET: 'qualis-files', S3_REGION: 'eu-central-1' };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('the configuration was accepted');
  };

  it(`keeps files on the local disk by default, and reads the bucket when FILE_STORAGE=s3 ${req('SEC-005')}`, () => {
    expect(loadConfig({}).fileStorage).toEqual({ kind: 'local' });
    // S3 variables without FILE_STORAGE=s3 change nothing (storage:migrate reads them).
    expect(loadConfig({ S3_BUCKET: 'qualis-files' }).fileStorage).toEqual({ kind: 'local' });
    expect(loadConfig(s3).fileStorage).toEqual({
      kind: 's3',
      endpoint: undefined,
      region: 'eu-central-1',
      bucket: 'qualis-files',
      credentials: undefined,
      forcePathStyle: false,
    });
    const minio = loadConfig({
      ...s3,
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'qualis',
      S3_SECRET_ACCESS_KEY: 'secret-key',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(minio.fileStorage).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'qualis', secretAccessKey: 'secret-key' },
      forcePathStyle: true,
    });
  });

  it(`refuses to start without the bucket or its region, or with a bad value, naming the variable ${req('SEC-005')}`, () => {
    expect(problems({ FILE_STORAGE: 'disk' })).toContain('FILE_STORAGE: must be local or s3');
    const missing = problems({ FILE_STORAGE: 's3' });
    expect(missing).toContain('S3_BUCKET: is required when FILE_STORAGE=s3');
    expect(missing).toContain('S3_REGION: is required when FILE_STORAGE=s3');
    const bad = problems({
      ...s3,
      S3_ENDPOINT: 'ftp://storage.example',
      S3_BUCKET: 'Qualis_Files',
      S3_REGION: 'EU Central',
      S3_FORCE_PATH_STYLE: 'yes',
    });
    for (const line of [
      'S3_ENDPOINT: must be an http:// or https:// URL',
      'S3_BUCKET: must be a bucket name',
      'S3_REGION: must be a region name',
      'S3_FORCE_PATH_STYLE: must be true or false',
    ]) {
      expect(bad).toContain(line);
    }
    expect(problems({ ...s3, S3_ACCESS_KEY_ID: 'qualis' })).toContain(
      'S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID',
    );
    expect(problems({ ...s3, S3_SECRET_ACCESS_KEY: 'secret' })).toContain(
      'S3_ACCESS_KEY_ID: is required with S3_SECRET_ACCESS_KEY',
    );
  });
});

describe('list parameters', () => {
  it('accepts both spellings, repeated columns, and defaults', () => {
    expect(ZListQuery.parse({})).toMatchObject({ limit: 25, offset: 0 });
    const q = ZListQuery.parse({
      limit: '50',
      offset: '50',
      'Order.Key': 'name',
      'Order.Direction': 'DESC',
      columns: 'name',
    });
    expect(q).toMatchObject({
      limit: 50,
      offset: 50,
      'Order.Key': 'name',
      'Order.Direction': 'desc',
      columns: ['name'],
    });
    expect(ZListQuery.parse({ columns: ['a', 'b'] }).columns).toEqual(['a', 'b']);
  });

  it('refuses limits outside 1..10000 and unknown directions', () => {
    expect(ZListQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(ZListQuery.safeParse({ limit: '10001' }).success).toBe(false);
    expect(ZListQuery.safeParse({ offset: '-1' }).success).toBe(false);
    expect(ZListQuery.safeParse({ orderType: 'sideways' }).success).toBe(false);
  });

  it('escapes LIKE wildcards in searches', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('passwords', () => {
  it(`generates passwords that meet the policy ${req('AUTH-020')}`, () => {
    for (let i = 0; i < 50; i++) expect(ZNewPassword.safeParse(generatePassword()).success).toBe(true);
  });
});

describe('audit hashing', () => {
  it('does not depend on key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [1, { e: 3, f: 2 }] }, b: 1 }),
    );
  });
});

describe('mail', () => {
  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([30_000, 60_000, 120_000]);
    expect(backoffMs(20)).toBe(3_600_000);
  });

  it('has every template in every language with the same placeholders', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [name, english] of Object.entries(templates.en) as [TemplateName, MailTemplate][]) {
      for (const language of LANGUAGES) {
        const t = templates[language][name];
        expect(placeholders(t.body), `${name}/${language}`).toEqual(placeholders(english.body));
        expect(placeholders(t.subject), `${name}/${language}`).toEqual(placeholders(english.subject));
      }
    }
  });

  it('fills templates in the language asked for', () => {
    const values = { count: 5, email: 'a@b.test', minutes: 15, resetUrl: 'http://x/forgot-password' };
    expect(renderMail('signInLocked', 'de', values).subject).toContain('Anmeldung');
    expect(renderMail('signInLocked', 'en', values).text).toContain(
      'There were 5 failed sign-in attempts for a@b.test',
    );
    expect(() => renderMail('signInLocked', 'en', { count: 1 })).toThrow(/needs a value/);
  });
});

describe('file storage', () => {
  it(`streams a file to storage with its hash and size, and leaves nothing when it is too large ${req('DOC-021')}`, async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'qualis-files-'));
    const storage = new LocalDiskStorage(root);
    const inspector = new FileInspector(10, () => new Error('too large'));
    await Promise.all([pipeline(Readable.from([Buffer.from('hello')]), inspector), storage.put('a/ok', inspector)]);
    expect(inspector.facts()).toEqual({
      sizeBytes: 5,
      sha256: createHash('sha256').update('hello').digest('hex'),
      head: Buffer.from('hello'),
      isText: true,
    });
    const tooBig = new FileInspector(3, () => new Error('too large'));
    const [read, stored] = await Promise.allSettled([
      pipeline(Readable.from([Buffer.from('hello')]), tooBig),
      storage.put('a/big', tooBig),
    ]);
    expect(read).toMatchObject({ status: 'rejected', reason: new Error('too large') });
    expect(stored.status).toBe('rejected');
    expect(await fs.readdir(path.join(root, 'a'))).toEqual(['ok']);
    await fs.rm(root, { recursive: true });
  });

  it('tells text from binary while streaming: valid UTF-8 across chunks, no NUL', async () => {
    const factsOf = async (...chunks: Buffer[]) => {
      const inspector = new FileInspector(1000, () => new Error('too large'));
      await pipeline(Readable.from(chunks), inspector, new PassThrough().resume());
      return inspector.facts().isText;
    };
    const zoe = Buffer.from('Zoë');
    expect(await factsOf(zoe.subarray(0, 3), zoe.subarray(3))).toBe(true); // ë split across chunks
    expect(await factsOf(Buffer.from('a\u0000b'))).toBe(false);
    expect(await factsOf(Buffer.from([0x5a, 0x6f, 0xeb]))).toBe(false); // Latin-1
    expect(await factsOf(zoe.subarray(0, 3))).toBe(false); // cut inside a character
  });

  it(`knows file types by their content, and allows only the listed ones under a matching name ${req('FILE-002')}`, async () => {
    const sniffed = async (bytes: Buffer) => (await sniffType(bytes))?.format;
    expect(await sniffed(SAMPLES.pdf)).toBe('pdf');
    expect(await sniffed(SAMPLES.docx)).toBe('docx');
    expect(await sniffed(SAMPLES.odt)).toBe('odt');
    expect(await sniffed(SAMPLES.exe)).toBe('exe');
    expect(await sniffed(SAMPLES.svg)).toBe('svg');
    expect(await sniffed(PNG_BYTES)).toBe('png');
    expect(await sniffed(SAMPLES.text)).toBeUndefined();
    expect(await sniffed(SAMPLES.html)).toBe('html');
    expect(await sniffed(Buffer.from('\uFEFF\r\n\t<Body class="x">'))).toBe('html');
    // Text that merely holds markup, or starts like a tag of another word, is not HTML.
    expect(await sniffed(Buffer.from('Name;Note\nAda;<b>bold</b>\n'))).toBeUndefined();
    expect(await sniffed(Buffer.from('<bold> is not a tag of HTML'))).toBeUndefined();

    const judged = async (extension: string, bytes: Buffer, isText = false) =>
      judgeFile(extension, await sniffType(bytes), isText);
    expect(await judged('pdf', SAMPLES.pdf)).toEqual({ allowed: true, contentType: 'application/pdf' });
    expect(await judged('doc', SAMPLES.cfb)).toEqual({ allowed: true, contentType: 'application/msword' });
    expect(await judged('xls', SAMPLES.cfb)).toEqual({ allowed: true, contentType: 'application/vnd.ms-excel' });
    expect(await judged('jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toMatchObject({ allowed: true });
    expect(await judged('csv', SAMPLES.text, true)).toEqual({ allowed: true, contentType: 'text/csv; charset=utf-8' });
    expect(await judged('pdf', SAMPLES.exe)).toEqual({ allowed: false, reason: 'type' });
    expect(await judged('pdf', SAMPLES.elf)).toEqual({ allowed: false, reason: 'type' });
    expect(await judged('docm', SAMPLES.docm)).toEqual({ allowed: false, reason: 'type' });
    expect(await judged('zip', SAMPLES.zip)).toEqual({ allowed: false, reason: 'type' });
    expect(await judged('svg', SAMPLES.svg, true)).toEqual({ allowed: false, reason: 'type' });
    expect(await judged('txt', SAMPLES.svg, true)).toEqual({ allowed: false, reason: 'type' });
    expect(await judged('html', SAMPLES.html, true)).toEqual({ allowed: false, reason: 'type' });
    expect(await judged('txt', SAMPLES.html, true)).toEqual({ allowed: false, reason: 'type' });
    expect(await judged('docx', SAMPLES.pdf)).toEqual({ allowed: false, reason: 'mismatch' });
    expect(await judged('pdf', SAMPLES.text, true)).toEqual({ allowed: false, reason: 'mismatch' });
    expect(await judged('txt', SAMPLES.pdf)).toEqual({ allowed: false, reason: 'mismatch' });
    expect(await judged('txt', Buffer.from([0x5a, 0xeb]), false)).toEqual({ allowed: false, reason: 'notText' });
  });

  it('cleans file names of paths and control characters', () => {
    expect(cleanFileName('C:\\Users\\ada\\SOP 1.pdf')).toBe('SOP 1.pdf');
    expect(cleanFileName('../../etc/pass\u0000wd.txt')).toBe('passwd.txt');
    expect(cleanFileName('\u0000\u0001')).toBe('file');
    expect(cleanFileName(`${'a'.repeat(300)}.pdf`)).toBe(`${'a'.repeat(251)}.pdf`);
    // A pair of surrogates (an emoji) at the cut goes whole.
    expect(cleanFileName(`a${'\u{1F600}'.repeat(150)}.pdf`)).toBe(`a${'\u{1F600}'.repeat(125)}.pdf`);
    expect(cleanFileName(`a.${'x'.repeat(300)}`)).toBe(`a.${'x'.repeat(253)}`);
    expect(cleanFileName('invoice\u202efdp.exe\u200f\u2066.pdf')).toBe('invoicefdp.exe.pdf');
    expect(cleanFileName('S\udc00OP\ud800.pdf')).toBe('SOP.pdf');
    expect(extensionOf('Report.Final.PDF')).toBe('pdf');
    expect(extensionOf('README')).toBe('');
  });
});

describe('input walk', () => {
  const nested = (depth: number): unknown => (depth === 0 ? 'x' : [nested(depth - 1)]);

  it('names the first unfit text in document order, keys before their values', () => {
    const control = { message: 'controlCharacter' };
    expect(findInputProblem({ a: 'ok', b: ['ok', 'b\u0007'], c: 'c\u0000' })).toEqual({ ...control, field: 'b.1' });
    expect(findInputProblem({ a: { 'k\u0000': 'v\u0000' } })).toEqual({ ...control, field: 'a.k\u0000' });
    expect(findInputProblem({ a: ['\ud83d\ude00', 'x\udc00'] })).toEqual({
      message: 'illFormedText',
      field: 'a.1',
    });
    expect(findInputProblem('\ud800')).toEqual({ message: 'illFormedText', field: '' });
    expect(findInputProblem({ a: 'tab\tand\r\nlines', n: 1, z: null })).toBeUndefined();
  });

  it('takes 64 levels of nesting and refuses 65, without recursion', () => {
    expect(findInputProblem(nested(64))).toBeUndefined();
    expect(findInputProblem(nested(65))).toEqual({ message: 'nestedTooDeeply', field: '' });
    expect(findInputProblem(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toMatchObject({
      message: 'nestedTooDeeply',
    });
  });
});
