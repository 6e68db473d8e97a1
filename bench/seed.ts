// Fills a database with benchmark data in a few set-based statements (`npm run bench:seed -- --help`).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { newId } from '../apps/server/src/core/ids.js';
import { hashPassword } from '../apps/server/src/core/passwords.js';
import { openDatabase, type Database, type SqlRunner } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { parseCommandLine, type DescribedOption } from './cli.js';

export const BENCH_PASSWORD = 'Bench1234';
export const BENCH_SUPERADMIN_EMAIL = 'bench-superadmin@bench.qualis.test';
export const benchUserEmail = (n: number) => `bench-user-${n}@bench.qualis.test`;
export const LARGE_ORGANIZATION_NAME = 'Bench Large Organization';
export const BENCH_ADMIN_EMAIL = 'bench-admin@bench.qualis.test';
export const benchMemberEmail = (n: number) => `bench-member-${n}@bench.qualis.test`;
/** Every limit of the server raised out of the way (per person, per address, sign-in). */
export const NO_RATE_LIMITS = {
  RATE_LIMIT_PERSON_PER_MINUTE: '1000000000',
  RATE_LIMIT_ADDRESS_PER_MINUTE: '1000000000',
  RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000000000',
};

export interface SeedOptions {
  organizations: number;
  users: number;
  membershipsPerUser: number;
  /** Users of the one large organization (0: no large organization). */
  largeOrganizationUsers: number;
  /** User groups of the large organization; each of its users is in 1-3 of them. */
  largeOrganizationGroups: number;
}

/**
 * Permission types of the large organization's groups, group i taking set i mod 8: a view option
 * with some of its edit/add/delete options, as the rules of the permission catalogue allow.
 */
const GROUP_PERMISSION_SETS = [
  [11, 1, 10],
  [11, 34, 35, 36, 37, 38],
  [16, 12, 15, 48],
  [22, 17, 19, 21],
  [26, 23, 25],
  [30, 27, 28, 29],
  [56],
  [11, 22, 30],
];
const FIRST_NAMES = ['Ann', 'Ben', 'Carla', 'David', 'Eva', 'Frank', 'Greta', 'Hugo', 'Ines', 'Jan'];

/** Ids are made by the app's own generator (UUIDv7) and sent in chunks of this many. */
const CHUNK = 50_000;

/**
 * One SuperAdmin, `organizations` organizations, `users` users (bench-user-1 ...) each an active
 * member of `membershipsPerUser` organizations, spread evenly. Then, unless
 * `largeOrganizationUsers` is 0, one more organization (LARGE_ORGANIZATION_NAME) with an Admin
 * (BENCH_ADMIN_EMAIL), `largeOrganizationUsers` active Users (bench-member-1 ...) and
 * `largeOrganizationGroups` user groups with a few permissions each; every member is in 1-3
 * groups. Every account has the password BENCH_PASSWORD, hashed once. The database must be
 * migrated and not seeded before.
 */
export async function seed(runner: SqlRunner, options: SeedOptions): Promise<void> {
  const { organizations, users, membershipsPerUser } = options;
  if (membershipsPerUser > organizations) throw new Error('--memberships-per-user cannot exceed --organizations');
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const ids = (count: number) => Array.from({ length: count }, newId);

  await runner.withSession(async (sql) => {
    await sql.exec('BEGIN');
    try {
      await sql.query(
        `INSERT INTO users (id, email, role, password_hash, email_confirmed, password_changed_at)
         VALUES ($1, $2, 'SuperAdmin', $3, true, now())`,
        [newId(), BENCH_SUPERADMIN_EMAIL, passwordHash],
      );
      for (let done = 0; done < organizations; done += CHUNK) {
        // Names in no particular order relative to the ids, like real ones.
        await sql.query(
          `INSERT INTO organizations (id, name)
           SELECT id, initcap(substr(md5((n + $2)::text), 1, 12)) || ' Medical ' || (n + $2)
           FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, n)`,
          [ids(Math.min(CHUNK, organizations - done)), done],
        );
      }
      for (let done = 0; done < users; done += CHUNK) {
        await sql.query(
          `INSERT INTO users (id, email, first_name, last_name, role, password_hash, email_confirmed, password_changed_at)
           SELECT id, 'bench-user-' || (n + $2) || '@bench.qualis.test', 'User', 'No. ' || (n + $2), 'User', $3, true, now()
           FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, n)`,
          [ids(Math.min(CHUNK, users - done)), done, passwordHash],
        );
      }
      // User i joins organizations (i*k + j) mod N for j < k: even spread, no duplicates.
      await sql.query(
        `WITH o AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM organizations),
              u AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM users WHERE role = 'User')
         INSERT INTO memberships (organization_id, user_id, status, first_activated_at)
         SELECT o.id, u.id, 'Active', now()
         FROM u CROSS JOIN generate_series(0, $1::int - 1) AS j
         JOIN o ON o.i = (u.i * $1::int + j) % $2::int`,
        [membershipsPerUser, organizations],
      );
      if (options.largeOrganizationUsers > 0) await seedLargeOrganization(sql, options, passwordHash, ids);
      await sql.exec('COMMIT');
    } catch (error) {
      await sql.exec('ROLLBACK');
      throw error;
    }
  });
  await runner.exec('ANALYZE');
}

