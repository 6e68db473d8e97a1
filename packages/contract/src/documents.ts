import { z } from 'zod';
import { ZActionPerson } from './actions.js';
import {
  ZEffectiveOn,
  ZRevisionLifecycle,
  ZTrainingEffect,
  ZTrainingEffectDays,
  revisionEffectFields,
} from './document-lifecycle.js';
import { ZUuid, optionalText, requiredText } from './fields.js';
import { LINK_MAX_LENGTH, LONG_TEXT_MAX_LENGTH, SEARCH_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH } from './limits.js';
import { ZListQuery, repeated } from './lists.js';
import { messageKeys } from './messages/index.js';
import { ZFlag } from './organization-exports.js';
import { ZNamedEntriesQuery } from './settings.js';
import { ZExportSelection, mergeSelection } from './user-groups.js';

/**
 * Controlled documents and their revisions: spec 03 sections 2-5 and 7, and
 * docs/decisions/0018-documents.md for the model and rules behind them.
 */

export const DOCUMENT_REVISION_MIN = 1;
export const DOCUMENT_REVISION_MAX = 999999999;
/** Spec 03 section 9: a review or approval comment. */
export const SIGNATURE_COMMENT_MAX_LENGTH = 300;
/** Spec 03 section 9: an approval's access code is numeric, at most 999999 (six digits, spec 02). */
export const ACCESS_CODE_MAX = 999999;

/** Obsolete: withdrawn with a reason and a signature (a released record is never deleted). */
export const DOCUMENT_STATUSES = ['Submitted', 'Reviewed', 'Approved', 'Rejected', 'Obsolete'] as const;
export const ZDocumentStatus = z.enum(DOCUMENT_STATUSES);
export type DocumentStatus = z.infer<typeof ZDocumentStatus>;

/**
 * What a revision's status reads in lists, the detail and exports: a revision set as final by
 * hand (still Submitted, no signers) reads Final; an approved one, final by its approval, reads
 * Approved (and is marked final beside it); a withdrawn one reads Obsolete.
 */
export type DocumentStatusShown = DocumentStatus | 'Final';
export const documentStatusShown = (r: { status: DocumentStatus; isFinal: boolean }): DocumentStatusShown =>
  r.isFinal && r.status !== 'Approved' && r.status !== 'Obsolete' ? 'Final' : r.status;

/** The Review and Approval sections: no response yet in the cycle, some, every one. */
export const SIGNING_SECTION_STATUSES = ['NotStarted', 'InProgress', 'Completed'] as const;
export const ZSigningSectionStatus = z.enum(SIGNING_SECTION_STATUSES);
export type SigningSectionStatus = z.infer<typeof ZSigningSectionStatus>;
export const SIGNING_SECTION_STATUS_LABELS: Record<SigningSectionStatus, string> = {
  NotStarted: 'Not Started',
  InProgress: 'In Progress',
  Completed: 'Completed',
};

/** A response as the client speaks it: Reviewed/Approved (0) or Rejected (1). */
export const SIGNATURE_RESPONSE = { Accepted: 0, Rejected: 1 } as const;
export const ZSignatureResponse = z.union([z.literal(0), z.literal(1)], {
  error: messageKeys.signatureResponseInvalid,
});
export type SignatureResponse = z.infer<typeof ZSignatureResponse>;
/** The meaning of a signature (21 CFR 11.50(a)(3)). */
export const SIGNATURE_MEANINGS = ['Reviewed', 'Approved', 'Rejected', 'Withdrawn'] as const;
export const ZSignatureMeaning = z.enum(SIGNATURE_MEANINGS);
export type SignatureMeaning = z.infer<typeof ZSignatureMeaning>;

