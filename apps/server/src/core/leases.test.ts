import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { jobs, mailOutbox } from '../db/schema/index.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { enqueueJob, MAX_JOB_ATTEMPTS } from './jobs.js';
import { req } from '../../../../docs/requirements/req.js';

// Two processes of one deployment: two apps on one database, one data folder, one SMTP sink.
let a: TestContext;
let b: TestContext;
const runs: { by: string; n: number }[] = [];
let gate: Promise<void> = Promise.resolve();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function defineJobs(t: TestContext, name: string) {
  t.app.ctx.jobs.define('test-count', z.object({ n: z.number() }), async (_ctx, payload) => {
    runs.push({ by: name, n: payload.n });
    await sleep(5);
  });
  t.app.ctx.jobs.define('test-gated', z.object({ n: z.number() }), async (_ctx, payload) => {
    runs.push({ by: name, n: payload.n });
    await gate;
  });
}

const jobRow = async (t: TestContext, id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

beforeAll(async () => {
  a = await createTestContext({ smtp: true });
  b = await createTestContext({ sameDeploymentAs: a });
  defineJobs(a, 'a');
  defineJobs(b, 'b');
});
afterAll(async () => {
  await b.close();
  await a.close();
});

describe('jobs with two processes', () => {
  it(`run each job once while both processes claim at the same time ${req('SEC-004')}`, async () => {
    runs.length = 0;
    const ids = await a.db.transaction(async (tx) => {
      const queued: string[] = [];
      for (let n = 0; n < 12; n++) queued.push(await enqueueJob(tx, 'test-count', { n }));
      return queued;
    });
    await Promise.all([a.runJobs(), b.runJobs()]);
    expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual([...Array(12).keys()]);
    const rows = await a.db.select().from(jobs).where(inArray(jobs.id, ids));
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1 && r.lockedBy === null)).toBe(true);
  });

  it('leave a job another process is running alone, also when a new process starts', async () => {
    runs.length = 0;
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const id = await enqueueJob(a.db, 'test-gated', { n: 1 });
    const running = a.runJobs();
    while ((await jobRow(a, id)).status !== 'running') await sleep(10);

    // A process that starts now (as after a deploy) must not reset the running job.
    const c = await createTestContext({ sameDeploymentAs: a });
    defineJobs(c, 'c');
    try {
      expect(await b.runJobs()).toBe(0);
      expect(await c.runJobs()).toBe(0);
      expect(await jobRow(a, id)).toMatchObject({ status: 'running', lockedBy: a.app.ctx.jobs.claimer, attempts: 1 });
    } finally {
      open();
      await running;
      await c.close();
    }
    expect(runs).toEqual([{ by: 'a', n: 1 }]);
    expect(await jobRow(a, id)).toMatchObject({ status: 'done', lockedBy: null, lockedUntil: null });
  });

  it(`take over a job whose claimer died once its lease has expired ${req('SEC-004')}`, async () => {
    runs.length = 0;
    const id = await enqueueJob(a.db, 'test-count', { n: 7 });
    // A process claimed it and died: the lease is still valid for a minute, then expires.
    await a.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedBy: 'dead-host/1/x', lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(jobs.id, id));
    expect(await b.runJobs()).toBe(0);
    expect(runs).toEqual([]);

    await a.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    expect(await b.runJobs()).toBe(1);
    expect(runs).toEqual([{ by: 'b', n: 7 }]);
    expect(await jobRow(a, id)).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
  });

  it('fail, without running it again, a job whose claimer died on its last attempt', async () => {
    runs.length = 0;
    const id = await enqueueJob(a.db, 'test-count', { n: 8 });
    await a.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: MAX_JOB_ATTEMPTS,
        lockedBy: 'dead-host/1/x',
        lockedUntil: sql`now() - interval '1 second'`,
      })
      .where(eq(jobs.id, id));
    await b.runJobs();
    expect(runs).toEqual([]);
    expect(await jobRow(a, id)).toMatchObject({ status: 'failed', lockedBy: null });
    expect((await jobRow(a, id)).lastError).toMatch(/lease expired/);
  });

  it('fail a job whose payload does not match its schema, with the reason, and never run it', async () => {
    runs.length = 0;
    const id = await enqueueJob(a.db, 'test-count', { n: 'seven' });
    await a.runJobs();
    await b.runJobs();
    expect(runs).toEqual([]);
    const row = await jobRow(a, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lockedBy: null });
    expect(row.lastError).toMatch(/^invalid payload: .*expected number.*\n.*at n/s);
  });
});

