import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema/index.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { OPERATIONS_TOKEN_FILE } from '../modules/operations/operations.routes.js';
import { req } from '../../../../docs/requirements/req.js';

// A balancer in 10.0.0.0/24 in front of the node (TRUST_PROXY), clients on the internet behind it.
const BALANCER = '10.0.0.5';
const ELSEWHERE = '10.9.9.9';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    env: { TRUST_PROXY: '10.0.0.0/24, loopback', RATE_LIMIT_ADDRESS_PER_MINUTE: '2' },
  });
});
afterAll(() => t.close());

const health = (remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/health',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

const statuses = async (calls: number, call: () => ReturnType<typeof health>) => {
  const codes = [];
  for (let i = 0; i < calls; i++) codes.push((await call()).statusCode);
  return codes;
};

describe(`behind a trusted proxy (TRUST_PROXY) ${req('SEC-009')}`, () => {
  it(`gives two clients behind the proxy their own per-address budgets ${req('SEC-002')}`, async () => {
    expect(await statuses(3, () => health(BALANCER, '203.0.113.1'))).toEqual([200, 200, 429]);
    expect(await statuses(3, () => health(BALANCER, '203.0.113.2'))).toEqual([200, 200, 429]);
    // A client that writes its own X-Forwarded-For is still counted by the address the proxy saw.
    expect((await health(BALANCER, '198.51.100.1, 203.0.113.1')).statusCode).toBe(429);
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    const forged = ['203.0.113.10', '203.0.113.11', '203.0.113.12'];
    expect(await statuses(3, () => health(ELSEWHERE, forged.shift()))).toEqual([200, 200, 429]);
  });

  it(`records the forwarded client address in the audit trail, and the peer's when untrusted ${req('AUD-006')}`, async () => {
    const signIn = (remoteAddress: string, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/sessions',
        remoteAddress,
        headers: { 'x-forwarded-for': '203.0.113.7' },
        payload: { email, password: 'Wrong1234' },
      });
    expect((await signIn(BALANCER, 'behind@proxy.test')).statusCode).toBe(401);
    expect((await signIn('10.9.9.8', 'direct@proxy.test')).statusCode).toBe(401);
    const addressOf = async (email: string) => {
      const [row] = await t.db
        .select({ actorIp: auditEvents.actorIp })
        .from(auditEvents)
        .where(and(eq(auditEvents.actorEmail, email), eq(auditEvents.action, 'sign-in-failed')));
      return row?.actorIp;
    };
    expect(await addressOf('behind@proxy.test')).toBe('203.0.113.7');
    expect(await addressOf('direct@proxy.test')).toBe('10.9.9.8');
  });

  it.skipIf(process.env.TEST_DATABASE_URL)(
    `still refuses the operator's backup route to a request forwarded by a trusted proxy on the machine ${req('BAK-001')}`,
    async () => {
      const token = await fs.readFile(path.join(t.dataDir, OPERATIONS_TOKEN_FILE), 'utf8');
      const backup = (headers: Record<string, string>) =>
        t.app.inject({
          method: 'GET',
          url: '/operations/backup',
          remoteAddress: '127.0.0.1',
          headers: { authorization: `Bearer ${token}`, ...headers },
        });
      expect((await backup({ 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403);
      expect((await backup({ 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
    },
  );
});