/** Reference types: 0 Document, 1 Action, 2 Training record, 3 HR record; none for an external link. */
export const REFERENCE_TYPES = { Document: 0, Action: 1, TrainingRecord: 2, HumanResource: 3 } as const;
export type ReferenceType = (typeof REFERENCE_TYPES)[keyof typeof REFERENCE_TYPES];
// A number from 0 to 3 rather than a union of literals: a nullable union has no OpenAPI type.
export const ZReferenceType = z
  .number({ error: messageKeys.referenceTypeInvalid })
  .int(messageKeys.referenceTypeInvalid)
  .min(0, messageKeys.referenceTypeInvalid)
  .max(3, messageKeys.referenceTypeInvalid);

/** Columns of the documents list, their CSV headers; all but `reasonForChange` and `file` sort. */
export const DOCUMENT_COLUMNS = {
  typeDescription: 'Document ID',
  name: 'Name',
  number: 'System #',
  revision: 'Revision',
  isFinal: 'Final',
  status: 'Status',
  lifecycle: 'State',
  approvedAt: 'Approved at',
  effectiveAt: 'Effective from',
  reviewedAt: 'Reviewed at',
  reasonForChange: 'Reason for change',
  file: 'File',
} as const;
export type DocumentColumn = keyof typeof DOCUMENT_COLUMNS;
/** Spec 03 section 9: the reviewed date column is hidden by default, as is the reason for change (issue 24). */
export const DOCUMENT_DEFAULT_COLUMNS: DocumentColumn[] = [
  'typeDescription',
  'name',
  'number',
  'revision',
  'isFinal',
  'status',
  'lifecycle',
  'approvedAt',
  'effectiveAt',
  'file',
];
export const DOCUMENT_SORT_KEYS = [
  'number',
  'name',
  'type',
  'typeDescription',
  'revision',
  'isFinal',
  'status',
  'lifecycle',
  'approvedAt',
  'effectiveAt',
  'reviewedAt',
] as const;

export const ZDocumentPerson = ZActionPerson;
export type DocumentPerson = z.infer<typeof ZDocumentPerson>;
/** Spec 03's file object. */
export const ZDocumentFile = z.object({ id: z.uuid(), fileName: z.string(), fileSize: z.number().int() });
export type DocumentFile = z.infer<typeof ZDocumentFile>;
export const ZDocumentTag = z.object({ id: z.uuid(), name: z.string() });
const ZTimestamp = z.string().describe('ISO 8601, UTC');

/** A list row's revision waiting to take effect beside the effective one ('rev 2 in approval'). */
export const ZPendingRevision = z.object({
  revision: z.number().int(),
  status: ZDocumentStatus,
  isFinal: z.boolean(),
  effectiveOn: z.string().describe('YYYY-MM-DD').nullable(),
  /** Set while it waits for its training before taking effect. */
  trainingEffect: ZTrainingEffect.nullable(),
});
export type PendingRevision = z.infer<typeof ZPendingRevision>;

/**
 * One row of the documents list: the document's effective revision (its latest while none took
 * effect yet; for someone who sees released documents only, the effective one alone).
 */
export const ZDocumentRow = z.object({
  id: z.uuid(),
  /** The document type's name. */
  type: z.string(),
  typeId: z.uuid(),
  /** 'Document ID' on the screens. */
  typeDescription: z.string().nullable(),
  name: z.string(),
  /** System #. */
  number: z.number().int(),
  revision: z.number().int(),
  isFinal: z.boolean(),
  status: ZDocumentStatus,
  lifecycle: ZRevisionLifecycle,
  approvedAt: ZTimestamp.nullable(),
  effectiveOn: z.string().describe('YYYY-MM-DD').nullable(),
  effectiveAt: ZTimestamp.nullable(),
  reviewedAt: ZTimestamp.nullable(),
  /** The latest revision when it is above the row's and still Pending, for people who may open it. */
  pendingRevision: ZPendingRevision.nullable(),
  /** The controlled file: null when the person may not view the document's General section. */
  file: ZDocumentFile.nullable(),
  /** The revision's reason for change: null when it has none or the person may not view General. */
  reasonForChange: z.string().nullable(),
  /** The delete right, and no revision of the document was ever released (a released one is withdrawn instead). */
  canBeDeleted: z.boolean(),
  /** The delete right on a released document with a revision that is not yet Obsolete. */
  canWithdraw: z.boolean(),
});
export type DocumentRow = z.infer<typeof ZDocumentRow>;

