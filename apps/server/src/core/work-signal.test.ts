import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from '../test/harness.js';
import { enqueueJob } from './jobs.js';
import { req } from '../../../../docs/requirements/req.js';

// Two processes of one deployment (two apps on one database): a mail or a job queued through one
// is taken up by the workers at commit, long before their next poll (a minute here).
let a: TestContext;
let b: TestContext;
const ran: number[] = [];
let releaseSlowJob: (() => void) | undefined;

beforeAll(async () => {
  a = await createTestContext({ smtp: true, wakeOnQueuedWork: true });
  b = await createTestContext({ sameDeploymentAs: a, wakeOnQueuedWork: true });
  for (const t of [a, b]) {
    t.app.ctx.jobs.define('test-woken', z.object({ n: z.number() }), async (_ctx, { n }) => {
      ran.push(n);
      if (n === 1) await new Promise<void>((resolve) => (releaseSlowJob = resolve));
    });
  }
});
afterAll(async () => {
  releaseSlowJob?.();
  await b.close();
  await a.close();
});

const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5_000, interval: 20 });

describe(`work queued at commit ${req('NOTIF-006')}`, () => {
  it('sends a mail queued in a transaction at once, and none from a transaction rolled back', async () => {
    await a.db
      .transaction(async (tx) => {
        await a.app.ctx.mailer.enqueue(tx, { to: 'lost@example.test', subject: 'Rolled back', text: 'x' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const started = Date.now();
    await b.db.transaction((tx) => b.app.ctx.mailer.enqueue(tx, { to: 'ann@example.test', subject: 'Now', text: 'x' }));
    const mail = await a.smtp!.waitForMail({ to: 'ann@example.test', timeoutMs: 5_000 });
    expect(mail.subject).toBe('Now');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(a.smtp!.messages.some((m) => m.to.includes('lost@example.test'))).toBe(false);
  });

  it('runs a job queued while another is running once that one has finished', async () => {
    await a.db.transaction((tx) => enqueueJob(tx, 'test-woken', { n: 1 }));
    await eventually(() => expect(ran).toContain(1));
    // The slow job holds its runner; the second is queued now and must not wait for a poll.
    await b.db.transaction((tx) => enqueueJob(tx, 'test-woken', { n: 2 }));
    await eventually(() => expect(ran).toContain(2));
    releaseSlowJob?.();
    await a.db.transaction((tx) => enqueueJob(tx, 'test-woken', { n: 3 }));
    await eventually(() => expect(ran).toEqual(expect.arrayContaining([1, 2, 3])));
    expect(ran.filter((n) => n === 3)).toHaveLength(1);
  });
});
