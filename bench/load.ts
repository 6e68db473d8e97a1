// Throughput and latency of the real app against a bare Fastify route on the same machine, and of
// each measured endpoint against the raw SQL it sends (`npm run bench:load -- --help`).
// The app and its database client run in a worker thread, autocannon in the main thread, so the
// load generator does not share an event loop with the server. See docs/performance.md.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { newId } from '../apps/server/src/core/ids.js';
import { hashToken, newSecretToken } from '../apps/server/src/core/tokens.js';
import type { SqlRunner } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import {
  BENCH_PASSWORD,
  BENCH_SUPERADMIN_EMAIL,
  LARGE_ORGANIZATION_NAME,
  SEED_ARGS,
  benchUserEmail,
  openBenchDatabase,
  positiveInt,
  seed,
  seedOptionsOf,
  type SeedOptions,
} from './seed.js';
import { parseCommandLine } from './cli.js';

interface WorkerInput extends SeedOptions {
  databaseUrl: string | undefined;
  refreshSessions: number;
  explain: boolean;
}

interface Latency {
  p50: number;
  p95: number;
  p99: number;
}

type RawSqlName =
  | 'organizations'
  | 'organizationsSearch'
  | 'organizationsByStatus'
  | 'organizationsExport'
  | 'effectivePermissions'
  | 'users'
  | 'usersSearch';

interface RawSqlResult extends Latency {
  runs: number;
  /** EXPLAIN (ANALYZE, BUFFERS) of each statement, with --explain. */
  plans?: string[];
}

interface WorkerReady {
  appUrl: string;
  bareUrl: string;
  refreshTokens: string[];
  largeOrganizationId: string | undefined;
  /** A User of the large organization in 3 groups. */
  memberEmail: string | undefined;
}

interface MemorySample {
  heapUsed: number;
  rss: number;
  external: number;
}
type ToWorker = 'stop' | 'memory-start' | 'memory-stop' | { rawSql: RawSqlName };
interface MemoryReport {
  before: MemorySample;
  peak: MemorySample;
  after: MemorySample;
  samples: number;
}

const RAW_SQL_RUNS = 2000;
/** A raw SQL measurement stops after this long even when it has not reached RAW_SQL_RUNS. */
const RAW_SQL_MAX_MS = 5000;
const WARMUP_SECONDS = 2;
/** Search texts: substrings of the seeded names that match a few percent of the rows. */
const ORGANIZATION_SEARCH = 'ab';
const USER_SEARCH = 'ab';
const EXPORT_RUNS = 5;
const EXPORT_BATCH = 1000;

interface Statement {
  text: string;
  params: unknown[];
}

const ORGANIZATION_COLUMNS = `"id", "name", "status", "is_managed_by_client", "logo_file_id", "created_at", "updated_at"`;

/**
 * The statements an endpoint sends after the bearer-token lookup (which every endpoint makes),
 * written as the repositories build them: core/lists.ts readPage (the page by the sort order, then
 * a count when the page is full), core/tenancy.ts, permissions.repository.ts, people.repository.ts.
 */
function organizationsPage(where: string, whereParams: unknown[], orderBy: string): Statement[] {
  const n = whereParams.length;
  return [
    {
      text: `select ${ORGANIZATION_COLUMNS} from "organizations" ${where} order by ${orderBy} limit $${n + 1} offset $${n + 2}`,
      params: [...whereParams, 25, 0],
    },
    {
      text: `select count(*) from (select ${ORGANIZATION_COLUMNS} from "organizations" ${where}) "filtered_rows"`,
      params: whereParams,
    },
  ];
}

