// Training records and HR records at size: one organization of N trainings (a quiz of 2 questions x
// 3 answers each, a few assignees each), a user group of 5,000 people assigned to the newest
// training (some passed), and a "related only" User (without `Permission.ViewAllTrainingRecords`)
// assigned to a tenth of the trainings. Each endpoint's p95 through the real app (app.inject, one
// request at a time) against the raw SQL of the same page, written out as the repositories build it
// (`npm run bench:trainings -- --help`).
import type { Database } from '../apps/server/src/db/client.js';
import { parseCommandLine } from './cli.js';
import {
  DATABASE_URL_OPTION,
  WARM_UP,
  benchOrganizationId,
  loadAverage,
  ms,
  openInProcessBench,
  personByEmail,
  runStatements,
  startBenchApp,
  timed,
  type Person,
  type Statement,
} from './in-process.js';
import { BENCH_ADMIN_EMAIL, benchMemberEmail, nonNegativeInt, positiveInt, seed } from './seed.js';

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

// ---------------------------------------------------------------------------------------------
// The raw SQL: what training-records.repository.ts and hr-records.repository.ts send.

const person = (t: string) => `${t}.id, ${t}.first_name, ${t}.last_name, ${t}.email, ${t}.role`;
const personJson = (u: string) =>
  `json_build_object('id', ${u}.id, 'firstName', ${u}.first_name, 'lastName', ${u}.last_name, 'email', ${u}.email, 'role', ${u}.role)`;
const personOrder = (u: string) => `lower(${u}.last_name), lower(${u}.first_name), ${u}.id`;
const ofTraining = (t: string) =>
  `${t}.organization_id = training_records.organization_id and ${t}.training_id = training_records.id`;
/** assignedTo / passedBy of the viewer, parameter $2. */
const ASSIGNED = `exists (select 1 from training_assignments ta where ${ofTraining('ta')} and ta.user_id = $2)`;
const PASSED = `exists (select 1 from training_attempts tp where ${ofTraining('tp')} and tp.user_id = $2
  and tp.cycle = training_records.cycle and tp.passed)`;

/**
 * rowColumns of the repository: the training, its people, tags, the people and groups chosen (a
 * group by name and size), how many have to pass, documents and the viewer's status.
 */
const TRAINING_COLUMNS = `training_records.id, training_records.number, training_records.name, training_records.description,
  training_records.due_date, training_records.link, training_records.link_description, training_records.extra_link,
  training_records.extra_link_description, training_records.quiz_version, training_records.cycle, training_records.created_at,
  training_records.creator_id, training_records.assigner_id, ${person('assigner')}, ${person('creator')},
  coalesce((select json_agg(json_build_object('id', tg.id, 'name', tg.name) order by lower(tg.name), tg.id)
    from training_record_tags trt join tags tg on tg.organization_id = trt.organization_id and tg.id = trt.tag_id
    where ${ofTraining('trt')}), '[]'::json),
  coalesce((select json_agg(${personJson('u')} order by ${personOrder('u')})
    from training_assignee_users tu join users u on u.id = tu.user_id where ${ofTraining('tu')}), '[]'::json),
  coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name, 'userCount', (select count(*)
      from user_group_members m where m.organization_id = g.organization_id and m.group_id = g.id)) order by lower(g.name), g.id)
    from training_assignee_groups tg join user_groups g on g.organization_id = tg.organization_id and g.id = tg.group_id
    where ${ofTraining('tg')}), '[]'::json),
  (select count(*) from training_assignments ta where ${ofTraining('ta')}),
  coalesce((select json_agg(json_build_object('id', dr.document_id, 'name', dr.name, 'revision', dr.revision)
      order by lower(dr.name), dr.revision)
    from document_revisions dr
    where dr.organization_id = training_records.organization_id and dr.training_record_id = training_records.id), '[]'::json),
  (select json_build_object('id', dr.document_id, 'name', dr.name, 'revision', dr.revision) from document_revisions dr
    where dr.organization_id = training_records.organization_id and dr.document_id = training_records.cycle_document_id
      and dr.revision = training_records.cycle_revision),
  ${ASSIGNED}, ${PASSED}`;
const TRAINING_FROM = `from training_records join users assigner on assigner.id = training_records.assigner_id
  join users creator on creator.id = training_records.creator_id`;

/** trainingsVisibleTo: the whole organization, or what the person created, assigns or is assigned to. */
const visibleTrainings = (relatedOnly: boolean) =>
  relatedOnly
    ? `training_records.organization_id = $1 and (training_records.creator_id = $2 or training_records.assigner_id = $2 or ${ASSIGNED})`
    : 'training_records.organization_id = $1';

