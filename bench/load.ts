// Throughput and latency of the real server against a bare Fastify route on the same machine, and
// of each measured endpoint against the raw SQL it sends (`npm run bench:load -- --help`).
// The built server (`node apps/server/dist/main.js`) and the bare route each run in their own
// process; this process seeds the database, measures the raw SQL and generates the load.
// See docs/performance.md.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { newId } from '../apps/server/src/core/ids.js';
import { hashToken, newSecretToken } from '../apps/server/src/core/tokens.js';
import type { Database } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { formatProfileSummary, summariseCpuProfile } from './cpu-profile.js';
import { ROUNDS_OPTION, parseCommandLine } from './cli.js';
import { inRounds, interleaved, median, roundsNote, spread, type Round, type Timing } from './rounds.js';
import {
  BENCH_PASSWORD,
  BENCH_SUPERADMIN_EMAIL,
  LARGE_ORGANIZATION_NAME,
  NO_RATE_LIMITS,
  SEED_ARGS,
  benchUserEmail,
  openBenchDatabase,
  positiveInt,
  seed,
  seedOptionsOf,
  type SeedOptions,
} from './seed.js';
import * as sql from './statements.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WARMUP_SECONDS = 2;
/** Search texts: substrings of the seeded names that match a few percent of the rows. */
const ORGANIZATION_SEARCH = 'ab';
const USER_SEARCH = 'ab';
const EXPORT_RUNS = 5;

/** The groups of cases `--cases` chooses from. */
const CASE_GROUPS = [
  'bare',
  'health',
  'profile',
  'organizations',
  'organizations-search',
  'organizations-status',
  'permissions',
  'users',
  'users-search',
  'sessions',
  'export',
] as const;
type CaseGroup = (typeof CASE_GROUPS)[number];

interface Latency {
  p50: number;
  p95: number;
  p99: number;
}

function percentiles(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

const ms = (value: number) => value.toFixed(2);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

// ---------------------------------------------------------------- the data

/** What the seeded database holds for the cases: ids and the bench's own access tokens. */
interface Fixture {
  organizations: number;
  users: number;
  superAdminId: string;
  /** Sessions inserted by the bench (no sign-in needed before measuring their raw SQL). */
  superAdminToken: string;
  largeOrganizationId: string | undefined;
  /** A User of the large organization in 3 groups, and a session of theirs. */
  member: { id: string; token: string } | undefined;
}

/** A session of a person with a known access token, valid for the whole run. */
async function insertSession(database: Database, userId: string): Promise<string> {
  const token = newSecretToken();
  await database.raw.query(
    `INSERT INTO sessions (id, user_id, access_token_hash, access_expires_at, refresh_token_hash, refresh_expires_at, expires_at)
     VALUES ($1, $2, $3, now() + interval '1 day', $4, now() + interval '1 day', now() + interval '1 day')`,
    [newId(), userId, hashToken(token), hashToken(newSecretToken())],
  );
  return token;
}

async function seedFixture(database: Database, options: SeedOptions): Promise<Fixture> {
  await migrate(database.raw);
  const [used] = await database.raw.query('SELECT 1 FROM users LIMIT 1');
  if (used)
    throw new Error('the benchmark database must be empty: a run seeds it and leaves the data, so create a new one');
  await seed(database.raw, options);
  const [superAdmin] = await database.raw.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
    BENCH_SUPERADMIN_EMAIL,
  ]);
  const [large] = await database.raw.query<{ id: string }>('SELECT id FROM organizations WHERE name = $1', [
    LARGE_ORGANIZATION_NAME,
  ]);
  const [member] = large
    ? await database.raw.query<{ id: string }>(
        `SELECT user_id AS id FROM user_group_members WHERE organization_id = $1
         GROUP BY user_id ORDER BY count(*) DESC, user_id LIMIT 1`,
        [large.id],
      )
    : [];
  return {
    organizations: options.organizations + (large ? 1 : 0),
    users: options.users,
    superAdminId: superAdmin!.id,
    superAdminToken: await insertSession(database, superAdmin!.id),
    largeOrganizationId: large?.id,
    member: member && { id: member.id, token: await insertSession(database, member.id) },
  };
}

