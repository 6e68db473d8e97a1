import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dump of a migrated database, loaded by each test file. */
    pgliteTemplatePath: string;
    /** PostgreSQL: name of a migrated template database, copied by each test file. */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database per run; every test file then starts from a copy of it, which is
 * much faster than migrating per file and keeps the files independent.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `qualis_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), maxConnections: 1 });
    await migrate(database.raw);
    await database.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplatePath', '');
    return async () => {
      const leftovers = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'qualis_t${process.pid}_%' OR datname = $1`,
        [name],
      );
      for (const { datname } of leftovers.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.end();
    };
  }

  const database = await openDatabase({ kind: 'pglite' });
  await migrate(database.raw);
  const blob = await database.snapshot!();
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'qualis-test-')), 'template.tar');
  await fs.writeFile(file, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplatePath', file);
  project.provide('postgresTemplate', '');
  return async () => {
    await fs.rm(path.dirname(file), { recursive: true, force: true });
  };
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
