import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, gt, type SQL } from 'drizzle-orm';
import type { AuditInfoType } from '@qualis/contract';
import type { DbOrTx } from '../db/client.js';
import { auditChainHeads, auditEvents, auditSeals } from '../db/schema/index.js';
import { RECORDED_NAMES, namesToRecord } from './history.js';
import { newId } from './ids.js';
import { readByKeyset } from './lists.js';

/** Who did it and from where; built once per request. */
export interface AuditActor {
  userId: string | null;
  email: string | null;
  ip: string | null;
  requestId: string | null;
}

export interface AuditEntry {
  organizationId: string | null;
  infoType: AuditInfoType;
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

export const PROVIDER_CHAIN = 'provider';
const GENESIS_HASH = '0'.repeat(64);

/** JSON with sorted keys, so PostgreSQL's jsonb key order does not change the hash. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export type HashedFields = Omit<typeof auditEvents.$inferSelect, 'hash'>;

/** An event's hash: its predecessor's hash, then its fields as canonical JSON (bench/audit-review.ts seeds chains with it). */
export function eventHash(e: HashedFields): string {
  const { prevHash, ...rest } = e;
  return createHash('sha256')
    .update(prevHash)
    .update('\n')
    .update(canonicalJson({ ...rest, occurredAt: e.occurredAt.toISOString() }))
    .digest('hex');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/**
 * The event's values with the display names of the ids they hold recorded beside them (in
 * `after`, or in `before` for an event that has no after), for a history read after a removal.
 */
async function withRecordedNames(tx: DbOrTx, entry: AuditEntry): Promise<{ before: unknown; after: unknown }> {
  const before = entry.before ?? null;
  const after = entry.after ?? null;
  const names = await namesToRecord(tx, entry.organizationId, { before, after });
  if (names === null) return { before, after };
  if (isRecord(after)) return { before, after: { ...after, [RECORDED_NAMES]: names } };
  if (isRecord(before)) return { before: { ...before, [RECORDED_NAMES]: names }, after };
  return { before, after };
}

/**
 * Appends one event to its organization's chain. Call it inside the business transaction: the
 * row lock on the chain head orders concurrent writers, and a rollback takes the event with it.
 */
export async function recordAudit(tx: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  const chainKey = entry.organizationId ?? PROVIDER_CHAIN;
  await tx.insert(auditChainHeads).values({ chainKey, lastSeq: 0, lastHash: GENESIS_HASH }).onConflictDoNothing();
  const [head] = await tx.select().from(auditChainHeads).where(eq(auditChainHeads.chainKey, chainKey)).for('update');
  if (!head) throw new Error(`audit chain head missing for ${chainKey}`);

  const { before, after } = await withRecordedNames(tx, entry);
  const fields: HashedFields = {
    id: newId(),
    chainKey,
    seq: head.lastSeq + 1,
    organizationId: entry.organizationId,
    occurredAt: new Date(),
    actorUserId: actor.userId,
    actorEmail: actor.email,
    actorIp: actor.ip,
    requestId: actor.requestId,
    infoType: entry.infoType,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before,
    after,
    reason: entry.reason ?? null,
    prevHash: head.lastHash,
  };
  const hash = eventHash(fields);
  await tx.insert(auditEvents).values({ ...fields, hash });
  await tx
    .update(auditChainHeads)
    .set({ lastSeq: fields.seq, lastHash: hash })
    .where(eq(auditChainHeads.chainKey, chainKey));
}

/** A chain's state when it was sealed (`audit_seals`, docs/decisions/0025). */
export interface AuditSeal {
  lastSeq: number;
  lastHash: string;
  sealedAt: Date;
}

export interface ChainVerification {
  ok: boolean;
  count: number;
  /** The first sequence number whose hash or link does not match. */
  brokenAtSeq?: number;
  /** The chain's latest seal: it must still hold the sealed event (a cut tail no longer does). */
  seal?: AuditSeal;
}

/** The latest seal of a chain (the furthest: seals never go back), if it has one. */
export async function latestAuditSeal(db: DbOrTx, chainKey: string): Promise<AuditSeal | undefined> {
  const [seal] = await db
    .select({ lastSeq: auditSeals.lastSeq, lastHash: auditSeals.lastHash, sealedAt: auditSeals.sealedAt })
    .from(auditSeals)
    .where(eq(auditSeals.chainKey, chainKey))
    .orderBy(desc(auditSeals.lastSeq))
    .limit(1);
  return seal;
}

/** A chain's first `count` events found intact, the last of them hashing to `lastHash`. */
export interface VerifiedPoint {
  count: number;
  lastHash: string;
}

/**
 * Recomputes a chain from its first event; any edited, removed or inserted event breaks it, and
 * so does a tail cut below the latest seal (even with the head moved back to match).
 */
export async function verifyAuditChain(db: DbOrTx, chainKey: string): Promise<ChainVerification> {
  return (await verifyAuditChainFrom(db, chainKey)).verification;
}

/**
 * `verifyAuditChain` from `from` on (its events up to there taken as verified; the whole chain
 * without it); answers where the intact chain ends as well, to go on from there next time.
 */
export async function verifyAuditChainFrom(
  db: DbOrTx,
  chainKey: string,
  from: VerifiedPoint = { count: 0, lastHash: GENESIS_HASH },
): Promise<{ verification: ChainVerification; end?: VerifiedPoint }> {
  // Read by keyset: memory stays flat however long the chain (the logs export verifies in its job).
  const events = readByKeyset<typeof auditEvents.$inferSelect>(
    (page) =>
      db
        .select({ ...getTableColumns(auditEvents), ...page.fields })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.chainKey, chainKey),
            from.count > 0 ? gt(auditEvents.seq, from.count) : undefined,
            page.where,
          ),
        )
        .$dynamic(),
    { sort: auditEvents.seq, tiebreaker: auditEvents.id, direction: 'asc', sortNotNull: true },
  );
  const seal = await latestAuditSeal(db, chainKey);
  const sealed = seal ? { seal } : {};
  let length = from.count;
  let brokenAtSeq: number | undefined;
  let prevHash = from.lastHash;
  for await (const event of events) {
    length += 1;
    // Past a break only counted: `count` is the chain's length.
    if (brokenAtSeq !== undefined) continue;
    const { hash, ...fields } = event;
    if (
      event.seq !== length ||
      event.prevHash !== prevHash ||
      eventHash(fields) !== hash ||
      (event.seq === seal?.lastSeq && hash !== seal.lastHash)
    ) {
      brokenAtSeq = event.seq;
    }
    prevHash = hash;
  }
  const broken = (at: number) => ({ verification: { ok: false, count: length, brokenAtSeq: at, ...sealed } });
  if (brokenAtSeq !== undefined) return broken(brokenAtSeq);
  if (seal && seal.lastSeq > length) return broken(length + 1);
  const [head] = await db.select().from(auditChainHeads).where(eq(auditChainHeads.chainKey, chainKey));
  if (head && (head.lastSeq !== length || head.lastHash !== prevHash)) return broken(length + 1);
  return { verification: { ok: true, count: length, ...sealed }, end: { count: length, lastHash: prevHash } };
}

