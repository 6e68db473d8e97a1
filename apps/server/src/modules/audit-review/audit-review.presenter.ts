import {
  AUDIT_TRAIL_CSV_COLUMNS,
  type AuditReview,
  type AuditTrailEvent,
  type AuditTrailFilters,
  type AuditTrailVerification,
} from '@qualis/contract';
import type { ChainVerification } from '../../core/audit.js';
import type { CsvColumn } from '../../core/exports.js';
import { changesText, historyAction, namesOfHistory, readableChanges } from '../../core/history.js';
import type { PdfRecord } from '../../core/record-pdf.js';
import type { DbOrTx } from '../../db/client.js';
import { chainVerificationText, minuteUtc } from '../organizations/audit-chains.js';
import type { AuditEventRow, AuditReviewRow } from './audit-review.repository.js';

/** A page of events as the reviewer reads them: each change a line, ids named (core/history.ts). */
export async function presentAuditEvents(
  db: DbOrTx,
  organizationId: string | null,
  rows: AuditEventRow[],
): Promise<AuditTrailEvent[]> {
  const names = await namesOfHistory(db, organizationId, rows);
  return rows.map((r) => ({
    seq: r.seq,
    occurredAt: r.occurredAt.toISOString(),
    actorUserId: r.actorUserId,
    actorEmail: r.actorEmail,
    actorIp: r.actorIp,
    infoType: r.infoType,
    action: r.action,
    entityType: r.entityType,
    entityId: r.entityId,
    changes: readableChanges(r.before, r.after, names),
    reason: r.reason,
  }));
}

/** Events read one by one (an export), presented a batch at a time: one name lookup per batch. */
export async function* presentedInBatches(
  db: DbOrTx,
  organizationId: string | null,
  rows: AsyncIterable<AuditEventRow>,
  size = 500,
): AsyncGenerator<AuditTrailEvent[]> {
  let batch: AuditEventRow[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length === size) {
      yield await presentAuditEvents(db, organizationId, batch);
      batch = [];
    }
  }
  if (batch.length > 0) yield await presentAuditEvents(db, organizationId, batch);
}

/** The same events one by one (the CSV). */
export async function* presentedEvents(batches: AsyncIterable<AuditTrailEvent[]>): AsyncGenerator<AuditTrailEvent> {
  for await (const batch of batches) yield* batch;
}

const changesAndReason = (e: AuditTrailEvent) =>
  [changesText(e.changes), e.reason ? `Reason: ${e.reason}` : ''].filter(Boolean).join('; ');

const column = (
  key: keyof typeof AUDIT_TRAIL_CSV_COLUMNS,
  read: (e: AuditTrailEvent) => string | number | null,
): CsvColumn<AuditTrailEvent> => ({ key, header: AUDIT_TRAIL_CSV_COLUMNS[key], value: read });

/** The CSV's columns: every column of the list, the changes in the readable form. */
export const AUDIT_TRAIL_CSV: CsvColumn<AuditTrailEvent>[] = [
  column('seq', (e) => e.seq),
  column('occurredAt', (e) => e.occurredAt.slice(0, 19).replace('T', ' ')),
  column('actorEmail', (e) => e.actorEmail ?? 'System'),
  column('actorIp', (e) => e.actorIp),
  column('infoType', (e) => e.infoType),
  column('entityType', (e) => e.entityType),
  column('entityId', (e) => e.entityId),
  column('action', (e) => e.action),
  column('changes', (e) => changesText(e.changes)),
  column('reason', (e) => e.reason),
];

/** The filters as a line: 'Person: <id>; Record kind: document; From: 2026-11-01' (none: 'All events'). */
export function filtersText(filters: AuditTrailFilters, upToSeq?: number): string {
  const labels: [keyof AuditTrailFilters, string][] = [
    ['actorUserId', 'Person'],
    ['entityType', 'Record kind'],
    ['entityId', 'Record'],
    ['action', 'Action'],
    ['from', 'From'],
    ['to', 'To'],
  ];
  const parts = labels.flatMap(([key, label]) => (filters[key] ? [`${label}: ${filters[key]}`] : []));
  if (upToSeq !== undefined) parts.push(`Up to event: ${upToSeq}`);
  return parts.join('; ') || 'All events';
}

/** The verification as the page and the PDF show it. */
export function presentVerification(v: ChainVerification, verifiedAt: Date): AuditTrailVerification {
  return {
    count: v.count,
    intact: v.ok,
    brokenAtSeq: v.brokenAtSeq ?? null,
    seal: v.seal ? { ...v.seal, sealedAt: v.seal.sealedAt.toISOString() } : null,
    verifiedAt: verifiedAt.toISOString(),
    text: `${chainVerificationText(v)}, verified ${minuteUtc(verifiedAt)}`,
  };
}

/**
 * The PDF: the events in records of `size` (each begins a page), so one batch at a time is in
 * memory; each names the trail, its filters and the verification, then the events as its history.
 */
export async function* auditTrailPdfRecords(
  batches: AsyncIterable<AuditTrailEvent[]>,
  heading: { trail: string; filters: string; verification: string },
  namesOf: (events: AuditTrailEvent[]) => Promise<Map<string, string>>,
): AsyncGenerator<PdfRecord> {
  for await (const events of batches) {
    const names = await namesOf(events);
    const recordOf = (e: AuditTrailEvent) =>
      e.entityId === null ? e.entityType : (names.get(e.entityId) ?? `${e.entityType} ${e.entityId}`);
    const first = events[0]!.seq;
    const last = events.at(-1)!.seq;
    yield {
      title: `Audit trail: events ${first} to ${last}`,
      fileName: `Audit trail ${first}-${last}`,
      fields: [
        { label: 'Audit trail', value: heading.trail },
        { label: 'Filters', value: heading.filters },
        { label: 'Verification', value: heading.verification, alert: heading.verification.includes('BROKEN') },
      ],
      history: events.map((e) => ({
        at: new Date(e.occurredAt),
        who: e.actorEmail ?? 'System',
        what: `#${e.seq} ${recordOf(e)}: ${historyAction(e.action)}`,
        changes: changesAndReason(e),
      })),
    };
  }
}

export function presentAuditReview(r: AuditReviewRow): AuditReview {
  return {
    id: r.id,
    reviewerUserId: r.reviewerUserId,
    reviewerEmail: r.reviewerEmail,
    reviewedAt: r.reviewedAt.toISOString(),
    filters: r.filters,
    upToSeq: r.upToSeq,
    eventCount: r.eventCount,
    comment: r.comment,
  };
}