/** A revision in the detail's revision selector. */
export const ZDocumentRevisionEntry = z.object({
  revision: z.number().int(),
  status: ZDocumentStatus,
  isFinal: z.boolean(),
  revisionName: z.string().nullable(),
  /** Why the revision was made (null for a first revision without one, or a revision stored before issue 24). */
  reasonForChange: z.string().nullable(),
  ...revisionEffectFields,
});

/** A reference of a revision, as shown: a record of the organization (type, linkId) or an external link. */
export const ZDocumentReference = z.object({
  id: z.uuid(),
  type: ZReferenceType.nullable(),
  /** The external link, or the path of the record in the product (spec 03 "Links to records"). */
  link: z.string(),
  linkDescription: z.string().nullable(),
  linkId: z.uuid().nullable(),
});
export type DocumentReference = z.infer<typeof ZDocumentReference>;

export const ZLinkedTraining = z.object({ id: z.uuid(), name: z.string() });

/** The detail of one revision of a document (spec 03 section 3, "Document detail"). */
export const ZDocumentDetail = z.object({
  id: z.uuid(),
  type: z.string(),
  typeId: z.uuid(),
  typeDescription: z.string().nullable(),
  number: z.number().int(),
  name: z.string(),
  revision: z.number().int(),
  /**
   * The fields of a section the person may not view are left out (null, or an empty list).
   * General: revisionName, revisionDescription, reasonForChange, fileId, file, extraFileIds,
   * extraFiles, submitterId, submitter, tags, tagIds. Quality Actions: reviewerIds, approverIds,
   * requiresTraining, trainingRecordId, trainingRecord. References: references.
   */
  revisionName: z.string().nullable(),
  revisionDescription: z.string().nullable(),
  /** Required for every revision added after the first; optional on the first (issue 24). */
  reasonForChange: z.string().nullable(),
  fileId: z.uuid().nullable(),
  file: ZDocumentFile.nullable(),
  extraFileIds: z.array(z.uuid()),
  extraFiles: z.array(ZDocumentFile),
  /** 'Responsible' on the screens. */
  submitterId: z.uuid().nullable(),
  submitter: ZDocumentPerson.nullable(),
  creator: ZDocumentPerson,
  reviewerIds: z.array(z.uuid()),
  approverIds: z.array(z.uuid()),
  references: z.array(ZDocumentReference),
  tags: z.array(ZDocumentTag),
  tagIds: z.array(z.uuid()),
  requiresTraining: z.boolean().nullable(),
  trainingRecordId: z.uuid().nullable(),
  trainingRecord: ZLinkedTraining.nullable(),
  /** The same as isFinal (the spec's form field). */
  setAsFinal: z.boolean(),
  isFinal: z.boolean(),
  status: ZDocumentStatus,
  reviewedAt: ZTimestamp.nullable(),
  approvedAt: ZTimestamp.nullable(),
  finalAt: ZTimestamp.nullable(),
  ...revisionEffectFields,
  /** 'Effective when training completes' (General): the most days after release it waits; null: off. */
  trainingEffectDays: z.number().int().nullable(),
  /** Set while the revision is Pending and waits for its training: how many trainees passed. */
  trainingEffect: ZTrainingEffect.nullable(),
  createdAt: ZTimestamp,
  /** The highest revision, and the highest final one (null until one is final). */
  latestRevision: z.number().int(),
  releasedRevision: z.number().int().nullable(),
  /** The revision most recently made effective (it stays when withdrawn); null until one took effect. */
  effectiveRevision: z.number().int().nullable(),
  /** The revisions the person may see, the highest first. */
  revisions: z.array(ZDocumentRevisionEntry),
  /** The General section of this revision may be saved (the right and the revision not locked). */
  canBeEdited: z.boolean(),
  canBeDeleted: z.boolean(),
  canDeleteRevision: z.boolean(),
  /** Withdraw the whole document (every revision becomes Obsolete): the delete right, released, not all Obsolete yet. */
  canWithdraw: z.boolean(),
  /** Withdraw this revision: the delete right, the revision final and not Obsolete. */
  canWithdrawRevision: z.boolean(),
  /** When this revision was withdrawn (Obsolete), by whom and why; null otherwise. */
  withdrawal: z.object({ at: ZTimestamp, by: z.string(), reason: z.string() }).nullable(),
  canAddRevision: z.boolean(),
  /** Tabs: General, Quality Actions, References ("connect to employee"), Review, Approval. */
  canViewGeneral: z.boolean(),
  canViewQualityTasks: z.boolean(),
  canViewConnectToEmployee: z.boolean(),
  canViewReviews: z.boolean(),
  canViewApprovals: z.boolean(),
  /** The spec's client-role names of the same tabs: equal to canViewGeneral, canViewQualityTasks, canViewConnectToEmployee. */
  canViewDocumentGeneral: z.boolean(),
  canViewDocumentQualityTasks: z.boolean(),
  canViewDocumentReferences: z.boolean(),
  /** The revision is final or a review or approval is in progress: nothing file-dependent changes. */
  isLocked: z.boolean(),
  /** Set as Final is offered: not final, no reviewers or approvers, and the right to edit General. */
  canSetAsFinal: z.boolean(),
});
export type DocumentDetail = z.infer<typeof ZDocumentDetail>;

