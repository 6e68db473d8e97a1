// Training records and HR records at size: one organization of N trainings (a quiz of 2 questions x
// 3 answers each, a few assignees each), a user group of 5,000 people assigned to the newest
// training (some passed), and a "related only" User (without `Permission.ViewAllTrainingRecords`)
// assigned to a tenth of the trainings. Each endpoint's p95 through the real app (app.inject, one
// request at a time) against the statements the request sent, recorded at the driver and timed
// interleaved with it in --rounds rounds (`npm run bench:trainings -- --help`).
import type { Database } from '../apps/server/src/db/client.js';
import { ROUNDS_OPTION, parseCommandLine } from './cli.js';
import {
  DATABASE_URL_OPTION,
  WARM_UP,
  benchOrganizationId,
  endpointsAgainstTheirSql,
  openInProcessBench,
  ownStatements,
  personByEmail,
  startBenchApp,
  type Person,
  type SqlCase,
} from './in-process.js';
import {
  BENCH_ADMIN_EMAIL,
  BENCH_SUPERADMIN_EMAIL,
  benchMemberEmail,
  nonNegativeInt,
  positiveInt,
  seed,
} from './seed.js';

/** Everyone but the Admin is in the one user group, which is assigned to the newest training. */
const DEFAULT_GROUP_PEOPLE = 5000;
/** Direct assignees of every other training, taken round the members. */
const ASSIGNEES_PER_TRAINING = 3;

interface Fixture {
  organizationId: string;
  admin: Person;
  /**
   * In the group, without `Permission.ViewAllTrainingRecords`: sees the trainings they are assigned
   * to (a tenth, and the group's).
   */
  related: Person;
  /** The newest training, assigned to the group of everyone. */
  groupTrainingId: string;
}

/**
 * The seed's large organization (its Admin, `people` members in one user group whose
 * permissions are 11, 1 and 10: not 30; their HR records come from the memberships trigger), then
 * in set-based statements: `count` trainings by the Admin with a quiz of 2 questions x 3 answers,
 * ASSIGNEES_PER_TRAINING people assigned to each, the related User (bench-member-1) to every tenth
 * (half of those passed), and the newest one assigned to the group: all its members, `passed` of
 * them with a passing attempt after a failed one.
 */
