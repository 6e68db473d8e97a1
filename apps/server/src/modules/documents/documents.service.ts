import {
  REFERENCE_TYPES,
  messages,
  type AddDocumentRevisionRequest,
  type CreateDocumentRequest,
  type DeleteDocumentRevisionQuery,
  type SetDocumentFinalRequest,
  type NewDocumentReference,
  type UpdateDocumentGeneralRequest,
  type UpdateDocumentQualityTasksRequest,
  type UpdateDocumentReferencesRequest,
  type AuditInfoType,
} from '@qualis/contract';
import type { Tx } from '../../db/client.js';
import type { DocumentSignerRole } from '../../db/schema/index.js';
import { recordAudit } from '../../core/audit.js';
import { nextNumber } from '../../core/counters.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { authorize } from '../policies.js';
import { scopeOf, type ServiceContext } from '../../core/service-context.js';
import { isUniqueViolation } from '../../core/unique-violation.js';
import { findActiveMembers, findTagIds, findVisibleActionIds } from '../actions/actions.repository.js';
import { findVisibleHrRecordIds } from '../hr-records/hr-records.repository.js';
import { findVisibleTrainingIds, lockVisibleTrainings } from '../training-records/training-records.repository.js';
import { startTrainingRound } from '../training-records/training-records.service.js';
import { completeActions, withdrawActions } from '../actions/automatic-actions.js';
import { assignDocumentActions as assign, documentActionSource, settleDocumentActions } from './document-actions.js';
import type { DocumentState, RevisionState } from './documents.policy.js';
import {
  deleteDocumentRows,
  deleteReferences,
  deleteRevisionRow,
  documentTypeExists,
  findOrganizationFileIds,
  findVisibleRevision,
  insertDocument,
  insertReferences,
  insertRevision,
  listDocumentSignatures,
  listReferenceRows,
  listRevisionRows,
  listRevisionSignatures,
  listRevisionSigners,
  lockVisibleDocuments,
  rebuildParticipants,
  refreshDocumentRevisions,
  replaceRevisionFiles,
  replaceRevisionSigners,
  replaceRevisionTags,
  revisionSnapshot,
  updateRevisionRow,
  findDocumentRow,
  findVisibleDocumentIds,
  type DocumentDetailRecord,
  type DocumentTableRow,
  type RevisionTableRow,
} from './documents.repository.js';

export const DOCUMENTS_INFO_TYPE = 'Documents & Document Revisions' satisfies AuditInfoType;
const ENTITY = 'document';
/** The organization counter that numbers documents ("System #"). */
const COUNTER = 'document';

// ---------------------------------------------------------------------------------------------
// States the policies read

export const documentStateOf = (doc: {
  creatorId: string;
  isParticipant: boolean;
  releasedRevision: number | null;
}): DocumentState => ({
  creatorId: doc.creatorId,
  isParticipant: doc.isParticipant,
  hasFinalRevision: doc.releasedRevision !== null,
});

export const revisionStateOf = (rec: DocumentDetailRecord, me: string): RevisionState => ({
  ...documentStateOf(rec),
  status: rec.status,
  isFinal: rec.isFinal,
  isReviewer: rec.isReviewer,
  isApprover: rec.isApprover,
  isResponsible: rec.submitterId === me,
});

/**
 * Nothing file-dependent of the revision changes once it is final, or while a review or approval
 * of its current cycle is in (a rejected revision is open to the change that answers the
 * rejection, which starts the next cycle).
 */
export const isRevisionLocked = (rec: Pick<DocumentDetailRecord, 'isFinal' | 'status' | 'lockedBySignature'>) =>
  rec.isFinal || (rec.status !== 'Rejected' && rec.lockedBySignature);

// ---------------------------------------------------------------------------------------------
// Checks

interface GeneralFields {
  typeId: string;
  typeDescription: string | null;
  name: string;
  revisionName: string | null;
  revisionDescription: string;
  fileId: string;
  submitterId: string;
  extraFileIds: string[];
  tagIds: string[];
}
const GENERAL_FIELDS = [
  'typeId',
  'typeDescription',
  'name',
  'revisionName',
  'revisionDescription',
  'fileId',
  'submitterId',
  'extraFileIds',
  'tagIds',
] as const satisfies readonly (keyof GeneralFields)[];

const generalOf = (input: CreateDocumentRequest | UpdateDocumentGeneralRequest): GeneralFields => ({
  typeId: input.typeId,
  typeDescription: input.typeDescription,
  name: input.name,
  revisionName: input.revisionName,
  revisionDescription: input.revisionDescription,
  fileId: input.fileId,
  submitterId: input.submitterId,
  extraFileIds: input.extraFileIds.filter((id) => id !== input.fileId),
  tagIds: [...input.tagIds].sort(),
});

