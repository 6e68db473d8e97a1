import { spawn, spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { createUser, DEFAULT_PASSWORD } from '../test/factories.js';
import { req } from '../../../../docs/requirements/req.js';
import { postgresCounts, redisCounts, type SharedCounts } from './rate-limit-store.js';

/**
 * Several nodes of one deployment (two apps on one database) share their rate limits, in
 * PostgreSQL or in Redis (docs/decisions/0041-shared-rate-limits.md). Each run counts from
 * addresses of its own, since Redis is shared with other runs on the machine.
 */
const POSTGRES_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(url = REDIS_URL) {
  const probe = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const redisUp = await redisAnswers();
/** A Redis server of the test's own, to stop while a node counts in it. */
const redisServerInstalled = spawnSync('redis-server', ['--version']).status === 0;
if (!redisUp) console.warn(`Redis does not answer at ${REDIS_URL}: the Redis rate-limit tests are skipped`);

const LIMITS = {
  RATE_LIMIT_PERSON_PER_MINUTE: '3',
  RATE_LIMIT_ADDRESS_PER_MINUTE: '3',
  RATE_LIMIT_SIGN_IN_PER_MINUTE: '2',
};
const run = randomInt(1, 250);
let next = 0;
const newAddress = () => `10.${run}.${Math.floor(++next / 250)}.${next % 250}`;

type Node = TestContext;
const get = (node: Node, url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  node.app.inject({ method: 'GET', url, remoteAddress, headers });
const signIn = (node: Node, remoteAddress: string, email: string) =>
  node.app.inject({
    method: 'POST',
    url: '/api/v1/sessions',
    remoteAddress,
    payload: { email, password: DEFAULT_PASSWORD },
  });

/** Two nodes on one database; `env` says where they count. */
function twoNodes(env: Record<string, string>) {
  const nodes: { a: Node; b: Node } = {} as never;
  beforeAll(async () => {
    nodes.a = await createTestContext({ env: { ...LIMITS, ...env } });
    nodes.b = await createTestContext({ env: { ...LIMITS, ...env }, sameDeploymentAs: nodes.a });
  });
  afterAll(async () => {
    await nodes.b?.close();
    await nodes.a?.close();
  });
  return nodes;
}

function sharesTheBudgets(nodes: { a: Node; b: Node }) {
  it(`shares the per-address budget: the 4th call across both nodes is 429 ${req('SEC-002', 'SEC-008')}`, async () => {
    const { a, b } = nodes;
    const address = newAddress();
    const codes = [];
    for (const node of [a, b, a, b]) codes.push((await get(node, '/api/v1/health', address)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const limited = await get(a, '/api/v1/health', address);
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it(`shares the sign-in limit of an address across both nodes ${req('SEC-002', 'SEC-008', 'AUTH-008')}`, async () => {
    const { a, b } = nodes;
    const person = await createUser(a.db);
    const address = newAddress();
    const codes = [];
    for (const node of [a, b, a]) codes.push((await signIn(node, address, person.email)).statusCode);
    expect(codes).toEqual([201, 201, 429]);
    const limited = await signIn(b, address, person.email);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it(`shares a person's budget across both nodes ${req('SEC-002', 'SEC-008')}`, async () => {
    const { a, b } = nodes;
    const person = await createUser(a.db);
    const signedIn = await signIn(a, newAddress(), person.email);
    expect(signedIn.statusCode).toBe(201);
    const headers = { authorization: `Bearer ${signedIn.json().data.token.accessToken}` };
    const office = newAddress();
    // Each node's first call with the token, before it has seen it authenticated, counts for the address.
    for (const node of [a, b])
      expect((await get(node, '/api/v1/users/me/profile', office, headers)).statusCode).toBe(200);
    const codes = [];
    for (const node of [a, b, a, b])
      codes.push((await get(node, '/api/v1/users/me/profile', office, headers)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect(Number((await get(a, '/api/v1/users/me/profile', office, headers)).headers['retry-after'])).toBeGreaterThan(
      0,
    );
  });
}

describe.skipIf(!POSTGRES_URL)('rate limits counted in PostgreSQL', () => {
  const nodes = twoNodes({});
  sharesTheBudgets(nodes);

  it('keeps one row a key, whose ended windows the hourly task deletes', async () => {
    const address = newAddress();
    await get(nodes.a, '/api/v1/health', address);
    const rows = () =>
      nodes.a.database.raw.query<{ count: number }>('SELECT count FROM rate_limit_counts WHERE key = $1', [address]);
    expect(await rows()).toEqual([{ count: 1 }]);
    await nodes.a.database.raw.query(
      "UPDATE rate_limit_counts SET window_end = now() - interval '1 second' WHERE key = $1",
      [address],
    );
    await nodes.a.database.raw.query(
      "UPDATE job_schedules SET next_run_at = now() WHERE name = 'rate-limit-counts-cleanup'",
    );
    await nodes.a.runJobs();
    expect(await rows()).toEqual([]);
  });
});

describe.skipIf(POSTGRES_URL)('rate limits on the embedded database', () => {
  const nodes = twoNodes({});
  it('count in each process: one process owns the database, so there is nothing to share', async () => {
    const address = newAddress();
    for (const node of [nodes.a, nodes.b]) {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await get(node, '/api/v1/health', address)).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
    }
    expect(await nodes.a.database.raw.query('SELECT 1 FROM rate_limit_counts')).toEqual([]);
  });
});

describe.skipIf(!redisUp)('rate limits counted in Redis (REDIS_URL)', () => {
  sharesTheBudgets(twoNodes({ REDIS_URL }));
});

describe('a counting window', () => {
  const windowEnds = async (counts: SharedCounts) => {
    const key = `window-test:${newAddress()}`;
    const incr = async () => (await counts.add([{ key, hits: 1, windowMs: 400 }]))[0]!;
    const first = await incr();
    const second = await incr();
    expect([first.current, second.current]).toEqual([1, 2]);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(400);
    await sleep(450);
    expect((await incr()).current).toBe(1);
  };

  /** A settlement adds several keys' hits at once and answers each key's count in the order asked. */
  const batchAdds = async (counts: SharedCounts) => {
    const [one, two] = [`batch-test:${newAddress()}`, `batch-test:${newAddress()}`];
    const first = await counts.add([
      { key: one, hits: 3, windowMs: 60_000 },
      { key: two, hits: 1, windowMs: 60_000 },
    ]);
    const second = await counts.add([
      { key: two, hits: 2, windowMs: 60_000 },
      { key: one, hits: 1, windowMs: 60_000 },
    ]);
    expect([...first, ...second].map((count) => count.current)).toEqual([3, 1, 3, 4]);
  };

  it('ends, and the next request begins a new one; a batch adds several keys (PostgreSQL statement, on either engine)', async () => {
    const t = await createTestContext();
    try {
      await windowEnds(postgresCounts(t.database.raw));
      await batchAdds(postgresCounts(t.database.raw));
    } finally {
      await t.close();
    }
  });

  it.skipIf(!redisUp)('ends, and the next request begins a new one; a batch adds several keys (Redis)', async () => {
    const counts = await redisCounts(REDIS_URL);
    try {
      await windowEnds(counts);
      await batchAdds(counts);
    } finally {
      await counts.close();
    }
  });
});

describe('a store that does not answer', () => {
  it(`stops the start when REDIS_URL does not answer, naming it without its password ${req('SEC-005')}`, async () => {
    const t = await createTestContext();
    try {
      const start = createTestContext({ env: { REDIS_URL: 'redis://:secret@127.0.0.1:1' }, sameDeploymentAs: t });
      await expect(start).rejects.toThrow(/^REDIS_URL: Redis at redis:\/\/127\.0\.0\.1:1 does not answer/);
      await expect(start).rejects.not.toThrow(/secret/);
    } finally {
      await t.close();
    }
  });

  it.skipIf(!redisServerInstalled)(
    `keeps the API up and limits each node on its own while Redis is down ${req('SEC-008')}`,
    async () => {
      const port = await new Promise<number>((resolve) => {
        const probe = net.createServer().listen(0, '127.0.0.1', () => {
          const { port: free } = probe.address() as net.AddressInfo;
          probe.close(() => resolve(free));
        });
      });
      const url = `redis://127.0.0.1:${port}`;
      const server = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      const stopped = once(server, 'exit');
      try {
        for (let i = 0; i < 50 && !(await redisAnswers(url)); i++) await sleep(100);
        const t = await createTestContext({ env: { ...LIMITS, REDIS_URL: url } });
        try {
          const address = newAddress();
          expect((await get(t, '/api/v1/health', address)).statusCode).toBe(200);
          server.kill('SIGKILL');
          await stopped;
          // Counted in the process from the outage on, after the count it last heard from Redis (1):
          // two more calls pass, the third is limited (decision 0047).
          const codes = [];
          for (let i = 0; i < 4; i++) codes.push((await get(t, '/api/v1/health', address)).statusCode);
          expect(codes).toEqual([200, 200, 429, 429]);
        } finally {
          await t.close();
        }
      } finally {
        if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
        await stopped;
      }
    },
  );

  it.skipIf(!POSTGRES_URL)(
    `keeps the API up and limits each node on its own while PostgreSQL refuses connections ${req('SEC-008')}`,
    async () => {
      const t = await createTestContext({ env: LIMITS });
      const [row] = await t.database.raw.query<{ name: string }>('SELECT current_database() AS name');
      const name = row!.name;
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      const address = newAddress();
      try {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
        // The API's own description needs no database: it answers, and is still limited.
        const codes = [];
        for (let i = 0; i < 4; i++) codes.push((await get(t, '/api/docs/json', address)).statusCode);
        expect(codes).toEqual([200, 200, 200, 429]);
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        // Shared again: the count begins in PostgreSQL, where the outage's calls were not counted.
        expect((await get(t, '/api/docs/json', address)).statusCode).toBe(200);
        expect(
          await t.database.raw.query<{ count: number }>('SELECT count FROM rate_limit_counts WHERE key = $1', [
            address,
          ]),
        ).toEqual([{ count: 1 }]);
      } finally {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        await admin.end();
        await t.close();
      }
    },
  );
});
