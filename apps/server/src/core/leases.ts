import os from 'node:os';
import { and, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { newId } from './ids.js';

/**
 * How long a stopping process lets the job or mail in hand finish before it hands its lease over
 * (below main.ts's 10 s forced exit).
 */
export const STOP_GRACE_MS = 7_000;

/** A table of background work: the columns a lease needs, under these names. */
export type LeasedTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  lastError: PgColumn;
  lockedBy: PgColumn;
  lockedUntil: PgColumn;
};

export interface QueueSpec<T extends LeasedTable> {
  table: T;
  /** When a pending row is due. */
  dueAt: PgColumn;
  /** The status of a waiting row, of a claimed row, and of a row given up. */
  statuses: { pending: string; claimed: string; failed: string };
  maxAttempts: number;
  /** How long a claim holds without renewal; the holder renews it every third of that. */
  leaseMs: number;
}

/** Names the process and the instance, so an operator can tell who holds a row. */
const newClaimerId = () => `${os.hostname()}/${process.pid}/${newId().slice(-12)}`;

/**
 * Claims rows of a work queue under leases, for one worker of one process. A claimed row
 * carries its claimer (`locked_by`) and the time until which it is claimed (`locked_until`);
 * the holder renews the lease while it works (`hold`), and settles the row with `heldBy(id)`
 * in its update, so a holder whose lease was taken over changes nothing. A row whose lease
 * expired (its process died) is claimable again, and counts that attempt; past the last
 * attempt it is failed instead. Claims take `FOR UPDATE SKIP LOCKED`, so workers never wait
 * for each other. Nothing resets other processes' rows.
 */
export class LeasedQueue<T extends LeasedTable> {
  readonly claimer = newClaimerId();

  constructor(
    private readonly db: Db,
    private readonly spec: QueueSpec<T>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Up to `limit` due rows (pending and due, or claimed with an expired lease), now held by this worker. */
  async claim(limit: number, only?: SQL): Promise<T['$inferSelect'][]> {
    const { table, dueAt, statuses, maxAttempts, leaseMs } = this.spec;
    const expired = and(eq(table.status, statuses.claimed), lt(table.lockedUntil, sql`now()`));
    await this.failAbandoned(expired);
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: table.id })
        .from(table as PgTable)
        .where(
          and(
            or(
              and(eq(table.status, statuses.pending), lte(dueAt, sql`now()`)),
              and(expired, lt(table.attempts, maxAttempts)),
            ),
            only,
          ),
        )
        .orderBy(dueAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const claimed = {
        status: statuses.claimed,
        attempts: sql`${table.attempts} + 1`,
        lockedBy: this.claimer,
        lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      } as PgUpdateSetSource<T>;
      const rows = await tx
        .update(table)
        .set(claimed)
        .where(
          inArray(
            table.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
      return rows as T['$inferSelect'][];
    });
  }

  /** Rows whose claimer died during their last attempt are not run again: they fail. */
  private async failAbandoned(expired: SQL | undefined) {
    const { table, statuses, maxAttempts } = this.spec;
    const failed = {
      status: statuses.failed,
      lastError: 'The process working on it stopped before it finished (lease expired) on the last attempt.',
      lockedBy: null,
      lockedUntil: null,
    } as PgUpdateSetSource<T>;
    const rows = await this.db
      .update(table)
      .set(failed)
      .where(and(expired, gte(table.attempts, maxAttempts)))
      .returning({ id: table.id });
    for (const { id } of rows) this.log.error({ id, claimer: this.claimer }, 'abandoned on its last attempt: failed');
  }

  /**
   * Renews the leases of `ids` every third of the lease until the returned function is called
   * (a heartbeat while the work runs, however long it takes).
   */
  hold(ids: string[]): () => void {
    const { table, statuses, leaseMs } = this.spec;
    const renewed = { lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` } as PgUpdateSetSource<T>;
    const timer = setInterval(() => {
      this.db
        .update(table)
        .set(renewed)
        .where(and(inArray(table.id, ids), eq(table.lockedBy, this.claimer), eq(table.status, statuses.claimed)))
        .then(
          () => undefined,
          (err: unknown) => this.log.warn({ err, claimer: this.claimer }, 'lease renewal failed'),
        );
    }, leaseMs / 3);
    timer.unref();
    this.renewals.add(timer);
    return () => {
      clearInterval(timer);
      this.renewals.delete(timer);
    };
  }

  /** The renewal timers of `hold`, stopped by `letGo`. */
  private readonly renewals = new Set<NodeJS.Timeout>();

  /**
   * Hands back rows claimed but not started (a stopping process): pending again at once, that
   * claim not counted as an attempt, so another process takes them at its next claim.
   */
  async giveBack(ids: string[]) {
    if (ids.length === 0) return;
    const { table, statuses } = this.spec;
    const handedBack = {
      status: statuses.pending,
      attempts: sql`${table.attempts} - 1`,
      ...this.released,
    } as PgUpdateSetSource<T>;
    await this.db
      .update(table)
      .set(handedBack)
      .where(and(inArray(table.id, ids), eq(table.lockedBy, this.claimer), eq(table.status, statuses.claimed)));
  }

  /**
   * A stopping worker: waits for its work in hand (`running`) up to `graceMs`, then hands over
   * the leases it still holds (`letGo`) rather than keep them until they expire.
   */
  async finishOrLetGo(running: Promise<unknown>, graceMs: number) {
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)));
    const outcome = await Promise.race([running, grace]);
    clearTimeout(timer);
    if (outcome === 'late') await this.letGo();
  }

  /**
   * Ends the leases of every row this worker still holds (a process stopping before its work
   * finished): another process claims them at once instead of after the lease, the attempt
   * under way counted. A settling update of this worker changes nothing afterwards.
   */
  private async letGo() {
    for (const timer of this.renewals) clearInterval(timer);
    this.renewals.clear();
    const { table, statuses } = this.spec;
    const expired = { lockedUntil: sql`now() - interval '1 millisecond'` } as PgUpdateSetSource<T>;
    const rows = await this.db
      .update(table)
      .set(expired)
      .where(and(eq(table.lockedBy, this.claimer), eq(table.status, statuses.claimed)))
      .returning({ id: table.id });
    for (const { id } of rows) this.log.warn({ id, claimer: this.claimer }, 'stopping: lease handed over unfinished');
  }

  /** The condition of a settling update: the row is still claimed by this worker. */
  heldBy(id: string): SQL | undefined {
    const { table, statuses } = this.spec;
    return and(eq(table.id, id), eq(table.lockedBy, this.claimer), eq(table.status, statuses.claimed));
  }

  /** The columns that release a row when it is settled. */
  readonly released = { lockedBy: null, lockedUntil: null } as const;
}
