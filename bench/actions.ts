// The actions list, dashboard and exports at size (issue 9): one organization of N actions, a
// "view related only" User who has a tenth of them and an Admin who sees all; each endpoint's p95
// through the real app (app.inject, one request at a time) against the raw SQL of the same page,
// and the exports' time and peak memory (`npx tsx bench/actions.ts --help`).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Permission } from '@qualis/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { newId } from '../apps/server/src/core/ids.js';
import type { Database } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { parseCommandLine } from './cli.js';
import {
  BENCH_ADMIN_EMAIL,
  BENCH_PASSWORD,
  LARGE_ORGANIZATION_NAME,
  benchMemberEmail,
  openBenchDatabase,
  positiveInt,
  seed,
} from './seed.js';

const WARM_UP = 20;
const RUNS = 200;
const EXPORT_RUNS = 3;
const ARCHIVE_RECORDS = 100;

const p95 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.ceil(samples.length * 0.95) - 1]!;
const ms = (value: number) => value.toFixed(2);

/** The people the cases read as, and their organization. */
interface Fixture {
  organizationId: string;
  admin: { id: string; email: string };
  related: { id: string; email: string };
}

/** N actions in the large organization: every tenth assigned to the related User, the rest to the Admin. */
async function seedActions(database: Database, actions: number): Promise<Fixture> {
  await seed(database.raw, {
    organizations: 1,
    users: 1,
    membershipsPerUser: 1,
    largeOrganizationUsers: 20,
    largeOrganizationGroups: 1,
  });
  const [organization] = await database.raw.query<{ id: string }>('SELECT id FROM organizations WHERE name = $1', [
    LARGE_ORGANIZATION_NAME,
  ]);
  const person = async (email: string) => {
    const [row] = await database.raw.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    return { id: row!.id, email };
  };
  const organizationId = organization!.id;
  const admin = await person(BENCH_ADMIN_EMAIL);
  const related = await person(benchMemberEmail(1));
  // The related User's only group lets them see the actions they created, assigned or were given.
  await database.raw.query('DELETE FROM user_group_members WHERE organization_id = $1 AND user_id = $2', [
    organizationId,
    related.id,
  ]);
  const groupId = newId();
  await database.raw.query('INSERT INTO user_groups (organization_id, id, name) VALUES ($1, $2, $3)', [
    organizationId,
    groupId,
    'Bench related actions',
  ]);
  await database.raw.query('INSERT INTO user_group_permissions (organization_id, group_id, type) VALUES ($1, $2, $3)', [
    organizationId,
    groupId,
    Permission.ViewRelatedActions,
  ]);
  await database.raw.query('INSERT INTO user_group_members (organization_id, group_id, user_id) VALUES ($1, $2, $3)', [
    organizationId,
    groupId,
    related.id,
  ]);
  await database.raw.query(
    `INSERT INTO actions (organization_id, id, number, name, description, due_date, assigner_id, assignee_id, creator_id)
     SELECT $1, gen_random_uuid(), g, 'Bench action ' || g, 'Check item ' || g, DATE '2030-01-01' + (g % 365),
            $2, CASE WHEN g % 10 = 0 THEN $3::uuid ELSE $2::uuid END, $2
     FROM generate_series(1, $4::int) AS g`,
    [organizationId, admin.id, related.id, actions],
  );
  await database.raw.query(
    `INSERT INTO organization_counters (organization_id, name, value) VALUES ($1, 'action', $2)`,
    [organizationId, actions],
  );
  await database.raw.query('ANALYZE');
  return { organizationId, admin, related };
}

