// What the in-process benches (bench/actions.ts, audit-review.ts, documents.ts, trainings.ts, ...)
// share: a fresh database (PGlite in a temporary folder, or an empty PostgreSQL), the real app on
// it with a session per person, and the cases of an endpoint against the statements it sent
// (endpointsAgainstTheirSql: requests through app.inject, one at a time, interleaved with their
// SQL in rounds; bench/rounds.ts).
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
import {
  BENCH_ADMIN_EMAIL,
  BENCH_PASSWORD,
  LARGE_ORGANIZATION_NAME,
  NO_RATE_LIMITS,
  benchMemberEmail,
  openBenchDatabase,
  seed,
} from './seed.js';
import { inRounds, interleaved, loadAverage, median, roundsNote, spread, type Timing, type Work } from './rounds.js';
import { statementRecorder } from './statement-recorder.js';
import type { Statement } from './statements.js';

export type { Statement };

export const WARM_UP = 20;

export const ms = (value: number) => value.toFixed(2);

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
export async function timed(runs: number, work: Work, warmUp = WARM_UP): Promise<Timing> {
  return (await interleaved(runs, warmUp, { work })).work;
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

/** Members of the measured organization besides its Admin (bench-member-1 …; the artifact benches). */
export const MEASURED_MEMBERS = 20;

/** Seeds the measured organization: its Admin and MEASURED_MEMBERS Users in one group (and the seed's neighbour). */
export const seedMeasuredOrganization = (database: Database) =>
  seed(database.raw, {
    organizations: 1,
    users: 1,
    membershipsPerUser: 1,
    largeOrganizationUsers: MEASURED_MEMBERS,
    largeOrganizationGroups: 1,
  });

/** The measured organization of a seeded database, its Admin and its first `count` members, in order. */
export async function measuredPeople(database: Database, count: number) {
  const organizationId = await benchOrganizationId(database);
  if (!organizationId) throw new Error('--reuse: this database holds no bench data');
  const admin = await personByEmail(database, BENCH_ADMIN_EMAIL);
  const members = await Promise.all(
    Array.from({ length: count }, (_, i) => personByEmail(database, benchMemberEmail(i + 1))),
  );
  return { organizationId, admin, members };
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
  deps: Pick<AppDeps, 'jobPollMs' | 'mailPollMs' | 'wakeOnQueuedWork'> = {},
) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://bench.test',
    ...NO_RATE_LIMITS,
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

/** A case of an endpoint against its SQL: requests sent one after another, as a person. */
export interface SqlCase {
  name: string;
  urls: string[];
  /** The e-mail of the person sending them (signed in afresh for each case of each round). */
  as: string;
  /** The case this one is a filtered version of: the same list unfiltered, for the filtered / unfiltered ratio. */
  unfiltered?: string;
}

/**
 * Each case's requests through the app against the statements they sent, recorded at the driver
 * from a warm request (`keep` keeps the bench's own, not the session and access lookups every
 * request makes): the two timed interleaved run by run, in `rounds` rounds; each round printed as
 * it ends, then the medians and ranges over the rounds.
 */
export async function endpointsAgainstTheirSql(
  server: BenchApp,
  database: Database,
  cases: SqlCase[],
  options: {
    keep: (statement: Statement) => boolean;
    rounds: number;
    runs: number;
    /** Untimed runs before each case's timed ones (WARM_UP by default; fewer for cases of a second). */
    warmUp?: number;
    explain: boolean;
    title: string;
  },
): Promise<void> {
  const recorder = statementRecorder(database);
  const prepared = new Map<SqlCase, { statements: Statement[]; kB: number }>();
  for (const c of cases) {
    const token = await server.tokenOf(c.as);
    let bytes = 0;
    for (const url of c.urls) bytes += (await server.get(url, token)).rawPayload.length;
    const statements: Statement[] = [];
    for (const url of c.urls) statements.push(...(await recorder.during(() => server.get(url, token), options.keep)));
    if (statements.length === 0) throw new Error(`${c.name}: no statement of the bench's tables recorded`);
    prepared.set(c, { statements, kB: bytes / 1000 });
  }
  if (options.explain) {
    for (const c of cases) {
      for (const s of prepared.get(c)!.statements) {
        const plan = await database.raw.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS) ${s.text}`,
          s.params,
        );
        console.log(`\n-- ${c.name}\n${s.text}\n${plan.map((p) => p['QUERY PLAN']).join('\n')}`);
      }
    }
  }
  const results = await inRounds(options.rounds, async () => {
    const rows = new Map<string, { endpoint: Timing; sql: Timing }>();
    for (const c of cases) {
      const token = await server.tokenOf(c.as);
      const { statements } = prepared.get(c)!;
      const timing = await interleaved(options.runs, options.warmUp ?? WARM_UP, {
        endpoint: async () => {
          for (const url of c.urls) await server.get(url, token);
        },
        sql: () => runStatements(database, statements),
      });
      rows.set(c.name, timing);
      console.log(
        `  ${c.name}: endpoint p95 ${ms(timing.endpoint.p95)} ms, its SQL ${ms(timing.sql.p95)} ms; ` +
          `p50 ${ms(timing.endpoint.p50)} / ${ms(timing.sql.p50)} ms (load ${loadAverage()})`,
      );
    }
    return rows;
  });
  console.log(
    `\n${database.kind}, ${options.title}; one request at a time, the endpoint and its SQL interleaved, p95 of ` +
      `${options.runs} after ${options.warmUp ?? WARM_UP} warm-up; ${roundsNote(results)}\n`,
  );
  console.log(
    '| case | endpoint p95 ms | its SQL p95 ms | endpoint / SQL p95 | at p50 | filtered / unfiltered (endpoint p95) | statements | response kB |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const c of cases) {
    const { statements, kB } = prepared.get(c)!;
    const of = (rows: Map<string, { endpoint: Timing; sql: Timing }>) => rows.get(c.name)!;
    const unfiltered = cases.some((u) => u.name === c.unfiltered) ? c.unfiltered : undefined;
    const filtered = unfiltered
      ? spread(results, (rows) => of(rows).endpoint.p95 / rows.get(unfiltered)!.endpoint.p95, 2, 'x')
      : '';
    console.log(
      `| ${c.name} | ${spread(results, (rows) => of(rows).endpoint.p95)} | ${spread(results, (rows) => of(rows).sql.p95)} | ` +
        `${spread(results, (rows) => of(rows).endpoint.p95 / of(rows).sql.p95, 2, 'x')} | ` +
        `${spread(results, (rows) => of(rows).endpoint.p50 / of(rows).sql.p50, 2, 'x')} | ${filtered} | ` +
        `${statements.length} | ${kB.toFixed(1)} |`,
    );
  }
}

/**
 * A request's own statements: not the session and organization access lookups every request
 * makes, nor the job runner's and the mail outbox's polls that may run meanwhile.
 */
export const ownStatements = (s: Statement) =>
  !/"sessions"|user_group_permissions|"jobs"|"job_schedules"|"mail_outbox"/.test(s.text);
