import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZListQuery } from '@qualis/contract';
import { ConfigError, loadConfig } from '../config.js';
import { generatePassword } from '../bootstrap.js';
import { ZNewPassword } from '@qualis/contract';
import { canonicalJson } from './audit.js';
import { detectContentType, LocalDiskStorage } from './files.js';
import { likePattern } from './lists.js';
import { backoffMs } from './retry.js';
import { MAIL_LANGUAGES, renderMail, templates } from './mail/templates.js';

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

  it('names every bad variable', () => {
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

  it('reads the rate limits and refuses ones that are not whole positive numbers', () => {
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
  it('generates passwords that meet the policy', () => {
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
    for (const [name, set] of Object.entries(templates)) {
      for (const language of MAIL_LANGUAGES) {
        const t = set[language];
        expect(placeholders(t.body), `${name}/${language}`).toEqual(placeholders(set.en.body));
        expect(placeholders(t.subject), `${name}/${language}`).toEqual(placeholders(set.en.subject));
      }
    }
  });

  it('fills templates and falls back to English', () => {
    const values = { count: 5, email: 'a@b.test', minutes: 15, resetUrl: 'http://x/forgot-password' };
    expect(renderMail('signInLocked', 'de', values).subject).toContain('Anmeldung');
    expect(renderMail('signInLocked', 'xx', values).text).toContain(
      'There were 5 failed sign-in attempts for a@b.test',
    );
    expect(() => renderMail('signInLocked', 'en', { count: 1 })).toThrow(/needs a value/);
  });
});

describe('file storage', () => {
  it('stores, reads and removes bytes under the root only', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'qualis-files-'));
    const storage = new LocalDiskStorage(root);
    await storage.put('org/abc.png', Buffer.from('hello'));
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read('org/abc.png')) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello');
    await storage.remove('org/abc.png');
    await expect(storage.read('org/abc.png')).rejects.toThrow();
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow(/unsafe/);
    await fs.rm(root, { recursive: true });
  });

  it('knows file types by their content', () => {
    expect(detectContentType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(detectContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(detectContentType(Buffer.from('%PDF-1.7'))).toBe('application/pdf');
    expect(detectContentType(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(
      'image/svg+xml',
    );
    expect(detectContentType(Buffer.from('MZ\x90\x00 pretending.png'))).toBeUndefined();
  });
});
