import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { signingAttempts } from '../../db/schema/index.js';

/**
 * The signing lock (21 CFR 11.300(d), decision 0018): 5 wrong access codes or passwords in a row
 * lock the person's signing for 15 minutes in every organization; a right one clears the count.
 * Kept in `signing_attempts`, one row per person, so every server process sees the same count.
 *
 * The code and password are checked first, holding nothing (Argon2id takes its time); then one
 * transaction takes the person's row and settles the attempt on it: refused when locked by then,
 * whatever the check said; else a right one clears the count and a wrong one is counted, the 5th
 * locking. Attempts sent at once queue on the row and are settled one after the other, exactly
 * like sequential ones, and only a check that failed is ever counted.
 */
export const SIGNING_LOCK = { maxFailures: 5, lockMinutes: 15 } as const;

/** How an attempt was settled: refused for a lock in force, passed, or counted as failed (locking at the 5th). */
export type SettledAttempt =
  | { outcome: 'locked'; lockedUntil: Date }
  | { outcome: 'passed' }
  | { outcome: 'failed'; failures: number; lockedUntil: Date | null };

/** The lock's end, as the message and the e-mails say it: '14:05 UTC'. */
export const lockEndText = (until: Date) => `${until.toISOString().slice(11, 16)} UTC`;

const inForce = (lockedUntil: Date | null, now: Date) => (lockedUntil && lockedUntil > now ? lockedUntil : undefined);

/** The end of the person's signing lock, when they are locked now. */
export async function signingLockedUntil(db: DbOrTx, userId: string, now = new Date()): Promise<Date | undefined> {
  const [row] = await db
    .select({ lockedUntil: signingAttempts.lockedUntil })
    .from(signingAttempts)
    .where(eq(signingAttempts.userId, userId));
  return inForce(row?.lockedUntil ?? null, now);
}

/**
 * Settles one checked attempt of the person (`right`: the code and password were), holding their
 * row until `tx` ends. A lock whose time is over starts the count again.
 */
export async function settleSigningAttempt(tx: Tx, userId: string, right: boolean): Promise<SettledAttempt> {
  const now = new Date();
  // Creates the row or waits for the person's other attempts to settle, and reads what they left.
  const [row] = await tx
    .insert(signingAttempts)
    .values({ userId, failedCount: 0, updatedAt: now })
    .onConflictDoUpdate({ target: signingAttempts.userId, set: { updatedAt: now } })
    .returning();
  const locked = inForce(row!.lockedUntil, now);
  if (locked) return { outcome: 'locked', lockedUntil: locked };
  const failures = right ? 0 : (row!.lockedUntil ? 0 : row!.failedCount) + 1;
  const lockedUntil =
    failures >= SIGNING_LOCK.maxFailures ? new Date(now.getTime() + SIGNING_LOCK.lockMinutes * 60_000) : null;
  await tx
    .update(signingAttempts)
    .set({ failedCount: failures, lockedUntil })
    .where(eq(signingAttempts.userId, userId));
  return right ? { outcome: 'passed' } : { outcome: 'failed', failures, lockedUntil };
}
