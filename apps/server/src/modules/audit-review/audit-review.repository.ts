import { and, count, desc, eq, gte, lt, lte } from 'drizzle-orm';
import type { AuditTrailFilters, ListQuery } from '@qualis/contract';
import {
  listReaders,
  readPage,
  resolveList,
  type ListPage,
  type ListQueryBuilder,
  type ListSpec,
} from '../../core/lists.js';
import type { DbOrTx } from '../../db/client.js';
import { auditChainHeads, auditEvents, auditReviews } from '../../db/schema/index.js';

/** Whose trail: a chain (an organization's id, or 'provider') and the organization it belongs to. */
export interface AuditTrailScope {
  chainKey: string;
  organizationId: string | null;
}

/** The list's scope: the chain, the filters, and optionally the last event of a reviewed range. */
export interface AuditTrailSelection extends AuditTrailScope {
  filters: AuditTrailFilters;
  upToSeq?: number;
}

/** The sequence number is the trail's one order: unique in a chain, the (chain_key, seq) key's. */
const SPEC: ListSpec = {
  sortable: { seq: auditEvents.seq },
  defaultSort: { key: 'seq', direction: 'desc' },
  searchable: [],
  tiebreaker: auditEvents.id,
};

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/** The chain's events the filters choose (UTC days, both included), up to `upToSeq` when given. */
function selectionWhere({ chainKey, filters: f, upToSeq }: AuditTrailSelection) {
  return and(
    eq(auditEvents.chainKey, chainKey),
    f.actorUserId ? eq(auditEvents.actorUserId, f.actorUserId) : undefined,
    f.entityType ? eq(auditEvents.entityType, f.entityType) : undefined,
    f.entityId ? eq(auditEvents.entityId, f.entityId) : undefined,
    f.action ? eq(auditEvents.action, f.action) : undefined,
    f.from ? gte(auditEvents.occurredAt, dayStart(f.from)) : undefined,
    f.to ? lt(auditEvents.occurredAt, dayAfter(f.to)) : undefined,
    upToSeq === undefined ? undefined : lte(auditEvents.seq, upToSeq),
  );
}

const eventColumns = {
  id: auditEvents.id,
  seq: auditEvents.seq,
  occurredAt: auditEvents.occurredAt,
  actorUserId: auditEvents.actorUserId,
  actorEmail: auditEvents.actorEmail,
  actorIp: auditEvents.actorIp,
  infoType: auditEvents.infoType,
  action: auditEvents.action,
  entityType: auditEvents.entityType,
  entityId: auditEvents.entityId,
  before: auditEvents.before,
  after: auditEvents.after,
  reason: auditEvents.reason,
};

export interface AuditEventRow {
  id: string;
  seq: number;
  occurredAt: Date;
  actorUserId: string | null;
  actorEmail: string | null;
  actorIp: string | null;
  infoType: string;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
}

/** The list's one query: the filters in SQL, ordered by sequence number, paged by LIMIT/OFFSET. */
const buildEventsQuery: ListQueryBuilder<AuditTrailSelection> = (db, selection, query) => {
  const list = resolveList(query, SPEC);
  return {
    list,
    select: (page) =>
      db
        .select({ ...eventColumns, ...page?.fields })
        .from(auditEvents)
        .where(and(selectionWhere(selection), page?.where))
        .$dynamic(),
  };
};

const readers = listReaders<AuditTrailSelection, AuditEventRow>(buildEventsQuery);

/**
 * A page of the trail and how many events the filters choose. Without filters that is the chain's
 * length, which its head keeps: no count of a million events per page (a chain cut short is for
 * the verification to report, not the pager).
 */
export async function listAuditEvents(
  db: DbOrTx,
  selection: AuditTrailSelection,
  query: ListQuery,
): Promise<ListPage<AuditEventRow>> {
  const filtered = Object.values(selection.filters).some(Boolean) || selection.upToSeq !== undefined;
  if (filtered) return readers.page(db, selection, query);
  const { list, select } = buildEventsQuery(db, selection, query);
  const page = await readPage(db, () => select(), list, { known: () => chainLength(db, selection.chainKey) });
  return page as unknown as ListPage<AuditEventRow>;
}

/** Every event the filters choose, in the list's order, read by keyset (the exports). */
export const auditEventRows = (
  db: DbOrTx,
  selection: AuditTrailSelection,
  query: Omit<ListQuery, 'limit' | 'offset'>,
) => readers.exportRows(db, selection, query);

/** How many events the filters choose (up to the reviewed event). */
export async function countAuditEvents(db: DbOrTx, selection: AuditTrailSelection): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditEvents).where(selectionWhere(selection));
  return row?.n ?? 0;
}

/** The sequence number of the chain's last event (0 for a chain without events). */
export async function chainLength(db: DbOrTx, chainKey: string): Promise<number> {
  const [head] = await db
    .select({ lastSeq: auditChainHeads.lastSeq })
    .from(auditChainHeads)
    .where(eq(auditChainHeads.chainKey, chainKey));
  return head?.lastSeq ?? 0;
}

export type AuditReviewRow = typeof auditReviews.$inferSelect;

export async function insertAuditReview(tx: DbOrTx, row: AuditReviewRow): Promise<void> {
  await tx.insert(auditReviews).values(row);
}

/** The chain's reviews, newest first, a page of them and their total. */
export async function listAuditReviews(
  db: DbOrTx,
  chainKey: string,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditReviewRow[]; totalCount: number }> {
  const where = eq(auditReviews.chainKey, chainKey);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditReviews)
      .where(where)
      .orderBy(desc(auditReviews.reviewedAt), desc(auditReviews.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(auditReviews).where(where),
  ]);
  return { rows, totalCount: total?.n ?? 0 };
}
