import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { authorize } from '../policies.js';
import { scopeOf, type ServiceContext } from '../../core/service-context.js';
import type { Tx } from '../../db/client.js';
import { completeActions } from '../actions/automatic-actions.js';
import { documentActionSource } from '../documents/document-actions.js';
import { updateRevisionRow } from '../documents/document-rows.repository.js';
import { DOCUMENT_ENTITY, DOCUMENTS_INFO_TYPE, revisionStateOf } from '../documents/document-states.js';
import { lockVisibleDocuments } from '../documents/documents.repository.js';
import { findVisibleRevision, type DocumentDetailRecord } from '../documents/document-detail.repository.js';
import { startTrainingRound } from '../training-records/training-actions.js';

// The link between a document revision and its training (docs/decisions/0024-document-training-link.md):
// the documents' writes and the trainings' 'Create & Link Training' both call it, and it calls
// neither of them.

/**
 * A training was linked to a revision. On a final revision the training is due for it now: the
 * 'link-training' work is done, and the training's assignees pass it again for this revision
 * (a new round; their earlier passes stay, labelled with what they were for).
 */
export async function onTrainingLinked(
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
  if (!rec) throw AppError.badRequest('trainingDocumentUnknown', 'documentModel');
  authorize(
    ctx.access,
    rec.isFinal ? 'document.linkTraining' : 'document.edit.qualityTasks',
    revisionStateOf(rec, ctx.access.actor.userId),
  );
  if (rec.status === 'Obsolete') throw AppError.conflict('documentRevisionObsolete', 'documentModel');
  if (rec.trainingRecordId !== null) throw AppError.badRequest('trainingDocumentLinked', 'documentModel');
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
    entityType: DOCUMENT_ENTITY,
    entityId: rec.id,
    before: { revision: rec.revision, requiresTraining: rec.requiresTraining, trainingRecordId: null },
    after: { revision: rec.revision, requiresTraining: true, trainingRecordId: trainingId },
  });
  await onTrainingLinked(tx, ctx, rec, trainingId);
}