const ZRevisionNumber = z.coerce
  .number({ error: messageKeys.documentRevisionInvalid })
  .int(messageKeys.documentRevisionInvalid)
  .min(DOCUMENT_REVISION_MIN, messageKeys.documentRevisionInvalid)
  .max(DOCUMENT_REVISION_MAX, messageKeys.documentRevisionInvalid);
/** A required revision number (a body field or query parameter). */
export const ZDocumentRevisionNumber = z
  .unknown()
  .refine((v) => v !== undefined && v !== null && v !== '', messageKeys.fieldRequired)
  .pipe(ZRevisionNumber);
/** `?revision=`: the revision to open; the default revision when left out. */
const ZOptionalRevision = z.preprocess((v) => (v === '' || v === null ? undefined : v), ZRevisionNumber.optional());

const ZRequiredId = z.string({ error: messageKeys.fieldRequired }).min(1, messageKeys.fieldRequired).pipe(ZUuid);
const ids = (max: number, tooMany: string) =>
  z
    .array(ZUuid)
    .max(max, tooMany)
    .nullish()
    .transform((list) => [...new Set(list ?? [])]);

/**
 * The fields of General (create, edit, new revision). Required: type, name, revision description,
 * file, responsible; the reason for change of a new revision (`reasonForChangeRequired`).
 */
const generalFields = {
  organizationId: ZUuid,
  typeId: ZRequiredId,
  submitterId: ZRequiredId,
  name: requiredText(SHORT_TEXT_MAX_LENGTH),
  revisionName: optionalText(SHORT_TEXT_MAX_LENGTH),
  revisionDescription: requiredText(LONG_TEXT_MAX_LENGTH),
  reasonForChange: optionalText(LONG_TEXT_MAX_LENGTH),
  /** The day the revision takes effect once released (YYYY-MM-DD, not before today); none: at its release. */
  effectiveOn: ZEffectiveOn,
  /** 'Effective when training completes', at the latest this many days after release (1..365); none: off. */
  trainingEffectDays: ZTrainingEffectDays,
  typeDescription: optionalText(SHORT_TEXT_MAX_LENGTH),
  fileId: ZRequiredId,
  extraFileIds: ids(50, 'At most 50 extra files'),
  tagIds: ids(100, 'At most 100 tags'),
};

/** POST /documents: the document with its first revision (whose number the person chooses). */
export const ZCreateDocumentRequest = z.object({ ...generalFields, revision: ZDocumentRevisionNumber });
export type CreateDocumentRequest = z.infer<typeof ZCreateDocumentRequest>;