const generalOfRecord = (rec: DocumentDetailRecord): GeneralFields => ({
  typeId: rec.typeId,
  typeDescription: rec.typeDescription,
  name: rec.name,
  revisionName: rec.revisionName,
  revisionDescription: rec.revisionDescription,
  fileId: rec.fileId,
  submitterId: rec.submitterId,
  extraFileIds: rec.extraFiles.map((f) => f.id),
  tagIds: rec.tags.map((t) => t.id).sort(),
});

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const changedFields = <T extends object, K extends keyof T>(names: readonly K[], before: T, after: T) =>
  names.filter((f) => !sameValue(before[f], after[f]));
const pick = <T extends object, K extends keyof T>(value: T, names: readonly K[]) =>
  Object.fromEntries(names.map((f) => [f, value[f]]));

/**
 * What General names must belong to the organization: the type, the files, the tags, and the
 * responsible an active member. Only what changes is checked, so a revision keeps a person who
 * has since left.
 */
async function checkGeneral(tx: Tx, organizationId: string, next: GeneralFields, previous?: GeneralFields) {
  if (next.typeId !== previous?.typeId && !(await documentTypeExists(tx, organizationId, next.typeId))) {
    throw AppError.badRequest(messages.documentTypeUnknown, 'typeId');
  }
  const known = new Set([previous?.fileId, ...(previous?.extraFileIds ?? [])]);
  const newFiles = [next.fileId, ...next.extraFileIds].filter((id) => !known.has(id));
  const found = new Set(await findOrganizationFileIds(tx, organizationId, newFiles));
  const missing = newFiles.find((id) => !found.has(id));
  if (missing)
    throw AppError.badRequest(messages.documentFileUnknown, missing === next.fileId ? 'fileId' : 'extraFileIds');
  if (next.submitterId !== previous?.submitterId) {
    const active = await findActiveMembers(tx, organizationId, [next.submitterId]);
    if (active.length === 0) throw AppError.badRequest(messages.documentResponsibleNotMember, 'submitterId');
  }
  const newTags = next.tagIds.filter((id) => !previous?.tagIds.includes(id));
  if ((await findTagIds(tx, organizationId, newTags)).length !== newTags.length) {
    throw AppError.badRequest(messages.tagsUnknown, 'tagIds');
  }
}

async function checkNewSigners(tx: Tx, organizationId: string, added: Record<DocumentSignerRole, string[]>) {
  for (const [role, field] of [
    ['reviewer', 'reviewerIds'],
    ['approver', 'approverIds'],
  ] as const) {
    const active = await findActiveMembers(tx, organizationId, added[role]);
    if (active.length !== added[role].length) throw AppError.badRequest(messages.documentSignerNotMember, field);
  }
}

/** A training linked to a revision is one of the organization's the person may see (locked). */
async function checkTraining(tx: Tx, ctx: ServiceContext, trainingRecordId: string) {
  const [training] = await lockVisibleTrainings(tx, ctx.access, [trainingRecordId]);
  if (!training) throw AppError.badRequest(messages.trainingRecordUnknown, 'trainingRecordId');
}

/** Records referenced must exist in the organization and be visible to the person. */
async function checkReferences(tx: Tx, ctx: ServiceContext, references: NewDocumentReference[]) {
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
      throw AppError.badRequest(messages.referenceRecordUnknown, 'newReferences');
    }
  }
}

/** The identity (type + name + revision) is unique in the organization: its index answers 409. */
async function withIdentityCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(messages.documentIdentityTaken, 'name');
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Lifecycle (docs/decisions/0018-documents.md, "Lifecycle")

/** The document, visible and locked; 404 otherwise. Every writer of a document takes this lock first. */
export async function lockVisibleDocument(tx: Tx, ctx: ServiceContext, documentId: string) {
  const [doc] = await lockVisibleDocuments(tx, ctx.access, [documentId]);
  if (!doc) throw AppError.notFound();
  return doc;
}

/**
 * The revision a section save works on, under the document's row lock: 404 when the person may
 * not see it, 403 without the right to edit that section.
 */
async function revisionToEdit(
  tx: Tx,
  ctx: ServiceContext,
  documentId: string,
  revision: number,
  policy: 'document.edit.general' | 'document.edit.qualityTasks' | 'document.edit.references',
) {
  await lockVisibleDocument(tx, ctx, documentId);
  const rec = await visibleRevisionOrNotFound(tx, ctx, documentId, revision);
  authorize(ctx.access, policy, revisionStateOf(rec, ctx.access.actor.userId));
  return rec;
}

/** The revision as the person may see it, else 404 (read after the document's lock). */
export async function visibleRevisionOrNotFound(tx: Tx, ctx: ServiceContext, documentId: string, revision?: number) {
  const rec = await findVisibleRevision(tx, ctx.access, documentId, revision);
  if (!rec) throw AppError.notFound();
  return rec;
}

type Derived = Pick<RevisionTableRow, 'status' | 'reviewedAt' | 'approvedAt' | 'isFinal' | 'finalAt'>;

/**
 * The status the signatures of the revision's current cycle give it: any rejection Rejected;
 * every approver Approved (after every reviewer Reviewed) Approved and final; every reviewer
 * Reviewed Reviewed; otherwise Submitted. A revision set as final by hand stays final.
 */
