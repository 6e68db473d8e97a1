import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.js';
import type { DbOrTx } from '../db/client.js';
import { jobSchedules, jobs } from '../db/schema/index.js';
import { newId } from './ids.js';
import { Poller } from './poller.js';
import { backoffMs } from './retry.js';

export type JobRow = typeof jobs.$inferSelect;
export type JobHandler = (ctx: AppContext, job: JobRow) => Promise<void>;

export const MAX_JOB_ATTEMPTS = 5;
const BATCH = 5;

/** Queues background work in the caller's transaction: it runs only if that commits. */
export async function enqueueJob(
  tx: DbOrTx,
  kind: string,
  payload: Record<string, unknown>,
  options: { organizationId?: string | null; runAt?: Date } = {},
): Promise<string> {
  const id = newId();
  await tx.insert(jobs).values({
    id,
    kind,
    payload,
    organizationId: options.organizationId ?? null,
    runAt: options.runAt ?? new Date(),
  });
  return id;
}

/**
 * Runs queued jobs and recurring tasks. Modules register what they handle at start-up
 * (`define`, `every`); rows are claimed with SKIP LOCKED, so several processes can share them.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly recurring = new Map<string, { everyMs: number; run: (ctx: AppContext) => Promise<void> }>();
  private readonly poller: Poller;

  constructor(
    private readonly ctx: () => AppContext,
    private readonly log: FastifyBaseLogger,
    pollMs = 2000,
  ) {
    this.poller = new Poller('job runner', () => this.runDue(), pollMs, log);
  }

  define(kind: string, handler: JobHandler) {
    if (this.handlers.has(kind)) throw new Error(`job ${kind} is defined twice`);
    this.handlers.set(kind, handler);
  }

  /** A task run every `everyMs` by one process of the deployment; the first run is at start. */
  every(name: string, everyMs: number, run: (ctx: AppContext) => Promise<void>) {
    if (this.recurring.has(name)) throw new Error(`recurring task ${name} is defined twice`);
    this.recurring.set(name, { everyMs, run });
  }

  async start() {
    const { db } = this.ctx().database;
    await db.update(jobs).set({ status: 'pending' }).where(eq(jobs.status, 'running'));
    this.poller.start();
  }

  stop() {
    return this.poller.stop();
  }

  /** Runs everything due now; returns how many jobs and tasks ran. Tests call it directly. */
  runNow(): Promise<number> {
    return this.poller.runNow();
  }

  private async runDue(): Promise<number> {
    let count = await this.runRecurring();
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return count;
      for (const job of batch) {
        await this.runJob(job);
        count += 1;
      }
    }
  }

  private async claim(): Promise<JobRow[]> {
    const { db } = this.ctx().database;
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, sql`now()`)))
        .orderBy(jobs.runAt)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(jobs)
        .set({ status: 'running', attempts: sql`${jobs.attempts} + 1` })
        .where(
          inArray(
            jobs.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  private async runJob(job: JobRow) {
    const { db } = this.ctx().database;
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(this.ctx(), job);
      await db.update(jobs).set({ status: 'done', finishedAt: new Date(), lastError: null }).where(eq(jobs.id, job.id));
    } catch (err) {
      const givesUp = job.attempts >= MAX_JOB_ATTEMPTS;
      this.log.warn({ err, jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job failed');
      await db
        .update(jobs)
        .set({
          status: givesUp ? 'failed' : 'pending',
          lastError: (err instanceof Error ? err.message : String(err)).slice(0, 2000),
          runAt: new Date(Date.now() + backoffMs(job.attempts)),
          finishedAt: givesUp ? new Date() : null,
        })
        .where(eq(jobs.id, job.id));
    }
  }

  private async runRecurring(): Promise<number> {
    if (this.recurring.size === 0) return 0;
    const { db } = this.ctx().database;
    const names = [...this.recurring.keys()];
    await db
      .insert(jobSchedules)
      .values(names.map((name) => ({ name, nextRunAt: new Date() })))
      .onConflictDoNothing();
    let ran = 0;
    for (const name of names) {
      const task = this.recurring.get(name)!;
      // Claiming is one conditional update: of several processes, one wins each period.
      const claimed = await db
        .update(jobSchedules)
        .set({ nextRunAt: new Date(Date.now() + task.everyMs) })
        .where(and(eq(jobSchedules.name, name), lte(jobSchedules.nextRunAt, sql`now()`)))
        .returning();
      if (claimed.length === 0) continue;
      try {
        await task.run(this.ctx());
        ran += 1;
      } catch (err) {
        this.log.error({ err, task: name }, 'recurring task failed; it runs again next period');
      }
    }
    return ran;
  }
}
