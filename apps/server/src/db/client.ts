import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories take either, so a service decides where the transaction begins. */
export type DbOrTx = Db | Tx;

/** Raw access for migrations and maintenance: multi-statement SQL and parameterised queries. */
export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn on one connection (session-level locks need that on a pool). */
  withSession<T>(fn: (session: SqlRunner) => Promise<T>): Promise<T>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  raw: SqlRunner;
  /** PGlite only: the whole database as a tarball, loadable with `loadDataDir`. */
  snapshot?: () => Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      /**
       * An initialised data directory (scripts/build-server.mjs prepares one): a dataDir that holds
       * no database yet is copied from it instead of running PGlite's initdb.
       */
      template?: string;
    };

/**
 * PGlite's shared buffers live in its WebAssembly memory and are all touched at start: its 128 MB
 * default is a third of the process's memory. Pages beyond it are still in the OS page cache.
 * See docs/performance.md (start-up).
 */
const PGLITE_SHARED_BUFFERS = '32MB';

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
    await pool.query('SELECT 1');
    const runnerOf = (client: pg.Pool | pg.PoolClient): SqlRunner => ({
      exec: async (sql) => void (await client.query(sql)),
      query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
      withSession: async (fn) => {
        const connection = await pool.connect();
        try {
          return await fn(runnerOf(connection));
        } finally {
          connection.release();
        }
      },
    });
    return {
      kind: 'postgres',
      db: drizzlePg({ client: pool, schema }) as unknown as Db,
      raw: runnerOf(pool),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) {
    await fs.mkdir(path.dirname(options.dataDir), { recursive: true });
    if (options.template) await copyTemplate(options.template, options.dataDir);
  }
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const raw: SqlRunner = {
    exec: async (sql) => void (await client.exec(sql)),
    query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
    withSession: (fn) => fn(raw),
  };
  return {
    kind: 'pglite',
    db: drizzlePglite({ client, schema }) as unknown as Db,
    raw,
    snapshot: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/**
 * Copies the template into a data directory that does not exist yet or is empty. Anything else
 * (a database, or files that are not one) is left to PGlite as it is.
 */
async function copyTemplate(template: string, dataDir: string): Promise<void> {
  const entries = await fs.readdir(dataDir).catch(() => []);
  const templateReady = await fs.access(path.join(template, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (entries.length > 0 || !templateReady) return;
  // Copied beside it and renamed, so an interrupted copy never looks like a database.
  const scratch = `${dataDir}.new`;
  await fs.rm(scratch, { recursive: true, force: true });
  await copyTree(template, scratch);
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rename(scratch, dataDir);
}

/** About a thousand small files: a plain walk copies them in a third of the CPU time of fs.cp. */
async function copyTree(from: string, to: string): Promise<void> {
  await fs.mkdir(to);
  const entries = await fs.readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map((entry) => {
      const [source, target] = [path.join(from, entry.name), path.join(to, entry.name)];
      return entry.isDirectory() ? copyTree(source, target) : fs.copyFile(source, target);
    }),
  );
}