describe('a long job', () => {
  it('renews its lease while it runs, so another process does not take it over', async () => {
    const leaseMs = 300;
    const slow = await createTestContext({ sameDeploymentAs: a, leaseMs });
    const other = await createTestContext({ sameDeploymentAs: a, leaseMs });
    let started = 0;
    for (const t of [slow, other]) {
      t.app.ctx.jobs.define('test-slow', z.object({}), async () => {
        started += 1;
        await sleep(4 * leaseMs);
      });
    }
    try {
      const id = await enqueueJob(a.db, 'test-slow', {});
      const running = slow.runJobs();
      while ((await jobRow(a, id)).status !== 'running') await sleep(10);
      const firstLease = (await jobRow(a, id)).lockedUntil!;
      for (let i = 0; i < 8; i++) {
        await other.runJobs();
        await sleep(leaseMs / 2);
      }
      await running;
      expect(started).toBe(1);
      const row = await jobRow(a, id);
      expect(row).toMatchObject({ status: 'done', attempts: 1 });
      expect(row.finishedAt!.getTime()).toBeGreaterThan(firstLease.getTime());
    } finally {
      await other.close();
      await slow.close();
    }
  });
});

describe('mail with two processes', () => {
  const queue = async (subject: string) => {
    const [row] = await a.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.subject, subject));
    if (row) throw new Error('subject used twice');
    await a.db.transaction((tx) => a.app.ctx.mailer.enqueue(tx, { to: 'ann@example.com', subject, text: 'Hello' }));
    return (await a.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject)))[0]!;
  };
  const received = (subject: string) => a.smtp!.messages.filter((m) => m.subject === subject).length;

  it(`deliver each mail once while both workers drain the outbox at the same time ${req('SEC-004', 'NOTIF-005')}`, async () => {
    const subjects = Array.from({ length: 10 }, (_, i) => `Once ${i}`);
    for (const subject of subjects) await queue(subject);
    await Promise.all([a.deliverMail(), b.deliverMail()]);
    expect(subjects.map(received)).toEqual(subjects.map(() => 1));
    const rows = await a.db.select().from(mailOutbox).where(inArray(mailOutbox.subject, subjects));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1 && r.lockedBy === null)).toBe(true);
  });

  it("leave a mail another process is sending alone, and take it over once that process's lease expired", async () => {
    const mail = await queue('Held by another process');
    await a.db
      .update(mailOutbox)
      .set({
        status: 'sending',
        attempts: 1,
        lockedBy: 'other-host/1/x',
        lockedUntil: sql`now() + interval '1 minute'`,
      })
      .where(eq(mailOutbox.id, mail.id));
    // A process that starts now must not put the mail back in the queue.
    const c = await createTestContext({ sameDeploymentAs: a });
    try {
      expect(await c.deliverMail()).toBe(0);
      expect(await b.deliverMail()).toBe(0);
      expect(received('Held by another process')).toBe(0);
    } finally {
      await c.close();
    }
    await a.db
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, mail.id));
    expect(await b.deliverMail()).toBe(1);
    expect(await a.deliverMail()).toBe(0);
    expect(received('Held by another process')).toBe(1);
    const [row] = await a.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lockedBy: null });
  });
});
