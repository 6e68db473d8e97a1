import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Client, Pool, PoolClient } from 'pg';
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
  /**
   * Calls `onMessage` for each NOTIFY on `channel` (after the sending transaction commits), and
   * `onListening(false)` when messages may be missed from then on, `onListening(true)` when they
   * arrive again (PostgreSQL: a dropped listening connection, opened again). The answer stops it.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onListening: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  /** PGlite only: the whole database as a tarball, loadable with `loadDataDir`. */
  snapshot?: () => Promise<Blob>;
  /**
   * PGlite only: what `read` answers and the tarball, with nothing committed between them (both are
   * taken in one transaction, which holds PGlite's transaction lock): the backup's audit heads are the dump's.
   */
  snapshotWith?: <T>(read: (raw: SqlRunner) => Promise<T>) => Promise<{ read: T; dump: Blob }>;
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
    // The PostgreSQL driver loads when it is used: the embedded default starts without it.
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
    // An idle connection the server closed (restart, failover, administrator) is dropped from the
    // pool and replaced on the next query; without a listener it would end the process.
    pool.on('error', () => undefined);
    await pool.query('SELECT 1');
    const runnerOf = (client: Pool | PoolClient): SqlRunner => ({
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
      listen: (channel, onMessage, onListening) =>
        listenOnPostgres(pg.Client, options.url, channel, onMessage, onListening),
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
    // Global search (migrations 0025, 0026); PostgreSQL ships them in its contrib package.
    extensions: { btree_gin, pg_trgm, unaccent },
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
    listen: async (channel, onMessage, onListening) => {
      // In the process itself: nothing can be missed.
      const stop = await client.listen(channel, onMessage);
      onListening(true);
      return () => stop();
    },
    snapshot: () => client.dumpDataDir('none'),
    // Inside one of PGlite's transactions no other query or transaction runs (its transaction lock);
    // the checkpoint writes every committed page to the data directory the dump then reads.
    snapshotWith: (read) =>
      client.transaction(async (tx) => {
        const inTransaction: SqlRunner = {
          exec: async (sql) => void (await tx.exec(sql)),
          query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows,
          withSession: (fn) => fn(inTransaction),
        };
        const answer = await read(inTransaction);
        await tx.exec('CHECKPOINT');
        return { read: answer, dump: await client.dumpDataDir('none') };
      }),
    close: () => client.close(),
  };
}

const RECONNECT_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to others). A dropped
 * connection is reported (`onListening(false)`) and opened again every second until `stop`.
 */
async function listenOnPostgres(
  PgClient: typeof Client,
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onListening: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  let client: Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const retryLater = () => {
    if (stopped) return;
    retry = setTimeout(() => void connect(), RECONNECT_MS);
    retry.unref();
  };
  const connect = async () => {
    const next = new PgClient({ connectionString: url });
    next.on('error', () => undefined);
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch {
      await next.end().catch(() => undefined);
      return retryLater();
    }
    next.on('end', () => {
      if (stopped) return;
      onListening(false);
      retryLater();
    });
    client = next;
    onListening(true);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end();
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
