import { z } from 'zod';
import { ZHistoryChange } from './document-history.js';
import { ZUuid, ZTimestamp } from './fields.js';
import { ZListQuery } from './lists.js';
import { messageKeys } from './messages/index.js';
import { ZDay } from './organization-exports.js';

/**
 * The audit trail review (issue 23, Annex 11 §9; docs/api.md "Audit trail"): an organization's
 * chain for its Admins and the SuperAdmin, the provider's chain for the SuperAdmin.
 */

const ZFilterText = z.string().trim().max(200, 'Must be 200 characters or fewer');

/** What the trail is filtered by: person, record kind, record, action, UTC days (both included). */
const ZAuditTrailFilterFields = z.object({
  /** The person who did it (their user id). */
  actorUserId: ZUuid.optional(),
  /** The record kind: the event's entity type (document, action, user-group ...). */
  entityType: ZFilterText.optional(),
  /** The record: the event's entity id. */
  entityId: ZFilterText.optional(),
  action: ZFilterText.optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
});

const emptyToUndefined = <T extends Record<string, unknown>>(filters: T): T =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as T;

const rangeInOrder = (f: { from?: string | undefined; to?: string | undefined }) => !f.from || !f.to || f.from <= f.to;
const rangeOrder = { message: messageKeys.auditTrailDateRangeOrder, path: ['to'] };

export const ZAuditTrailFilters = ZAuditTrailFilterFields.transform(emptyToUndefined).refine(rangeInOrder, rangeOrder);
export type AuditTrailFilters = z.output<typeof ZAuditTrailFilters>;

/** The list: the filters, a page, and the order by sequence number (newest first by default). */
const ZAuditTrailPage = ZAuditTrailFilterFields.extend(
  ZListQuery.pick({ limit: true, offset: true, orderBy: true, orderType: true }).shape,
);
export const ZAuditTrailQuery = ZAuditTrailPage.refine(rangeInOrder, rangeOrder);
export const ZOrganizationAuditTrailQuery = ZAuditTrailPage.extend({ organizationId: ZUuid }).refine(
  rangeInOrder,
  rangeOrder,
);
export type AuditTrailQuery = z.output<typeof ZAuditTrailQuery>;

/** The exports: the list's filters and order, without a page. */
const ZAuditTrailExportFields = ZAuditTrailFilterFields.extend(
  ZListQuery.pick({ orderBy: true, orderType: true }).shape,
);
export const ZAuditTrailExportQuery = ZAuditTrailExportFields.refine(rangeInOrder, rangeOrder);
export const ZOrganizationAuditTrailExportQuery = ZAuditTrailExportFields.extend({ organizationId: ZUuid }).refine(
  rangeInOrder,
  rangeOrder,
);

export const ZOrganizationScopeQuery = z.object({ organizationId: ZUuid });

/** One event as the reviewer reads it. */
export const ZAuditTrailEvent = z.object({
  /** The event's number in its chain. */
  seq: z.number().int(),
  occurredAt: ZTimestamp,
  actorUserId: z.string().nullable(),
  /** The person's e-mail at the time; null for the system. */
  actorEmail: z.string().nullable(),
  actorIp: z.string().nullable(),
  infoType: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** What changed, readable (core/history.ts): names instead of ids, unchanged fields left out. */
  changes: z.array(ZHistoryChange),
  reason: z.string().nullable(),
});
export type AuditTrailEvent = z.infer<typeof ZAuditTrailEvent>;

export const ZAuditSealInfo = z.object({ lastSeq: z.number().int(), lastHash: z.string(), sealedAt: ZTimestamp });

/** The chain verified now: its length, intact or the first event where it breaks, its latest seal. */
export const ZAuditTrailVerification = z.object({
  count: z.number().int(),
  intact: z.boolean(),
  brokenAtSeq: z.number().int().nullable(),
  seal: ZAuditSealInfo.nullable(),
  verifiedAt: ZTimestamp,
  /** The same in English words ('1,120 events, chain intact, verified 2026-11-25 21:03 UTC'). */
  text: z.string(),
});
export type AuditTrailVerification = z.infer<typeof ZAuditTrailVerification>;

const ZComment = z
  .string()
  .trim()
  .max(2000, 'Must be 2000 characters or fewer')
  .nullish()
  .transform((v) => v || null);

/** 'Mark reviewed': the filters the reviewer looked through, up to event N, and a comment. */
const ZMarkReviewedFields = z.object({
  filters: ZAuditTrailFilters.optional().transform((f) => f ?? {}),
  upToSeq: z.coerce
    .number({ error: messageKeys.auditTrailReviewUpTo })
    .int(messageKeys.auditTrailReviewUpTo)
    .min(1, messageKeys.auditTrailReviewUpTo),
  comment: ZComment,
});
export const ZMarkReviewedRequest = ZMarkReviewedFields;
export const ZOrganizationMarkReviewedRequest = ZMarkReviewedFields.extend({ organizationId: ZUuid });
export type MarkReviewedRequest = z.output<typeof ZMarkReviewedRequest>;

/** A past review: who reviewed which range, when. */
export const ZAuditReview = z.object({
  id: z.uuid(),
  reviewerUserId: z.string().nullable(),
  reviewerEmail: z.string(),
  reviewedAt: ZTimestamp,
  /** The filters of the range (empty: every event). */
  filters: z.record(z.string(), z.string()),
  upToSeq: z.number().int(),
  /** How many events of the filters there were up to `upToSeq`. */
  eventCount: z.number().int(),
  comment: z.string().nullable(),
});
export type AuditReview = z.infer<typeof ZAuditReview>;

/** The past reviews, newest first. */
export const ZAuditReviewsQuery = ZListQuery.pick({ limit: true, offset: true });
export const ZOrganizationAuditReviewsQuery = ZAuditReviewsQuery.extend({ organizationId: ZUuid });

/** Columns of the CSV export, with their headers. */
export const AUDIT_TRAIL_CSV_COLUMNS = {
  seq: 'Event #',
  occurredAt: 'Time (UTC)',
  actorEmail: 'Person',
  actorIp: 'IP address',
  infoType: 'Info type',
  entityType: 'Record kind',
  entityId: 'Record',
  action: 'Action',
  changes: 'Changes',
  reason: 'Reason',
} as const;