/** Sessions of the SuperAdmin to refresh, one refresh token per request (a reused one is refused). */
async function insertRefreshSessions(database: Database, count: number): Promise<string[]> {
  const refreshTokens = Array.from({ length: count }, () => newSecretToken());
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
  return refreshTokens;
}

// ---------------------------------------------------------------- an endpoint against its SQL

/** Requests of an endpoint and runs of its SQL, interleaved one by one, after as many warm-up runs of each. */
const AGAINST_SQL_RUNS = 300;
const AGAINST_SQL_WARM_UP = 50;

interface AgainstSql {
  endpoint: Timing;
  sql: Timing;
  /** EXPLAIN (ANALYZE, BUFFERS) of each statement, with --explain. */
  plans?: string[];
}

/**
 * The endpoint, one request at a time on a keep-alive connection, and the statements it sends, one
 * run at a time on a connection of this process, interleaved while the app runs (bench/rounds.ts):
 * both see the same machine. PostgreSQL only: PGlite is opened by one process at a time, the app.
 */
async function endpointAgainstSql(
  url: string,
  c: Case,
  database: Database,
  databaseUrl: string,
  explain: boolean,
): Promise<AgainstSql> {
  const statements = c.rawSql!;
  // As a browser asks (compressed, on a kept-alive connection), timed to the last byte received;
  // not decompressed, which is the client's work (fetch would, on the thread pool).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const headers = { ...c.headers, 'accept-encoding': 'br, gzip' };
  const request = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent, headers }, (response) => {
          response.resume();
          response.once('end', () =>
            response.statusCode === 200 ? resolve() : reject(new Error(`${c.path}: HTTP ${response.statusCode}`)),
          );
        })
        .once('error', reject);
    });
  // A connection of its own, so a statement the server names is named here too (parsed and
  // planned once per connection, as the server's are).
  const one = new pg.Client({ connectionString: databaseUrl });
  await one.connect();
  const timing = await interleaved(AGAINST_SQL_RUNS, AGAINST_SQL_WARM_UP, {
    endpoint: request,
    sql: async () => {
      for (const s of statements)
        await one.query({ ...(s.name ? { name: s.name } : {}), text: s.text, values: s.params });
    },
  }).finally(() => {
    agent.destroy();
    return one.end();
  });
  if (!explain) return timing;
  const plans: string[] = [];
  for (const s of statements) {
    const rows = await database.raw.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.params);
    plans.push(rows.map((row) => Object.values(row)[0]).join('\n'));
  }
  return { ...timing, plans };
}

