import { checkTrainingEffect } from './training-effect.js';
import {
  message,
  type UpdateDocumentQualityTasksRequest,
  type UpdateDocumentReferencesRequest,
} from '@qualis/contract';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { authorize } from '../policies.js';
import { scopeOf, type ServiceContext } from '../../core/service-context.js';
import { onTrainingLinked } from '../document-trainings/document-trainings.js';
import { assignDocumentActions as assign, settleDocumentActions } from './document-actions.js';
import {
  checkNewSigners,
  checkReferences,
  checkTraining,
  referenceRow,
  revisionUpdateEvent,
  sameValue,
} from './document-input.js';
import {
  deleteReferences,
  insertReferences,
  listReferenceRows,
  rebuildParticipants,
  replaceRevisionSigners,
  updateRevisionRow,
} from './document-rows.repository.js';
import { listRevisionSignatures } from './document-signatures.repository.js';
import {
  DOCUMENT_ENTITY,
  DOCUMENTS_INFO_TYPE,
  isRevisionLocked,
  lockVisibleDocument,
  revisionStateOf,
  revisionToEdit,
  visibleRevisionOrNotFound,
} from './document-states.js';
import { recomputeRevisionStatus, startNextCycle } from './revision-lifecycle.js';

// The saves of a revision's Quality Tasks (signers and training) and References sections.

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
    if (rec.status === 'Obsolete') throw AppError.conflict('documentRevisionObsolete');
    const signersChange = changed.includes('reviewerIds') || changed.includes('approverIds');
    if (rec.isFinal && !linksTraining) {
      throw AppError.conflict(signersChange ? 'documentSignersOfApproved' : 'documentRevisionFinal');
    }
    if (changed.includes('requiresTraining')) checkTrainingEffect(rec.trainingEffectDays, next.requiresTraining);
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
        throw AppError.conflict(message('documentSignerResponded', { name: responded.signerName }), 'reviewerIds');
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
      ...revisionUpdateEvent(documentId, rec.revision, changed, previous, next),
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
      throw AppError.badRequest('referenceUnknown', 'oldReferenceIds');
    }
    const removed = existing.filter((r) => !input.oldReferenceIds.includes(r.id));
    if (removed.length === 0 && input.newReferences.length === 0) return;
    if (isRevisionLocked(rec)) throw AppError.conflict('documentRevisionLocked');
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
      entityType: DOCUMENT_ENTITY,
      entityId: documentId,
      before: { revision: rec.revision, references: removed.map(shown) },
      after: { revision: rec.revision, references: added.map(shown) },
    });
    if (rec.status === 'Rejected') await startNextCycle(tx, ctx, rec);
  });
}