/** The statements the actions list sends for a page of 25 (actions.repository.ts), for one person. */
function listStatements(organizationId: string, relatedTo: string | undefined) {
  const visible = relatedTo
    ? 'a.organization_id = $1 AND (a.creator_id = $2 OR a.assigner_id = $2 OR a.assignee_id = $2)'
    : 'a.organization_id = $1';
  const params = relatedTo ? [organizationId, relatedTo] : [organizationId];
  const from = `FROM actions a
    JOIN users asg ON asg.id = a.assignee_id JOIN users asr ON asr.id = a.assigner_id JOIN users cr ON cr.id = a.creator_id
    WHERE ${visible}`;
  const person = (t: string) => `${t}.id, ${t}.first_name, ${t}.last_name, ${t}.email, ${t}.role`;
  return [
    {
      text: `SELECT a.id, a.number, a.name, a.description, a.status, a.due_date, a.link, a.link_description, a.extra_link,
        a.extra_link_description, a.kind, a.created_at, a.completed_at, a.creator_id, a.assigner_id, a.assignee_id,
        coalesce((SELECT json_agg(json_build_object('id', tg.id, 'name', tg.name) ORDER BY lower(tg.name), tg.id)
          FROM action_tags atg JOIN tags tg ON tg.organization_id = atg.organization_id AND tg.id = atg.tag_id
          WHERE atg.organization_id = a.organization_id AND atg.action_id = a.id), '[]'::json),
        ${person('asg')}, ${person('asr')}, ${person('cr')}
        ${from} ORDER BY a.number DESC, a.id DESC LIMIT 25`,
      params,
    },
    { text: `SELECT count(*) ${from}`, params },
  ];
}

/** The dashboard's open actions of the person (dashboard.repository.ts), visible and To do. */
function dashboardStatements(organizationId: string, person: string) {
  const where = `organization_id = $1 AND (creator_id = $2 OR assigner_id = $2 OR assignee_id = $2)
    AND assignee_id = $2 AND status = 'ToDo'`;
  return [
    {
      text: `SELECT id, name, due_date FROM actions WHERE ${where} ORDER BY due_date, number LIMIT 10`,
      params: [organizationId, person],
    },
    { text: `SELECT count(*) FROM actions WHERE ${where}`, params: [organizationId, person] },
  ];
}

async function timeRaw(database: Database, statements: { text: string; params: unknown[] }[]): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const started = performance.now();
    for (const s of statements) await database.raw.query(s.text, s.params);
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  return p95(times);
}

