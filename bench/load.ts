// Throughput and latency of the real app against a bare Fastify route on the same machine.
//   npm run bench:load                                   (embedded PGlite in a temporary folder)
//   npm run bench:load -- --database-url postgres://postgres@127.0.0.1:5432/qualis_bench   (an empty database)
// The app and its database client run in a worker thread, autocannon in the main thread, so the
// load generator does not share an event loop with the server. See docs/performance.md.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { newId } from '../apps/server/src/core/ids.js';
import { hashToken, newSecretToken } from '../apps/server/src/core/tokens.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import {
  BENCH_PASSWORD,
  BENCH_SUPERADMIN_EMAIL,
  benchUserEmail,
  openBenchDatabase,
  positiveInt,
  seed,
  type SeedOptions,
} from './seed.js';

interface WorkerInput extends SeedOptions {
  databaseUrl: string | undefined;
  refreshSessions: number;
}

interface Latency {
  p50: number;
  p95: number;
  p99: number;
}

interface WorkerReady {
  appUrl: string;
  bareUrl: string;
  refreshTokens: string[];
  rawSql: Latency & { runs: number };
}

/** The organizations page as the SuperAdmin's list sends it to the database. */
const ORGANIZATIONS_PAGE_SQL = `SELECT *, count(*) OVER () AS total_count FROM organizations
  ORDER BY lower(name), id LIMIT 25 OFFSET 0`;
const RAW_SQL_RUNS = 2000;
const WARMUP_SECONDS = 2;

function percentiles(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

// ---------------------------------------------------------------- worker: the servers

async function serve(input: WorkerInput): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qualis-bench-'));
  const database = await openBenchDatabase({ databaseUrl: input.databaseUrl, dataDir });
  await migrate(database.raw);
  const [used] = await database.raw.query('SELECT 1 FROM users LIMIT 1');
  if (used)
    throw new Error('the benchmark database must be empty: a run seeds it and leaves the data, so create a new one');
  await seed(database.raw, input);

  // Sessions to refresh, one refresh token per request: tokens rotate and a reused one is refused.
  const refreshTokens = Array.from({ length: input.refreshSessions }, () => newSecretToken());
  await database.raw.query(
    `INSERT INTO sessions (id, user_id, access_token_hash, access_expires_at, refresh_token_hash, refresh_expires_at, expires_at)
     SELECT id, (SELECT id FROM users WHERE email = $4), access_hash, now() + interval '15 minutes',
            refresh_hash, now() + interval '14 days', now() + interval '30 days'
     FROM unnest($1::uuid[], $2::text[], $3::text[]) AS t(id, access_hash, refresh_hash)`,
    [
      refreshTokens.map(newId),
      refreshTokens.map(() => hashToken(newSecretToken())),
      refreshTokens.map(hashToken),
      BENCH_SUPERADMIN_EMAIL,
    ],
  );

  const samples: number[] = [];
  for (let i = 0; i < RAW_SQL_RUNS + 100; i++) {
    const started = performance.now();
    await database.raw.query(ORGANIZATIONS_PAGE_SQL);
    if (i >= 100) samples.push(performance.now() - started);
  }

  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const app = await buildApp({
    config,
    database,
    logger: false,
    rateLimitPerMinute: 1_000_000_000,
    signInSlowdownMs: 0,
  });
  const bare = Fastify();
  bare.get('/', async () => ({ hello: 'world' }));
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  parentPort?.once('message', async () => {
    await Promise.all([app.close(), bare.close()]);
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    parentPort?.close();
  });
  const ready: WorkerReady = {
    appUrl,
    bareUrl,
    refreshTokens,
    rawSql: { ...percentiles(samples), runs: RAW_SQL_RUNS },
  };
  parentPort?.postMessage(ready);
}

// ---------------------------------------------------------------- main thread: the load

