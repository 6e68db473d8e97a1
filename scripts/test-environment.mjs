// What a suite ran on, written beside its JSON results (`<run>-<engine>.env.json`) for the
// validation report (docs/decisions/0034-validation-evidence.md): Node, the database engine and
// its version, the browser of the journeys, the machine, the commit.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const firstLine = (command, args) => {
  const run = spawnSync(command, args, { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim().split('\n')[0] : null;
};

/** The server's version of the database the suite uses: TEST_DATABASE_URL's, or PGlite's own. */
async function databaseVersion() {
  try {
    if (process.env.TEST_DATABASE_URL) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        const { rows } = await client.query('show server_version');
        return { engine: 'PostgreSQL', version: rows[0].server_version };
      } finally {
        await client.end();
      }
    }
    const { PGlite } = await import('@electric-sql/pglite');
    // The package's exports leave its package.json out: read it from the folder.
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'));
    const db = await PGlite.create();
    try {
      const { rows } = await db.query('show server_version');
      return { engine: 'PGlite', version: `${pkg.version} (PostgreSQL ${rows[0].server_version})` };
    } finally {
      await db.close();
    }
  } catch (error) {
    return { engine: process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite', version: `unknown (${error.message})` };
  }
}

/** The environment of a run of `projects` (the browser only when the journeys are among them). */
export async function testEnvironment(projects) {
  return {
    projects,
    node: process.version,
    database: await databaseVersion(),
    browser: projects.includes('e2e') ? firstLine('/usr/bin/chromium', ['--version']) : null,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    commit: firstLine('git', ['rev-parse', 'HEAD']),
    // The checkout the suite ran in: the report names test files relative to it.
    root,
    startedAt: new Date().toISOString(),
  };
}