async function main() {
  const values = parseCommandLine(
    [
      'npx tsx bench/actions.ts --actions 100000',
      'npx tsx bench/actions.ts --database-url postgres://postgres@127.0.0.1:5432/qualis_actions_bench',
    ],
    {
      actions: {
        type: 'string',
        default: '100000',
        value: 'N',
        description: 'actions of the organization (a tenth are the related User’s)',
      },
      'database-url': {
        type: 'string',
        value: 'URL',
        description: 'an empty PostgreSQL database (default: PGlite in a temporary folder)',
      },
    },
  );
  const count = positiveInt('actions', values.actions);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'qualis-actions-bench-'));
  const database = await openBenchDatabase(
    values['database-url'] ? { databaseUrl: values['database-url'] } : { dataDir },
  );
  try {
    await migrate(database.raw);
    const seeding = performance.now();
    const f = await seedActions(database, count);
    console.log(
      `Seeded ${count} actions (${count / 10} the related User's) in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://bench.test',
      RATE_LIMIT_PERSON_PER_MINUTE: '1000000000',
      ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}),
    });
    const app = await buildApp({ config, database, logger: false, signInSlowdownMs: 0 });
    await app.ready();
    const tokenOf = async (email: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/sessions',
        payload: { email, password: BENCH_PASSWORD },
      });
      return (res.json() as { data: { token: { accessToken: string } } }).data.token.accessToken;
    };
    const tokens = { admin: await tokenOf(f.admin.email), related: await tokenOf(f.related.email) };
    const timeEndpoint = async (url: string, token: string) => {
      const times: number[] = [];
      for (let i = 0; i < WARM_UP + RUNS; i++) {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        if (res.statusCode !== 200) throw new Error(`${url}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (i >= WARM_UP) times.push(performance.now() - started);
      }
      return p95(times);
    };

    const org = f.organizationId;
    const rows: { name: string; endpoint: number; raw: number }[] = [];
    const measure = async (name: string, url: string, token: string, raw: { text: string; params: unknown[] }[]) => {
      const endpoint = await timeEndpoint(url, token);
      rows.push({ name, endpoint, raw: await timeRaw(database, raw) });
    };
    await measure(
      'GET /tasks?limit=25, Admin (view all)',
      `/api/v1/tasks?organizationId=${org}&limit=25`,
      tokens.admin,
      listStatements(org, undefined),
    );
    await measure(
      'GET /tasks?limit=25, User (view related)',
      `/api/v1/tasks?organizationId=${org}&limit=25`,
      tokens.related,
      listStatements(org, f.related.id),
    );
    await measure(
      'GET /dashboard/actions + /counters, User',
      `/api/v1/dashboard/actions?organizationId=${org}`,
      tokens.related,
      dashboardStatements(org, f.related.id).slice(0, 1),
    );
    rows[rows.length - 1]!.endpoint += await timeEndpoint(
      `/api/v1/dashboard/counters?organizationId=${org}`,
      tokens.related,
    );
    rows[rows.length - 1]!.raw += await timeRaw(database, dashboardStatements(org, f.related.id).slice(1));

    console.log(
      `\n${database.kind}, ${count} actions, one request at a time, p95 of ${RUNS} after ${WARM_UP} warm-up\n`,
    );
    console.log('| case | endpoint p95 ms | raw SQL p95 ms | endpoint / raw |');
    console.log('| --- | ---: | ---: | ---: |');
    for (const r of rows)
      console.log(`| ${r.name} | ${ms(r.endpoint)} | ${ms(r.raw)} | ${(r.endpoint / r.raw).toFixed(2)}x |`);
    const [all, related] = rows;
    console.log(
      `\nfiltered (view related) / unfiltered (view all), endpoint p95: ${(related!.endpoint / all!.endpoint).toFixed(2)}x`,
    );

    // The PDF archive takes the related User's newest ARCHIVE_RECORDS actions (checked rows, as the
    // list sends them): a PDF per record costs tens of milliseconds (docs/performance.md).
    const firstIds = await database.raw.query<{ id: string }>(
      `SELECT id FROM actions WHERE organization_id = $1 AND assignee_id = $2 ORDER BY number DESC LIMIT ${ARCHIVE_RECORDS}`,
      [org, f.related.id],
    );
    const selected = firstIds.map((r) => `&selectedIds=${r.id}`).join('');
    console.log('\n| export by the related User | records | median ms | peak RSS MiB (start → peak) | bytes |');
    console.log('| --- | ---: | ---: | ---: | ---: |');
    for (const [label, exportPath, records] of [
      ['CSV', '/api/v1/export/Tasks', count / 10],
      ['PDF archive (ZIP)', '/api/v1/export/many-Tasks', firstIds.length],
    ] as const) {
      const times: number[] = [];
      let bytes = 0;
      const start = process.memoryUsage().rss;
      let peak = start;
      for (let i = 0; i < EXPORT_RUNS; i++) {
        const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
        const started = performance.now();
        // Read as a client would, chunk by chunk, so the process holds only what the server does.
        const res = await app.inject({
          method: 'GET',
          url: `${exportPath}?organizationId=${org}${label === 'CSV' ? '' : selected}`,
          headers: { authorization: `Bearer ${tokens.related}` },
          payloadAsStream: true,
        });
        if (res.statusCode !== 200) throw new Error(`${exportPath}: HTTP ${res.statusCode}`);
        bytes = 0;
        for await (const chunk of res.stream()) bytes += (chunk as Buffer).length;
        times.push(performance.now() - started);
        clearInterval(sampler);
      }
      times.sort((a, b) => a - b);
      const mib = (b: number) => (b / 1024 / 1024).toFixed(0);
      const median = times[Math.floor(times.length / 2)]!.toFixed(0);
      console.log(`| ${label} | ${records} | ${median} | ${mib(start)} → ${mib(peak)} | ${bytes} |`);
    }
    await app.close();
  } finally {
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
