import { message, type AuditInfoType } from '@qualis/contract';
import { AppError } from '../../core/errors.js';
import { authorize } from '../policies.js';
import type { ServiceContext } from '../../core/service-context.js';
import type { Tx } from '../../db/client.js';
import type { DocumentState, RevisionState } from './documents.policy.js';
import { lockVisibleDocuments } from './documents.repository.js';
import { findVisibleRevision, type DocumentDetailRecord } from './document-detail.repository.js';

// What every reader and writer of a document starts from: the audit trail's names, the states the
// policies read, and the visible document under its lock.

export const DOCUMENTS_INFO_TYPE = 'Documents & Document Revisions' satisfies AuditInfoType;
export const DOCUMENT_ENTITY = 'document';

export const documentStateOf = (doc: {
  creatorId: string;
  isParticipant: boolean;
  releasedRevision: number | null;
  effectiveRevision: number | null;
}): DocumentState => ({
  creatorId: doc.creatorId,
  isParticipant: doc.isParticipant,
  hasFinalRevision: doc.releasedRevision !== null,
  hasEffectiveRevision: doc.effectiveRevision !== null,
});

export const revisionStateOf = (
  rec: Parameters<typeof documentStateOf>[0] &
    Pick<DocumentDetailRecord, 'status' | 'isFinal' | 'isReviewer' | 'isApprover' | 'submitterId'>,
  me: string,
): RevisionState => ({
  ...documentStateOf(rec),
  status: rec.status,
  isFinal: rec.isFinal,
  isReviewer: rec.isReviewer,
  isApprover: rec.isApprover,
  isResponsible: rec.submitterId === me,
});

/**
 * Nothing file-dependent of the revision changes once it is final or withdrawn (Obsolete), or
 * while a review or approval of its current cycle is in (a rejected revision is open to the
 * change that answers the rejection, which starts the next cycle).
 */
export const isRevisionLocked = (rec: Pick<DocumentDetailRecord, 'isFinal' | 'status' | 'lockedBySignature'>) =>
  rec.isFinal || rec.status === 'Obsolete' || (rec.status !== 'Rejected' && rec.lockedBySignature);

/**
 * A released document or revision is never deleted (issue 23): the 409 of every delete path,
 * naming what to do instead (withdraw it, revision-withdrawal.ts).
 */
export const releasedNoDelete = (of: { number: number } | { revision: number }) =>
  'number' in of
    ? AppError.conflict(message('documentReleasedNoDelete', { number: of.number }))
    : AppError.conflict(message('documentRevisionReleasedNoDelete', { revision: of.revision }), 'revision');

/**
 * A new revision: the right to edit General of the document (403), and the document not withdrawn
 * (409: an Obsolete document is retired for good, issue 24).
 */
export function authorizeNewRevision(ctx: ServiceContext, doc: DocumentDetailRecord) {
  authorize(ctx.access, 'document.addRevision', documentStateOf(doc));
  if (doc.isWithdrawn) throw AppError.conflict('documentWithdrawnNoRevision');
}

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
export async function revisionToEdit(
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
