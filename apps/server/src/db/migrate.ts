import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlRunner } from './client.js';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant works; it only has to be the same for every process migrating this database.
const MIGRATION_LOCK_ID = 4242_0001;

/** The committed migrations' file names, in the order they are applied. */
export async function migrationNames(): Promise<string[]> {
  return (await fs.readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
}

/**
 * Applies the committed SQL migrations in file-name order, each in its own transaction, once.
 * Concurrent starts against one PostgreSQL database wait on an advisory lock.
 */
export function migrate(runner: SqlRunner, log: (msg: string) => void = () => {}): Promise<string[]> {
  return runner.withSession((raw) => migrateOnSession(raw, log));
}

async function migrateOnSession(raw: SqlRunner, log: (msg: string) => void): Promise<string[]> {
  await raw.exec(`SELECT pg_advisory_lock(${MIGRATION_LOCK_ID})`);
  try {
    await raw.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set((await raw.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const files = await migrationNames();
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await fs.readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
      const name = file.replace(/'/g, "''");
      await raw.exec(`BEGIN;\n${sql}\n;INSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`);
      applied.push(file);
      log(`migration applied: ${file}`);
    }
    return applied;
  } catch (error) {
    await raw.exec('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await raw.exec(`SELECT pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
  }
}