async function seedLargeOrganization(
  sql: SqlRunner,
  options: SeedOptions,
  passwordHash: string,
  ids: (count: number) => string[],
): Promise<void> {
  const { largeOrganizationUsers: members, largeOrganizationGroups: groups } = options;
  const organizationId = newId();
  await sql.query(`INSERT INTO organizations (id, name) VALUES ($1, $2)`, [organizationId, LARGE_ORGANIZATION_NAME]);
  const adminId = newId();
  await sql.query(
    `INSERT INTO users (id, email, first_name, last_name, role, password_hash, email_confirmed, password_changed_at)
     VALUES ($1, $2, 'Bench', 'Admin', 'Admin', $3, true, now())`,
    [adminId, BENCH_ADMIN_EMAIL, passwordHash],
  );
  await sql.query(
    `INSERT INTO memberships (organization_id, user_id, status, first_activated_at) VALUES ($1, $2, 'Active', now())`,
    [organizationId, adminId],
  );
  for (let done = 0; done < members; done += CHUNK) {
    // Last names in no particular order relative to the ids; first names from a short list.
    await sql.query(
      `WITH t AS (
         INSERT INTO users (id, email, first_name, last_name, role, password_hash, email_confirmed, password_changed_at)
         SELECT id, 'bench-member-' || (n + $2) || '@bench.qualis.test', ($4::text[])[1 + (n + $2) % cardinality($4::text[])],
                initcap(substr(md5('member' || (n + $2)), 1, 10)), 'User', $3, true, now()
         FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, n)
         RETURNING id)
       INSERT INTO memberships (organization_id, user_id, status, first_activated_at)
       SELECT $5, id, 'Active', now() FROM t`,
      [ids(Math.min(CHUNK, members - done)), done, passwordHash, FIRST_NAMES, organizationId],
    );
  }
  if (groups === 0) return;
  await sql.query(
    `INSERT INTO user_groups (organization_id, id, name)
     SELECT $2, id, 'Bench group ' || lpad(n::text, 4, '0') FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, n)`,
    [ids(groups), organizationId],
  );
  const numberedGroups = `SELECT id, row_number() OVER (ORDER BY lower(name)) - 1 AS i FROM user_groups WHERE organization_id = $1`;
  const pairs = GROUP_PERMISSION_SETS.flatMap((types, set) => types.map((type) => [set, type] as const));
  await sql.query(
    `INSERT INTO user_group_permissions (organization_id, group_id, type)
     SELECT $1, g.id, p.type
     FROM (${numberedGroups}) AS g
     JOIN unnest($2::int[], $3::int[]) AS p(set, type) ON p.set = g.i % $4::int`,
    [organizationId, pairs.map(([set]) => set), pairs.map(([, type]) => type), GROUP_PERMISSION_SETS.length],
  );
  // Member i is in groups i, i + q, i + 2q (mod the group count, q = a third of it): 1-3 of them.
  const perMember = Math.min(3, groups);
  const step = Math.max(1, Math.floor(groups / 3));
  await sql.query(
    `INSERT INTO user_group_members (organization_id, group_id, user_id)
     SELECT $1, g.id, u.user_id
     FROM (SELECT user_id, row_number() OVER (ORDER BY user_id) - 1 AS i FROM memberships m
           WHERE m.organization_id = $1 AND m.user_id <> $5) AS u
     CROSS JOIN LATERAL generate_series(0, (u.i % $2::int)::int) AS j
     JOIN (${numberedGroups}) AS g ON g.i = (u.i + j * $3::int) % $4::int`,
    [organizationId, perMember, step, groups, adminId],
  );
}