async function deriveStatus(tx: Tx, row: RevisionTableRow): Promise<Derived> {
  const { organizationId, documentId, revision } = row;
  const signers = await listRevisionSigners(tx, organizationId, documentId, revision);
  const signatures = await listRevisionSignatures(tx, organizationId, documentId, revision, row.signatureCycle);
  const reviewers = signers.filter((s) => s.signerRole === 'reviewer').map((s) => s.id);
  const approvers = signers.filter((s) => s.signerRole === 'approver').map((s) => s.id);
  const responses = (kind: 'review' | 'approval', meaning: string) =>
    signatures.filter((s) => s.kind === kind && s.meaning === meaning);
  const all = (people: string[], of: { signerId: string; signedAt: Date }[]) =>
    people.every((p) => of.some((s) => s.signerId === p));
  const latest = (of: { signedAt: Date }[]) =>
    of.reduce<Date | null>((max, s) => (max === null || s.signedAt > max ? s.signedAt : max), null);
  const reviewed = responses('review', 'Reviewed');
  const approved = responses('approval', 'Approved');
  const reviewsComplete = all(reviewers, reviewed);

  if (row.isFinal && row.status !== 'Approved') return row;
  if (signatures.some((s) => s.meaning === 'Rejected')) {
    return { status: 'Rejected', reviewedAt: null, approvedAt: null, isFinal: false, finalAt: null };
  }
  if (approvers.length > 0 && reviewsComplete && all(approvers, approved)) {
    const at = latest(approved)!;
    return {
      status: 'Approved',
      reviewedAt: reviewers.length ? latest(reviewed) : null,
      approvedAt: at,
      isFinal: true,
      finalAt: row.finalAt ?? at,
    };
  }
  if (reviewers.length > 0 && reviewsComplete) {
    return { status: 'Reviewed', reviewedAt: latest(reviewed), approvedAt: null, isFinal: false, finalAt: null };
  }
  return { status: 'Submitted', reviewedAt: null, approvedAt: null, isFinal: false, finalAt: null };
}

async function revisionRow(tx: Tx, organizationId: string, documentId: string, revision: number) {
  const rows = await listRevisionRows(tx, organizationId, documentId);
  const row = rows.find((r) => r.revision === revision);
  if (!row) throw AppError.notFound();
  return row;
}

/**
 * Recomputes the revision's status from its current signers and the signatures of its current
 * cycle and stores it, in the caller's transaction (after the document's lock): the signing
 * service calls it after writing a signature, the quality actions after the signers change. A
 * change of status is audited; a revision that becomes Approved is final, the document's
 * released revision follows, and `onRevisionApproved` runs. Answers the status before and after.
 */
export async function recomputeRevisionStatus(tx: Tx, ctx: ServiceContext, documentId: string, revision: number) {
  const { organizationId, audit } = scopeOf(ctx);
  const row = await revisionRow(tx, organizationId, documentId, revision);
  const next = await deriveStatus(tx, row);
  const changed = changedFields(['status', 'reviewedAt', 'approvedAt', 'isFinal', 'finalAt'] as const, row, next);
  if (changed.length === 0) return { before: row.status, after: row.status };
  await updateRevisionRow(tx, organizationId, documentId, revision, next);
  if (next.status !== row.status) {
    await recordAudit(tx, audit, {
      organizationId,
      infoType: DOCUMENTS_INFO_TYPE,
      action: 'statusChange',
      entityType: ENTITY,
      entityId: documentId,
      before: { revision, status: row.status, isFinal: row.isFinal },
      after: { revision, status: next.status, isFinal: next.isFinal },
    });
  }
  if (next.isFinal !== row.isFinal) await refreshDocumentRevisions(tx, organizationId, documentId);
  if (next.status === 'Approved' && row.status !== 'Approved') await onRevisionApproved(tx, ctx, documentId, revision);
  return { before: row.status, after: next.status };
}

/**
 * A revision became final (approved by its signers, or set as final): its responsible's work is
 * done, and when the revision requires training and links none yet, the responsible gets a
 * 'link-training' action. In the caller's transaction; the signing service reaches it through
 * `recomputeRevisionStatus`.
 */
export async function onRevisionApproved(tx: Tx, ctx: ServiceContext, documentId: string, revision: number) {
  const organizationId = ctx.access.organization.id;
  const row = await revisionRow(tx, organizationId, documentId, revision);
  const doc = await findDocumentRow(tx, organizationId, documentId);
  await settleDocumentActions(tx, ctx, documentId, 'responsible', [row.submitterId], 'complete');
  if (!row.requiresTraining) return;
  if (row.trainingRecordId === null) {
    await assign(
      tx,
      ctx,
      'link-training',
      { id: documentId, number: doc!.number, typeDescription: row.typeDescription, name: row.name, revision },
      [row.submitterId],
    );
  } else {
    await startTrainingRound(tx, ctx, { trainingId: row.trainingRecordId, documentId, revision });
  }
}

