import { TransactionRollbackError, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { signingAttempts } from '../../db/schema/index.js';

/**
 * The signing lock (21 CFR 11.300(d), decision 0018): 5 wrong access codes or passwords in a row
 * lock the person's signing for 15 minutes in every organization; a right one clears the count.
 * Kept in `signing_attempts`, one row per person, so every server process sees the same count.
 *
 * As at sign-in (sessions/sign-in-throttle.ts), an attempt is counted before its code is checked,
 * by one conditional upsert that refuses when the person is locked or already has 5 attempts
 * counted: parallel guesses queue on the row and are refused exactly like sequential ones. A
 * right code gives the count back (to zero); a wrong one leaves it, and the 5th locks.
 */
export const SIGNING_LOCK = { maxFailures: 5, lockMinutes: 15 } as const;

export type SigningAttempt = { taken: true; count: number } | { taken: false; lockedUntil: Date };

/** The lock's end, as the message and the e-mails say it: '14:05 UTC'. */
export const lockEndText = (until: Date) => `${until.toISOString().slice(11, 16)} UTC`;

/**
 * Counts one signing attempt of the person: answers the count including it, or that the person
 * is locked (and until when) without counting. A lock whose time is over starts the count again.
 * Commits at once, so no lock is held while the code is checked.
 */
export async function takeSigningAttempt(db: Db, userId: string, now: Date): Promise<SigningAttempt> {
  const lockOver = sql`${signingAttempts.lockedUntil} <= ${now}`;
  try {
    const count = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(signingAttempts)
        .values({ userId, failedCount: 1, updatedAt: now })
        .onConflictDoUpdate({
          target: signingAttempts.userId,
          set: {
            failedCount: sql`CASE WHEN ${lockOver} THEN 1 ELSE ${signingAttempts.failedCount} + 1 END`,
            lockedUntil: sql`CASE WHEN ${lockOver} THEN NULL ELSE ${signingAttempts.lockedUntil} END`,
            updatedAt: now,
          },
          // Evaluated on the row's latest version after waiting for its lock.
          setWhere: sql`${lockOver} OR (${signingAttempts.lockedUntil} IS NULL
            AND ${signingAttempts.failedCount} < ${SIGNING_LOCK.maxFailures})`,
        })
        .returning({ count: signingAttempts.failedCount });
      if (!row) tx.rollback();
      return row!.count;
    });
    return { taken: true, count };
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
    const [row] = await db.select().from(signingAttempts).where(eq(signingAttempts.userId, userId));
    // Locked, or 5 attempts still being checked: the 5th will lock if it is wrong.
    return {
      taken: false,
      lockedUntil: row?.lockedUntil ?? new Date(now.getTime() + SIGNING_LOCK.lockMinutes * 60_000),
    };
  }
}

/**
 * A wrong code or password: the attempt stays counted, and the one that reaches 5 locks the
 * person's signing for 15 minutes. Answers the lock's end when this attempt locked it.
 */
export async function lockIfReached(tx: DbOrTx, userId: string, count: number, now: Date): Promise<Date | undefined> {
  if (count < SIGNING_LOCK.maxFailures) return undefined;
  const lockedUntil = new Date(now.getTime() + SIGNING_LOCK.lockMinutes * 60_000);
  const locked = await tx
    .update(signingAttempts)
    .set({ lockedUntil, updatedAt: now })
    .where(eq(signingAttempts.userId, userId))
    .returning({ userId: signingAttempts.userId });
  return locked.length > 0 ? lockedUntil : undefined;
}

/**
 * The attempt is given back: the code and password were right (the count starts again), or they
 * could not be checked (an unexpected failure must not count against the person).
 */
export async function clearSigningAttempts(db: DbOrTx, userId: string, how: 'reset' | 'giveBack') {
  await db
    .update(signingAttempts)
    .set(
      how === 'reset'
        ? { failedCount: 0, lockedUntil: null, updatedAt: new Date() }
        : { failedCount: sql`greatest(${signingAttempts.failedCount} - 1, 0)` },
    )
    .where(eq(signingAttempts.userId, userId));
}

/** The end of the person's signing lock, when they are locked now. */
export async function signingLockedUntil(db: DbOrTx, userId: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ lockedUntil: signingAttempts.lockedUntil })
    .from(signingAttempts)
    .where(eq(signingAttempts.userId, userId));
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : undefined;
}
