// What the in-process benches (bench/actions.ts, documents.ts, trainings.ts) share: a fresh
// database (PGlite in a temporary folder, or an empty PostgreSQL), the real app on it with a
// session per person, and p95 timing of requests (app.inject, one at a time) and of raw SQL.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PermissionType } from '@qualis/contract';
import { buildApp, type AppDeps } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { newId } from '../apps/server/src/core/ids.js';
import type { Database } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import type { DescribedOption } from './cli.js';
import { BENCH_PASSWORD, LARGE_ORGANIZATION_NAME, openBenchDatabase } from './seed.js';
import type { Statement } from './statements.js';

export type { Statement };

export const WARM_UP = 20;

export const p95 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.ceil(samples.length * 0.95) - 1]!;
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const ms = (value: number) => value.toFixed(2);
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export const DATABASE_URL_OPTION = {
  type: 'string',
  value: 'URL',
  description: 'an empty PostgreSQL database (default: PGlite in a temporary folder)',
} as const satisfies DescribedOption;

export interface Person {
  id: string;
  email: string;
}

/** The p95 and median of `runs` timed calls of `work`, after `warmUp` (WARM_UP by default) untimed ones. */
export async function timed(
  runs: number,
  work: () => Promise<unknown>,
  warmUp = WARM_UP,
): Promise<{ p95: number; p50: number }> {
  const times: number[] = [];
  for (let i = 0; i < warmUp + runs; i++) {
    const started = performance.now();
    await work();
    if (i >= warmUp) times.push(performance.now() - started);
  }
  return { p95: p95(times), p50: median(times) };
}

/** The statements one after another, as a request sends them. */
export async function runStatements(database: Database, statements: Statement[]): Promise<void> {
  for (const s of statements) await database.raw.query(s.text, s.params);
}

/** The bench organization (seed.ts's large one) and a person of it by e-mail. */
export async function benchOrganizationId(database: Database): Promise<string | undefined> {
  const [organization] = await database.raw.query<{ id: string }>('SELECT id FROM organizations WHERE name = $1', [
    LARGE_ORGANIZATION_NAME,
  ]);
  return organization?.id;
}

export async function personByEmail(database: Database, email: string): Promise<Person> {
  const [row] = await database.raw.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  if (!row) throw new Error(`no person ${email} in this database`);
  return { id: row.id, email };
}

/**
 * Takes the person out of every group of the organization and, when a permission is given, puts
 * them in a new group granting only it: what the measured "related only" people see.
 */
export async function regroup(
  database: Database,
  organizationId: string,
  person: Person,
  only?: { permission: PermissionType; groupName: string },
): Promise<void> {
  await database.raw.query('DELETE FROM user_group_members WHERE organization_id = $1 AND user_id = $2', [
    organizationId,
    person.id,
  ]);
  if (!only) return;
  const groupId = newId();
  await database.raw.query('INSERT INTO user_groups (organization_id, id, name) VALUES ($1, $2, $3)', [
    organizationId,
    groupId,
    only.groupName,
  ]);
  await database.raw.query('INSERT INTO user_group_permissions (organization_id, group_id, type) VALUES ($1, $2, $3)', [
    organizationId,
    groupId,
    only.permission,
  ]);
  await database.raw.query('INSERT INTO user_group_members (organization_id, group_id, user_id) VALUES ($1, $2, $3)', [
    organizationId,
    groupId,
    person.id,
  ]);
}

/** A migrated bench database and a DATA_DIR for the app: PGlite in a temporary folder, or PostgreSQL at `databaseUrl`. */
export async function openInProcessBench(name: string, databaseUrl: string | undefined) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `qualis-${name}-bench-`));
  const database = await openBenchDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  await migrate(database.raw);
  return {
    database,
    dataDir,
    async close() {
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type BenchApp = Awaited<ReturnType<typeof startBenchApp>>;

/** The real app on the bench database (no rate limits, no logs), with sign-in and a checked GET. */
export async function startBenchApp(
  database: Database,
  dataDir: string,
  databaseUrl: string | undefined,
  deps: Pick<AppDeps, 'jobPollMs'> = {},
) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://bench.test',
    RATE_LIMIT_PERSON_PER_MINUTE: '1000000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp({ config, database, logger: false, signInSlowdownMs: 0, ...deps });
  await app.ready();
  return {
    app,
    /** A session's access token. */
    async tokenOf(email: string): Promise<string> {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/sessions',
        payload: { email, password: BENCH_PASSWORD },
      });
      return (res.json() as { data: { token: { accessToken: string } } }).data.token.accessToken;
    },
    /** A GET that must answer 200. */
    async get(url: string, token: string) {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${url}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res;
    },
  };
}

type Queryable = { query: (...args: unknown[]) => unknown };

/**
 * The statements a request sends, recorded at the driver: the pg pool or the PGlite instance, and
 * the connection or transaction a transaction takes from it.
 */
export function statementRecorder(database: Database) {
  const client = (database.db as unknown as { $client: Queryable & Record<string, unknown> }).$client;
  let recorded: Statement[] | undefined;
  const wrapped = new WeakSet<Queryable>();
  const wrap = (target: Queryable) => {
    if (wrapped.has(target)) return target;
    wrapped.add(target);
    const original = target.query;
    target.query = function (this: unknown, ...args: unknown[]) {
      if (recorded) {
        const [query, params] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
        const text = typeof query === 'string' ? query : query.text;
        recorded.push({ text, params: params ?? (typeof query === 'string' ? [] : (query.values ?? [])) });
      }
      return original.apply(this, args);
    };
    return target;
  };
  wrap(client);
  if (database.kind === 'postgres') {
    const connect = client.connect as (...args: unknown[]) => Promise<Queryable>;
    client.connect = async function (this: unknown, ...args: unknown[]) {
      if (args.length > 0) return connect.apply(this, args);
      return wrap(await connect.apply(this));
    };
  } else {
    const transaction = client.transaction as (work: (tx: Queryable) => Promise<unknown>) => Promise<unknown>;
    client.transaction = function (this: unknown, work: (tx: Queryable) => Promise<unknown>) {
      return transaction.call(this, (tx) => work(wrap(tx)));
    };
  }
  return {
    /**
     * What `work` sent that `keep` keeps: a bench keeps its own tables' statements, not the
     * organization access lookup every request makes, nor the job poller's that happen to run meanwhile.
     */
    async during(work: () => Promise<unknown>, keep: (statement: Statement) => boolean): Promise<Statement[]> {
      recorded = [];
      try {
        await work();
        return recorded.filter(keep);
      } finally {
        recorded = undefined;
      }
    },
  };
}

/**
 * An export read as a client would, chunk by chunk (so the process holds only what the server
 * does), `runs` times: the median time, the process's RSS before and at its peak, the bytes.
 */
export async function measureExport(bench: BenchApp, url: string, token: string, runs: number) {
  const times: number[] = [];
  let bytes = 0;
  const start = process.memoryUsage().rss;
  let peak = start;
  for (let i = 0; i < runs; i++) {
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    const res = await bench.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
      payloadAsStream: true,
    });
    if (res.statusCode !== 200) throw new Error(`${url.split('?')[0]}: HTTP ${res.statusCode}`);
    bytes = 0;
    for await (const chunk of res.stream()) bytes += (chunk as Buffer).length;
    times.push(performance.now() - started);
    clearInterval(sampler);
  }
  const mib = (b: number) => (b / 1024 / 1024).toFixed(0);
  return { medianMs: median(times).toFixed(0), rss: `${mib(start)} → ${mib(peak)}`, bytes };
}