/**
 * A training was linked to a revision. On a final revision the training is due for it now: the
 * 'link-training' work is done, and the training's assignees pass it again for this revision
 * (a new round; their earlier passes stay, labelled with what they were for).
 */
async function onTrainingLinked(
  tx: Tx,
  ctx: ServiceContext,
  rec: Pick<DocumentDetailRecord, 'id' | 'revision' | 'isFinal' | 'submitterId'>,
  trainingId: string,
) {
  if (!rec.isFinal) return;
  const source = documentActionSource(ctx.access.organization.id, rec.id);
  await completeActions(tx, ctx, { kind: 'link-training', source, people: [rec.submitterId] });
  await startTrainingRound(tx, ctx, { trainingId, documentId: rec.id, revision: rec.revision });
}

/**
 * 'Create & Link Training' (spec 03 section 4), first step, in the training's transaction: the
 * revision the new training will link, locked, which the person may link and which links none
 * yet. Its controlled file becomes the training's file for the trainees.
 */
export async function revisionToLinkTraining(
  tx: Tx,
  ctx: ServiceContext,
  target: { documentId: string; revision: number },
) {
  const [doc] = await lockVisibleDocuments(tx, ctx.access, [target.documentId]);
  const rec = doc && (await findVisibleRevision(tx, ctx.access, target.documentId, target.revision));
  if (!rec) throw AppError.badRequest(messages.trainingDocumentUnknown, 'documentModel');
  authorize(
    ctx.access,
    rec.isFinal ? 'document.linkTraining' : 'document.edit.qualityTasks',
    revisionStateOf(rec, ctx.access.actor.userId),
  );
  if (rec.trainingRecordId !== null) throw AppError.badRequest(messages.trainingDocumentLinked, 'documentModel');
  return rec;
}

/**
 * 'Create & Link Training', second step: the new training links the revision (from
 * `revisionToLinkTraining`). A revision links one training; the revision then requires training.
 */
export async function linkTrainingToRevision(
  tx: Tx,
  ctx: ServiceContext,
  rec: DocumentDetailRecord,
  trainingId: string,
) {
  const { organizationId, audit } = scopeOf(ctx);
  await updateRevisionRow(tx, organizationId, rec.id, rec.revision, {
    requiresTraining: true,
    trainingRecordId: trainingId,
  });
  await recordAudit(tx, audit, {
    organizationId,
    infoType: DOCUMENTS_INFO_TYPE,
    action: 'update',
    entityType: ENTITY,
    entityId: rec.id,
    before: { revision: rec.revision, requiresTraining: rec.requiresTraining, trainingRecordId: null },
    after: { revision: rec.revision, requiresTraining: true, trainingRecordId: trainingId },
  });
  await onTrainingLinked(tx, ctx, rec, trainingId);
}

/**
 * A change that answers a rejection starts the revision's next signature cycle: everyone named
 * signs again, so each reviewer and approver gets their action again.
 */
async function startNextCycle(tx: Tx, ctx: ServiceContext, rec: DocumentDetailRecord) {
  const { organizationId, audit } = scopeOf(ctx);
  const cycle = rec.signatureCycle + 1;
  await updateRevisionRow(tx, organizationId, rec.id, rec.revision, {
    signatureCycle: cycle,
    status: 'Submitted',
    reviewedAt: null,
    approvedAt: null,
  });
  await recordAudit(tx, audit, {
    organizationId,
    infoType: DOCUMENTS_INFO_TYPE,
    action: 'statusChange',
    entityType: ENTITY,
    entityId: rec.id,
    before: { revision: rec.revision, status: rec.status, signatureCycle: rec.signatureCycle },
    after: { revision: rec.revision, status: 'Submitted', signatureCycle: cycle },
    reason: 'The rejected revision was changed: its reviewers and approvers sign again.',
  });
  const signers = await listRevisionSigners(tx, organizationId, rec.id, rec.revision);
  await assign(
    tx,
    ctx,
    'review',
    rec,
    signers.filter((s) => s.signerRole === 'reviewer').map((s) => s.id),
  );
  await assign(
    tx,
    ctx,
    'approval',
    rec,
    signers.filter((s) => s.signerRole === 'approver').map((s) => s.id),
  );
}

/** Marks a revision final (Set as Final) for the person's reason: the released revision follows. */
async function markFinal(tx: Tx, ctx: ServiceContext, rec: DocumentDetailRecord, reason: string) {
  const { organizationId, audit } = scopeOf(ctx);
  if (rec.isFinal) throw AppError.conflict(messages.documentAlreadyFinal, 'revision');
  if (rec.reviewerIds.length > 0 || rec.approverIds.length > 0) {
    throw AppError.conflict(messages.documentFinalNeedsNoSigners, 'setAsFinal');
  }
  const finalAt = new Date();
  await updateRevisionRow(tx, organizationId, rec.id, rec.revision, { isFinal: true, finalAt });
  await refreshDocumentRevisions(tx, organizationId, rec.id);
  await recordAudit(tx, audit, {
    organizationId,
    infoType: DOCUMENTS_INFO_TYPE,
    action: 'statusChange',
    entityType: ENTITY,
    entityId: rec.id,
    before: { revision: rec.revision, status: rec.status, isFinal: false },
    after: { revision: rec.revision, status: rec.status, isFinal: true, finalAt },
    reason,
  });
  await onRevisionApproved(tx, ctx, rec.id, rec.revision);
}