interface Case {
  name: string;
  url: string;
  connections: number;
  headers?: Record<string, string>;
  /**
   * Each request on a new connection from its own loopback address (127.a.b.c): sign-in and
   * refresh allow 30 requests a minute per client address, so they are measured as many clients
   * would use them, against a bare route measured the same way.
   */
  newConnectionPerRequest?: { method: 'GET' | 'POST' | 'PUT'; body?: () => string };
}

interface Measured extends Latency {
  requestsPerSecond: number;
  failed: number;
}

/** Keep-alive connections: autocannon. */
function runAutocannon(c: Case, seconds: number): Promise<Measured> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: c.url, connections: c.connections, duration: seconds, headers: c.headers ?? {} },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          requestsPerSecond: result.requests.total / (result.duration || seconds),
          failed: result.non2xx + result.errors + result.timeouts,
          ...percentiles(latencies),
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

let loopbackAddresses = 0;
const nextLoopbackAddress = () => {
  const n = ++loopbackAddresses;
  return `127.${(Math.floor(n / 64516) % 254) + 1}.${(Math.floor(n / 254) % 254) + 1}.${(n % 254) + 1}`;
};

/**
 * A new connection per request: a closed loop of `connections` clients on node:http. (autocannon
 * cannot do this: with reconnectRate it drops the responses that end a connection from its
 * counts, and with `Connection: close` it queues a stale request per reconnect, so its latencies
 * grow through the run.)
 */
async function runNewConnections(c: Case, seconds: number): Promise<Measured> {
  const { method, body } = c.newConnectionPerRequest ?? { method: 'GET' };
  const target = new URL(c.url);
  const latencies: number[] = [];
  let failed = 0;
  const request = (payload: string | undefined) =>
    new Promise<number>((resolve) => {
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          method,
          headers: c.headers,
          agent: false,
          localAddress: nextLoopbackAddress(),
        },
        (res) => res.resume().on('end', () => resolve(res.statusCode ?? 0)),
      );
      req.on('error', () => resolve(0));
      req.end(payload);
    });
  const started = performance.now();
  const until = started + seconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const sent = performance.now();
      const status = await request(body?.());
      latencies.push(performance.now() - sent);
      if (status < 200 || status > 299) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: c.connections }, client));
  return {
    requestsPerSecond: latencies.length / ((performance.now() - started) / 1000),
    failed,
    ...percentiles(latencies),
  };
}

const run = (c: Case, seconds: number) => (c.newConnectionPerRequest ? runNewConnections : runAutocannon)(c, seconds);
const ms = (value: number) => value.toFixed(2);

