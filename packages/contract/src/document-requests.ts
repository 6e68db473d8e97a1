import { z } from 'zod';
import { ZDocumentRevisionNumber, ZOptionalRevision, ZRequiredId, ids, requiredReason } from './document-fields.js';
import { ZEffectiveOn, ZTrainingEffectDays } from './document-lifecycle.js';
import { ZDocumentPerson, ZDocumentReference, ZDocumentStatus, ZLinkedTraining, ZReferenceType } from './documents.js';
import { ZUuid, optionalText, requiredText } from './fields.js';
import { LINK_MAX_LENGTH, LONG_TEXT_MAX_LENGTH, SEARCH_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH } from './limits.js';
import { ZListQuery, repeated } from './lists.js';
import { messageKeys } from './messages/index.js';
import { ZFlag } from './organization-exports.js';
import { ZNamedEntriesQuery } from './settings.js';
import { ZExportSelection, mergeSelection } from './user-groups.js';

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