// ---------------------------------------------------------------------------------------------
// Calls

/** Creates the document (numbered by the organization) with its first revision; answers its id and revision. */
export async function createDocument(ctx: ServiceContext, input: CreateDocumentRequest) {
  const { db, audit, organizationId } = scopeOf(ctx);
  const fields = generalOf(input);
  const me = ctx.access.actor.userId;
  return withIdentityCheck(() =>
    db.transaction(async (tx) => {
      await checkGeneral(tx, organizationId, fields);
      const id = newId();
      const number = await nextNumber(tx, organizationId, COUNTER);
      const { extraFileIds, tagIds, ...columns } = fields;
      await insertDocument(tx, { organizationId, id, number, creatorId: me, latestRevision: input.revision });
      await insertRevision(tx, { organizationId, documentId: id, revision: input.revision, ...columns, creatorId: me });
      await replaceRevisionFiles(tx, organizationId, id, input.revision, extraFileIds);
      await replaceRevisionTags(tx, organizationId, id, input.revision, tagIds);
      await rebuildParticipants(tx, organizationId, id);
      await recordAudit(tx, audit, {
        organizationId,
        infoType: DOCUMENTS_INFO_TYPE,
        action: 'create',
        entityType: ENTITY,
        entityId: id,
        after: { number, revision: input.revision, status: 'Submitted', ...fields },
      });
      const label = {
        id,
        number,
        typeDescription: fields.typeDescription,
        name: fields.name,
        revision: input.revision,
      };
      await assign(tx, ctx, 'responsible', label, [fields.submitterId]);
      return { id, revision: input.revision };
    }),
  );
}

/** The responsible changed on a revision: the old one's action goes (unless responsible elsewhere), the new one gets one. */
async function handOverResponsibility(tx: Tx, ctx: ServiceContext, rec: DocumentDetailRecord, next: string) {
  await rebuildParticipants(tx, ctx.access.organization.id, rec.id);
  await settleDocumentActions(tx, ctx, rec.id, 'responsible', [rec.submitterId], 'withdraw');
  await assign(tx, ctx, 'responsible', rec, [next]);
}

/**
 * Saves General of a revision (the latest when not given): the edit right on it, the revision not
 * locked. `setAsFinal` also sets it final. Answers the revision saved.
 */
export async function updateDocumentGeneral(
  ctx: ServiceContext,
  documentId: string,
  input: UpdateDocumentGeneralRequest,
): Promise<number> {
  const { db, audit, organizationId } = scopeOf(ctx);
  return withIdentityCheck(() =>
    db.transaction(async (tx) => {
      const doc = await lockVisibleDocument(tx, ctx, documentId);
      const rec = await visibleRevisionOrNotFound(tx, ctx, documentId, input.revision ?? doc.latestRevision);
      authorize(ctx.access, 'document.edit.general', revisionStateOf(rec, ctx.access.actor.userId));
      const previous = generalOfRecord(rec);
      const next = generalOf(input);
      const changed = changedFields(GENERAL_FIELDS, previous, next);
      if (changed.length > 0) {
        if (isRevisionLocked(rec)) throw AppError.conflict(messages.documentRevisionLocked);
        await checkGeneral(tx, organizationId, next, previous);
        const { extraFileIds, tagIds, ...columns } = next;
        await updateRevisionRow(tx, organizationId, documentId, rec.revision, columns);
        if (changed.includes('extraFileIds')) {
          await replaceRevisionFiles(tx, organizationId, documentId, rec.revision, extraFileIds);
        }
        if (changed.includes('tagIds')) await replaceRevisionTags(tx, organizationId, documentId, rec.revision, tagIds);
        await recordAudit(tx, audit, {
          organizationId,
          infoType: DOCUMENTS_INFO_TYPE,
          action: 'update',
          entityType: ENTITY,
          entityId: documentId,
          before: { revision: rec.revision, ...pick(previous, changed) },
          after: { revision: rec.revision, ...pick(next, changed) },
        });
        if (changed.includes('submitterId')) await handOverResponsibility(tx, ctx, rec, next.submitterId);
        if (rec.status === 'Rejected') await startNextCycle(tx, ctx, rec);
      }
      if (input.setAsFinal && !rec.isFinal) {
        await markFinal(tx, ctx, await visibleRevisionOrNotFound(tx, ctx, documentId, rec.revision), input.reason!);
      }
      return rec.revision;
    }),
  );
}

/**
 * Adds the next revision (latest + 1) with all its fields, signers and references; the right to
 * edit General of the document, whether or not it is approved. Answers the new revision.
 */