async function seedTrainings(database: Database, count: number, people: number, passed: number): Promise<Fixture> {
  await seed(database.raw, {
    organizations: 1,
    users: 1,
    membershipsPerUser: 1,
    largeOrganizationUsers: people,
    largeOrganizationGroups: 1,
  });
  const organizationId = (await benchOrganizationId(database))!;
  const admin = await personByEmail(database, BENCH_ADMIN_EMAIL);
  const related = await personByEmail(database, benchMemberEmail(1));
  // The members in order of their e-mail's number: the related User first.
  const members = `(SELECT u.id, row_number() OVER (ORDER BY substring(u.email from 'bench-member-(\\d+)@')::int) - 1 AS i
    FROM memberships ms JOIN users u ON u.id = ms.user_id
    WHERE ms.organization_id = $1 AND u.email LIKE 'bench-member-%')`;
  const trainings = `(SELECT id, number AS g, cycle, quiz_version FROM training_records WHERE organization_id = $1)`;
  const org = [organizationId];
  await database.raw.withSession(async (sql) => {
    await sql.exec('BEGIN');
    try {
      await sql.query(
        `INSERT INTO training_records (organization_id, id, number, name, description, due_date, assigner_id, creator_id, created_at, updated_at)
         SELECT $1, gen_random_uuid(), g, initcap(substr(md5('training' || g), 1, 10)) || ' training ' || g,
                'What to know about item ' || g, DATE '2030-01-01' + (g % 365), $2, $2, t, t
         FROM generate_series(1, $3::int) AS g, LATERAL (SELECT now() - ($3::int - g) * interval '5 minutes' AS t) AS c`,
        [organizationId, admin.id, count],
      );
      await sql.query(
        `INSERT INTO training_questions (organization_id, id, training_id, quiz_version, number, name)
         SELECT $1, gen_random_uuid(), t.id, 1, q, 'Question ' || q || ' of training ' || t.g
         FROM ${trainings} AS t CROSS JOIN generate_series(1, 2) AS q`,
        org,
      );
      await sql.query(
        `INSERT INTO training_answers (organization_id, id, question_id, number, name, is_correct)
         SELECT $1, gen_random_uuid(), q.id, a, 'Answer ' || a, a = 1
         FROM training_questions q CROSS JOIN generate_series(1, 3) AS a WHERE q.organization_id = $1`,
        org,
      );
      // Training g's direct assignees: members (g * k) mod n for k = 1..3 (not the related User,
      // member 0); the related User on every tenth.
      await sql.query(
        `WITH m AS ${members}, n AS (SELECT count(*) AS n FROM m)
         INSERT INTO training_assignee_users (organization_id, training_id, user_id)
         SELECT $1::uuid, t.id, m.id FROM ${trainings} AS t CROSS JOIN generate_series(1, $2::int) AS k
         CROSS JOIN n JOIN m ON m.i = 1 + (t.g * k) % (n.n - 1)
         UNION
         SELECT $1::uuid, t.id, $3::uuid FROM ${trainings} AS t WHERE t.g % 10 = 0`,
        [organizationId, ASSIGNEES_PER_TRAINING, related.id],
      );
      const [group] = await sql.query<{ id: string }>('SELECT id FROM user_groups WHERE organization_id = $1', org);
      const [newest] = await sql.query<{ id: string }>(
        'SELECT id FROM training_records WHERE organization_id = $1 ORDER BY number DESC LIMIT 1',
        org,
      );
      await sql.query(
        'INSERT INTO training_assignee_groups (organization_id, training_id, group_id) VALUES ($1, $2, $3)',
        [organizationId, newest!.id, group!.id],
      );
      await sql.query(
        `INSERT INTO training_assignments (organization_id, training_id, user_id, assigned_at)
         SELECT organization_id, training_id, user_id, now() - interval '1 day' FROM training_assignee_users WHERE organization_id = $1
         UNION
         SELECT $1, $2, user_id, now() - interval '1 day' FROM user_group_members WHERE organization_id = $1 AND group_id = $3`,
        [organizationId, newest!.id, group!.id],
      );
      // Attempts: the related User passed every twentieth training; `passed` members of the group
      // passed the newest one, each after a failed attempt.
      const attempt = (passedSql: string, at: string) =>
        `$1, gen_random_uuid(), t.id, x.user_id, t.cycle, t.quiz_version,
         jsonb_build_array(jsonb_build_object('questionId', gen_random_uuid(), 'answerIds', jsonb_build_array(gen_random_uuid()))),
         ${passedSql}, now() - interval '${at}'`;
      await sql.query(
        `INSERT INTO training_attempts (organization_id, id, training_id, user_id, cycle, quiz_version, answers, passed, attempted_at)
         SELECT ${attempt('true', '1 hour')}
         FROM ${trainings} AS t, (SELECT $2::uuid AS user_id) AS x WHERE t.g % 20 = 0 AND t.g < $3::int`,
        [organizationId, related.id, count],
      );
      for (const [passedSql, at] of [
        ['false', '2 hours'],
        ['true', '1 hour'],
      ] as const) {
        await sql.query(
          `WITH m AS ${members}
           INSERT INTO training_attempts (organization_id, id, training_id, user_id, cycle, quiz_version, answers, passed, attempted_at)
           SELECT ${attempt(passedSql, at)}
           FROM ${trainings} AS t, (SELECT id AS user_id FROM m WHERE i < $2::int) AS x WHERE t.id = $3`,
          [organizationId, passed, newest!.id],
        );
      }
      await sql.query(`INSERT INTO organization_counters (organization_id, name, value) VALUES ($1, 'training', $2)`, [
        organizationId,
        count,
      ]);
      await sql.exec('COMMIT');
    } catch (error) {
      await sql.exec('ROLLBACK');
      throw error;
    }
  });
  await database.raw.exec('VACUUM ANALYZE');
  const [newest] = await database.raw.query<{ id: string }>(
    'SELECT id FROM training_records WHERE organization_id = $1 AND number = $2',
    [organizationId, count],
  );
  return { organizationId, admin, related, groupTrainingId: newest!.id };
}