/** The SuperAdmin's Users list of one organization (people.repository.ts listPeople). */
function usersPage(organizationId: string, search: string | undefined): Statement[] {
  const columns = `"users"."id", "users"."first_name", "users"."last_name", "users"."email", "memberships"."status",
    ("users"."password_hash" is not null), "users"."email_confirmed", "users"."role",
    coalesce((
      select json_agg(json_build_object('organizationId', so.id, 'organizationName', so.name, 'userStatus', sm.status)
        order by lower(so.name), so.id)
      from memberships sm join organizations so on so.id = sm.organization_id
      where sm.user_id = "users"."id"
        and sm.organization_id in (select mo.id from organizations mo where not mo.is_managed_by_client)), '[]'::json)`;
  const from = `from "users" inner join "memberships"
    on ("memberships"."user_id" = "users"."id" and "memberships"."organization_id" = $1)`;
  const where = search
    ? `where ("users"."role" = $2 and ("users"."first_name" ilike $3 or "users"."last_name" ilike $3
        or "users"."email" ilike $3 or concat_ws(' ', "users"."first_name", "users"."last_name") ilike $3))`
    : `where "users"."role" = $2`;
  const params = search ? [organizationId, 'User', `%${search}%`] : [organizationId, 'User'];
  const n = params.length;
  return [
    // loadManagedOrganizations: the SuperAdmin's organization context.
    {
      text: `select ${ORGANIZATION_COLUMNS} from "organizations" where "organizations"."id" = $1`,
      params: [organizationId],
    },
    {
      text: `select ${columns} ${from} ${where}
        order by lower("users"."last_name") asc, "users"."id" asc limit $${n + 1} offset $${n + 2}`,
      params: [...params, 25, 0],
    },
    { text: `select count(*) from (select ${columns} ${from} ${where}) "filtered_rows"`, params },
  ];
}

function rawQueries(ids: {
  organizations?: number;
  organizationId?: string | undefined;
  memberId?: string | undefined;
}): Partial<Record<RawSqlName, Statement[]>> {
  const byName = `lower("organizations"."name") asc, "organizations"."id" asc`;
  const queries: Partial<Record<RawSqlName, Statement[]>> = {
    organizations: organizationsPage('', [], byName),
    organizationsSearch: organizationsPage(
      'where "organizations"."name" ilike $1',
      [`%${ORGANIZATION_SEARCH}%`],
      byName,
    ),
    organizationsByStatus: organizationsPage('', [], `"organizations"."status" desc, "organizations"."id" desc`),
    // The export reads the list's order EXPORT_BATCH rows at a time until a short page (timed by
    // exportStatements); its last page is the one --explain shows.
    organizationsExport: [exportPage(Math.floor((ids.organizations ?? 0) / EXPORT_BATCH) * EXPORT_BATCH)],
  };
  const { organizationId, memberId } = ids;
  if (organizationId && memberId) {
    queries.effectivePermissions = [
      {
        // loadOrganizationContext for a member
        text: `select ${ORGANIZATION_COLUMNS.replace(/"(\w+)"/g, '"organizations"."$1"')}, "memberships"."status"
          from "memberships" inner join "organizations" on "organizations"."id" = "memberships"."organization_id"
          where ("memberships"."organization_id" = $1 and "memberships"."user_id" = $2)`,
        params: [organizationId, memberId],
      },
      {
        // findRoleAndGroupPermissions
        text: `select "role", coalesce((
            select array_agg(distinct p.type)::int[]
            from user_group_permissions p
            join user_group_members m on m.organization_id = p.organization_id and m.group_id = p.group_id
            where m.organization_id = $1 and m.user_id = users.id
          ), '{}'::int[]) from "users" where "users"."id" = $2`,
        params: [organizationId, memberId],
      },
    ];
    queries.users = usersPage(organizationId, undefined);
    queries.usersSearch = usersPage(organizationId, USER_SEARCH);
  }
  return queries;
}

/** A page of the organizations export (modules/organizations organizationExportPages). */
const exportPage = (offset: number): Statement => ({
  text: `select ${ORGANIZATION_COLUMNS} from "organizations"
    order by lower("organizations"."name") asc, "organizations"."id" asc limit $1 offset $2`,
  params: [EXPORT_BATCH, offset],
});

