import {
  REFERENCE_TYPES,
  type AddDocumentRevisionRequest,
  type CreateDocumentRequest,
  type NewDocumentReference,
  type UpdateDocumentGeneralRequest,
} from '@qualis/contract';
import type { AuditEntry } from '../../core/audit.js';
import { dayOf, now } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { ServiceContext } from '../../core/service-context.js';
import { isUniqueViolation } from '../../core/unique-violation.js';
import type { Tx } from '../../db/client.js';
import type { DocumentSignerRole } from '../../db/schema/index.js';
import { findActiveMembers, findTagIds, findVisibleActionIds } from '../actions/actions.repository.js';
import { findVisibleHrRecordIds } from '../hr-records/hr-records.repository.js';
import { findVisibleTrainingIds, lockVisibleTrainings } from '../training-records/training-rows.repository.js';
import { documentTypeExists, findOrganizationFileIds } from './document-rows.repository.js';
import { DOCUMENT_ENTITY, DOCUMENTS_INFO_TYPE, revisionStateOf } from './document-states.js';
import { viewableTabs } from './documents.policy.js';
import { checkTrainingEffect } from './training-effect.js';
import { findVisibleDocumentIds } from './documents.repository.js';
import { type DocumentDetailRecord } from './document-detail.repository.js';

// What the writes of a document take in: the General fields and the checks of what they name.

export interface GeneralFields {
  typeId: string;
  typeDescription: string | null;
  name: string;
  revisionName: string | null;
  revisionDescription: string;
  reasonForChange: string | null;
  effectiveOn: string | null;
  trainingEffectDays: number | null;
  fileId: string;
  submitterId: string;
  extraFileIds: string[];
  tagIds: string[];
}
export const GENERAL_FIELDS = [
  'typeId',
  'typeDescription',
  'name',
  'revisionName',
  'revisionDescription',
  'reasonForChange',
  'effectiveOn',
  'trainingEffectDays',
  'fileId',
  'submitterId',
  'extraFileIds',
  'tagIds',
] as const satisfies readonly (keyof GeneralFields)[];

export const generalOf = (input: CreateDocumentRequest | UpdateDocumentGeneralRequest): GeneralFields => ({
  typeId: input.typeId,
  typeDescription: input.typeDescription,
  name: input.name,
  revisionName: input.revisionName,
  revisionDescription: input.revisionDescription,
  reasonForChange: input.reasonForChange,
  effectiveOn: input.effectiveOn,
  trainingEffectDays: input.trainingEffectDays,
  fileId: input.fileId,
  submitterId: input.submitterId,
  extraFileIds: input.extraFileIds.filter((id) => id !== input.fileId),
  tagIds: [...input.tagIds].sort(),
});

export const generalOfRecord = (rec: DocumentDetailRecord): GeneralFields => ({
  typeId: rec.typeId,
  typeDescription: rec.typeDescription,
  name: rec.name,
  revisionName: rec.revisionName,
  revisionDescription: rec.revisionDescription,
  reasonForChange: rec.reasonForChange,
  effectiveOn: rec.effectiveOn,
  trainingEffectDays: rec.trainingEffectDays,
  fileId: rec.fileId,
  submitterId: rec.submitterId,
  extraFileIds: rec.extraFiles.map((f) => f.id),
  tagIds: rec.tags.map((t) => t.id).sort(),
});

export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
export const changedFields = <T extends object, K extends keyof T>(names: readonly K[], before: T, after: T) =>
  names.filter((f) => !sameValue(before[f], after[f]));
export const pick = <T extends object, K extends keyof T>(value: T, names: readonly K[]) =>
  Object.fromEntries(names.map((f) => [f, value[f]]));

/** The audit event of a revision's saved section: the fields that changed, before and after. */
export const revisionUpdateEvent = <T extends object, K extends keyof T>(
  documentId: string,
  revision: number,
  changed: readonly K[],
  previous: T,
  next: T,
): Omit<AuditEntry, 'organizationId'> => ({
  infoType: DOCUMENTS_INFO_TYPE,
  action: 'update',
  entityType: DOCUMENT_ENTITY,
  entityId: documentId,
  before: { revision, ...pick(previous, changed) },
  after: { revision, ...pick(next, changed) },
});

/**
 * A new effective date is today or later; 'effective when training completes' needs a revision
 * that requires training (`requiresTraining`, the revision's Quality Actions). What General names must belong to the organization:
 * the type, the files, the tags, and the responsible an active member. Only what changes is
 * checked, so a revision keeps a person who has since left. A reason for change once given is
 * changed, not removed (it is required on every revision added after the first; one stored
 * before issue 24 may stay without).
 */