// ---------------------------------------------------------------- the servers

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Server {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Spawns `node <args>` and waits until `readyPath` answers 200 on its port. */
async function startProcess(args: string[], env: Record<string, string>, readyPath: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (let started = Date.now(); ; await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (child.exitCode !== null) throw new Error(`node ${args.join(' ')} exited with ${child.exitCode}`);
    if (Date.now() - started > 60_000) throw new Error(`node ${args.join(' ')} did not answer in 60 s`);
    const ok = await fetch(`${url}${readyPath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
  }
  return {
    url,
    process: child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The bare Fastify route: `{ hello: 'world' }`, in its own process. */
const BARE_ROUTE = `import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`;

function startBareRoute(): Promise<Server> {
  return startProcess(['--input-type=module', '--eval', BARE_ROUTE], {}, '/');
}

/** The built server, as `npm start` runs it, on the benchmark's database, limits raised. */
function startApp(target: { databaseUrl?: string | undefined; dataDir: string }, cpuProfileDir?: string) {
  return startProcess(
    [...(cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfileDir] : []), 'apps/server/dist/main.js'],
    {
      DATA_DIR: target.dataDir,
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      LOG_LEVEL: 'warn',
      ...NO_RATE_LIMITS,
    },
    '/api/v1/health',
  );
}

/** The resident memory of a process, from /proc (Linux). */
function rssOf(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D/g, '') ?? NaN) * 1024;
}

// ---------------------------------------------------------------- the load

interface Case {
  name: string;
  group: CaseGroup;
  /** Relative to the app's URL, or the bare route's when `bare`. */
  path: string;
  bare?: boolean;
  connections: number;
  headers?: Record<string, string>;
  /** The statements the endpoint sends, measured right before its one-connection run. */
  rawSql?: sql.Statement[];
  /**
   * Each request on a new connection from its own loopback address (127.a.b.c): sign-in and
   * refresh are measured as many clients would use them, against a bare route measured the same way.
   */
  newConnectionPerRequest?: { method: 'GET' | 'POST' | 'PUT'; body?: () => string };
}

interface Measured extends Latency {
  requestsPerSecond: number;
  failed: number;
}

/** Keep-alive connections: autocannon, without accept-encoding (responses are not compressed). */
function runAutocannon(url: string, c: Case, seconds: number): Promise<Measured> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections: c.connections, duration: seconds, headers: c.headers ?? {} },
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
async function runNewConnections(url: string, c: Case, seconds: number): Promise<Measured> {
  const { method, body } = c.newConnectionPerRequest ?? { method: 'GET' };
  const target = new URL(url);
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

interface ExportRun {
  status: number;
  bytes: number;
  rows: number;
  firstByteMs: number;
  lastByteMs: number;
}

/** One download without compression, read to the end; times to the first and the last byte. */
async function download(url: string, headers: Record<string, string>): Promise<ExportRun> {
  const sent = performance.now();
  const response = await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } });
  let firstByteMs = NaN;
  let bytes = 0;
  let rows = 0;
  if (!response.body) throw new Error('no body');
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (bytes === 0) firstByteMs = performance.now() - sent;
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) rows += 1;
  }
  // The header line is not a row.
  return { status: response.status, bytes, rows: rows - 1, firstByteMs, lastByteMs: performance.now() - sent };
}

/** The cases chosen, in the order they run, each keep-alive endpoint at `connections` and at one. */
function casesOf(fixture: Fixture, groups: Set<CaseGroup>, connections: number, refreshTokens: string[]): Case[] {
  const bearer = { authorization: `Bearer ${fixture.superAdminToken}` };
  const json = { 'content-type': 'application/json' };
  // The rate-limit count is not among an endpoint's statements: a process counts a person's
  // requests itself and settles them in batches (core/rate-limit-batches.ts, decision 0047).
  const endpoint = (c: Omit<Case, 'connections'>): Case[] => [
    { ...c, connections },
    { ...c, name: `${c.name}, one connection`, connections: 1 },
  ];
  const large = fixture.largeOrganizationId;
  const member = fixture.member;
  let signIns = 0;
  let refreshes = 0;
  const cases: Case[] = [
    { name: 'bare Fastify route (baseline)', group: 'bare', path: '/', bare: true, connections },
    ...endpoint({
      name: 'GET /api/v1/health',
      group: 'health',
      path: '/api/v1/health',
      rawSql: [{ text: 'SELECT 1', params: [] }],
    }),
    ...endpoint({
      name: 'GET /users/me/profile (SuperAdmin)',
      group: 'profile',
      path: '/api/v1/users/me/profile',
      headers: bearer,
      rawSql: sql.sessionLookup(hashToken(fixture.superAdminToken)),
    }),
    ...endpoint({
      name: `GET /organizations?limit=25 of ${fixture.organizations}`,
      group: 'organizations',
      path: '/api/v1/organizations?limit=25',
      headers: bearer,
      rawSql: sql.organizationsList(),
    }),
    ...endpoint({
      name: `GET /organizations?search=${ORGANIZATION_SEARCH}&limit=25`,
      group: 'organizations-search',
      path: `/api/v1/organizations?limit=25&search=${ORGANIZATION_SEARCH}`,
      headers: bearer,
      rawSql: sql.organizationsSearch(ORGANIZATION_SEARCH),
    }),
    ...endpoint({
      name: 'GET /organizations?orderBy=status&orderType=desc&limit=25',
      group: 'organizations-status',
      path: '/api/v1/organizations?limit=25&orderBy=status&orderType=desc',
      headers: bearer,
      rawSql: sql.organizationsByStatus(),
    }),
    ...(large && member
      ? [
          ...endpoint({
            name: 'GET /users/me?organizationId= (a User in 3 groups)',
            group: 'permissions',
            path: `/api/v1/users/me?organizationId=${large}`,
            headers: { authorization: `Bearer ${member.token}` },
            rawSql: sql.effectivePermissions(large, member.id),
          }),
          ...endpoint({
            name: 'GET /client-users?limit=25 (the large organization, SuperAdmin)',
            group: 'users',
            path: `/api/v1/client-users?organizationId=${large}&limit=25`,
            headers: bearer,
            rawSql: sql.usersPage(large, fixture.superAdminId, undefined),
          }),
          ...endpoint({
            name: `GET /client-users?search=${USER_SEARCH}&limit=25 (SuperAdmin)`,
            group: 'users-search',
            path: `/api/v1/client-users?organizationId=${large}&limit=25&search=${USER_SEARCH}`,
            headers: bearer,
            rawSql: sql.usersPage(large, fixture.superAdminId, USER_SEARCH),
          }),
        ]
      : []),
    {
      name: 'bare Fastify route, new connection per request (baseline)',
      group: 'sessions',
      path: '/',
      bare: true,
      connections,
      newConnectionPerRequest: { method: 'GET' },
    },
    {
      name: 'sign-in POST /sessions (argon2id), new connection per request',
      group: 'sessions',
      path: '/api/v1/sessions',
      connections,
      headers: json,
      newConnectionPerRequest: {
        method: 'POST',
        body: () =>
          JSON.stringify({ email: benchUserEmail((signIns++ % fixture.users) + 1), password: BENCH_PASSWORD }),
      },
    },
    {
      name: 'refresh PUT /sessions, new connection per request',
      group: 'sessions',
      path: '/api/v1/sessions',
      connections,
      headers: json,
      newConnectionPerRequest: {
        method: 'PUT',
        body: () => JSON.stringify({ refreshToken: refreshTokens[refreshes++] ?? 'exhausted' }),
      },
    },
  ];
  return cases.filter((c) => groups.has(c.group));
}

// ---------------------------------------------------------------- a round

interface CaseResult extends Measured {
  againstSql?: AgainstSql;
}

interface ExportResult {
  downloads: ExportRun[];
  /** Download (last byte) and the SQL of its keyset pages, interleaved (PostgreSQL). */
  timing: { download: Timing; sql?: Timing };
  pages: number;
  rss: { before: number; peak: number; after: number; samples: number };
}

interface RoundResult {
  results: Map<string, CaseResult>;
  export?: ExportResult;
}

interface RunOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  fixture: Fixture;
  groups: Set<CaseGroup>;
  seconds: number;
  connections: number;
  explain: boolean;
  bare: Server;
}

/** Opens the benchmark database in this process (PGlite allows one process at a time: never while the app runs). */
async function withDatabase<T>(
  options: Pick<RunOptions, 'databaseUrl' | 'dataDir'>,
  use: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await openBenchDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

/**
 * One round: the app started and every case run against it; each endpoint at one connection then
 * timed against its SQL, interleaved, and the export against the SQL of its pages (PostgreSQL,
 * whose database this process opens beside the app's; on PGlite there is no such comparison).
 */
async function runRound(options: RunOptions): Promise<RoundResult> {
  const { groups, seconds } = options;
  // Enough for 2,000 refreshes a second over the warm-up and the run.
  const refreshCount = groups.has('sessions') ? 2000 * (seconds + WARMUP_SECONDS) : 0;
  const refreshTokens = await withDatabase(options, (database) => insertRefreshSessions(database, refreshCount));
  const app = await startApp(options);
  const run = async (database: Database | undefined): Promise<RoundResult> => {
    const results = new Map<string, CaseResult>();
    for (const c of casesOf(options.fixture, groups, options.connections, refreshTokens)) {
      const url = `${c.bare ? options.bare.url : app.url}${c.path}`;
      const load = c.newConnectionPerRequest ? runNewConnections : runAutocannon;
      process.stdout.write(`  ${c.name} ...`);
      await load(url, c, WARMUP_SECONDS);
      const measured = await load(url, c, seconds);
      process.stdout.write(` ${Math.round(measured.requestsPerSecond)} req/s, p95 ${ms(measured.p95)} ms`);
      const againstSql =
        database && c.rawSql && c.connections === 1
          ? await endpointAgainstSql(url, c, database, options.databaseUrl!, options.explain)
          : undefined;
      if (againstSql)
        process.stdout.write(`; against its SQL p95 ${ms(againstSql.endpoint.p95)} / ${ms(againstSql.sql.p95)} ms`);
      console.log();
      results.set(c.name, { ...measured, ...(againstSql ? { againstSql } : {}) });
    }
    const exported = groups.has('export') ? await measureExport(app, options.fixture, database) : undefined;
    return { results, ...(exported ? { export: exported } : {}) };
  };
  try {
    return options.databaseUrl ? await withDatabase(options, run) : await run(undefined);
  } finally {
    await app.stop();
  }
}

/**
 * One warm-up download, then EXPORT_RUNS one after another while the app's RSS is sampled every 5
 * ms; on PostgreSQL each followed by the SQL of the export's keyset pages (bench/statements.ts).
 */
async function measureExport(app: Server, fixture: Fixture, database: Database | undefined): Promise<ExportResult> {
  const url = `${app.url}/api/v1/export/organizations`;
  const headers = { authorization: `Bearer ${fixture.superAdminToken}` };
  process.stdout.write(`  GET /export/organizations (${EXPORT_RUNS} downloads) ...`);
  await download(url, headers);
  const pid = app.process.pid!;
  const before = rssOf(pid);
  let peak = before;
  let samples = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
    samples += 1;
  }, 5);
  const downloads: ExportRun[] = [];
  let pages = 0;
  const downloadOnce = async () => {
    const run = await download(url, headers);
    downloads.push(run);
    return run.lastByteMs;
  };
  const timing = database
    ? await database.raw.withSession((one) =>
        interleaved(EXPORT_RUNS, 0, {
          download: downloadOnce,
          sql: async () => {
            pages = await sql.readExportPages(one);
          },
        }),
      )
    : await interleaved(EXPORT_RUNS, 0, { download: downloadOnce });
  clearInterval(sampler);
  console.log(` ${downloads.map((d) => Math.round(d.lastByteMs)).join(', ')} ms`);
  return { downloads, timing, pages, rss: { before, peak, after: rssOf(pid), samples } };
}

// ---------------------------------------------------------------- the report

/** Per case, the median over the rounds of each figure, and of each ratio taken within a round. */
function report(databaseName: string, rounds: Round<RoundResult>[], cases: Case[], options: RunOptions) {
  console.log(
    `\n${databaseName}, ${os.cpus().length} cores, Node ${process.version}, ${options.seconds} s per case after ` +
      `${WARMUP_SECONDS} s warm-up; ${roundsNote(rounds)}\n`,
  );
  const baselineOf = (c: Case) =>
    cases.find((b) => b.bare && Boolean(b.newConnectionPerRequest) === Boolean(c.newConnectionPerRequest));
  console.log('| case | connections | req/s | vs bare route | p50 ms | p95 ms | p99 ms | non-2xx/errors |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const c of cases) {
    const of = (r: RoundResult) => r.results.get(c.name)!;
    const base = baselineOf(c);
    const share = base
      ? spread(rounds, (r) => (100 * of(r).requestsPerSecond) / r.results.get(base.name)!.requestsPerSecond, 1, '%')
      : '';
    const failed = rounds.reduce((sum, r) => sum + of(r.measured).failed, 0);
    console.log(
      `| ${c.name} | ${c.connections} | ${spread(rounds, (r) => of(r).requestsPerSecond, 0)} | ${share} | ` +
        `${spread(rounds, (r) => of(r).p50)} | ${spread(rounds, (r) => of(r).p95)} | ${spread(rounds, (r) => of(r).p99)} | ${failed} |`,
    );
  }

  const compared = cases.filter((c) => rounds[0]?.measured.results.get(c.name)?.againstSql);
  if (compared.length === 0) {
    console.log(
      `\nNo endpoint against its SQL: ${options.databaseUrl ? 'no case sends SQL' : 'PGlite is opened by the app alone, so its SQL cannot be timed beside it (bench/documents.ts and the other in-process benches compare on PGlite)'}.`,
    );
  } else {
    console.log(
      `\nEndpoint (one keep-alive connection) against its SQL (the statements it sends, one after another through one ` +
        `connection), interleaved request by request, ${AGAINST_SQL_RUNS} of each after ${AGAINST_SQL_WARM_UP}. Goal: p95 ≤ 1.5x.\n`,
    );
    console.log(
      '| endpoint | SQL p50 ms | SQL p95 ms | endpoint p50 ms | endpoint p95 ms | p95 ratio | p50 ratio | the app adds ms (p95) |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const c of compared) {
      const of = (r: RoundResult) => r.results.get(c.name)!.againstSql!;
      console.log(
        `| ${c.name.replace(/, one connection$/, '')} | ${spread(rounds, (r) => of(r).sql.p50)} | ` +
          `${spread(rounds, (r) => of(r).sql.p95)} | ${spread(rounds, (r) => of(r).endpoint.p50)} | ` +
          `${spread(rounds, (r) => of(r).endpoint.p95)} | ${spread(rounds, (r) => of(r).endpoint.p95 / of(r).sql.p95, 2, 'x')} | ` +
          `${spread(rounds, (r) => of(r).endpoint.p50 / of(r).sql.p50, 2, 'x')} | ` +
          `${spread(rounds, (r) => of(r).endpoint.p95 - of(r).sql.p95)} |`,
      );
    }
  }

  const exported = rounds.filter((r) => r.measured.export);
  if (exported.length > 0) {
    const of = (r: RoundResult) => r.export!;
    const first = of(exported[0]!.measured).downloads[0]!;
    const withSql = exported.every((r) => of(r.measured).timing.sql);
    console.log(
      `\nCSV export of every organization (${first.rows} rows, ${(first.bytes / 1024).toFixed(0)} KiB, not compressed, ` +
        `HTTP ${exported.flatMap((r) => of(r.measured).downloads.map((d) => d.status)).join('/')}), ${EXPORT_RUNS} downloads ` +
        `one after another per round: last byte p50 ${spread(exported, (r) => of(r).timing.download.p50)} ms, first byte ` +
        `p50 ${spread(exported, (r) => median(of(r).downloads.map((d) => d.firstByteMs)))} ms.` +
        (withSql
          ? ` The SQL of its ${of(exported[0]!.measured).pages} keyset pages, interleaved with the downloads: p50 ` +
            `${spread(exported, (r) => of(r).timing.sql!.p50)} ms. Export / SQL: ` +
            `${spread(exported, (r) => of(r).timing.download.p50 / of(r).timing.sql!.p50, 2, 'x')} (goal ≤ 2x).`
          : ' (The SQL of its pages is timed beside the app on PostgreSQL only.)'),
    );
    console.log(
      `The app's RSS during the downloads: ${exported
        .map((r) => of(r.measured).rss)
        .map((r) => `${mb(r.before)} -> peak ${mb(r.peak)} -> ${mb(r.after)} MiB (${r.samples} samples)`)
        .join('; ')}.`,
    );
  }

  if (options.explain) {
    for (const c of compared) {
      for (const plan of rounds[0]!.measured.results.get(c.name)!.againstSql!.plans ?? [])
        console.log(`\n-- ${c.name}\n${plan}`);
    }
  }
}

/** Profiles the app under load on one case (at `connections`), then summarises where its CPU time went. */
async function profileApp(options: RunOptions, dir: string, group: CaseGroup) {
  fs.mkdirSync(dir, { recursive: true });
  const before = new Set(fs.readdirSync(dir));
  const spawned = performance.now();
  const app = await startApp(options, dir);
  // The start-up and the warm-up are left out of the summary.
  let startUpMs = 0;
  try {
    const [c] = casesOf(options.fixture, new Set([group]), options.connections, []);
    if (!c || c.bare || c.newConnectionPerRequest) throw new Error(`--cpu-prof-case: ${group} is not an endpoint case`);
    const url = `${app.url}${c!.path}`;
    await runAutocannon(url, c!, WARMUP_SECONDS);
    startUpMs = performance.now() - spawned;
    const measured = await runAutocannon(url, c!, options.seconds);
    console.log(`\nCPU profile of the app under ${c!.name}: ${Math.round(measured.requestsPerSecond)} req/s`);
  } finally {
    await app.stop();
  }
  const written = fs.readdirSync(dir).filter((f) => !before.has(f) && f.endsWith('.cpuprofile'));
  for (const file of written) {
    console.log(`${path.join(dir, file)} (the first ${Math.round(startUpMs)} ms, start-up and warm-up, left out)\n`);
    console.log(formatProfileSummary(summariseCpuProfile(path.join(dir, file), startUpMs)));
  }
}

async function main() {
  const values = parseCommandLine(
    [
      'npm run bench:load                                   (embedded PGlite in a temporary folder)',
      'npm run bench:load -- --database-url postgres://postgres@127.0.0.1:5432/qualis_bench   (an empty database)',
      'npm run bench:load -- --rounds 3 --cases bare,health,profile,organizations,users,export --organizations 100000',
      'npm run bench:load -- --cpu-prof ./profiles     (also profile the app under load on /users/me/profile)',
      'npm run bench:load -- --cases organizations --cpu-prof ./profiles --cpu-prof-case organizations',
    ],
    {
      ...SEED_ARGS,
      'database-url': {
        type: 'string',
        value: 'URL',
        description: 'an empty PostgreSQL database to seed and measure (default: PGlite in a temporary folder)',
      },
      duration: { type: 'string', default: '10', value: 'SECONDS', description: 'length of each measured run' },
      connections: { type: 'string', default: '10', value: 'N', description: 'concurrent connections of the load' },
      rounds: ROUNDS_OPTION,
      cases: {
        type: 'string',
        default: CASE_GROUPS.join(','),
        value: 'LIST',
        description: 'the cases to run, comma-separated',
      },
      'cpu-prof': {
        type: 'string',
        value: 'DIR',
        description: 'after the rounds, run the app with node --cpu-prof under load on one case (--cpu-prof-case)',
      },
      'cpu-prof-case': {
        type: 'string',
        default: 'profile',
        value: 'CASE',
        description: 'the case --cpu-prof loads the app with (an endpoint of --cases)',
      },
      explain: { type: 'boolean', default: false, description: 'print the query plans of the raw SQL' },
    },
  );
  const caseGroup = (option: string, name: string) => {
    if (!(CASE_GROUPS as readonly string[]).includes(name))
      throw new Error(`--${option}: unknown case ${name}; one of ${CASE_GROUPS.join(', ')}`);
    return name as CaseGroup;
  };
  const groups = new Set(values.cases!.split(',').map((name) => caseGroup('cases', name)));
  const profiled = caseGroup('cpu-prof-case', values['cpu-prof-case']!);
  const seconds = positiveInt('duration', values.duration);
  const connections = positiveInt('connections', values.connections);
  const rounds = positiveInt('rounds', values.rounds);
  const seedOptions = seedOptionsOf(values);
  const databaseUrl = values['database-url'];
  const databaseName = databaseUrl ? 'PostgreSQL' : 'PGlite';

  // The server as `npm start` runs it: built to JavaScript (only when its sources changed).
  await new Promise<void>((resolve, reject) =>
    spawn(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' }).once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`building the server failed (${code})`)),
    ),
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qualis-bench-'));
  console.log(
    `Seeding ${databaseName}: ${seedOptions.organizations} organizations, ${seedOptions.users} users, ` +
      `a large organization of ${seedOptions.largeOrganizationUsers} users in ${seedOptions.largeOrganizationGroups} groups ...`,
  );
  const fixture = await withDatabase({ databaseUrl, dataDir }, (database) => seedFixture(database, seedOptions));
  const bare = await startBareRoute();
  const options: RunOptions = {
    databaseUrl,
    dataDir,
    fixture,
    groups,
    seconds,
    connections,
    explain: values.explain!,
    bare,
  };
  try {
    const done = await inRounds(rounds, () => runRound(options));
    report(databaseName, done, casesOf(fixture, groups, connections, []), options);
    if (values['cpu-prof']) await profileApp(options, path.resolve(values['cpu-prof']), profiled);
  } finally {
    await bare.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