/** Every chain there is (the provider's and each organization's), for verifying them all. */
export async function auditChainKeys(db: DbOrTx): Promise<string[]> {
  const heads = await db
    .select({ chainKey: auditChainHeads.chainKey })
    .from(auditChainHeads)
    .orderBy(asc(auditChainHeads.chainKey));
  return heads.map((h) => h.chainKey);
}

/**
 * Seals a chain where its head stands now, unless nothing was added since its latest seal.
 * Answers the new seal (the caller hands it outside the database: log, mail), or undefined.
 */
export async function sealAuditChain(db: DbOrTx, chainKey: string, now = new Date()): Promise<AuditSeal | undefined> {
  const [head] = await db.select().from(auditChainHeads).where(eq(auditChainHeads.chainKey, chainKey));
  if (!head || head.lastSeq === 0) return undefined;
  const latest = await latestAuditSeal(db, chainKey);
  // Not grown, or behind its seal (a break that verification reports): nothing to seal.
  if (latest && latest.lastSeq >= head.lastSeq) return undefined;
  const seal = { lastSeq: head.lastSeq, lastHash: head.lastHash, sealedAt: now };
  await db.insert(auditSeals).values({ id: newId(), chainKey, ...seal });
  return seal;
}

/** Which record's history, and optionally which of its events (`where`, on audit_events). */
export interface AuditHistoryScope {
  organizationId: string;
  entityType: string;
  entityId: string;
  where?: SQL | undefined;
}

const historyOf = (record: AuditHistoryScope) =>
  and(
    eq(auditEvents.entityType, record.entityType),
    eq(auditEvents.entityId, record.entityId),
    eq(auditEvents.organizationId, record.organizationId),
    record.where,
  );

/**
 * A record's audit events in the order they happened (the history an export prints). The answer
 * is a query: `.limit()` and `.offset()` page it (with `countAuditHistory` for the total).
 */
export function auditHistoryOf(db: DbOrTx, record: AuditHistoryScope) {
  return db
    .select({
      seq: auditEvents.seq,
      occurredAt: auditEvents.occurredAt,
      actorEmail: auditEvents.actorEmail,
      action: auditEvents.action,
      before: auditEvents.before,
      after: auditEvents.after,
      reason: auditEvents.reason,
    })
    .from(auditEvents)
    .where(historyOf(record))
    .orderBy(asc(auditEvents.seq));
}

/** How many events `auditHistoryOf` answers for the same record. */
export async function countAuditHistory(db: DbOrTx, record: AuditHistoryScope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditEvents).where(historyOf(record));
  return row?.n ?? 0;
}
