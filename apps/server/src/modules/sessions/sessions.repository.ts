import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import { forgetSessionsOf } from '../../core/session-cache.js';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(tx: DbOrTx, row: typeof sessions.$inferInsert) {
  await tx.insert(sessions).values(row);
}

export async function findLiveSessionByRefreshHash(tx: DbOrTx, refreshHash: string, now: Date) {
  const [row] = await tx
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.refreshTokenHash, refreshHash),
        isNull(sessions.revokedAt),
        gt(sessions.refreshExpiresAt, now),
        gt(sessions.expiresAt, now),
      ),
    )
    .for('update');
  return row;
}

/**
 * The session whose current or previous refresh token this is, locked: concurrent refreshes
 * with one token queue here, and the later ones see the first one's rotation.
 */
export async function lockSessionForRefresh(tx: DbOrTx, refreshHash: string) {
  const [row] = await tx
    .select()
    .from(sessions)
    .where(or(eq(sessions.refreshTokenHash, refreshHash), eq(sessions.previousRefreshTokenHash, refreshHash)))
    .for('update');
  return row;
}

export async function findLiveSessionByAccessHash(tx: DbOrTx, accessHash: string) {
  const [row] = await tx
    .select()
    .from(sessions)
    .where(and(eq(sessions.accessTokenHash, accessHash), isNull(sessions.revokedAt)));
  return row;
}

export async function rotateSessionTokens(
  tx: DbOrTx,
  id: string,
  values: Pick<
    SessionRow,
    | 'accessTokenHash'
    | 'accessExpiresAt'
    | 'refreshTokenHash'
    | 'refreshExpiresAt'
    | 'previousRefreshTokenHash'
    | 'previousRefreshRotatedAt'
    | 'previousRefreshAnswer'
  >,
) {
  const [row] = await tx.update(sessions).set(values).where(eq(sessions.id, id)).returning({ userId: sessions.userId });
  if (row) forgetSessionsOf(row.userId);
}

export async function revokeSession(tx: DbOrTx, id: string, reason: string) {
  const [row] = await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  if (row) forgetSessionsOf(row.userId);
}
