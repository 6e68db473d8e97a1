import { z } from 'zod';
import { ZTimestamp } from './fields.js';
import { ZActionPerson } from './actions.js';
import { ZRevisionLifecycle, ZTrainingEffect, revisionEffectFields } from './document-lifecycle.js';
import { messageKeys } from './messages/index.js';

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