async function main() {
  const values = parseCommandLine(
    [
      'npm run bench:trainings',
      'npm run bench:trainings -- --database-url postgres://postgres@127.0.0.1:5432/qualis_trainings_bench',
    ],
    {
      trainings: {
        type: 'string',
        default: '10000',
        value: 'N',
        description: 'training records of the organization (a tenth assigned to the related User)',
      },
      people: {
        type: 'string',
        default: String(DEFAULT_GROUP_PEOPLE),
        value: 'N',
        description: 'people of the organization, all in the user group assigned to the newest training',
      },
      passed: {
        type: 'string',
        default: '2000',
        value: 'N',
        description: 'of them, those who passed the newest training (each after a failed attempt)',
      },
      runs: {
        type: 'string',
        default: '100',
        value: 'N',
        description: `timed runs per case, after ${WARM_UP} warm-up`,
      },
      'database-url': DATABASE_URL_OPTION,
      rounds: ROUNDS_OPTION,
      explain: { type: 'boolean', description: 'print EXPLAIN (ANALYZE, BUFFERS) of every case’s statements first' },
    },
  );
  const count = positiveInt('trainings', values.trainings);
  const people = positiveInt('people', values.people);
  const passed = Math.min(people, nonNegativeInt('passed', values.passed));
  const runs = positiveInt('runs', values.runs);
  const rounds = positiveInt('rounds', values.rounds);
  const bench = await openInProcessBench('trainings', values['database-url']);
  const { database } = bench;
  try {
    const seeding = performance.now();
    const f = await seedTrainings(database, count, people, passed);
    const [facts] = await database.raw.query<{ assignments: number; attempts: number; related: number; hr: number }>(
      `SELECT (SELECT count(*)::int FROM training_assignments WHERE organization_id = $1) AS assignments,
              (SELECT count(*)::int FROM training_attempts WHERE organization_id = $1) AS attempts,
              (SELECT count(*)::int FROM training_assignments WHERE organization_id = $1 AND user_id = $2) AS related,
              (SELECT count(*)::int FROM hr_records WHERE organization_id = $1) AS hr`,
      [f.organizationId, f.related.id],
    );
    console.log(
      `Seeded ${count} trainings, ${facts!.assignments} assignments, ${facts!.attempts} attempts, ${facts!.hr} HR records ` +
        `in ${((performance.now() - seeding) / 1000).toFixed(1)} s; the related User is assigned ${facts!.related}`,
    );
    const server = await startBenchApp(database, bench.dataDir, values['database-url']);
    const org = f.organizationId;
    const trainings = (query: string) => `/api/v1/training-records?organizationId=${org}&limit=25${query}`;
    const hr = (query: string) => `/api/v1/human-resource-records?organizationId=${org}&limit=25${query}`;
    const adminList = '`GET /training-records?limit=25`, Admin';
    const cases: SqlCase[] = [
      { name: adminList, urls: [trainings('')], as: f.admin.email },
      {
        name: '`GET /training-records?limit=25`, related User',
        urls: [trainings('')],
        as: f.related.email,
        unfiltered: adminList,
      },
      {
        name: '`GET /training-records?limit=25&status=AssignedPending`, related User',
        urls: [trainings('&status=AssignedPending')],
        as: f.related.email,
        unfiltered: adminList,
      },
      {
        name: `\`GET /training-records/{id}/completion-progress\`, ${people} people, Admin`,
        urls: [`/api/v1/training-records/${f.groupTrainingId}/completion-progress?organizationId=${org}`],
        as: f.admin.email,
      },
      // The Users list of the same organization (its people), as the SuperAdmin and as its Admin.
      {
        name: `\`GET /client-users?limit=25\`, ${people} people, SuperAdmin`,
        urls: [`/api/v1/client-users?organizationId=${org}&limit=25`],
        as: BENCH_SUPERADMIN_EMAIL,
      },
      {
        name: `\`GET /client-users?limit=25\`, ${people} people, Admin`,
        urls: [`/api/v1/client-users?organizationId=${org}&limit=25`],
        as: f.admin.email,
      },
      // Two sort orders of the same list: neither is a filtered version of the other.
      { name: '`GET /human-resource-records?limit=25`, Admin', urls: [hr('')], as: f.admin.email },
      {
        name: '`GET /human-resource-records?limit=25&orderBy=lastName`, Admin',
        urls: [hr('&orderBy=lastName&orderType=asc')],
        as: f.admin.email,
      },
    ];
    await endpointsAgainstTheirSql(server, database, cases, {
      keep: ownStatements,
      rounds,
      runs,
      explain: Boolean(values.explain),
      title: `${count} trainings, ${people} people`,
    });
    await server.app.close();
  } finally {
    await bench.close();
  }
}

await main();
