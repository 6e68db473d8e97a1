import { z } from 'zod';
import { requiredReason, ZDocumentRevisionNumber, ZOptionalRevision } from './document-fields.js';
import {
  ACCESS_CODE_MAX,
  SIGNATURE_COMMENT_MAX_LENGTH,
  ZDocumentPerson,
  ZSignatureMeaning,
  ZSignatureResponse,
  ZSigningSectionStatus,
} from './documents.js';
import { ZTimestamp, ZUuid } from './fields.js';
import { messageKeys } from './messages/index.js';

/**
 * One response of the current signature cycle, with its signature manifestation (21 CFR 11.50):
 * printed name and e-mail at signing, UTC time, meaning, and the SHA-256 of the file signed.
 */
export const ZDocumentSignature = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** The signer's printed name at signing time. */
  signerName: z.string(),
  email: z.string(),
  comment: z.string().nullable(),
  responseStatus: ZSignatureResponse,
  meaning: ZSignatureMeaning,
  signedAt: z.string().describe('ISO 8601 with offset (UTC)'),
  fileSha256: z.string(),
  /** The revision's controlled file still has the SHA-256 signed. */
  signatureMatches: z.boolean(),
});
export type DocumentSignature = z.infer<typeof ZDocumentSignature>;

/**
 * A response of an earlier signature cycle of the revision (before a rejection or a change of its
 * signers asked everyone again), kept for the record with its manifestation and its `cycle`.
 */
export const ZEarlierDocumentSignature = ZDocumentSignature.extend({ cycle: z.number().int() });
export type EarlierDocumentSignature = z.infer<typeof ZEarlierDocumentSignature>;

/** GET /documents/{id}/reviews. */
export const ZDocumentReviews = z.object({
  revision: z.number().int(),
  status: ZSigningSectionStatus,
  reviewedAt: ZTimestamp.nullable(),
  canAddReview: z.boolean(),
  /** The named reviewers who have not responded in the current cycle. */
  pending: z.array(ZDocumentPerson),
  reviews: z.array(ZDocumentSignature),
  /** The reviews of the earlier cycles, oldest first. */
  earlierSignatures: z.array(ZEarlierDocumentSignature),
});
export type DocumentReviews = z.infer<typeof ZDocumentReviews>;

/** GET /documents/{id}/approvals. */
export const ZDocumentApprovals = z.object({
  revision: z.number().int(),
  status: ZSigningSectionStatus,
  approvedAt: ZTimestamp.nullable(),
  canAddApproval: z.boolean(),
  /**
   * Whether the person reading has a valid access code (one made in the last 12 months); false:
   * the approval form offers 'Send me my access code' (POST /verifications/user-access-code/me).
   */
  hasValidAccessCode: z.boolean(),
  pending: z.array(ZDocumentPerson),
  approvals: z.array(ZDocumentSignature),
  /** The approvals of the earlier cycles, oldest first. */
  earlierSignatures: z.array(ZEarlierDocumentSignature),
});
export type DocumentApprovals = z.infer<typeof ZDocumentApprovals>;

const signingFields = {
  organizationId: ZUuid,
  revision: ZDocumentRevisionNumber,
  status: z
    .unknown()
    .refine((v) => v !== undefined && v !== null, messageKeys.signatureResponseRequired)
    .pipe(ZSignatureResponse),
  comment: z
    .string()
    .trim()
    .max(SIGNATURE_COMMENT_MAX_LENGTH, messageKeys.signatureCommentTooLong)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** Required when the organization asks signers to re-enter their password (never logged). */
  password: z.string().max(200).nullish(),
};

/** POST /documents/{id}/reviews: 0 Reviewed, 1 Rejected. */
export const ZAddDocumentReviewRequest = z.object(signingFields);
export type AddDocumentReviewRequest = z.infer<typeof ZAddDocumentReviewRequest>;

/** An access code: numeric, at most 999999; six digits, leading zeros kept. */
export const ZAccessCode = z
  .union([z.string().trim(), z.number()], { error: messageKeys.accessCodeRequired })
  .transform((v) => String(v))
  .refine((v) => v.length > 0, messageKeys.accessCodeRequired)
  .refine((v) => /^\d{1,6}$/.test(v) && Number(v) <= ACCESS_CODE_MAX, messageKeys.accessCodeInvalid)
  .transform((v) => v.padStart(6, '0'));

/** POST /documents/{id}/approvals: 0 Approved, 1 Rejected, with the person's access code. */
export const ZAddDocumentApprovalRequest = z.object({ ...signingFields, accessCode: ZAccessCode });
export type AddDocumentApprovalRequest = z.infer<typeof ZAddDocumentApprovalRequest>;

/**
 * POST /documents/{id}/withdrawal: withdraw a released document (no `revision`: every revision
 * becomes Obsolete) or one final revision, for a reason (at most 300, as a signature's comment),
 * signed as an approval is (meaning Withdrawn): the person's access code, and their password
 * where the organization asks for it (signingRequiresPassword). It stays readable and exportable.
 */
export const ZWithdrawDocumentRequest = z.object({
  organizationId: ZUuid,
  revision: ZOptionalRevision,
  reason: requiredReason(messageKeys.documentWithdrawReasonRequired, SIGNATURE_COMMENT_MAX_LENGTH),
  accessCode: ZAccessCode,
  password: z.string().max(200).nullish(),
});
export type WithdrawDocumentRequest = z.infer<typeof ZWithdrawDocumentRequest>;
