import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppContext } from './context.js';
import type { Db, DbOrTx } from '../db/client.js';
import { jobSchedules, jobs } from '../db/schema/index.js';
import { newId } from './ids.js';
import { LeasedQueue, STOP_GRACE_MS } from './leases.js';
import { Poller } from './poller.js';
import { backoffMs } from './retry.js';

export type JobRow = typeof jobs.$inferSelect;
export type JobHandler<P> = (ctx: AppContext, payload: P, job: JobRow) => Promise<void>;

interface JobDefinition {
  schema: z.ZodType;
  handler: JobHandler<unknown>;
}

export const MAX_JOB_ATTEMPTS = 5;
/** A claimed job is held this long without renewal; a running job renews it every third. */
export const JOB_LEASE_MS = 120_000;
/** Jobs claimed at a time (and held while they run one after the other). */
export const JOB_BATCH = 5;

/**
 * A job that cannot succeed however often it runs (its requester lost access, its records are
 * gone): thrown by a handler, it fails the job at once with this reason, without retries.
 */
export class JobCannotRun extends Error {}

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
 * (`define`, `every`). Jobs are claimed under leases (core/leases.ts), so several processes
 * share the queue and none runs another's job while its claimer lives.
 */
export class JobRunner {
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly recurring = new Map<
    string,
    { everyMs: number; firstAfterMs: number; run: (ctx: AppContext) => Promise<void> }
  >();
  private readonly poller: Poller;
  private readonly queue: LeasedQueue<typeof jobs>;
  private stopping = false;

  constructor(
    private readonly ctx: () => AppContext,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: { pollMs?: number | undefined; leaseMs?: number | undefined } = {},
  ) {
    this.poller = new Poller('job runner', () => this.runDue(), options.pollMs ?? 2000, log);
    this.queue = new LeasedQueue(
      db,
      {
        table: jobs,
        dueAt: jobs.runAt,
        statuses: { pending: 'pending', claimed: 'running', failed: 'failed' },
        maxAttempts: MAX_JOB_ATTEMPTS,
        leaseMs: options.leaseMs ?? JOB_LEASE_MS,
      },
      log,
    );
  }

  /** This runner's claimer id, written to the jobs it holds (`locked_by`). */
  get claimer() {
    return this.queue.claimer;
  }

  /**
   * Handles the jobs of `kind`; their payload is parsed with `schema` first. A payload that does
   * not match fails the job at once (retrying cannot fix it), with the reason in `last_error`.
   */
  define<S extends z.ZodType>(kind: string, schema: S, handler: JobHandler<z.output<S>>) {
    if (this.definitions.has(kind)) throw new Error(`job ${kind} is defined twice`);
    this.definitions.set(kind, { schema, handler: handler as JobHandler<unknown> });
  }

  /**
   * A task run every `everyMs` by one process of the deployment. The deployment's first run is at
   * its first start, or `firstAfterMs` later (a task with nothing to do on a new deployment).
   */
  every(name: string, everyMs: number, run: (ctx: AppContext) => Promise<void>, { firstAfterMs = 0 } = {}) {
    if (this.recurring.has(name)) throw new Error(`recurring task ${name} is defined twice`);
    this.recurring.set(name, { everyMs, firstAfterMs, run });
  }

  start() {
    this.stopping = false;
    this.poller.start();
  }

  /**
   * Stops polling and claims no further batch; the batch's jobs not started yet are handed back at
   * once, and the job under way gets `graceMs` to finish, after which the leases still held are
   * handed over (another process runs them, the job under way again). A long queue, such as the file texts migration 0025 queues,
   * goes to the other processes instead of holding the shutdown.
   */
  async stop(graceMs = STOP_GRACE_MS) {
    this.stopping = true;
    await this.queue.finishOrLetGo(this.poller.stop(), graceMs);
  }

  /** A job was queued (core/work-signal.ts): run it now rather than at the next poll. */
  wake() {
    this.poller.wake();
  }

  /** Runs everything due now; returns how many jobs and tasks ran. Tests call it directly. */
  runNow(): Promise<number> {
    return this.poller.runNow();
  }

  private async runDue(): Promise<number> {
    let count = await this.runRecurring();
    for (;;) {
      if (this.stopping) return count;
      const batch = await this.claim();
      if (batch.length === 0) return count;
      // The whole batch stays held while its jobs run one after the other.
      const release = this.queue.hold(batch.map((job) => job.id));
      try {
        for (const [index, job] of batch.entries()) {
          if (this.stopping) {
            await this.queue.giveBack(batch.slice(index).map((left) => left.id));
            return count;
          }
          await this.runJob(job);
          count += 1;
        }
      } finally {
        release();
      }
    }
  }

  /** Due jobs of the kinds this process handles (a process of another version leaves the others). */
  private claim(): Promise<JobRow[]> {
    const kinds = [...this.definitions.keys()];
    if (kinds.length === 0) return Promise.resolve([]);
    return this.queue.claim(JOB_BATCH, inArray(jobs.kind, kinds));
  }

  private async runJob(job: JobRow) {
    const definition = this.definitions.get(job.kind)!;
    const parsed = definition.schema.safeParse(job.payload);
    if (!parsed.success) {
      const reason = `invalid payload: ${z.prettifyError(parsed.error)}`;
      this.log.error({ jobId: job.id, kind: job.kind, reason }, 'job payload does not match its schema: job failed');
      await this.settle(job, { status: 'failed', lastError: reason, finishedAt: new Date() });
      return;
    }
    try {
      await definition.handler(this.ctx(), parsed.data, job);
      await this.settle(job, { status: 'done', finishedAt: new Date(), lastError: null });
    } catch (err) {
      if (err instanceof JobCannotRun) {
        this.log.warn({ jobId: job.id, kind: job.kind, reason: err.message }, 'job cannot run: job failed');
        await this.settle(job, { status: 'failed', lastError: err.message.slice(0, 2000), finishedAt: new Date() });
        return;
      }
      const givesUp = job.attempts >= MAX_JOB_ATTEMPTS;
      this.log.warn({ err, jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job failed');
      await this.settle(job, {
        status: givesUp ? 'failed' : 'pending',
        lastError: (err instanceof Error ? err.message : String(err)).slice(0, 2000),
        runAt: new Date(Date.now() + backoffMs(job.attempts)),
        finishedAt: givesUp ? new Date() : null,
      });
    }
  }

  /** Records the outcome, only while this runner still holds the job. */
  private async settle(job: JobRow, outcome: Partial<JobRow>) {
    const settled = await this.db
      .update(jobs)
      .set({ ...outcome, ...this.queue.released })
      .where(this.queue.heldBy(job.id))
      .returning({ id: jobs.id });
    if (settled.length === 0) {
      this.log.error({ jobId: job.id, kind: job.kind, claimer: this.claimer }, 'job lease lost: outcome not recorded');
    }
  }

  private async runRecurring(): Promise<number> {
    if (this.recurring.size === 0) return 0;
    const { db } = this.ctx().database;
    const names = [...this.recurring.keys()];
    await db
      .insert(jobSchedules)
      .values(names.map((name) => ({ name, nextRunAt: new Date(Date.now() + this.recurring.get(name)!.firstAfterMs) })))
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
