import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { signInFailures } from '../../db/schema/index.js';

/**
 * Repeated failed sign-ins, counted per account (e-mail) and per client address, in the
 * database so that every server process sees the same counts.
 */
export const THROTTLE = {
  windowMinutes: 15,
  lockMinutes: 15,
  /** From this many failures of one account, each further failure is answered slowly. */
  slowAfterAccountFailures: 3,
  lockAfterAccountFailures: 5,
  lockAfterAddressFailures: 20,
} as const;

export const accountKey = (email: string) => `email:${email.toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

export async function isLocked(db: DbOrTx, keys: string[], now: Date): Promise<boolean> {
  const rows = await db.select().from(signInFailures).where(inArray(signInFailures.key, keys));
  return rows.some((r) => r.lockedUntil !== null && r.lockedUntil > now);
}

/** Counts one failure; a window older than 15 minutes starts again. Returns the new count. */
export async function recordFailure(
  tx: DbOrTx,
  key: string,
  lockAfter: number,
  now: Date,
): Promise<{ count: number; lockedNow: boolean }> {
  const windowStart = new Date(now.getTime() - THROTTLE.windowMinutes * 60_000);
  const lockUntil = new Date(now.getTime() + THROTTLE.lockMinutes * 60_000);
  const [row] = await tx
    .insert(signInFailures)
    .values({ key, failureCount: 1, windowStartedAt: now, lockedUntil: lockAfter <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: signInFailures.key,
      set: {
        failureCount: sql`CASE WHEN ${signInFailures.windowStartedAt} < ${windowStart} THEN 1 ELSE ${signInFailures.failureCount} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${signInFailures.windowStartedAt} < ${windowStart} THEN ${now} ELSE ${signInFailures.windowStartedAt} END`,
      },
    })
    .returning();
  if (!row) throw new Error('sign-in failure upsert returned nothing');
  const alreadyLocked = row.lockedUntil !== null && row.lockedUntil > now;
  const lockedNow = row.failureCount >= lockAfter && !alreadyLocked;
  if (lockedNow) {
    await tx.update(signInFailures).set({ lockedUntil: lockUntil }).where(eq(signInFailures.key, key));
  }
  return { count: row.failureCount, lockedNow };
}

export async function clearFailures(tx: DbOrTx, key: string) {
  await tx.delete(signInFailures).where(eq(signInFailures.key, key));
}