/** GET /training-records?limit=25 (listTrainings through readPage): the page, then its count (the page is full). */
function trainingListStatements(organizationId: string, viewer: Person, relatedOnly: boolean, pending: boolean) {
  const where = `${visibleTrainings(relatedOnly)}${pending ? ` and ${ASSIGNED} and not ${PASSED}` : ''}`;
  const params = [organizationId, viewer.id];
  return [
    {
      text: `select ${TRAINING_COLUMNS} ${TRAINING_FROM} where ${where}
        order by training_records.number desc, training_records.id desc limit 25`,
      params,
    },
    {
      text: `select count(*) ${TRAINING_FROM} where ${where}`,
      params: where.includes('$2') ? params : [organizationId],
    },
  ];
}

/**
 * GET /training-records/{id}/completion-progress: the visible training's round and the viewer's
 * state (findVisibleTrainingState), the people (listProgressPeople), every attempt (listAttempts).
 */
function completionProgressStatements(organizationId: string, viewer: Person, trainingId: string, cycle: number) {
  return [
    {
      text: `select training_records.id, training_records.cycle, training_records.creator_id, training_records.assigner_id,
        ${ASSIGNED}, ${PASSED} from training_records where ${visibleTrainings(false)} and training_records.id = $3`,
      params: [organizationId, viewer.id, trainingId],
    },
    {
      text: `select ${person('users')}, ta.assigned_at, tp.attempted_at from users
        left join training_assignments ta on ta.organization_id = $1 and ta.training_id = $2 and ta.user_id = users.id
        left join training_attempts tp on tp.organization_id = $1 and tp.training_id = $2 and tp.user_id = users.id
          and tp.cycle = $3 and tp.passed = true
        where users.id in (select ta.user_id from training_assignments ta where ta.organization_id = $1 and ta.training_id = $2
          union select tp.user_id from training_attempts tp where tp.organization_id = $1 and tp.training_id = $2
            and tp.cycle = $3 and tp.passed)
        order by lower(users.last_name), lower(users.first_name), users.id`,
      params: [organizationId, trainingId, cycle],
    },
    {
      text: `select a.id, a.user_id, a.passed, a.attempted_at, a.cycle, a.quiz_version,
        (select json_build_object('id', dr.document_id, 'name', dr.name, 'revision', dr.revision) from document_revisions dr
          where dr.organization_id = a.organization_id and dr.document_id = a.document_id and dr.revision = a.revision)
        from training_attempts a where a.organization_id = $1 and a.training_id = $2 order by a.attempted_at, a.id`,
      params: [organizationId, trainingId],
    },
  ];
}

/** GET /human-resource-records?limit=25 (listHrRecords through readPage) in `orderBy`: the page and its count. */
function hrListStatements(organizationId: string, orderBy: string): Statement[] {
  const from = `from hr_records join users on users.id = hr_records.user_id
    left join memberships on memberships.organization_id = hr_records.organization_id and memberships.user_id = hr_records.user_id
    where hr_records.organization_id = $1`;
  const columns = `hr_records.id, hr_records.user_id, hr_records.created_at, hr_records.file_id, users.first_name,
    users.last_name, users.email, users.role, users.password_hash is not null, coalesce(memberships.status, 'Removed'),
    coalesce((select json_agg(json_build_object('id', tg.id, 'name', tg.name) order by lower(tg.name), tg.id)
      from hr_record_tags ht join tags tg on tg.organization_id = ht.organization_id and tg.id = ht.tag_id
      where ht.organization_id = hr_records.organization_id and ht.hr_record_id = hr_records.id), '[]'::json),
    coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name, 'userCount', (
        select count(*)::int from user_group_members c where c.organization_id = g.organization_id and c.group_id = g.id))
      order by lower(g.name), g.id)
      from user_group_members m join user_groups g on g.organization_id = m.organization_id and g.id = m.group_id
      where m.organization_id = hr_records.organization_id and m.user_id = hr_records.user_id), '[]'::json),
    coalesce((select json_agg(json_build_object('id', tr.id, 'name', tr.name, 'number', tr.number,
        'trainingStatus', case when pass.attempted_at is null then 0 else 1 end,
        'passedAt', pass.attempted_at, 'revision', pass.revision) order by tr.number)
      from training_records tr
      left join training_attempts pass on pass.organization_id = tr.organization_id and pass.training_id = tr.id
        and pass.user_id = hr_records.user_id and pass.passed and pass.cycle = tr.cycle
      where tr.organization_id = hr_records.organization_id and tr.id in (
        select ta.training_id from training_assignments ta
        where ta.organization_id = hr_records.organization_id and ta.user_id = hr_records.user_id
        union
        select at.training_id from training_attempts at
        where at.organization_id = hr_records.organization_id and at.user_id = hr_records.user_id)), '[]'::json)`;
  return [
    { text: `select ${columns} ${from} order by ${orderBy}, hr_records.id asc limit 25`, params: [organizationId] },
    { text: `select count(*) ${from}`, params: [organizationId] },
  ];
}