async function main() {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      organizations: { type: 'string', default: '10000' },
      users: { type: 'string', default: '1000' },
      'memberships-per-user': { type: 'string', default: '3' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
    },
  });
  const loadBefore = os.loadavg()[0]?.toFixed(2);
  const seconds = positiveInt('duration', values.duration);
  const connections = positiveInt('connections', values.connections);
  const input: WorkerInput = {
    databaseUrl: values['database-url'],
    organizations: positiveInt('organizations', values.organizations),
    users: positiveInt('users', values.users),
    membershipsPerUser: positiveInt('memberships-per-user', values['memberships-per-user']),
    // Enough for 2,000 refreshes a second over the warm-up and the run.
    refreshSessions: 2000 * (seconds + WARMUP_SECONDS),
  };

  console.log(
    `Seeding ${input.databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${input.organizations} organizations, ${input.users} users ...`,
  );
  // The worker runs this file again; tsx's loader is registered there first.
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(bootstrap, { eval: true, workerData: input });
  const ready = await new Promise<WorkerReady>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });

  const json = { 'content-type': 'application/json' };
  const signIn = await fetch(`${ready.appUrl}/api/v1/sessions`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: BENCH_SUPERADMIN_EMAIL, password: BENCH_PASSWORD }),
  });
  if (signIn.status !== 201) throw new Error(`SuperAdmin sign-in failed: HTTP ${signIn.status}`);
  const { data } = (await signIn.json()) as { data: { token: { accessToken: string } } };
  const bearer = { authorization: `Bearer ${data.token.accessToken}` };

  let signIns = 0;
  let refreshes = 0;
  const organizationsUrl = `${ready.appUrl}/api/v1/organizations?limit=25`;
  const cases: Case[] = [
    { name: 'bare Fastify route (baseline)', url: ready.bareUrl, connections },
    { name: 'GET /users/me/profile', url: `${ready.appUrl}/api/v1/users/me/profile`, connections, headers: bearer },
    {
      name: `GET /organizations?limit=25 of ${input.organizations}`,
      url: organizationsUrl,
      connections,
      headers: bearer,
    },
    { name: 'GET /organizations?limit=25, one connection', url: organizationsUrl, connections: 1, headers: bearer },
    {
      name: 'bare Fastify route, new connection per request (baseline)',
      url: ready.bareUrl,
      connections,
      newConnectionPerRequest: { method: 'GET' },
    },
    {
      name: 'sign-in POST /sessions (argon2id), new connection per request',
      url: `${ready.appUrl}/api/v1/sessions`,
      connections,
      headers: json,
      newConnectionPerRequest: {
        method: 'POST',
        body: () => JSON.stringify({ email: benchUserEmail((signIns++ % input.users) + 1), password: BENCH_PASSWORD }),
      },
    },
    {
      name: 'refresh PUT /sessions, new connection per request',
      url: `${ready.appUrl}/api/v1/sessions`,
      connections,
      headers: json,
      newConnectionPerRequest: {
        method: 'PUT',
        body: () => JSON.stringify({ refreshToken: ready.refreshTokens[refreshes++] ?? 'exhausted' }),
      },
    },
  ];

  const results: (Case & Measured)[] = [];
  for (const c of cases) {
    process.stdout.write(`  ${c.name} ...`);
    await run(c, WARMUP_SECONDS);
    const measured = await run(c, seconds);
    results.push({ ...c, ...measured });
    console.log(` ${Math.round(measured.requestsPerSecond)} req/s`);
  }
  worker.postMessage('stop');

  const baseline = (c: Case) =>
    results.find(
      (r) => r.url === ready.bareUrl && Boolean(r.newConnectionPerRequest) === Boolean(c.newConnectionPerRequest),
    );
  // Other work on the machine skews every figure: the load average says how much there was.
  console.log(
    `\n${input.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} cores, Node ${process.version}, ` +
      `${seconds} s per case after ${WARMUP_SECONDS} s warm-up, load average ${loadBefore} before and ` +
      `${os.loadavg()[0]?.toFixed(2)} after\n`,
  );
  console.log('| case | connections | req/s | vs bare route | p50 ms | p95 ms | p99 ms | non-2xx/errors |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    const base = baseline(r);
    const ratio = base ? `${((100 * r.requestsPerSecond) / base.requestsPerSecond).toFixed(1)}%` : '';
    console.log(
      `| ${r.name} | ${r.connections} | ${Math.round(r.requestsPerSecond)} | ${ratio} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.failed} |`,
    );
  }
  const single = results.find((r) => r.connections === 1);
  const { rawSql } = ready;
  console.log(
    `\nRaw SQL of the organizations page (${rawSql.runs} runs, one at a time): ` +
      `p50 ${ms(rawSql.p50)} ms, p95 ${ms(rawSql.p95)} ms, p99 ${ms(rawSql.p99)} ms`,
  );
  if (single) {
    console.log(
      `Organizations list p95 / raw SQL p95, one connection: ${(single.p95 / rawSql.p95).toFixed(2)}x ` +
        `(budget: 2x); the app adds ${ms(single.p95 - rawSql.p95)} ms`,
    );
  }
}

if (isMainThread) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  serve(workerData as WorkerInput).catch((error: unknown) => {
    // Rethrown outside the promise so the main thread's 'error' handler receives it.
    setImmediate(() => {
      throw error;
    });
  });
}