export async function addDocumentRevision(
  ctx: ServiceContext,
  documentId: string,
  input: AddDocumentRevisionRequest,
): Promise<number> {
  const { db, audit, organizationId } = scopeOf(ctx);
  const fields = generalOf(input);
  const signers = { reviewer: input.reviewerIds, approver: input.approverIds };
  return withIdentityCheck(() =>
    db.transaction(async (tx) => {
      const doc = await lockVisibleDocument(tx, ctx, documentId);
      authorize(ctx.access, 'document.addRevision', documentStateOf(doc));
      const revision = doc.latestRevision + 1;
      if (input.revision !== revision) {
        throw AppError.badRequest(messages.documentRevisionNotNext.replace('{revision}', String(revision)), 'revision');
      }
      if (input.setAsFinal && (input.reviewerIds.length > 0 || input.approverIds.length > 0)) {
        throw AppError.badRequest(messages.documentFinalNeedsNoSigners, 'setAsFinal');
      }
      await checkGeneral(tx, organizationId, fields);
      await checkNewSigners(tx, organizationId, signers);
      if (input.trainingRecordId !== null) await checkTraining(tx, ctx, input.trainingRecordId);
      await checkReferences(tx, ctx, input.references);
      const { extraFileIds, tagIds, ...columns } = fields;
      const me = ctx.access.actor.userId;
      await insertRevision(tx, {
        organizationId,
        documentId,
        revision,
        ...columns,
        creatorId: me,
        requiresTraining: input.requiresTraining,
      });
      await replaceRevisionFiles(tx, organizationId, documentId, revision, extraFileIds);
      await replaceRevisionTags(tx, organizationId, documentId, revision, tagIds);
      for (const role of ['reviewer', 'approver'] as const) {
        await replaceRevisionSigners(tx, organizationId, documentId, revision, role, signers[role]);
      }
      await insertReferences(
        tx,
        input.references.map((r) => referenceRow(organizationId, documentId, revision, r)),
      );
      await refreshDocumentRevisions(tx, organizationId, documentId);
      await rebuildParticipants(tx, organizationId, documentId);
      await recordAudit(tx, audit, {
        organizationId,
        infoType: DOCUMENTS_INFO_TYPE,
        action: 'addRevision',
        entityType: ENTITY,
        entityId: documentId,
        after: {
          number: doc.number,
          revision,
          status: 'Submitted',
          ...fields,
          reviewerIds: input.reviewerIds,
          approverIds: input.approverIds,
          requiresTraining: input.requiresTraining,
          references: input.references,
        },
      });
      const label = {
        id: documentId,
        number: doc.number,
        typeDescription: fields.typeDescription,
        name: fields.name,
        revision,
      };
      await assign(tx, ctx, 'responsible', label, [fields.submitterId]);
      await assign(tx, ctx, 'review', label, input.reviewerIds);
      await assign(tx, ctx, 'approval', label, input.approverIds);
      if (input.setAsFinal) {
        await markFinal(tx, ctx, await visibleRevisionOrNotFound(tx, ctx, documentId, revision), input.reason!);
      }
      return revision;
    }),
  );
}

/** Set as Final: a revision without reviewers and approvers, once, for a reason; the right to edit its General. */
export async function setDocumentRevisionFinal(
  ctx: ServiceContext,
  documentId: string,
  { revision, reason }: Pick<SetDocumentFinalRequest, 'revision' | 'reason'>,
) {
  const { db } = scopeOf(ctx);
  await db.transaction(async (tx) => {
    const rec = await revisionToEdit(tx, ctx, documentId, revision, 'document.edit.general');
    await markFinal(tx, ctx, rec, reason);
  });
}

/**
 * Deletes one revision: the document keeps another, the revision carries no signature, and the
 * person may delete the document; a final revision only for a reason. The latest and released
 * revisions follow.
 */
export async function deleteDocumentRevision(
  ctx: ServiceContext,
  documentId: string,
  { revision, reason }: Pick<DeleteDocumentRevisionQuery, 'revision' | 'reason'>,
) {
  const { db, audit, organizationId } = scopeOf(ctx);
  await db.transaction(async (tx) => {
    const doc = await lockVisibleDocument(tx, ctx, documentId);
    const rec = await visibleRevisionOrNotFound(tx, ctx, documentId, revision);
    authorize(ctx.access, 'document.delete', documentStateOf(doc));
    if (rec.revisionCount <= 1) throw AppError.conflict(messages.documentLastRevision, 'revision');
    if (rec.hasSignature) throw AppError.conflict(messages.documentRevisionSigned, 'revision');
    if (rec.isFinal && reason === null)
      throw AppError.badRequest(messages.documentRevisionDeleteReasonRequired, 'reason');
    const before = await revisionSnapshot(tx, organizationId, documentId, revision);
    await deleteRevisionRow(tx, organizationId, documentId, revision);
    await refreshDocumentRevisions(tx, organizationId, documentId);
    await rebuildParticipants(tx, organizationId, documentId);
    await recordAudit(tx, audit, {
      organizationId,
      infoType: DOCUMENTS_INFO_TYPE,
      action: 'deleteRevision',
      entityType: ENTITY,
      entityId: documentId,
      before: { number: doc.number, ...before },
      reason,
    });
    await settleDocumentActions(tx, ctx, documentId, 'responsible', [rec.submitterId], 'withdraw');
    await settleDocumentActions(tx, ctx, documentId, 'review', rec.reviewerIds, 'withdraw');
    await settleDocumentActions(tx, ctx, documentId, 'approval', rec.approverIds, 'withdraw');
  });
}

