// The actions list, dashboard and exports at size (issue 9): one organization of N actions, a
// "view related only" User who has a tenth of them and an Admin who sees all; each endpoint's p95
// through the real app (app.inject, one request at a time) against the statements the request
// sent, recorded at the driver and timed interleaved with it in --rounds rounds; and the exports'
// time and peak memory (`npx tsx bench/actions.ts --help`).
import { Permission } from '@qualis/contract';
import type { Database } from '../apps/server/src/db/client.js';
import { ROUNDS_OPTION, parseCommandLine } from './cli.js';
import {
  DATABASE_URL_OPTION,
  WARM_UP,
  benchOrganizationId,
  endpointsAgainstTheirSql,
  measureExport,
  openInProcessBench,
  ownStatements,
  personByEmail,
  regroup,
  startBenchApp,
  type Person,
  type SqlCase,
} from './in-process.js';
import { BENCH_ADMIN_EMAIL, benchMemberEmail, positiveInt, seed } from './seed.js';

const EXPORT_RUNS = 3;
/** Timed downloads of the Admin's whole CSV against its SQL, per round. */
const EXPORT_SQL_RUNS = 5;
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
      rounds: ROUNDS_OPTION,
      runs: {
        type: 'string',
        default: '200',
        value: 'N',
        description: `timed runs per case, after ${WARM_UP} warm-up`,
      },
      explain: { type: 'boolean', description: 'print EXPLAIN (ANALYZE, BUFFERS) of every case’s statements first' },
    },
  );
  const count = positiveInt('actions', values.actions);
  const rounds = positiveInt('rounds', values.rounds);
  const runs = positiveInt('runs', values.runs);
  const bench = await openInProcessBench('actions', values['database-url']);
  const { database } = bench;
  try {
    const seeding = performance.now();
    const f = await seedActions(database, count);
    console.log(
      `Seeded ${count} actions (${count / 10} the related User's) in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const server = await startBenchApp(database, bench.dataDir, values['database-url']);
    const org = f.organizationId;
    const list = `/api/v1/tasks?organizationId=${org}&limit=25`;
    const cases: SqlCase[] = [
      { name: '`GET /tasks?limit=25`, Admin (view all)', urls: [list], as: f.admin.email },
      {
        name: '`GET /tasks?limit=25`, User (view related)',
        urls: [list],
        as: f.related.email,
        unfiltered: '`GET /tasks?limit=25`, Admin (view all)',
      },
      {
        name: '`GET /dashboard/actions` + `/counters`, User',
        urls: [`/api/v1/dashboard/actions?organizationId=${org}`, `/api/v1/dashboard/counters?organizationId=${org}`],
        as: f.related.email,
      },
    ];
    await endpointsAgainstTheirSql(server, database, cases, {
      keep: ownStatements,
      rounds,
      runs,
      explain: Boolean(values.explain),
      title: `${count} actions`,
    });
    // The Admin's CSV of every action (issue 26: ≤ 1.5x its SQL, the keyset pages it reads): a
    // download of seconds, so a few runs.
    await endpointsAgainstTheirSql(
      server,
      database,
      [
        {
          name: `CSV of ${count} actions (\`/export/Tasks\`), Admin`,
          urls: [`/api/v1/export/Tasks?organizationId=${org}`],
          as: f.admin.email,
        },
      ],
      {
        keep: ownStatements,
        rounds,
        runs: EXPORT_SQL_RUNS,
        warmUp: 1,
        explain: false,
        title: `${count} actions, the CSV`,
      },
    );
    const relatedToken = await server.tokenOf(f.related.email);

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
      const measured = await measureExport(server, url, relatedToken, EXPORT_RUNS);
      console.log(`| ${label} | ${records} | ${measured.medianMs} | ${measured.rss} | ${measured.bytes} |`);
    }
    await server.app.close();
  } finally {
    await bench.close();
  }
}

await main();