async function exportStatements(raw: SqlRunner) {
  // Runs the pages one after another, as sendCsvExport does, until a short one.
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const { text, params } = exportPage(offset);
    const rows = await raw.query(text, params);
    if (rows.length < EXPORT_BATCH) return;
  }
}

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

  const [large] = await database.raw.query<{ id: string }>('SELECT id FROM organizations WHERE name = $1', [
    LARGE_ORGANIZATION_NAME,
  ]);
  const [member] = large
    ? await database.raw.query<{ id: string; email: string }>(
        `SELECT u.id, u.email FROM user_group_members m JOIN users u ON u.id = m.user_id
         WHERE m.organization_id = $1 GROUP BY u.id, u.email ORDER BY count(*) DESC, u.email LIMIT 1`,
        [large.id],
      )
    : [];

  // Each endpoint's statements run directly, one after another, through the same client (PGlite
  // instance or pg pool): warm-up runs, then up to RAW_SQL_RUNS timed runs or RAW_SQL_MAX_MS.
  const [{ n: organizationCount } = { n: 0 }] = await database.raw.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM organizations',
  );
  const queries = rawQueries({ organizations: organizationCount, organizationId: large?.id, memberId: member?.id });
  // An endpoint's statements run directly, one after another, through the same client (PGlite
  // instance or pg pool): warm-up runs, then up to RAW_SQL_RUNS timed runs or RAW_SQL_MAX_MS. The
  // main thread asks for it just before the endpoint's one-connection run, so both see the same
  // machine load.
  const measureRaw = async (name: RawSqlName): Promise<RawSqlResult | undefined> => {
    const statements = queries[name];
    if (!statements) return undefined;
    const runOnce =
      name === 'organizationsExport'
        ? () => exportStatements(database.raw)
        : async () => {
            for (const s of statements) await database.raw.query(s.text, s.params);
          };
    const samples: number[] = [];
    // The export reads every row per run: fewer runs (at 100,000 rows a run takes seconds).
    const [warmUp, minimumRuns] = name === 'organizationsExport' ? [1, 3] : [100, 20];
    const started = performance.now();
    for (let i = 0; i < RAW_SQL_RUNS + warmUp; i++) {
      const sent = performance.now();
      await runOnce();
      if (i >= warmUp) samples.push(performance.now() - sent);
      if (samples.length >= minimumRuns && performance.now() - started > RAW_SQL_MAX_MS) break;
    }
    const plans = input.explain
      ? await Promise.all(
          statements.map(async (s) => {
            const rows = await database.raw.query<Record<string, string>>(
              `EXPLAIN (ANALYZE, BUFFERS) ${s.text}`,
              s.params,
            );
            return rows.map((row) => Object.values(row)[0]).join('\n');
          }),
        )
      : undefined;
    return { ...percentiles(samples), runs: samples.length, ...(plans ? { plans } : {}) };
  };

  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PERSON_PER_MINUTE: '1000000000',
    RATE_LIMIT_ADDRESS_PER_MINUTE: '1000000000',
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    signInSlowdownMs: 0,
  });
  const bare = Fastify();
  bare.get('/', async () => ({ hello: 'world' }));
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  // Memory of this thread's heap (the app's) and of the process, sampled while exports run.
  const sample = (): MemorySample => {
    const { heapUsed, rss, external } = process.memoryUsage();
    return { heapUsed, rss, external };
  };
  let memory:
    { before: MemorySample; peak: MemorySample; samples: number; timer: NodeJS.Timeout | undefined } | undefined;
  parentPort?.on('message', async (message: ToWorker) => {
    if (typeof message === 'object') {
      parentPort?.postMessage({ name: message.rawSql, result: await measureRaw(message.rawSql) });
      return;
    }
    if (message === 'memory-start') {
      const before = sample();
      const state = { before, peak: { ...before }, samples: 0, timer: undefined as NodeJS.Timeout | undefined };
      state.timer = setInterval(() => {
        const now = sample();
        state.samples += 1;
        state.peak = {
          heapUsed: Math.max(state.peak.heapUsed, now.heapUsed),
          rss: Math.max(state.peak.rss, now.rss),
          external: Math.max(state.peak.external, now.external),
        };
      }, 5);
      memory = state;
      parentPort?.postMessage('memory-started');
      return;
    }
    if (message === 'memory-stop' && memory) {
      clearInterval(memory.timer);
      const report: MemoryReport = {
        before: memory.before,
        peak: memory.peak,
        after: sample(),
        samples: memory.samples,
      };
      memory = undefined;
      parentPort?.postMessage(report);
      return;
    }
    if (message !== 'stop') return;
    await Promise.all([app.close(), bare.close()]);
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    parentPort?.close();
  });
  const ready: WorkerReady = {
    appUrl,
    bareUrl,
    refreshTokens,
    largeOrganizationId: large?.id,
    memberEmail: member?.email,
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

/** Sign-in as one account: the bearer header. */
async function bearerOf(appUrl: string, email: string): Promise<Record<string, string>> {
  const signIn = await fetch(`${appUrl}/api/v1/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (signIn.status !== 201) throw new Error(`sign-in of ${email} failed: HTTP ${signIn.status}`);
  const { data } = (await signIn.json()) as { data: { token: { accessToken: string } } };
  return { authorization: `Bearer ${data.token.accessToken}` };
}

interface ExportRun {
  status: number;
  bytes: number;
  rows: number;
  firstByteMs: number;
  lastByteMs: number;
}

/** One download, read to the end; times to the first and the last byte. */
async function download(url: string, headers: Record<string, string>): Promise<ExportRun> {
  const sent = performance.now();
  const response = await fetch(url, { headers });
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

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function main() {
  const values = parseCommandLine(
    [
      'npm run bench:load                                   (embedded PGlite in a temporary folder)',
      'npm run bench:load -- --database-url postgres://postgres@127.0.0.1:5432/qualis_bench   (an empty database)',
      'npm run bench:load -- --duration 5 --explain        (shorter runs; print the query plans)',
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
      explain: { type: 'boolean', default: false, description: 'print the query plans of the raw SQL' },
    },
  );
  const loadBefore = os.loadavg()[0]?.toFixed(2);
  const seconds = positiveInt('duration', values.duration);
  const connections = positiveInt('connections', values.connections);
  const input: WorkerInput = {
    databaseUrl: values['database-url'],
    ...seedOptionsOf(values),
    // Enough for 2,000 refreshes a second over the warm-up and the run.
    refreshSessions: 2000 * (seconds + WARMUP_SECONDS),
    explain: values.explain,
  };

  console.log(
    `Seeding ${input.databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${input.organizations} organizations, ${input.users} users, ` +
      `a large organization of ${input.largeOrganizationUsers} users in ${input.largeOrganizationGroups} groups ...`,
  );
  // The worker runs this file again; tsx's loader is registered there first.
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(bootstrap, { eval: true, workerData: input });
  const fromWorker = <T>() =>
    new Promise<T>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', (message: T) => {
        worker.off('error', reject);
        resolve(message);
      });
    });
  const ready = await fromWorker<WorkerReady>();

  const json = { 'content-type': 'application/json' };
  const bearer = await bearerOf(ready.appUrl, BENCH_SUPERADMIN_EMAIL);
  const memberBearer = ready.memberEmail ? await bearerOf(ready.appUrl, ready.memberEmail) : undefined;

  let signIns = 0;
  let refreshes = 0;
  const api = `${ready.appUrl}/api/v1`;
  const organizationsUrl = `${api}/organizations?limit=25`;
  /** Keep-alive endpoint cases, each at `connections` and at one connection (the raw SQL ratio). */
  const endpoints: { name: string; url: string; headers: Record<string, string>; rawSql: RawSqlName }[] = [
    {
      name: `GET /organizations?limit=25 of ${input.organizations}`,
      url: organizationsUrl,
      headers: bearer,
      rawSql: 'organizations',
    },
    {
      name: `GET /organizations?search=${ORGANIZATION_SEARCH}&limit=25`,
      url: `${organizationsUrl}&search=${ORGANIZATION_SEARCH}`,
      headers: bearer,
      rawSql: 'organizationsSearch',
    },
    {
      name: 'GET /organizations?orderBy=status&orderType=desc&limit=25',
      url: `${organizationsUrl}&orderBy=status&orderType=desc`,
      headers: bearer,
      rawSql: 'organizationsByStatus',
    },
  ];
  const large = ready.largeOrganizationId;
  if (large && memberBearer) {
    endpoints.push(
      {
        name: 'GET /users/me?organizationId= (a User in 3 groups)',
        url: `${api}/users/me?organizationId=${large}`,
        headers: memberBearer,
        rawSql: 'effectivePermissions',
      },
      {
        name: `GET /client-users?limit=25 (${input.largeOrganizationUsers} users, SuperAdmin)`,
        url: `${api}/client-users?organizationId=${large}&limit=25`,
        headers: bearer,
        rawSql: 'users',
      },
      {
        name: `GET /client-users?search=${USER_SEARCH}&limit=25 (SuperAdmin)`,
        url: `${api}/client-users?organizationId=${large}&limit=25&search=${USER_SEARCH}`,
        headers: bearer,
        rawSql: 'usersSearch',
      },
    );
  }
  const cases: (Case & { rawSql?: RawSqlName })[] = [
    { name: 'bare Fastify route (baseline)', url: ready.bareUrl, connections },
    { name: 'GET /users/me/profile', url: `${api}/users/me/profile`, connections, headers: bearer },
    ...endpoints.flatMap(({ name, url, headers, rawSql }) => [
      { name, url, connections, headers, rawSql },
      { name: `${name}, one connection`, url, connections: 1, headers, rawSql },
    ]),
    {
      name: 'bare Fastify route, new connection per request (baseline)',
      url: ready.bareUrl,
      connections,
      newConnectionPerRequest: { method: 'GET' },
    },
    {
      name: 'sign-in POST /sessions (argon2id), new connection per request',
      url: `${api}/sessions`,
      connections,
      headers: json,
      newConnectionPerRequest: {
        method: 'POST',
        body: () => JSON.stringify({ email: benchUserEmail((signIns++ % input.users) + 1), password: BENCH_PASSWORD }),
      },
    },
    {
      name: 'refresh PUT /sessions, new connection per request',
      url: `${api}/sessions`,
      connections,
      headers: json,
      newConnectionPerRequest: {
        method: 'PUT',
        body: () => JSON.stringify({ refreshToken: ready.refreshTokens[refreshes++] ?? 'exhausted' }),
      },
    },
  ];

  const rawSql: Partial<Record<RawSqlName, RawSqlResult>> = {};
  const measureRawSql = async (name: RawSqlName) => {
    worker.postMessage({ rawSql: name } satisfies ToWorker);
    const { result } = await fromWorker<{ result: RawSqlResult | undefined }>();
    if (result) rawSql[name] = result;
  };
  const results: (Case & Measured & { rawSql?: RawSqlName })[] = [];
  for (const c of cases) {
    if (c.rawSql && c.connections === 1) {
      process.stdout.write(`  raw SQL of ${c.rawSql} ...`);
      await measureRawSql(c.rawSql);
      console.log(` p95 ${ms(rawSql[c.rawSql]?.p95 ?? NaN)} ms`);
    }
    process.stdout.write(`  ${c.name} ...`);
    await run(c, WARMUP_SECONDS);
    const measured = await run(c, seconds);
    results.push({ ...c, ...measured });
    console.log(` ${Math.round(measured.requestsPerSecond)} req/s`);
  }

  // The CSV export of every organization: one warm-up download, then EXPORT_RUNS one after
  // another while the worker samples its heap and the process's RSS every 5 ms.
  await measureRawSql('organizationsExport');
  process.stdout.write(`  GET /export/organizations (${EXPORT_RUNS} downloads) ...`);
  const exportUrl = `${api}/export/organizations`;
  await download(exportUrl, bearer);
  worker.postMessage('memory-start' satisfies ToWorker);
  await fromWorker<string>();
  const downloads: ExportRun[] = [];
  for (let i = 0; i < EXPORT_RUNS; i++) downloads.push(await download(exportUrl, bearer));
  worker.postMessage('memory-stop' satisfies ToWorker);
  const memory = await fromWorker<MemoryReport>();
  console.log(` ${downloads.map((d) => Math.round(d.lastByteMs)).join(', ')} ms`);
  worker.postMessage('stop' satisfies ToWorker);

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

  console.log(
    `\nEndpoint at one connection against its raw SQL (the statements it sends after the token lookup, ` +
      `run directly one after another; up to ${RAW_SQL_RUNS} runs or ${RAW_SQL_MAX_MS / 1000} s). Budget: p95 ≤ 2x.\n`,
  );
  console.log(
    '| endpoint | raw SQL runs | raw p50 ms | raw p95 ms | raw p99 ms | endpoint p95 ms | p95 ratio | the app adds ms |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    const raw = r.rawSql && r.connections === 1 ? rawSql[r.rawSql] : undefined;
    if (!raw) continue;
    console.log(
      `| ${r.name.replace(/, one connection$/, '')} | ${raw.runs} | ${ms(raw.p50)} | ${ms(raw.p95)} | ${ms(raw.p99)} | ` +
        `${ms(r.p95)} | ${(r.p95 / raw.p95).toFixed(2)}x | ${ms(r.p95 - raw.p95)} |`,
    );
  }

  const exportRaw = rawSql.organizationsExport;
  const sorted = [...downloads].sort((a, b) => a.lastByteMs - b.lastByteMs);
  const median = sorted[Math.floor(sorted.length / 2)];
  const slowest = sorted[sorted.length - 1];
  if (median && slowest) {
    console.log(
      `\nCSV export of every organization (${median.rows} rows, ${(median.bytes / 1024).toFixed(0)} KiB, ` +
        `HTTP ${downloads.map((d) => d.status).join('/')}), ${EXPORT_RUNS} downloads one after another: ` +
        `last byte median ${ms(median.lastByteMs)} ms, slowest ${ms(slowest.lastByteMs)} ms (budget 1 s for 10,000 rows); ` +
        `first byte median ${ms(median.firstByteMs)} ms.`,
    );
    if (exportRaw) {
      console.log(
        `Raw SQL of the export's pages (${Math.ceil((median.rows + 1) / EXPORT_BATCH)} pages of ${EXPORT_BATCH}, ` +
          `${exportRaw.runs} runs): p50 ${ms(exportRaw.p50)} ms, p95 ${ms(exportRaw.p95)} ms; ` +
          `export median / raw p50: ${(median.lastByteMs / exportRaw.p50).toFixed(2)}x.`,
      );
    }
    console.log(
      `Memory during the downloads (${memory.samples} samples): app heap ${mb(memory.before.heapUsed)} MiB before, ` +
        `peak ${mb(memory.peak.heapUsed)} (+${mb(memory.peak.heapUsed - memory.before.heapUsed)}), ` +
        `${mb(memory.after.heapUsed)} after; process RSS ${mb(memory.before.rss)} MiB before, ` +
        `peak ${mb(memory.peak.rss)} (+${mb(memory.peak.rss - memory.before.rss)}), ${mb(memory.after.rss)} after.`,
    );
  }

  if (input.explain) {
    for (const [name, raw] of Object.entries(rawSql)) {
      for (const plan of raw.plans ?? []) console.log(`\n-- ${name}\n${plan}`);
    }
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