/**
 * The reason a person gives for an irreversible step, kept as its audit event's reason: trimmed,
 * whitespace alone counts as none, at most `max` characters.
 */
const requiredReason = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be ${max} characters or fewer`);

/** `setAsFinal` with the reason it needs (as PATCH /documents/{id}/revision asks one). */
const finalFields = {
  setAsFinal: z.boolean().nullish(),
  reason: optionalText(LONG_TEXT_MAX_LENGTH),
};
const finalNeedsReason = (value: { setAsFinal?: boolean | null; reason: string | null }, ctx: z.RefinementCtx) => {
  if (value.setAsFinal && value.reason === null) {
    ctx.addIssue({ code: 'custom', message: messageKeys.documentFinalReasonRequired, path: ['reason'] });
  }
};

/**
 * PUT /documents/{id}/general: the edit-general payload, for `revision` (the latest when left
 * out). `setAsFinal: true` also sets the revision as final (as PATCH /documents/{id}/revision).
 */
export const ZUpdateDocumentGeneralRequest = z
  .object({
    ...generalFields,
    id: ZUuid.optional(),
    revision: ZOptionalRevision,
    ...finalFields,
  })
  .superRefine(finalNeedsReason);
export type UpdateDocumentGeneralRequest = z.infer<typeof ZUpdateDocumentGeneralRequest>;

const ZOptionalLink = z
  .string()
  .trim()
  .max(LINK_MAX_LENGTH, `Must be ${LINK_MAX_LENGTH} characters or fewer`)
  .nullish()
  .transform((v) => (v ? v : null));

/** A new reference: a record of the organization (type and linkId) or an external http(s) link. */
export const ZNewDocumentReference = z
  .object({
    type: ZReferenceType.nullish().transform((v) => v ?? null),
    linkId: ZUuid.nullish().transform((v) => v ?? null),
    link: ZOptionalLink,
    linkDescription: optionalText(SHORT_TEXT_MAX_LENGTH),
  })
  .superRefine((r, issue) => {
    if (r.type !== null || r.linkId !== null) {
      if (r.type === null || r.linkId === null)
        issue.addIssue({ code: 'custom', message: messageKeys.referenceIncomplete });
      return;
    }
    if (r.link === null) issue.addIssue({ code: 'custom', message: messageKeys.referenceIncomplete, path: ['link'] });
    else if (!/^https?:\/\/\S+$/i.test(r.link))
      issue.addIssue({ code: 'custom', message: messageKeys.linkNotHttp, path: ['link'] });
  })
  // A record reference keeps no link text; the record's path is shown.
  .transform((r) => (r.linkId ? { ...r, link: null } : r));
export type NewDocumentReference = z.infer<typeof ZNewDocumentReference>;
const ZNewReferences = z
  .array(ZNewDocumentReference)
  .max(100, 'At most 100 references')
  .nullish()
  .transform((v) => v ?? []);

const qualityFields = {
  reviewerIds: ids(50, 'At most 50 reviewers'),
  approverIds: ids(50, 'At most 50 approvers'),
  requiresTraining: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  trainingRecordId: ZUuid.nullish().transform((v) => v ?? null),
};

/** A revision added after the first says why it was made. */
const reasonForChangeRequired = (value: { reasonForChange: string | null }, ctx: z.RefinementCtx) => {
  if (value.reasonForChange === null) {
    ctx.addIssue({ code: 'custom', message: messageKeys.documentReasonForChangeRequired, path: ['reasonForChange'] });
  }
};

/**
 * PUT /documents/{id}/revision: adds the next revision (its number must be the latest plus 1)
 * with all its fields and its reason for change (required); answers its revision and the document id.
 */
export const ZAddDocumentRevisionRequest = z
  .object({
    ...generalFields,
    ...qualityFields,
    id: ZUuid.optional(),
    revision: ZDocumentRevisionNumber,
    ...finalFields,
    references: ZNewReferences,
  })
  .superRefine(finalNeedsReason)
  .superRefine(reasonForChangeRequired);
export type AddDocumentRevisionRequest = z.infer<typeof ZAddDocumentRevisionRequest>;
export const ZAddedDocumentRevision = z.object({ id: z.uuid(), revision: z.number().int() });

/** PATCH /documents/{id}/revision: set the revision as final, for a reason (its audit event's). */
export const ZSetDocumentFinalRequest = z.object({
  organizationId: ZUuid,
  revision: ZDocumentRevisionNumber,
  reason: requiredReason(messageKeys.documentFinalReasonRequired, LONG_TEXT_MAX_LENGTH),
});
export type SetDocumentFinalRequest = z.infer<typeof ZSetDocumentFinalRequest>;
/**
 * The reason for deleting a final document or revision (its audit event's). It travels in the
 * query string, within the request line's limit, so it is a short text.
 */
export const DELETE_REASON_MAX_LENGTH = SHORT_TEXT_MAX_LENGTH;
const ZDeleteReason = optionalText(DELETE_REASON_MAX_LENGTH);
/** DELETE /documents/{id}/revision?organizationId=&revision=&reason= (the reason required for a final revision). */
export const ZDeleteDocumentRevisionQuery = z.object({
  organizationId: ZUuid,
  revision: ZDocumentRevisionNumber,
  reason: ZDeleteReason,
});
export type DeleteDocumentRevisionQuery = z.infer<typeof ZDeleteDocumentRevisionQuery>;
export const ZDeletedDocumentRevision = z.object({ id: z.uuid(), revision: z.number().int() });

/** The query of every per-revision read: the organization and the revision (the default one when left out). */
export const ZDocumentRevisionQuery = z.object({ organizationId: ZUuid, revision: ZOptionalRevision });
export type DocumentRevisionQuery = z.infer<typeof ZDocumentRevisionQuery>;

/** GET /documents/{id}/quality-tasks. */
export const ZDocumentQualityTasks = z.object({
  revision: z.number().int(),
  reviewers: z.array(ZDocumentPerson),
  approvers: z.array(ZDocumentPerson),
  reviewerIds: z.array(z.uuid()),
  approverIds: z.array(z.uuid()),
  /** The reviewers and approvers may be changed (the right, and the revision not final). */
  canBeEdited: z.boolean(),
  /** requiresTraining and the linked training may be changed. */
  canEditTraining: z.boolean(),
  requiresTraining: z.boolean(),
  trainingRecordId: z.uuid().nullable(),
  trainingRecord: ZLinkedTraining.nullable(),
});
export type DocumentQualityTasks = z.infer<typeof ZDocumentQualityTasks>;

/** PUT /documents/{id}/quality-tasks: the reviewers, approvers and training of a revision. */
export const ZUpdateDocumentQualityTasksRequest = z.object({
  organizationId: ZUuid,
  revision: ZDocumentRevisionNumber,
  ...qualityFields,
  /** Sent by the create wizard; changes nothing on the server. */
  isCreating: z.boolean().nullish(),
});
export type UpdateDocumentQualityTasksRequest = z.infer<typeof ZUpdateDocumentQualityTasksRequest>;

/** GET /documents/{id}/references. */
export const ZDocumentReferences = z.object({
  revision: z.number().int(),
  references: z.array(ZDocumentReference),
  /** The References section may be saved (the right, and the revision not locked). */
  canBeEdited: z.boolean(),
});
export type DocumentReferences = z.infer<typeof ZDocumentReferences>;

/**
 * PUT /documents/{id}/references: `oldReferenceIds` are the revision's references to keep (every
 * other one is removed), `newReferences` are added.
 */
export const ZUpdateDocumentReferencesRequest = z.object({
  organizationId: ZUuid,
  revision: ZDocumentRevisionNumber,
  newReferences: ZNewReferences,
  oldReferenceIds: ids(100, 'At most 100 references'),
});
export type UpdateDocumentReferencesRequest = z.infer<typeof ZUpdateDocumentReferencesRequest>;

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

/** DELETE /documents?documentIds=&organizationId=&reason= (or all in a JSON body): all or nothing; the reason required when one is final. */
export const ZDeleteDocumentsQuery = z.object({
  organizationId: ZUuid,
  documentIds: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(ZUuid).min(1, messageKeys.chooseDocuments).max(1000, 'At most 1000 at a time'),
  ),
  reason: ZDeleteReason,
});
export type DeleteDocumentsQuery = z.infer<typeof ZDeleteDocumentsQuery>;

/** GET /documents: the list parameters and the document types filter. */
export const ZDocumentListQuery = ZListQuery.extend({
  organizationId: ZUuid,
  docTypeIds: repeated(ZUuid),
  /** Only the rows whose revision has one of these statuses (Obsolete: the withdrawn ones). */
  statuses: repeated(ZDocumentStatus),
  /** Only the documents whose periodic review date has passed (docs/decisions/0033-periodic-review.md). */
  isReviewOverdue: ZFlag.optional(),
});
export type DocumentListQuery = z.infer<typeof ZDocumentListQuery>;

const ZSearch = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH, `search must be at most ${SEARCH_MAX_LENGTH} characters`)
  .optional();

/** GET /documents/available: the pickers' lookup of documents (at most 20). */
export const ZDocumentOptionsQuery = z.object({
  organizationId: ZUuid,
  search: ZSearch,
  docTypeId: ZUuid.optional(),
});
export const ZDocumentOption = z.object({
  id: z.uuid(),
  name: z.string(),
  number: z.number().int(),
  /** The revision the person sees (their default one). */
  revision: z.number().int(),
  typeDescription: z.string().nullable(),
});
export type DocumentOption = z.infer<typeof ZDocumentOption>;

/**
 * GET /organizations/{organizationId}/document-types: `search` on the name, and with
 * `isOnlyApproved=true` only the types of documents with a final revision the person may see.
 */
export const ZDocumentTypesQuery = ZNamedEntriesQuery.extend({ isOnlyApproved: ZFlag.optional() });

/** GET /documents/{id}/file/{fileId}: the revision whose file it is. */
export const ZDocumentFileQuery = z.object({ organizationId: ZUuid, revision: ZOptionalRevision });
/** Where to fetch the bytes (an /api/v1 path taking the same bearer token) and the file's name. */
export const ZDocumentFileLink = z.object({ path: z.string(), fileName: z.string() });

/**
 * GET /export/Documents, /export/one-document, /export/many-Documents: the list's search, order,
 * document types, statuses, visible columns and optionally the checked rows (spec 03 section 7).
 * As the list, they leave withdrawn documents out unless a status or checked rows are given.
 */
export const ZDocumentsExportQuery = ZExportSelection.extend({
  organizationId: ZUuid,
  docTypeIds: repeated(ZUuid),
  statuses: repeated(ZDocumentStatus),
}).transform(mergeSelection);
export type DocumentsExportQuery = z.infer<typeof ZDocumentsExportQuery>;
/**
 * GET /export/document-attachments: the files of the documents of the chosen types (at least
 * one): of each document's row revision (the effective one), and with `includePending=true` also
 * of its pending revision.
 */
export const ZDocumentAttachmentsExportQuery = ZExportSelection.extend({
  organizationId: ZUuid,
  includePending: ZFlag.optional(),
  docTypeIds: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(ZUuid).min(1, messageKeys.chooseDocumentTypes).max(1000, 'At most 1000 at a time'),
  ),
  statuses: repeated(ZDocumentStatus),
}).transform(mergeSelection);
export type DocumentAttachmentsExportQuery = z.infer<typeof ZDocumentAttachmentsExportQuery>;

// ---------------------------------------------------------------------------------------------
// Controlled copies and history (docs/api.md, "Document exports, controlled copies and history")

/** GET /documents/{id}/controlled-copy: the revision (the person's default revision when left out). */
export const ZControlledCopyQuery = z.object({ organizationId: ZUuid, revision: ZOptionalRevision });

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
