import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { auditEvents } from '../db/schema/index.js';
import { latestAuditSeal, verifyAuditChainFrom, type ChainVerification, type VerifiedPoint } from './audit.js';

/**
 * Where each chain was last found intact, in this process, per database (a process may hold
 * several, as the tests do, where the same chain key names different chains): the audit review
 * page's banner verifies only the events added since (docs/decisions/0027, 2026-11-26), instead
 * of rereading a chain of a million events on every page load.
 */
const pointsByDatabase = new WeakMap<DbOrTx, Map<string, VerifiedPoint>>();

function verifiedPointsOf(db: DbOrTx) {
  let points = pointsByDatabase.get(db);
  if (!points) pointsByDatabase.set(db, (points = new Map()));
  return points;
}

async function hashAt(db: DbOrTx, chainKey: string, seq: number): Promise<string | undefined> {
  const [event] = await db
    .select({ hash: auditEvents.hash })
    .from(auditEvents)
    .where(and(eq(auditEvents.chainKey, chainKey), eq(auditEvents.seq, seq)));
  return event?.hash;
}

/** The event at the point, and the latest seal's event if it lies before it, still hold their hashes. */
async function stillHolds(db: DbOrTx, chainKey: string, point: VerifiedPoint): Promise<boolean> {
  if ((await hashAt(db, chainKey, point.count)) !== point.lastHash) return false;
  const seal = await latestAuditSeal(db, chainKey);
  return !seal || seal.lastSeq > point.count || (await hashAt(db, chainKey, seal.lastSeq)) === seal.lastHash;
}

/**
 * The chain's verification from where this process last found it intact (the event there must
 * still hold its hash, and so must the latest seal's event): the events after it are verified as
 * `verifyAuditChain` does, and the head checked. The first verification in a process reads the
 * whole chain. When the point no longer holds, the whole chain is read again, and it is broken at
 * the point at the latest, even if what is left is consistent in itself (a tail cut with the head
 * moved back, or a part rehashed). What this does not reread, an event in the verified part
 * edited in place, the full verifications of `npm run audit:verify` and of every export find.
 */
export async function verifyAuditChainSinceLast(db: DbOrTx, chainKey: string): Promise<ChainVerification> {
  const verifiedPoints = verifiedPointsOf(db);
  const point = verifiedPoints.get(chainKey);
  if (point && (await stillHolds(db, chainKey, point))) {
    const { verification, end } = await verifyAuditChainFrom(db, chainKey, point);
    if (end) verifiedPoints.set(chainKey, end);
    return verification;
  }
  const { verification, end } = await verifyAuditChainFrom(db, chainKey);
  if (!point) {
    if (end && end.count > 0) verifiedPoints.set(chainKey, end);
    return verification;
  }
  const brokenAtSeq = Math.min(point.count, verification.brokenAtSeq ?? verification.count + 1);
  return { ...verification, ok: false, brokenAtSeq };
}
