// The actions list, dashboard and exports at size (issue 9): one organization of N actions, a
// "view related only" User who has a tenth of them and an Admin who sees all; each endpoint's p95
// through the real app (app.inject, one request at a time) against the raw SQL of the same page,
// and the exports' time and peak memory (`npx tsx bench/actions.ts --help`).
import { Permission } from '@qualis/contract';
import type { Database } from '../apps/server/src/db/client.js';
import { parseCommandLine } from './cli.js';
import {
  DATABASE_URL_OPTION,
  WARM_UP,
  benchOrganizationId,
  measureExport,
  ms,
  openInProcessBench,
  personByEmail,
  regroup,
  runStatements,
  startBenchApp,
  timed,
  type Person,
  type Statement,
} from './in-process.js';
import { BENCH_ADMIN_EMAIL, benchMemberEmail, positiveInt, seed } from './seed.js';

const RUNS = 200;
const EXPORT_RUNS = 3;
const ARCHIVE_RECORDS = 100;

/** The people the cases read as, and their organization. */
interface Fixture {
  organizationId: string;
  admin: Person;
  related: Person;
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
  const organizationId = (await benchOrganizationId(database))!;
  const admin = await personByEmail(database, BENCH_ADMIN_EMAIL);
  const related = await personByEmail(database, benchMemberEmail(1));
  // The related User's only group lets them see the actions they created, assigned or were given.
  await regroup(database, organizationId, related, {
    permission: Permission.ViewRelatedActions,
    groupName: 'Bench related actions',
  });
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

const timeRaw = async (database: Database, statements: Statement[]) =>
  (await timed(RUNS, () => runStatements(database, statements))).p95;

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
      'database-url': DATABASE_URL_OPTION,
    },
  );
  const count = positiveInt('actions', values.actions);
  const bench = await openInProcessBench('actions', values['database-url']);
  const { database } = bench;
  try {
    const seeding = performance.now();
    const f = await seedActions(database, count);
    console.log(
      `Seeded ${count} actions (${count / 10} the related User's) in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const server = await startBenchApp(database, bench.dataDir, values['database-url']);
    const tokens = { admin: await server.tokenOf(f.admin.email), related: await server.tokenOf(f.related.email) };
    const timeEndpoint = async (url: string, token: string) => (await timed(RUNS, () => server.get(url, token))).p95;

    const org = f.organizationId;
    const rows: { name: string; endpoint: number; raw: number }[] = [];
    const measure = async (name: string, url: string, token: string, raw: Statement[]) => {
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
      const url = `${exportPath}?organizationId=${org}${label === 'CSV' ? '' : selected}`;
      const measured = await measureExport(server, url, tokens.related, EXPORT_RUNS);
      console.log(`| ${label} | ${records} | ${measured.medianMs} | ${measured.rss} | ${measured.bytes} |`);
    }
    await server.app.close();
  } finally {
    await bench.close();
  }
}

await main();
