import { type WithdrawDocumentRequest } from '@qualis/contract';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { scopeOf, type ServiceContext } from '../../core/service-context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { nameOf } from '../accounts/account-mails.js';
import { authorize } from '../policies.js';
import { findUserById } from '../users/users.repository.js';
import { listRevisionRows, type RevisionTableRow } from './document-rows.repository.js';
import { findFileSha256, insertSignature } from './document-signatures.repository.js';
import { checkCredentials } from './document-signatures.service.js';
import { documentStateOf, lockVisibleDocument, visibleRevisionOrNotFound } from './document-states.js';
import { findVisibleRevision, type DocumentDetailRecord } from './document-detail.repository.js';
import { markObsolete } from './revision-lifecycle.js';

// Withdrawing a released document or revision (issue 23; docs/decisions/0028-withdraw-released-documents.md):
// a released record is never deleted; it becomes Obsolete, with a reason and a signature, and
// stays readable and exportable. The transition itself is the lifecycle's (`markObsolete`).

/**
 * Why the withdrawal is refused, read from the document's default revision (`doc`) and, for a
 * revision's withdrawal, that revision (`target`): the withdraw right (403: the delete right, or
 * an approver named on the revision withdrawn, the released one for the whole document), then a
 * document never released or a draft revision (409: delete it instead), or one already Obsolete (409).
 */
function refusal(ctx: ServiceContext, doc: DocumentDetailRecord, target: DocumentDetailRecord | undefined) {
  const approves = target ? target.isApprover : doc.approvesReleased;
  authorize(ctx.access, 'document.withdraw', { ...documentStateOf(doc), approves });
  if (target === undefined) {
    if (doc.releasedRevision === null) return AppError.conflict('documentNeverReleased');
    if (doc.isWithdrawn) return AppError.conflict('documentAlreadyObsolete');
    return undefined;
  }
  if (target.status === 'Obsolete') return AppError.conflict('documentAlreadyObsolete', 'revision');
  if (!target.isFinal) return AppError.conflict('documentRevisionNotReleased', 'revision');
  return undefined;
}

/** The document's default revision and the revision to withdraw (none: the whole document), visible or 404. */
async function readTargets(tx: DbOrTx, ctx: ServiceContext, documentId: string, revision?: number) {
  const doc = await findVisibleRevision(tx, ctx.access, documentId);
  if (!doc) throw AppError.notFound();
  const target = revision === undefined ? undefined : await findVisibleRevision(tx, ctx.access, documentId, revision);
  if (revision !== undefined && !target) throw AppError.notFound();
  return { doc, target };
}

/**
 * POST /documents/{id}/withdrawal: withdraws one final revision, or (no `revision`) the whole
 * released document, every revision not yet Obsolete (its drafts too: their signing ends). What
 * can be refused without the credentials is refused first (404, 403, 409, nothing counted); then
 * the access code, and the password where the organization asks for it, as an approval's (the
 * signing lock counts a wrong one, document-signatures.service.ts); then, in one
 * transaction under the document's lock, the rules again, and for each revision a 'withdrawal'
 * signature (meaning Withdrawn, the reason as its comment, the SHA-256 of its controlled file)
 * and the transition to Obsolete with its audit event. Answers the revision to show.
 */
export async function withdrawDocument(
  ctx: ServiceContext,
  documentId: string,
  input: Pick<WithdrawDocumentRequest, 'revision' | 'reason' | 'accessCode' | 'password'>,
): Promise<number> {
  const { db, organizationId, audit } = scopeOf(ctx);
  const seen = await readTargets(db, ctx, documentId, input.revision);
  const early = refusal(ctx, seen.doc, seen.target);
  if (early) throw early;
  const signer = await findUserById(db, ctx.access.actor.userId);
  if (!signer) throw AppError.unauthenticated();
  const attempt = { kind: 'withdrawal' as const, documentId, revision: input.revision ?? seen.doc.revision };
  const passwordConfirmed = await checkCredentials(ctx, signer, attempt, input);

  return db.transaction(async (tx) => {
    await lockVisibleDocument(tx, ctx, documentId);
    const { doc, target } = await readTargets(tx, ctx, documentId, input.revision);
    const refused = refusal(ctx, doc, target);
    if (refused) throw refused;
    const rows = (await listRevisionRows(tx, organizationId, documentId)).filter(
      (r) => r.status !== 'Obsolete' && (input.revision === undefined || r.revision === input.revision),
    );
    const signedAt = new Date();
    for (const row of rows.reverse()) await withdrawRevision(tx, row);
    return (await visibleRevisionOrNotFound(tx, ctx, documentId, input.revision)).revision;

    async function withdrawRevision(tx: Tx, row: RevisionTableRow) {
      const signature = await insertSignature(tx, {
        organizationId,
        id: newId(),
        documentId,
        revision: row.revision,
        signatureCycle: row.signatureCycle,
        kind: 'withdrawal',
        meaning: 'Withdrawn',
        signerId: signer!.id,
        signerName: nameOf(signer!),
        signerEmail: signer!.email,
        comment: input.reason,
        signedAt,
        fileId: row.fileId,
        fileSha256: (await findFileSha256(tx, organizationId, row.fileId))!,
        passwordConfirmed,
        requestId: audit.requestId,
      });
      const { organizationId: _o, documentId: _d, requestId: _r, ...manifestation } = signature;
      await markObsolete(tx, ctx, row, { reason: input.reason, signature: manifestation });
    }
  });
}