/** PostgreSQL at a URL, or the embedded PGlite of a server DATA_DIR (its pglite/ folder). */
export function openBenchDatabase(target: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
}): Promise<Database> {
  if (target.databaseUrl) return openDatabase({ kind: 'postgres', url: target.databaseUrl });
  if (target.dataDir)
    return openDatabase({ kind: 'pglite', dataDir: path.join(path.resolve(target.dataDir), 'pglite') });
  throw new Error('give --database-url URL or --data-dir DIR');
}

export const positiveInt = (name: string, value: string | undefined): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`);
  return n;
};

export const nonNegativeInt = (name: string, value: string | undefined): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, 0 or more`);
  return n;
};

/** The command-line options of the seed, shared by bench/load.ts. */
export const SEED_ARGS = {
  organizations: { type: 'string', default: '10000', value: 'N', description: 'organizations to create' },
  users: { type: 'string', default: '1000', value: 'N', description: 'Users (bench-user-1 ...) spread over them' },
  'memberships-per-user': {
    type: 'string',
    default: '3',
    value: 'N',
    description: 'organizations each of those Users is an active member of',
  },
  'large-organization-users': {
    type: 'string',
    default: '5000',
    value: 'N',
    description: 'Users of the one large organization (0: none)',
  },
  'large-organization-groups': {
    type: 'string',
    default: '200',
    value: 'N',
    description: 'user groups of the large organization',
  },
} as const satisfies Record<string, DescribedOption>;

const DATABASE_ARGS = {
  'database-url': { type: 'string', value: 'URL', description: 'a PostgreSQL database (migrated here if empty)' },
  'data-dir': { type: 'string', value: 'DIR', description: "a server's DATA_DIR: its embedded PGlite database" },
} as const satisfies Record<string, DescribedOption>;

const USAGE = [
  'npm run bench:seed -- --data-dir ./data/bench --organizations 100000 --users 10000 --memberships-per-user 3',
  'npm run bench:seed -- --database-url postgres://postgres@127.0.0.1:5432/qualis_bench',
  'npm run bench:seed -- --data-dir ./data/bench --large-organization-users 5000 --large-organization-groups 200',
  'Give --database-url or --data-dir; the database must not be seeded yet.',
];

export function seedOptionsOf(values: { [K in keyof typeof SEED_ARGS]?: string | undefined }): SeedOptions {
  return {
    organizations: positiveInt('organizations', values.organizations),
    users: positiveInt('users', values.users),
    membershipsPerUser: positiveInt('memberships-per-user', values['memberships-per-user']),
    largeOrganizationUsers: nonNegativeInt('large-organization-users', values['large-organization-users']),
    largeOrganizationGroups: nonNegativeInt('large-organization-groups', values['large-organization-groups']),
  };
}

async function main() {
  const values = parseCommandLine(USAGE, { ...SEED_ARGS, ...DATABASE_ARGS });
  const options = seedOptionsOf(values);
  const database = await openBenchDatabase({ databaseUrl: values['database-url'], dataDir: values['data-dir'] });
  try {
    await migrate(database.raw);
    const [seeded] = await database.raw.query('SELECT 1 FROM users WHERE email = $1', [BENCH_SUPERADMIN_EMAIL]);
    if (seeded) throw new Error('this database is already seeded: use a new one');
    const started = performance.now();
    await seed(database.raw, options);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${database.kind} in ${seconds} s: ${options.organizations} organizations, ${options.users} users, ` +
        `${options.users * options.membershipsPerUser} memberships` +
        (options.largeOrganizationUsers > 0
          ? `; "${LARGE_ORGANIZATION_NAME}" with ${options.largeOrganizationUsers} users ` +
            `(${benchMemberEmail(1)} ...), ${options.largeOrganizationGroups} user groups and the Admin ${BENCH_ADMIN_EMAIL}`
          : '') +
        `. Password of every account: ${BENCH_PASSWORD}; SuperAdmin: ${BENCH_SUPERADMIN_EMAIL}.`,
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
