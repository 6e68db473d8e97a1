import { z } from 'zod';
import { ZTimestamp, ZUuid } from './fields.js';

/** A page of a document's history is at most this long (the default page is 25). */
export const DOCUMENT_HISTORY_MAX_LIMIT = 100;

/** GET /documents/{id}/history: a page of the document's audit trail, oldest first. */
export const ZDocumentHistoryQuery = z.object({
  organizationId: ZUuid,
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(DOCUMENT_HISTORY_MAX_LIMIT, `limit must be at most ${DOCUMENT_HISTORY_MAX_LIMIT}`)
    .default(25),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must not be negative')
    .default(0),
});
export type DocumentHistoryQuery = z.infer<typeof ZDocumentHistoryQuery>;

/**
 * One changed field of an audit event as people read it: names instead of ids, `before` null when
 * the event only sets the field (a creation) or only names it (a deletion). `field` is the audit
 * value's key (a client labels it in its language), `label` its English label.
 */
export const ZHistoryChange = z.object({
  field: z.string(),
  label: z.string(),
  before: z.string().nullable(),
  after: z.string(),
});
export type HistoryChange = z.infer<typeof ZHistoryChange>;

/**
 * One event of a document's audit trail (21 CFR 11.10(e)): when (UTC), who, what (the action:
 * create, update, addRevision, deleteRevision, statusChange, sign, signatureRefused,
 * controlledCopy ...), the revision it concerns, and the values before and after.
 */
export const ZDocumentHistoryEntry = z.object({
  /** The event's number in the organization's audit chain. */
  seq: z.number().int(),
  occurredAt: ZTimestamp,
  /** The person's e-mail at the time; null for the system. */
  actorEmail: z.string().nullable(),
  action: z.string(),
  revision: z.number().int().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** What changed, readable: unchanged fields have no line. */
  changes: z.array(ZHistoryChange),
  reason: z.string().nullable(),
});
export type DocumentHistoryEntry = z.infer<typeof ZDocumentHistoryEntry>;
