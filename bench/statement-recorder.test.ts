import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../apps/server/src/db/client.js';
import { openTestDatabase } from '../apps/server/src/test/harness.js';
import { statementRecorder } from './statement-recorder.js';
import type { Statement } from './statements.js';

// On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (a pool of 4 connections).
describe('the benches’ statement recorder', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const probes = (s: Statement) => /bench_probe/.test(s.text);
  /** Statements through every path a request takes: Drizzle alone, in a transaction, raw, on one session. */
  const work = async () => {
    await database.db.execute(sql`select ${1}::int as bench_probe`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select ${2}::int as bench_probe`);
      await tx.execute(sql`select ${3}::int as bench_probe`);
    });
    await database.db.execute(sql`select ${4}::int as bench_probe`);
    await database.raw.query('select $1::int as bench_probe', [5]);
    await database.raw.withSession((session) => session.query('select $1::int as bench_probe', [6]));
    await database.db.execute(sql`select ${7}::int as bench_probe`);
  };
  const once = [1, 2, 3, 4, 5, 6, 7].map((n) => ({ text: expect.stringContaining('bench_probe'), params: [n] }));

  it('records every statement once, in the order sent, also after a pooled connection served a transaction', async () => {
    const recorder = statementRecorder(database);
    expect(await recorder.during(work, probes)).toEqual(once);
    // By now every connection the pool handed out has served a transaction and a session.
    expect(await recorder.during(work, probes)).toEqual(once);
    for (let i = 0; i < 3; i++) await database.db.transaction((tx) => tx.execute(sql`select 1`));
    expect(await recorder.during(work, probes)).toEqual(once);
  });

  it('records only what `work` sent, as `keep` filters it', async () => {
    const recorder = statementRecorder(database);
    await work();
    const sent = await recorder.during(
      () => database.db.transaction((tx) => tx.execute(sql`select ${8}::int as bench_probe`)),
      probes,
    );
    await work();
    expect(sent).toEqual([{ text: expect.stringContaining('bench_probe'), params: [8] }]);
  });

  it('times the statements in flight, overlapping ones once, within the time of the work', async () => {
    const recorder = statementRecorder(database);
    const sleep = (seconds: number) => sql`select pg_sleep(${seconds}) as bench_probe`;
    const timed = await recorder.timedDuring(async () => {
      await database.db.execute(sleep(0.05));
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Two at once on PostgreSQL's pool (one after the other on PGlite's single connection).
      await Promise.all([database.db.execute(sleep(0.05)), database.db.execute(sleep(0.05))]);
    }, probes);
    expect(timed.statements).toHaveLength(3);
    expect(timed.sqlMs).toBeGreaterThanOrEqual(95);
    // The 50 ms between them is not SQL; counted twice, the pair on PostgreSQL would pass this too.
    expect(timed.sqlMs).toBeLessThan(timed.totalMs - 40);
  });
});
