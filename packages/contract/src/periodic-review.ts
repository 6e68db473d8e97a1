import { z } from 'zod';
import { ZAccessCode } from './document-signatures.js';
import { SIGNATURE_COMMENT_MAX_LENGTH } from './documents.js';
import { ZUuid, ZTimestamp } from './fields.js';
import { messageKeys } from './messages/index.js';

/**
 * Periodic review (issue 24; docs/decisions/0033-periodic-review.md): a document type asks for a
 * review every N months, the responsible person is reminded some days before, and the review ends
 * with a new revision or with 'Reviewed, no change'.
 */

const ZDay = z.string().describe('YYYY-MM-DD');

export const REVIEW_INTERVAL_MAX_MONTHS = 120;
export const REVIEW_REMINDER_MAX_DAYS = 365;
export const DEFAULT_REVIEW_REMINDER_DAYS = 30;

/** A document type with its review interval (none: its documents have no periodic review). */
export const ZDocumentTypeEntry = z.object({
  id: z.uuid(),
  name: z.string(),
  reviewIntervalMonths: z.number().int().nullable(),
});
export type DocumentTypeEntry = z.infer<typeof ZDocumentTypeEntry>;

/** PUT /organizations/{id}/document-types/{typeId}/review-interval: whole months 1 to 120, or null (none). */
export const ZReviewIntervalRequest = z.object({
  reviewIntervalMonths: z
    .number({ error: messageKeys.reviewIntervalInvalid })
    .int(messageKeys.reviewIntervalInvalid)
    .min(1, messageKeys.reviewIntervalInvalid)
    .max(REVIEW_INTERVAL_MAX_MONTHS, messageKeys.reviewIntervalInvalid)
    .nullable(),
});
export type ReviewIntervalRequest = z.infer<typeof ZReviewIntervalRequest>;

/** PUT /organizations/{id}/review-reminder: days before a review its reminder is made, 0 to 365. */
export const ZReviewReminderRequest = z.object({
  reviewReminderDays: z
    .number({ error: messageKeys.reviewReminderDaysInvalid })
    .int(messageKeys.reviewReminderDaysInvalid)
    .min(0, messageKeys.reviewReminderDaysInvalid)
    .max(REVIEW_REMINDER_MAX_DAYS, messageKeys.reviewReminderDaysInvalid),
});
export type ReviewReminderRequest = z.infer<typeof ZReviewReminderRequest>;
export const ZReviewReminder = z.object({ reviewReminderDays: z.number().int() });

/** One 'Reviewed, no change' of the document: who signed, why, and the review date it set. */
export const ZPeriodicReviewEntry = z.object({
  id: z.uuid(),
  revision: z.number().int(),
  signerName: z.string(),
  signerEmail: z.string(),
  reason: z.string(),
  signedAt: ZTimestamp,
  reviewDueOn: ZDay,
  nextReviewOn: ZDay,
});

/**
 * GET /documents/{id}/periodic-review: the review schedule of the document's released revision
 * (dates as YYYY-MM-DD, UTC), whether the person may sign 'Reviewed, no change', and the reviews
 * so far, newest first.
 */
export const ZPeriodicReview = z.object({
  intervalMonths: z.number().int().nullable(),
  reviewFrom: ZDay.nullable(),
  nextReviewOn: ZDay.nullable(),
  isOverdue: z.boolean(),
  canReview: z.boolean(),
  reviews: z.array(ZPeriodicReviewEntry),
});
export type PeriodicReview = z.infer<typeof ZPeriodicReview>;

export const ZPeriodicReviewQuery = z.object({ organizationId: ZUuid });

/**
 * POST /documents/{id}/periodic-review: 'Reviewed, no change', signed by the responsible person
 * with the reason (at most 300) and their access code, and their password where the organization
 * asks for it.
 */
export const ZReviewedNoChangeRequest = z.object({
  organizationId: ZUuid,
  reason: z
    .string({ error: messageKeys.periodicReviewReasonRequired })
    .trim()
    .min(1, messageKeys.periodicReviewReasonRequired)
    .max(SIGNATURE_COMMENT_MAX_LENGTH, messageKeys.signatureCommentTooLong),
  accessCode: ZAccessCode,
  password: z.string().max(200).nullish(),
});
export type ReviewedNoChangeRequest = z.input<typeof ZReviewedNoChangeRequest>;

/** A document whose periodic review is overdue (the dashboard's card). */
export const ZOverdueReview = z.object({
  id: z.uuid(),
  number: z.number().int(),
  typeDescription: z.string().nullable(),
  name: z.string(),
  revision: z.number().int(),
  nextReviewOn: ZDay,
});
export type OverdueReview = z.infer<typeof ZOverdueReview>;
