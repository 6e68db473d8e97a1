import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError, loadConfig } from './config.js';
import { type Database, openDatabase } from './db/client.js';

// What the maintenance commands (audit-verify.ts, storage-migrate.ts, backup.ts, restore.ts) share: the server's
// configuration and database, or a clear line and exit code 2.

/** The configuration from `env` as the server reads it; a bad value prints it and exits 2. */
export function configOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

/**
 * The database the server is configured with. On PGlite, run the command while the server is
 * stopped: an embedded database has one user at a time.
 */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ kind: 'postgres', url: config.databaseUrl, maxConnections: 1 });
  const dataDir = path.join(config.dataDir, 'pglite');
  if (!existsSync(dataDir)) {
    console.error(`no database at ${dataDir} (set DATA_DIR or DATABASE_URL as for the server)`);
    process.exit(2);
  }
  return openDatabase({ kind: 'pglite', dataDir });
}

/** The value after `name` in the arguments, if given. */
export function optionOf(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

/**
 * The backup commands are the embedded default's: on PostgreSQL they say what to use instead
 * (README, Backups) and exit 2.
 */
export function refuseOnPostgres(config: Config, command: 'backup' | 'restore'): void {
  if (!config.databaseUrl) return;
  console.error(
    `npm run ${command} is for the embedded database; with DATABASE_URL use pg_dump (and pg_restore) for the ` +
      'database and the versioning of the S3 bucket for the files (README, Backups)',
  );
  process.exit(2);
}
