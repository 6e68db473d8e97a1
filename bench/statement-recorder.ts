// The statements a request or a job sends, recorded at the database driver, so a bench times the
// real SQL of what it measures (bench/documents.ts, actions.ts, trainings.ts, search.ts, ...).
// Tested in bench/statement-recorder.test.ts on PGlite and PostgreSQL.
import type { Pool } from 'pg';
import type { Database } from '../apps/server/src/db/client.js';
import type { Statement } from './statements.js';

type Queryable = { query: (...args: unknown[]) => unknown };

/**
 * The statements a request sends, recorded once each where they reach the database: on
 * PostgreSQL at every connection the pool hands out (a pool's own `query` takes a connection too,
 * so recording both would record it twice once that connection had been wrapped), on PGlite at the
 * instance and at the transaction it opens.
 */
export function statementRecorder(database: Database) {
  const client = (database.db as unknown as { $client: Queryable & Record<string, unknown> }).$client;
  let recorded: Statement[] | undefined;
  // The time some statement of the recording was in flight: overlapping statements count once.
  let inFlight = 0;
  let inFlightSince = 0;
  let sqlMs = 0;
  const settled = () => {
    if (--inFlight === 0) sqlMs += performance.now() - inFlightSince;
  };
  const wrapped = new WeakSet<Queryable>();
  const wrap = (target: Queryable) => {
    if (wrapped.has(target)) return target;
    wrapped.add(target);
    const original = target.query;
    target.query = function (this: unknown, ...args: unknown[]) {
      if (recorded) {
        const [query, params] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
        const text = typeof query === 'string' ? query : query.text;
        recorded.push({ text, params: params ?? (typeof query === 'string' ? [] : (query.values ?? [])) });
        if (inFlight++ === 0) inFlightSince = performance.now();
        // pg's pool calls a connection's query with a callback; Drizzle and PGlite take the promise.
        const callback = args.at(-1);
        if (typeof callback === 'function') {
          args[args.length - 1] = (...answer: unknown[]) => {
            settled();
            return (callback as (...a: unknown[]) => unknown)(...answer);
          };
          return original.apply(this, args);
        }
        const answer = original.apply(this, args);
        if (typeof (answer as PromiseLike<unknown> | undefined)?.then === 'function') {
          (answer as PromiseLike<unknown>).then(settled, settled);
        } else settled();
        return answer;
      }
      return original.apply(this, args);
    };
    return target;
  };
  if (database.kind === 'postgres') {
    // Every checkout, by pool.query, pool.connect or a transaction, new connection or idle one.
    (client as unknown as Pool).on('acquire', wrap);
  } else {
    wrap(client);
    const transaction = client.transaction as (work: (tx: Queryable) => Promise<unknown>) => Promise<unknown>;
    client.transaction = function (this: unknown, work: (tx: Queryable) => Promise<unknown>) {
      return transaction.call(this, (tx) => work(wrap(tx)));
    };
  }
  return {
    /**
     * What `work` sent that `keep` keeps: a bench keeps its own tables' statements, not the
     * organization access lookup every request makes, nor the job poller's that happen to run meanwhile.
     */
    async during(work: () => Promise<unknown>, keep: (statement: Statement) => boolean): Promise<Statement[]> {
      return (await this.timedDuring(work, keep)).statements;
    },
    /**
     * The same, with how long `work` took and how much of it some statement was in flight (at the
     * driver: sending, the database's work, the answer back). For writes, whose statements cannot
     * be sent twice (bench/writes.ts).
     */
    async timedDuring(work: () => Promise<unknown>, keep: (statement: Statement) => boolean) {
      recorded = [];
      sqlMs = 0;
      const started = performance.now();
      try {
        await work();
        return { statements: recorded.filter(keep), totalMs: performance.now() - started, sqlMs };
      } finally {
        recorded = undefined;
      }
    },
  };
}
