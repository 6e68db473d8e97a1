import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { jobs } from '../db/schema/index.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { enqueueJob, JobCannotRun, MAX_JOB_ATTEMPTS } from './jobs.js';
import { csvStream, exportFileName, pickColumns, type CsvColumn } from './exports.js';
import { req } from '../../../../docs/requirements/req.js';

let t: TestContext;
const seen: unknown[] = [];
let failuresLeft = 0;
let recurringRuns = 0;
let stopDuringRun = false;
let stopping: Promise<void> | undefined;

beforeAll(async () => {
  t = await createTestContext();
  t.app.ctx.jobs.define('test-echo', z.object({ n: z.number() }), async (_ctx, payload) => {
    seen.push(payload);
  });
  t.app.ctx.jobs.define('test-flaky', z.object({}), async () => {
    if (failuresLeft-- > 0) throw new Error('temporary failure');
  });
  t.app.ctx.jobs.define('test-hopeless', z.object({}), async () => {
    throw new JobCannotRun('the requester no longer has access');
  });
  t.app.ctx.jobs.define('test-stopper', z.object({ n: z.number() }), async () => {
    // Stops the runner while this job's batch is in hand (stopping waits for the batch).
    if (stopDuringRun) stopping = t.app.ctx.jobs.stop();
    stopDuringRun = false;
  });
  t.app.ctx.jobs.every('test-recurring', 60_000, async () => {
    recurringRuns += 1;
  });
});
afterAll(() => t.close());

describe('jobs', () => {
  it(`run committed jobs once and never rolled-back ones ${req('SEC-004')}`, async () => {
    await t.db.transaction((tx) => enqueueJob(tx, 'test-echo', { n: 1 }));
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueJob(tx, 'test-echo', { n: 2 });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await t.runJobs();
    await t.runJobs();
    expect(seen).toEqual([{ n: 1 }]);
  });

  it(`retry a failing job later and give up after the last attempt ${req('SEC-004', 'NOTIF-005')}`, async () => {
    failuresLeft = 100;
    const id = await enqueueJob(t.db, 'test-flaky', {});
    await t.runJobs();
    let [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'temporary failure' });
    for (let i = 2; i <= MAX_JOB_ATTEMPTS; i++) {
      await t.db
        .update(jobs)
        .set({ runAt: new Date(Date.now() - 1) })
        .where(eq(jobs.id, id));
      await t.runJobs();
    }
    [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_JOB_ATTEMPTS });
  });

  it('fail a job that cannot run at once, with its reason, without retrying', async () => {
    const id = await enqueueJob(t.db, 'test-hopeless', {});
    await t.runJobs();
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: 'the requester no longer has access' });
    expect(row!.finishedAt).not.toBeNull();
  });

  it(`finish the job in hand when stopped, and hand the rest of the batch back at once ${req('OPS-001')}`, async () => {
    const ids: string[] = [];
    for (let n = 0; n < 8; n++) ids.push(await enqueueJob(t.db, 'test-stopper', { n }));
    stopDuringRun = true;
    await t.runJobs();
    await stopping;
    const rows = async () =>
      t.db
        .select({ status: jobs.status, attempts: jobs.attempts, lockedBy: jobs.lockedBy })
        .from(jobs)
        .where(inArray(jobs.id, ids));
    const stopped = await rows();
    expect(stopped.filter((row) => row.status === 'done')).toHaveLength(1);
    // The other jobs of the batch are pending again, unheld, their claim not counted.
    expect(stopped.filter((row) => row.status === 'pending')).toEqual(
      ids.slice(1).map(() => ({ status: 'pending', attempts: 0, lockedBy: null })),
    );
    t.app.ctx.jobs.start();
    await t.runJobs();
    expect((await rows()).map((row) => row.status)).toEqual(ids.map(() => 'done'));
  });

  it(`hand the lease of a job still running over when stopped past the grace ${req('OPS-001')}`, async () => {
    let finish: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (finish = resolve));
    t.app.ctx.jobs.define('test-slow', z.object({}), () => running);
    const id = await enqueueJob(t.db, 'test-slow', {});
    const run = t.runJobs();
    await expect
      .poll(async () => (await t.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]!.status)
      .toBe('running');
    await t.app.ctx.jobs.stop(50);
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
    // Still the stopped runner's row, but its lease is over: any process claims it now.
    expect(row).toMatchObject({ status: 'running', attempts: 1 });
    expect(row!.lockedUntil!.getTime()).toBeLessThanOrEqual(Date.now());
    finish();
    await run;
    t.app.ctx.jobs.start();
  });

  it(`run a recurring task once per period ${req('SEC-004')}`, async () => {
    await t.runJobs();
    await t.runJobs();
    expect(recurringRuns).toBe(1);
  });
});

describe('CSV exports', () => {
  type Row = { name: string; status: string };
  const columns: CsvColumn<Row>[] = [
    { key: 'name', header: 'Organizations', value: (r) => r.name },
    { key: 'status', header: 'Status', value: (r) => r.status },
  ];

  it(`writes the visible columns in the requested order, neutralising formulas ${req('EXP-002', 'EXP-006')}`, async () => {
    const chunks: Buffer[] = [];
    const rows = [
      { name: '=HYPERLINK("x")', status: 'Active' },
      { name: 'Ärzte, "GmbH"', status: 'Inactive' },
    ];
    for await (const c of csvStream(pickColumns(columns, ['Status', 'name', 'unknown']), rows))
      chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toBe('\ufeffStatus,Organizations\nActive,"\'=HYPERLINK(""x"")"\nInactive,"Ärzte, ""GmbH"""\n');
  });

  it('names files with a label, the version e-mail and a timestamp', () => {
    expect(exportFileName('Organizations', 'ann@example.com', new Date('2026-11-22T09:30:00Z'))).toBe(
      'Organizations_version_ann@example.com_2026-11-22_09-30-00.csv',
    );
  });
});