/**
 * Saves the reviewers, approvers and training of a revision (docs/decisions/0018-documents.md):
 * an approved or final revision's signers do not change; a signer who responded in the current
 * cycle stays; added signers get their action, removed ones lose it; the status follows (an
 * added reviewer returns a Reviewed revision to Submitted), and a change to a rejected revision
 * starts its next signature cycle.
 */
export async function updateDocumentQualityTasks(
  ctx: ServiceContext,
  documentId: string,
  input: UpdateDocumentQualityTasksRequest,
) {
  const { db, audit, organizationId } = scopeOf(ctx);
  await db.transaction(async (tx) => {
    await lockVisibleDocument(tx, ctx, documentId);
    const rec = await visibleRevisionOrNotFound(tx, ctx, documentId, input.revision);
    const previous = {
      reviewerIds: rec.reviewerIds,
      approverIds: rec.approverIds,
      requiresTraining: rec.requiresTraining,
      trainingRecordId: rec.trainingRecordId,
    };
    const next = {
      reviewerIds: input.reviewerIds,
      approverIds: input.approverIds,
      requiresTraining: input.requiresTraining,
      trainingRecordId: input.trainingRecordId,
    };
    const sameSet = (a: string[], b: string[]) => sameValue([...a].sort(), [...b].sort());
    const changed = (['reviewerIds', 'approverIds', 'requiresTraining', 'trainingRecordId'] as const).filter((f) =>
      f === 'reviewerIds' || f === 'approverIds' ? !sameSet(previous[f], next[f]) : previous[f] !== next[f],
    );
    // A final revision that requires training may still get its training linked (or another one).
    const linksTraining =
      rec.isFinal && rec.requiresTraining && next.trainingRecordId !== null && sameValue(changed, ['trainingRecordId']);
    authorize(
      ctx.access,
      linksTraining ? 'document.linkTraining' : 'document.edit.qualityTasks',
      revisionStateOf(rec, ctx.access.actor.userId),
    );
    if (changed.length === 0) return;
    const signersChange = changed.includes('reviewerIds') || changed.includes('approverIds');
    if (rec.isFinal && !linksTraining) {
      throw AppError.conflict(signersChange ? messages.documentSignersOfApproved : messages.documentRevisionFinal);
    }
    if (changed.includes('trainingRecordId') && next.trainingRecordId !== null) {
      await checkTraining(tx, ctx, next.trainingRecordId);
    }
    const added = {
      reviewer: next.reviewerIds.filter((id) => !previous.reviewerIds.includes(id)),
      approver: next.approverIds.filter((id) => !previous.approverIds.includes(id)),
    };
    const removed = {
      reviewer: previous.reviewerIds.filter((id) => !next.reviewerIds.includes(id)),
      approver: previous.approverIds.filter((id) => !next.approverIds.includes(id)),
    };
    const rejected = rec.status === 'Rejected';
    if (!rejected && removed.reviewer.length + removed.approver.length > 0) {
      const signatures = await listRevisionSignatures(tx, organizationId, documentId, rec.revision, rec.signatureCycle);
      const responded = signatures.find(
        (s) =>
          (s.kind === 'review' && removed.reviewer.includes(s.signerId)) ||
          (s.kind === 'approval' && removed.approver.includes(s.signerId)),
      );
      if (responded) {
        throw AppError.conflict(
          messages.documentSignerResponded.replace('{name}', responded.signerName),
          'reviewerIds',
        );
      }
    }
    await checkNewSigners(tx, organizationId, added);
    for (const role of ['reviewer', 'approver'] as const) {
      if (added[role].length + removed[role].length > 0) {
        const ids = role === 'reviewer' ? next.reviewerIds : next.approverIds;
        await replaceRevisionSigners(tx, organizationId, documentId, rec.revision, role, ids);
      }
    }
    if (changed.includes('requiresTraining') || changed.includes('trainingRecordId')) {
      await updateRevisionRow(tx, organizationId, documentId, rec.revision, {
        requiresTraining: next.requiresTraining,
        trainingRecordId: next.trainingRecordId,
      });
    }
    if (linksTraining) await onTrainingLinked(tx, ctx, rec, next.trainingRecordId!);
    await recordAudit(tx, audit, {
      organizationId,
      infoType: DOCUMENTS_INFO_TYPE,
      action: 'update',
      entityType: ENTITY,
      entityId: documentId,
      before: { revision: rec.revision, ...pick(previous, changed) },
      after: { revision: rec.revision, ...pick(next, changed) },
    });
    if (signersChange) {
      await rebuildParticipants(tx, organizationId, documentId);
      if (rejected) {
        await startNextCycle(tx, ctx, rec);
      } else {
        await assign(tx, ctx, 'review', rec, added.reviewer);
        await assign(tx, ctx, 'approval', rec, added.approver);
      }
      await settleDocumentActions(tx, ctx, documentId, 'review', removed.reviewer, 'withdraw');
      await settleDocumentActions(tx, ctx, documentId, 'approval', removed.approver, 'withdraw');
      await recomputeRevisionStatus(tx, ctx, documentId, rec.revision);
    }
  });
}

