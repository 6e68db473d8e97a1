import { now } from '../../core/clock.js';
import { refreshWithdrawnMark } from './withdrawn-documents.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { scopeOf, type ServiceContext } from '../../core/service-context.js';
import type { Tx } from '../../db/client.js';
import { withdrawActions } from '../actions/automatic-actions.js';
import { endTrainingRound, startTrainingRound } from '../training-records/training-actions.js';
import { assignDocumentActions as assign, documentActionSource, settleDocumentActions } from './document-actions.js';
import { changedFields } from './document-input.js';
import {
  findDocumentRow,
  listRevisionRows,
  refreshDocumentRevisions,
  updateRevisionRow,
  type RevisionTableRow,
} from './document-rows.repository.js';
import { listRevisionSignatures, listRevisionSigners } from './document-signatures.repository.js';
import { endPeriodicReview, endReviewByRevision } from './periodic-review.schedule.js';
import { DOCUMENT_ENTITY, DOCUMENTS_INFO_TYPE } from './document-states.js';
import type { DocumentDetailRecord } from './document-detail.repository.js';
import { releaseRevision } from './revision-effect.js';

// The lifecycle of a revision (docs/decisions/0018-documents.md, "Lifecycle"): its status from its
// signatures, its release, the next signature cycle after a rejection, and its end: withdrawn
// (Obsolete, docs/decisions/0028-withdraw-released-documents.md; revision-withdrawal.ts signs it).

type Derived = Pick<RevisionTableRow, 'status' | 'reviewedAt' | 'approvedAt' | 'isFinal' | 'finalAt'>;

/**
 * The status the signatures of the revision's current cycle give it: any rejection Rejected;
 * every approver Approved (after every reviewer Reviewed) Approved and final; every reviewer
 * Reviewed Reviewed; otherwise Submitted. A revision set as final by hand stays final; a
 * withdrawn (Obsolete) one stays Obsolete.
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

  // Withdrawn is the end of the lifecycle (revision-withdrawal.ts): nothing derives it back.
  if (row.status === 'Obsolete') return row;
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
      entityType: DOCUMENT_ENTITY,
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
 * A revision became final (approved by its signers, or set as final): it takes effect now or on
 * its effective date or once its training completed (revision-effect.ts, which starts its periodic
 * review period then), it ends the document's periodic review (periodic-review.schedule.ts), its
 * responsible's work is done, and when the revision requires training and links none yet, the
 * responsible gets a 'link-training' action. In the caller's transaction; the signing service
 * reaches it through `recomputeRevisionStatus`.
 */
export async function onRevisionApproved(tx: Tx, ctx: ServiceContext, documentId: string, revision: number) {
  const organizationId = ctx.access.organization.id;
  const key = { organizationId, documentId, revision };
  const effective = await releaseRevision(tx, { organizationId, audit: ctx.audit }, key);
  const row = await revisionRow(tx, organizationId, documentId, revision);
  const doc = await findDocumentRow(tx, organizationId, documentId);
  await settleDocumentActions(tx, ctx, documentId, 'responsible', [row.submitterId], 'complete');
  await endReviewByRevision(tx, ctx, documentId, effective);
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
 * A change that answers a rejection starts the revision's next signature cycle: everyone named
 * signs again, so each reviewer and approver gets their action again.
 */
export async function startNextCycle(tx: Tx, ctx: ServiceContext, rec: DocumentDetailRecord) {
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
    entityType: DOCUMENT_ENTITY,
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
export async function markFinal(tx: Tx, ctx: ServiceContext, rec: DocumentDetailRecord, reason: string) {
  const { organizationId, audit } = scopeOf(ctx);
  if (rec.isFinal) throw AppError.conflict('documentAlreadyFinal', 'revision');
  if (rec.reviewerIds.length > 0 || rec.approverIds.length > 0) {
    throw AppError.conflict('documentFinalNeedsNoSigners', 'setAsFinal');
  }
  const finalAt = new Date();
  await updateRevisionRow(tx, organizationId, rec.id, rec.revision, { isFinal: true, finalAt });
  await refreshDocumentRevisions(tx, organizationId, rec.id);
  await recordAudit(tx, audit, {
    organizationId,
    infoType: DOCUMENTS_INFO_TYPE,
    action: 'statusChange',
    entityType: DOCUMENT_ENTITY,
    entityId: rec.id,
    before: { revision: rec.revision, status: rec.status, isFinal: false },
    after: { revision: rec.revision, status: rec.status, isFinal: true, finalAt },
    reason,
  });
  await onRevisionApproved(tx, ctx, rec.id, rec.revision);
}

/**
 * The revision is withdrawn: its status becomes Obsolete (the end of its lifecycle; it stays
 * final when it was, so the document stays released and readable), audited with the reason and
 * the withdrawal signature. Its automatic actions are settled as a delete settles them: the open
 * responsible, review and approval work of its people is withdrawn (unless another revision of
 * the document still waits for them), as is a pending 'link-training'; the round of its linked
 * training ends; the released revision's periodic review ends. In the caller's transaction, after the document's lock and the signature.
 */
export async function markObsolete(
  tx: Tx,
  ctx: ServiceContext,
  row: RevisionTableRow,
  withdrawal: { reason: string; signature: Record<string, unknown> },
) {
  const { organizationId, audit } = scopeOf(ctx);
  const { documentId, revision } = row;
  await updateRevisionRow(tx, organizationId, documentId, revision, { status: 'Obsolete' });
  await refreshWithdrawnMark(tx, organizationId, documentId, now());
  await recordAudit(tx, audit, {
    organizationId,
    infoType: DOCUMENTS_INFO_TYPE,
    action: 'withdraw',
    entityType: DOCUMENT_ENTITY,
    entityId: documentId,
    before: { revision, status: row.status, isFinal: row.isFinal },
    after: { revision, status: 'Obsolete', isFinal: row.isFinal, signature: withdrawal.signature },
    reason: withdrawal.reason,
  });
  const signers = await listRevisionSigners(tx, organizationId, documentId, revision);
  const of = (role: 'reviewer' | 'approver') => signers.filter((s) => s.signerRole === role).map((s) => s.id);
  await settleDocumentActions(tx, ctx, documentId, 'responsible', [row.submitterId], 'withdraw');
  await settleDocumentActions(tx, ctx, documentId, 'review', of('reviewer'), 'withdraw');
  await settleDocumentActions(tx, ctx, documentId, 'approval', of('approver'), 'withdraw');
  if (row.isFinal && row.requiresTraining && row.trainingRecordId === null) {
    const source = documentActionSource(organizationId, documentId);
    await withdrawActions(tx, ctx, { kind: 'link-training', source, people: [row.submitterId] });
  }
  if (row.trainingRecordId !== null) {
    await endTrainingRound(tx, ctx, { trainingId: row.trainingRecordId, documentId, revision });
  }
  const doc = await findDocumentRow(tx, organizationId, documentId);
  if (doc?.releasedRevision === revision) await endPeriodicReview(tx, ctx, documentId);
}