export async function checkGeneral(
  tx: Tx,
  organizationId: string,
  next: GeneralFields,
  previous?: GeneralFields,
  requiresTraining = false,
) {
  checkTrainingEffect(next.trainingEffectDays, requiresTraining);
  if (previous?.reasonForChange && next.reasonForChange === null) {
    throw AppError.badRequest('documentReasonForChangeRequired', 'reasonForChange');
  }
  if (next.effectiveOn !== null && next.effectiveOn !== previous?.effectiveOn && next.effectiveOn < dayOf(now())) {
    throw AppError.badRequest('documentEffectiveDatePast', 'effectiveOn');
  }
  if (next.typeId !== previous?.typeId && !(await documentTypeExists(tx, organizationId, next.typeId))) {
    throw AppError.badRequest('documentTypeUnknown', 'typeId');
  }
  const known = new Set([previous?.fileId, ...(previous?.extraFileIds ?? [])]);
  const newFiles = [next.fileId, ...next.extraFileIds].filter((id) => !known.has(id));
  const found = new Set(await findOrganizationFileIds(tx, organizationId, newFiles));
  const missing = newFiles.find((id) => !found.has(id));
  if (missing) throw AppError.badRequest('documentFileUnknown', missing === next.fileId ? 'fileId' : 'extraFileIds');
  if (next.submitterId !== previous?.submitterId) {
    const active = await findActiveMembers(tx, organizationId, [next.submitterId]);
    if (active.length === 0) throw AppError.badRequest('documentResponsibleNotMember', 'submitterId');
  }
  const newTags = next.tagIds.filter((id) => !previous?.tagIds.includes(id));
  if ((await findTagIds(tx, organizationId, newTags)).length !== newTags.length) {
    throw AppError.badRequest('tagsUnknown', 'tagIds');
  }
}

export async function checkNewSigners(tx: Tx, organizationId: string, added: Record<DocumentSignerRole, string[]>) {
  for (const [role, field] of [
    ['reviewer', 'reviewerIds'],
    ['approver', 'approverIds'],
  ] as const) {
    const active = await findActiveMembers(tx, organizationId, added[role]);
    if (active.length !== added[role].length) throw AppError.badRequest('documentSignerNotMember', field);
  }
}

/** A training linked to a revision is one of the organization's the person may see (locked). */
export async function checkTraining(tx: Tx, ctx: ServiceContext, trainingRecordId: string) {
  const [training] = await lockVisibleTrainings(tx, ctx.access, [trainingRecordId]);
  if (!training) throw AppError.badRequest('trainingRecordUnknown', 'trainingRecordId');
}

/** Records referenced must exist in the organization and be visible to the person. */
export async function checkReferences(tx: Tx, ctx: ServiceContext, references: NewDocumentReference[]) {
  const byType = (type: number) => references.filter((r) => r.type === type).map((r) => r.linkId!);
  const checks = [
    [REFERENCE_TYPES.Document, findVisibleDocumentIds],
    [REFERENCE_TYPES.Action, findVisibleActionIds],
    [REFERENCE_TYPES.TrainingRecord, findVisibleTrainingIds],
    [REFERENCE_TYPES.HumanResource, findVisibleHrRecordIds],
  ] as const;
  for (const [type, findVisible] of checks) {
    const ids = [...new Set(byType(type))];
    if ((await findVisible(tx, ctx.access, ids)).length !== ids.length) {
      throw AppError.badRequest('referenceRecordUnknown', 'newReferences');
    }
  }
}

/** The identity (type + name + revision) is unique in the organization: its index answers 409. */
export async function withIdentityCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict('documentIdentityTaken', 'name');
    throw error;
  }
}

/** A reference of the revision as stored. */
export const referenceRow = (
  organizationId: string,
  documentId: string,
  revision: number,
  r: NewDocumentReference,
) => ({
  organizationId,
  id: newId(),
  documentId,
  revision,
  type: r.type,
  linkedId: r.linkId,
  link: r.link,
  linkDescription: r.linkDescription,
});

/**
 * A new revision's Quality Actions and References: as sent, or the previous revision's where the
 * person may not view that section. Their form cannot show such a section, so it sends it empty,
 * and a new revision takes the sections over (decision 0018); a revision set final needs no signers.
 */
export function sectionsOfNewRevision(
  ctx: ServiceContext,
  previous: DocumentDetailRecord,
  input: AddDocumentRevisionRequest,
) {
  const tabs = viewableTabs(ctx.access, revisionStateOf(previous, ctx.access.actor.userId));
  const keepQuality = !tabs.qualityTasks && !input.setAsFinal;
  return {
    reviewerIds: keepQuality ? previous.reviewerIds : input.reviewerIds,
    approverIds: keepQuality ? previous.approverIds : input.approverIds,
    requiresTraining: keepQuality ? previous.requiresTraining : input.requiresTraining,
    references: tabs.references
      ? input.references
      : previous.references.map((r) => ({
          type: r.type,
          linkId: r.linkedId,
          link: r.link,
          linkDescription: r.linkDescription,
        })),
  };
}