const referenceRow = (organizationId: string, documentId: string, revision: number, r: NewDocumentReference) => ({
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
 * Saves the References of a revision: `oldReferenceIds` are kept, the others removed, and
 * `newReferences` added; the right to edit References, the revision not locked.
 */
export async function updateDocumentReferences(
  ctx: ServiceContext,
  documentId: string,
  input: UpdateDocumentReferencesRequest,
) {
  const { db, audit, organizationId } = scopeOf(ctx);
  await db.transaction(async (tx) => {
    const rec = await revisionToEdit(tx, ctx, documentId, input.revision, 'document.edit.references');
    const existing = await listReferenceRows(tx, organizationId, documentId, rec.revision);
    const existingIds = new Set(existing.map((r) => r.id));
    if (input.oldReferenceIds.some((id) => !existingIds.has(id))) {
      throw AppError.badRequest(messages.referenceUnknown, 'oldReferenceIds');
    }
    const removed = existing.filter((r) => !input.oldReferenceIds.includes(r.id));
    if (removed.length === 0 && input.newReferences.length === 0) return;
    if (isRevisionLocked(rec)) throw AppError.conflict(messages.documentRevisionLocked);
    await checkReferences(tx, ctx, input.newReferences);
    const added = input.newReferences.map((r) => referenceRow(organizationId, documentId, rec.revision, r));
    await deleteReferences(
      tx,
      organizationId,
      removed.map((r) => r.id),
    );
    await insertReferences(tx, added);
    const shown = (r: {
      id: string;
      type: number | null;
      linkedId: string | null;
      link: string | null;
      linkDescription: string | null;
    }) => ({
      id: r.id,
      type: r.type,
      linkedId: r.linkedId,
      link: r.link,
      linkDescription: r.linkDescription,
    });
    await recordAudit(tx, audit, {
      organizationId,
      infoType: DOCUMENTS_INFO_TYPE,
      action: 'update',
      entityType: ENTITY,
      entityId: documentId,
      before: { revision: rec.revision, references: removed.map(shown) },
      after: { revision: rec.revision, references: added.map(shown) },
    });
    if (rec.status === 'Rejected') await startNextCycle(tx, ctx, rec);
  });
}

const OPEN_ACTION_KINDS = ['review', 'approval', 'responsible', 'link-training'] as const;

/**
 * Deletes the chosen documents, all or nothing: an id the person cannot see answers 404, a
 * document they may not delete 403, a final one among them without a reason 400. Each document's
 * audit event keeps its revisions and signatures (the signatures go only with their document) and
 * the reason; open automatic actions are withdrawn.
 */
export async function deleteDocuments(ctx: ServiceContext, ids: string[], reason: string | null) {
  const { db, audit, organizationId } = scopeOf(ctx);
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await lockVisibleDocuments(tx, ctx.access, unique);
    if (rows.length !== unique.length) throw AppError.notFound();
    for (const row of rows) authorize(ctx.access, 'document.delete', documentStateOf(row));
    if (reason === null && rows.some((row) => row.releasedRevision !== null)) {
      throw AppError.badRequest(messages.documentDeleteReasonRequired, 'reason');
    }
    for (const row of rows) await recordDocumentDelete(tx, row);
    for (const row of rows) {
      for (const kind of OPEN_ACTION_KINDS) {
        await withdrawActions(tx, ctx, { kind, source: documentActionSource(organizationId, row.id) });
      }
    }
    await deleteDocumentRows(tx, organizationId, unique);
  });

  async function recordDocumentDelete(tx: Tx, row: DocumentTableRow) {
    const revisions = [];
    for (const r of await listRevisionRows(tx, organizationId, row.id)) {
      revisions.push(await revisionSnapshot(tx, organizationId, row.id, r.revision));
    }
    const signatures = (await listDocumentSignatures(tx, organizationId, row.id)).map(
      ({ organizationId: _o, documentId: _d, ...s }) => s,
    );
    await recordAudit(tx, audit, {
      organizationId,
      infoType: DOCUMENTS_INFO_TYPE,
      action: 'delete',
      entityType: ENTITY,
      entityId: row.id,
      before: {
        number: row.number,
        creatorId: row.creatorId,
        createdAt: row.createdAt,
        latestRevision: row.latestRevision,
        releasedRevision: row.releasedRevision,
        revisions,
        signatures,
      },
      reason,
    });
  }
}
