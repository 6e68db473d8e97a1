// Fills a database with benchmark data in a few set-based statements.
//   npm run bench:seed -- --data-dir ./data/bench --organizations 100000 --users 10000 --memberships-per-user 3
//   npm run bench:seed -- --database-url postgres://postgres@127.0.0.1:5432/qualis_bench
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { newId } from '../apps/server/src/core/ids.js';
import { hashPassword } from '../apps/server/src/core/passwords.js';
import { openDatabase, type Database, type SqlRunner } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';

export const BENCH_PASSWORD = 'Bench1234';
export const BENCH_SUPERADMIN_EMAIL = 'bench-superadmin@bench.qualis.test';
export const benchUserEmail = (n: number) => `bench-user-${n}@bench.qualis.test`;

export interface SeedOptions {
  organizations: number;
  users: number;
  membershipsPerUser: number;
}

/** Ids are made by the app's own generator (UUIDv7) and sent in chunks of this many. */
const CHUNK = 50_000;

/**
 * One SuperAdmin, `organizations` organizations, `users` users (bench-user-1 ...) each an active
 * member of `membershipsPerUser` organizations, spread evenly. Every account has the password
 * BENCH_PASSWORD, hashed once. The database must be migrated and not seeded before.
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
      await sql.exec('COMMIT');
    } catch (error) {
      await sql.exec('ROLLBACK');
      throw error;
    }
  });
  await runner.exec('ANALYZE');
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

async function main() {
  const { values } = parseArgs({
    options: {
      organizations: { type: 'string', default: '10000' },
      users: { type: 'string', default: '1000' },
      'memberships-per-user': { type: 'string', default: '3' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
    },
  });
  const options = {
    organizations: positiveInt('organizations', values.organizations),
    users: positiveInt('users', values.users),
    membershipsPerUser: positiveInt('memberships-per-user', values['memberships-per-user']),
  };
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
        `${options.users * options.membershipsPerUser} memberships. Password of every account: ${BENCH_PASSWORD}; ` +
        `SuperAdmin: ${BENCH_SUPERADMIN_EMAIL}.`,
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
