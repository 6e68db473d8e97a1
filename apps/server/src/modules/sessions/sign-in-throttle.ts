import { TransactionRollbackError, and, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { signInFailures } from '../../db/schema/index.js';

/**
 * Repeated failed sign-ins, counted per account (e-mail) and per client address, in the
 * database so that every server process sees the same counts.
 *
 * An attempt is counted before its password is checked, by one conditional upsert per key that
 * refuses when the key is locked or already at its limit. Parallel guesses queue on the counter
 * row, so they are refused exactly like sequential ones. A successful sign-in gives its attempt
 * back: the account's count is cleared, the address's count goes down by one.
 */
export const THROTTLE = {
  windowMinutes: 15,
  lockMinutes: 15,
  /** From this many failures of one account, each further failure is answered slowly. */
  slowAfterAccountFailures: 3,
  lockAfterAccountFailures: 5,
  lockAfterAddressFailures: 20,
} as const;

export interface ThrottleKey {
  key: string;
  /** Attempts allowed in a window; the one that reaches it locks the key when it fails. */
  limit: number;
}

export const accountKey = (email: string): ThrottleKey => ({
  key: `email:${email.toLowerCase()}`,
  limit: THROTTLE.lockAfterAccountFailures,
});
export const addressKey = (ip: string): ThrottleKey => ({
  key: `ip:${ip}`,
  limit: THROTTLE.lockAfterAddressFailures,
});

/**
 * Counts one attempt for every key, or none: answers each key's count including this attempt,
 * or undefined when a key is locked or at its limit (the attempt is then refused unevaluated).
 * Commits at once, so no lock is held while the password is checked.
 */
export async function takeAttempt(db: Db, keys: ThrottleKey[], now: Date): Promise<number[] | undefined> {
  const windowStart = new Date(now.getTime() - THROTTLE.windowMinutes * 60_000);
  const windowOver = sql`${signInFailures.windowStartedAt} < ${windowStart}`;
  try {
    return await db.transaction(async (tx) => {
      const counts: number[] = [];
      for (const { key, limit } of keys) {
        const [row] = await tx
          .insert(signInFailures)
          .values({ key, failureCount: 1, windowStartedAt: now })
          .onConflictDoUpdate({
            target: signInFailures.key,
            set: {
              failureCount: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${signInFailures.failureCount} + 1 END`,
              windowStartedAt: sql`CASE WHEN ${windowOver} THEN ${now} ELSE ${signInFailures.windowStartedAt} END`,
            },
            // Evaluated on the row's latest version after waiting for its lock.
            setWhere: sql`(${signInFailures.lockedUntil} IS NULL OR ${signInFailures.lockedUntil} <= ${now})
              AND (${windowOver} OR ${signInFailures.failureCount} < ${limit})`,
          })
          .returning({ count: signInFailures.failureCount });
        if (!row) tx.rollback();
        counts.push(row!.count);
      }
      return counts;
    });
  } catch (error) {
    if (error instanceof TransactionRollbackError) return undefined;
    throw error;
  }
}

/** A failed attempt that reached the key's limit locks the key; answers whether it did now. */
export async function lockIfReached(tx: DbOrTx, { key, limit }: ThrottleKey, count: number, now: Date) {
  if (count < limit) return false;
  const locked = await tx
    .update(signInFailures)
    .set({ lockedUntil: new Date(now.getTime() + THROTTLE.lockMinutes * 60_000) })
    .where(eq(signInFailures.key, key))
    .returning({ key: signInFailures.key });
  return locked.length > 0;
}

/** A successful sign-in: the account starts again, the address gets its attempt back. */
export async function giveBackAttempt(tx: DbOrTx, account: ThrottleKey, address: ThrottleKey) {
  await tx.delete(signInFailures).where(eq(signInFailures.key, account.key));
  await tx
    .update(signInFailures)
    .set({ failureCount: sql`${signInFailures.failureCount} - 1` })
    .where(and(eq(signInFailures.key, address.key), gt(signInFailures.failureCount, 0)));
}