interface Case {
  name: string;
  url: string;
  token: string;
  raw: Statement[];
  /** The case this one is the filtered version of. */
  unfiltered?: string;
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
      explain: { type: 'boolean', description: 'print EXPLAIN (ANALYZE, BUFFERS) of every raw statement first' },
    },
  );
  const count = positiveInt('trainings', values.trainings);
  const people = positiveInt('people', values.people);
  const passed = Math.min(people, nonNegativeInt('passed', values.passed));
  const runs = positiveInt('runs', values.runs);
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
    const tokens = { admin: await server.tokenOf(f.admin.email), related: await server.tokenOf(f.related.email) };

    const org = f.organizationId;
    const trainings = (query: string) => `/api/v1/training-records?organizationId=${org}&limit=25${query}`;
    const hr = (query: string) => `/api/v1/human-resource-records?organizationId=${org}&limit=25${query}`;
    const adminList = '`GET /training-records?limit=25`, Admin';
    const relatedList = '`GET /training-records?limit=25`, related User';
    const hrByName = '`GET /human-resource-records?limit=25`, Admin';
    const cases: Case[] = [
      {
        name: adminList,
        url: trainings(''),
        token: tokens.admin,
        raw: trainingListStatements(org, f.admin, false, false),
      },
      {
        name: relatedList,
        url: trainings(''),
        token: tokens.related,
        raw: trainingListStatements(org, f.related, true, false),
        unfiltered: adminList,
      },
      {
        name: '`GET /training-records?status=AssignedPending`, related User',
        url: trainings('&status=AssignedPending'),
        token: tokens.related,
        raw: trainingListStatements(org, f.related, true, true),
        unfiltered: relatedList,
      },
      {
        name: `\`GET /training-records/{id}/completion-progress\`, ${people} people, Admin`,
        url: `/api/v1/training-records/${f.groupTrainingId}/completion-progress?organizationId=${org}`,
        token: tokens.admin,
        raw: completionProgressStatements(org, f.admin, f.groupTrainingId, 1),
      },
      {
        name: hrByName,
        url: hr(''),
        token: tokens.admin,
        raw: hrListStatements(org, `lower(concat_ws(' ', users.last_name, users.first_name)) asc`),
      },
      {
        name: '`GET /human-resource-records?limit=25&orderBy=lastName`, Admin',
        url: hr('&orderBy=lastName&orderType=asc'),
        token: tokens.admin,
        raw: hrListStatements(org, 'lower(users.last_name) asc'),
        unfiltered: hrByName,
      },
    ];

    if (values.explain) {
      for (const c of cases) {
        for (const s of c.raw) {
          const plan = await database.raw.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN (ANALYZE, BUFFERS) ${s.text}`,
            s.params,
          );
          console.log(`\n-- ${c.name}\n${plan.map((p) => p['QUERY PLAN']).join('\n')}`);
        }
      }
    }

    const before = loadAverage();
    const rows = new Map<string, { endpoint: number; raw: number; kb: string }>();
    for (const c of cases) {
      const kb = ((await server.get(c.url, c.token)).rawPayload.length / 1024).toFixed(1);
      const endpoint = (await timed(runs, () => server.get(c.url, c.token))).p95;
      const raw = (await timed(runs, () => runStatements(database, c.raw))).p95;
      rows.set(c.name, { endpoint, raw, kb });
      console.log(`  ${c.name}: endpoint ${ms(endpoint)} ms, raw ${ms(raw)} ms, ${kb} KB (load ${loadAverage()})`);
    }
    console.log(
      `\n${database.kind}, ${count} trainings, ${people} people; one request at a time, p95 of ${runs} after ` +
        `${WARM_UP} warm-up; load average ${before} before, ${loadAverage()} after\n`,
    );
    console.log(
      '| case | endpoint p95 ms | raw SQL p95 ms | endpoint / raw | filtered / unfiltered (endpoint) | response KB |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const c of cases) {
      const r = rows.get(c.name)!;
      const unfiltered = c.unfiltered ? rows.get(c.unfiltered) : undefined;
      const filtered = unfiltered ? `${(r.endpoint / unfiltered.endpoint).toFixed(2)}x` : '';
      console.log(
        `| ${c.name} | ${ms(r.endpoint)} | ${ms(r.raw)} | ${(r.endpoint / r.raw).toFixed(2)}x | ${filtered} | ${r.kb} |`,
      );
    }
    await server.app.close();
  } finally {
    await bench.close();
  }
}

await main();
