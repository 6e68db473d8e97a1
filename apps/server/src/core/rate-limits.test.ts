import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@qualis/contract';
import { createTestContext, type TestContext } from '../test/harness.js';
import { createUser, DEFAULT_PASSWORD } from '../test/factories.js';
import { req } from '../../../../docs/requirements/req.js';

let t: TestContext;
let webDir: string;
beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'qualis-web-'));
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Qualis</title>');
  await fs.writeFile(path.join(webDir, 'assets', 'app-1234.js'), 'console.log(1);');
  t = await createTestContext({
    webDir,
    env: {
      RATE_LIMIT_PERSON_PER_MINUTE: '3',
      RATE_LIMIT_ADDRESS_PER_MINUTE: '3',
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '2',
    },
  });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers });

const signInFrom = async (remoteAddress: string, email: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/sessions',
    remoteAddress,
    payload: { email, password: DEFAULT_PASSWORD },
  });
  return res;
};

describe('web app pages', () => {
  it('answers HEAD on an app page as GET does, and a missing asset or API route with 404', async () => {
    for (const url of ['/', '/login', '/organizations/x/dashboard']) {
      const [head, getPage] = await Promise.all([
        t.app.inject({ method: 'HEAD', url, remoteAddress: '10.0.9.1' }),
        get(url, '10.0.9.2'),
      ]);
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(getPage.headers['content-type']);
      expect(head.body, url).toBe('');
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/v1/nothing-here' })).statusCode).toBe(404);
  });
});

describe('rate limits', () => {
  it("never limits the web app's own files, while the API from the same address is limited", async () => {
    const address = '10.0.1.1';
    for (let i = 0; i < 20; i++) {
      for (const url of ['/', '/login', '/assets/app-1234.js', '/assets/missing.js']) {
        const res = await get(url, address);
        expect(res.statusCode, `${url} #${i}`).not.toBe(429);
      }
    }
    const api = [];
    for (let i = 0; i < 4; i++) api.push((await get('/api/v1/health', address)).statusCode);
    expect(api).toEqual([200, 200, 200, 429]);
  });

  it(`limits anonymous calls per address, with the error envelope ${req('SEC-002')}`, async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await get('/api/v1/health', '10.0.2.1')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const limited = await get('/api/v1/health', '10.0.2.1');
    expect(limited.json()).toMatchObject({ errors: [{ code: 'RATE_LIMITED', message: messages.rateLimited }] });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own budget.
    expect((await get('/api/v1/health', '10.0.2.2')).statusCode).toBe(200);
  });

  it(`gives each signed-in person their own budget, even behind one address ${req('SEC-002')}`, async () => {
    const office = '10.0.3.1';
    const [ann, bob] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const tokens = [];
    for (const person of [ann, bob]) {
      const res = await signInFrom('10.0.3.2', person.email);
      expect(res.statusCode).toBe(201);
      tokens.push({ authorization: `Bearer ${res.json().data.token.accessToken}` });
    }
    const profile = (headers: Record<string, string>) => get('/api/v1/users/me/profile', office, headers);
    for (const headers of tokens) {
      // A token's first call, before this process has seen it authenticated, counts for the address.
      expect((await profile(headers)).statusCode).toBe(200);
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await profile(headers)).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
    }
    // The address has used 2 of its 3 anonymous calls: one left, then a made-up token buys nothing.
    expect((await get('/api/v1/health', office)).statusCode).toBe(200);
    expect((await profile({ authorization: 'Bearer made-up' })).statusCode).toBe(429);
  });

  it(`limits sign-in per address on its own lower budget ${req('SEC-002', 'AUTH-008')}`, async () => {
    const person = await createUser(t.db);
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await signInFrom('10.0.4.1', person.email)).statusCode);
    expect(codes).toEqual([201, 201, 429]);
    expect((await signInFrom('10.0.4.2', person.email)).statusCode).toBe(201);
    // The sign-in budget is apart from the address's other anonymous calls.
    expect((await get('/api/v1/health', '10.0.4.1')).statusCode).toBe(200);
  });
});
