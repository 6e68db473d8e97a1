import {
  message,
  SIGNATURE_RESPONSE,
  type AddDocumentApprovalRequest,
  type AddDocumentReviewRequest,
  type DocumentStatus,
  type SignatureMeaning,
} from '@qualis/contract';
import type { AppContext } from '../../core/context.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { renderMail, type TemplateName } from '../../core/mail/templates.js';
import { verifyPassword } from '../../core/passwords.js';
import { scopeOf, type ServiceContext } from '../../core/service-context.js';
import { isUniqueViolation } from '../../core/unique-violation.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { nameOf } from '../accounts/account-mails.js';
import { hasValidAccessCode, verifyAccessCode } from '../access-codes/access-codes.service.js';
import { recordLink } from '../actions/automatic-actions.js';
import type { UserRow } from '../../db/schema/index.js';
import { storedSha256sOf } from '../uploads/file-integrity.js';
import { findUserById } from '../users/users.repository.js';
import { signingRefusal, type SignatureKind, type SigningState } from './document-signatures.policy.js';
import { findMailRecipients, findOrganizationAdmins, insertSignature } from './document-signatures.repository.js';
import { findVisibleRevision, type DocumentDetailRecord } from './document-detail.repository.js';
import { listRevisionSignatures, listRevisionSigners, type SignatureRow } from './document-signatures.repository.js';
import { presentApprovals, presentReviews } from './documents.presenter.js';
import { DOCUMENTS_INFO_TYPE, lockVisibleDocument, visibleRevisionOrNotFound } from './document-states.js';
import { recomputeRevisionStatus } from './revision-lifecycle.js';
import { documentActionSource, settleDocumentActions } from './document-actions.js';
import { SIGNING_LOCK, lockEndText, settleSigningAttempt, signingLockedUntil } from './signing-lock.js';

/**
 * Electronic signatures on document revisions (spec 03 "Review and approval", decision 0018,
 * 21 CFR 11.50, 11.70, 11.200, 11.300): a review or approval is an append-only row with its
 * manifestation (printed name, e-mail, meaning, UTC time, the SHA-256 of the file signed); the
 * revision's status follows from the rows of its current cycle in the same transaction.
 */

const stateOf = (rec: DocumentDetailRecord, signatures: readonly SignatureRow[]): SigningState => ({
  status: rec.status,
  isFinal: rec.isFinal,
  reviewerIds: rec.reviewerIds,
  approverIds: rec.approverIds,
  signatures,
});

/**
 * The revision's controlled file with the SHA-256 of its stored bytes, which every signature of
 * the revision is checked against (`signatureMatches`).
 */
export const signedFileOf = async (app: AppContext, organizationId: string, rec: DocumentDetailRecord) => ({
  ...rec.file,
  storedSha256: (await storedSha256sOf(app, organizationId, [rec.file.id])).get(rec.file.id) ?? null,
});

/** What the Review or Approval section of a visible revision shows (documents.presenter.ts); 404 otherwise. */
async function sectionInputs(ctx: ServiceContext, documentId: string, revision: number) {
  const { access, app } = ctx;
  const { db } = app.database;
  const rec = await findVisibleRevision(db, access, documentId, revision);
  if (!rec) throw AppError.notFound();
  const organizationId = access.organization.id;
  const [signers, signatures, file] = await Promise.all([
    listRevisionSigners(db, organizationId, documentId, rec.revision),
    listRevisionSignatures(db, organizationId, documentId, rec.revision),
    signedFileOf(app, organizationId, rec),
  ]);
  return [access, rec, signers, signatures, file] as const;
}

/** The Review section after a signing, as GET /documents/{id}/reviews shows it. */
export const reviewsAfterSigning = async (ctx: ServiceContext, id: string, revision: number) =>
  presentReviews(...(await sectionInputs(ctx, id, revision)));

/** The Approval section after a signing, as GET /documents/{id}/approvals shows it. */
export const approvalsAfterSigning = async (ctx: ServiceContext, id: string, revision: number) =>
  presentApprovals(
    ...(await sectionInputs(ctx, id, revision)),
    await hasValidAccessCode(ctx.app.database.db, ctx.access.actor.userId),
  );

// ---------------------------------------------------------------------------------------------
// Signing

type SigningInput = (AddDocumentReviewRequest | AddDocumentApprovalRequest) & { accessCode?: string };

const MEANINGS: Record<SignatureKind, [accepted: SignatureMeaning, rejected: SignatureMeaning]> = {
  review: ['Reviewed', 'Rejected'],
  approval: ['Approved', 'Rejected'],
};

const lockedError = (until: Date) =>
  new AppError('SIGNING_LOCKED', message('signingLocked', { until: lockEndText(until) }));

interface Attempt {
  kind: SignatureKind | 'withdrawal' | 'periodicReview';
  documentId: string;
  revision: number;
}

/** Audits a refused signing (never the code or the password). */
async function auditRefusal(tx: DbOrTx, ctx: ServiceContext, attempt: Attempt, after: Record<string, unknown>) {
  await recordAudit(tx, ctx.audit, {
    organizationId: ctx.access.organization.id,
    infoType: DOCUMENTS_INFO_TYPE,
    action: 'signatureRefused',
    entityType: 'document',
    entityId: attempt.documentId,
    after: { revision: attempt.revision, kind: attempt.kind, ...after },
  });
}

/** The person's signing is locked: they and the organization's Admins are told, each in their language. */
async function sendLockMails(ctx: ServiceContext, tx: Tx, signer: UserRow, count: number, until: Date) {
  const organizationId = ctx.access.organization.id;
  const values = {
    count,
    minutes: SIGNING_LOCK.lockMinutes,
    until: lockEndText(until),
    organization: ctx.access.organization.name,
  };
  const own = renderMail('signingLocked', signer.language, { ...values, name: nameOf(signer) });
  await ctx.app.mailer.enqueue(tx, { to: signer.email, organizationId, ...own });
  for (const admin of await findOrganizationAdmins(tx, organizationId)) {
    if (admin.id === signer.id) continue;
    const mail = renderMail('signingLockedAdmin', admin.language, {
      ...values,
      name: nameOf(admin),
      person: nameOf(signer),
      email: signer.email,
    });
    await ctx.app.mailer.enqueue(tx, { to: admin.email, organizationId, ...mail });
  }
}

/**
 * Checks what the signing asks beyond the session: the access code of an approval, a withdrawal
 * (revision-withdrawal.ts) and a periodic review (periodic-review.service.ts), and the password
 * when the organization asks for it. A locked person is refused (429 SIGNING_LOCKED,
 * audited) before and, for attempts sent at once, after the check; each checked attempt is
 * settled on the signing lock (signing-lock.ts) in the transaction that audits it: a wrong one is
 * refused with a 400 on its field, the 5th in a row locks (429, e-mails); a right one clears the
 * count. Answers whether the password was confirmed.
 */
export async function checkCredentials(
  ctx: ServiceContext,
  signer: UserRow,
  attempt: Attempt,
  input: { password?: string | null | undefined; accessCode?: string | undefined },
) {
  const { db } = scopeOf(ctx);
  const needsPassword = ctx.access.organization.signingRequiresPassword;
  const needsCode = attempt.kind === 'approval' || attempt.kind === 'withdrawal' || attempt.kind === 'periodicReview';
  if (needsCode && !(await hasValidAccessCode(db, signer.id))) {
    throw AppError.badRequest('accessCodeMissing', 'accessCode');
  }
  if (needsPassword && !input.password) throw AppError.badRequest('signingPasswordRequired', 'password');

  const refuseLocked = async (tx: DbOrTx, lockedUntil: Date) => {
    await auditRefusal(tx, ctx, attempt, { reason: 'locked', lockedUntil });
    return lockedError(lockedUntil);
  };
  // A locked person does not sign at all until the lock ends, and their codes are not checked.
  const lockedUntil = await signingLockedUntil(db, signer.id);
  if (lockedUntil) throw await db.transaction((tx) => refuseLocked(tx, lockedUntil));
  if (!needsCode && !needsPassword) return false;

  const codeRight = !needsCode || (await verifyAccessCode(db, signer.id, input.accessCode ?? ''));
  const passwordRight = !needsPassword || (await verifyPassword(signer.passwordHash, input.password ?? ''));
  const refusal = await db.transaction(async (tx) => {
    const settled = await settleSigningAttempt(tx, signer.id, codeRight && passwordRight);
    if (settled.outcome === 'passed') return undefined;
    if (settled.outcome === 'locked') return refuseLocked(tx, settled.lockedUntil);
    const { failures, lockedUntil: until } = settled;
    await auditRefusal(tx, ctx, attempt, {
      reason: codeRight ? 'passwordWrong' : 'accessCodeWrong',
      failures,
      lockedUntil: until,
    });
    if (until) {
      await sendLockMails(ctx, tx, signer, failures, until);
      return lockedError(until);
    }
    return codeRight
      ? AppError.badRequest('passwordIncorrect', 'password')
      : AppError.badRequest('accessCodeWrong', 'accessCode');
  });
  if (refusal) throw refusal;
  return needsPassword;
}

const STATUS_MAILS: Partial<Record<DocumentStatus, TemplateName>> = {
  Reviewed: 'documentReviewed',
  Approved: 'documentApproved',
  Rejected: 'documentRejected',
};

/** Tells the revision's responsible person that it became Reviewed, Approved or Rejected (unless they turned e-mails off). */
async function sendStatusMail(
  ctx: ServiceContext,
  tx: Tx,
  rec: DocumentDetailRecord,
  status: DocumentStatus,
  signature: { signerName: string; comment: string | null },
) {
  const template = STATUS_MAILS[status];
  if (!template) return;
  const [responsible] = await findMailRecipients(tx, [rec.submitterId]);
  if (!responsible?.emailNotificationState) return;
  const source = documentActionSource(ctx.access.organization.id, rec.id);
  const mail = renderMail(template, responsible.language, {
    name: nameOf(responsible),
    organization: ctx.access.organization.name,
    number: rec.number,
    documentName: rec.name,
    revision: rec.revision,
    documentUrl: `${ctx.app.config.publicUrl}${recordLink(source, rec.revision)}`,
    signer: signature.signerName,
    comment: signature.comment ?? '-',
  });
  await ctx.app.mailer.enqueue(tx, { to: responsible.email, organizationId: source.organizationId, ...mail });
}

/**
 * POST /documents/{id}/reviews and /approvals: the person signs their response to the revision.
 * What can be refused without the credentials is refused first (404, 403, 409, nothing counted);
 * then the access code and password (checkCredentials); then, in one transaction under the
 * document's lock, the rules are checked again, the signature is written, the responder's
 * action is completed, the revision's status is recomputed (revision-lifecycle.ts), a rejection
 * withdraws the open review and approval actions of the cycle (everyone is asked again in the
 * next cycle) of the people no other revision of the document still waits for, the 'sign' event
 * is audited and the responsible person is told of a new status.
 */
export async function signDocumentRevision(
  ctx: ServiceContext,
  documentId: string,
  kind: SignatureKind,
  input: SigningInput,
): Promise<void> {
  const { db, organizationId, audit } = scopeOf(ctx);
  const { access } = ctx;
  const attempt: Attempt = { kind, documentId, revision: input.revision };

  const seen = await findVisibleRevision(db, access, documentId, input.revision);
  if (!seen) throw AppError.notFound();
  const seenSignatures = await listRevisionSignatures(
    db,
    organizationId,
    documentId,
    seen.revision,
    seen.signatureCycle,
  );
  const early = signingRefusal(access, kind, stateOf(seen, seenSignatures));
  if (early) throw early;
  const signer = await findUserById(db, access.actor.userId);
  if (!signer) throw AppError.unauthenticated();

  const passwordConfirmed = await checkCredentials(ctx, signer, attempt, input);
  const [accepted, rejected] = MEANINGS[kind];
  const meaning = input.status === SIGNATURE_RESPONSE.Rejected ? rejected : accepted;

  try {
    await db.transaction(async (tx) => {
      await lockVisibleDocument(tx, ctx, documentId);
      const rec = await visibleRevisionOrNotFound(tx, ctx, documentId, input.revision);
      const signatures = await listRevisionSignatures(tx, organizationId, documentId, rec.revision, rec.signatureCycle);
      const refusal = signingRefusal(access, kind, stateOf(rec, signatures));
      if (refusal) throw refusal;

      const signature = await insertSignature(tx, {
        organizationId,
        id: newId(),
        documentId,
        revision: rec.revision,
        signatureCycle: rec.signatureCycle,
        kind,
        meaning,
        signerId: signer.id,
        signerName: nameOf(signer),
        signerEmail: signer.email,
        comment: input.comment,
        signedAt: new Date(),
        fileId: rec.file.id,
        fileSha256: rec.file.sha256,
        passwordConfirmed,
        requestId: audit.requestId,
      });
      await recordAudit(tx, audit, {
        organizationId,
        infoType: DOCUMENTS_INFO_TYPE,
        action: 'sign',
        entityType: 'document',
        entityId: documentId,
        after: {
          signatureId: signature.id,
          revision: signature.revision,
          signatureCycle: signature.signatureCycle,
          kind,
          meaning,
          signerId: signer.id,
          signerName: signature.signerName,
          signerEmail: signature.signerEmail,
          signedAt: signature.signedAt,
          comment: signature.comment,
          fileId: signature.fileId,
          fileSha256: signature.fileSha256,
          passwordConfirmed,
          accessCodeConfirmed: kind === 'approval',
        },
      });

      // The responder's action is done, unless another revision of the document still waits for them.
      await settleDocumentActions(tx, ctx, documentId, kind, [signer.id], 'complete');
      const status = await recomputeRevisionStatus(tx, ctx, documentId, rec.revision);
      if (status.after === 'Rejected' && status.before !== 'Rejected') {
        // The cycle is over: nobody else signs it now, and everyone is asked again in the next one.
        // An unanswered signer's action stays while another revision of the document waits for them.
        const responses = [...signatures, signature];
        for (const [other, named] of [
          ['review', rec.reviewerIds],
          ['approval', rec.approverIds],
        ] as const) {
          const people = named.filter((id) => !responses.some((r) => r.kind === other && r.signerId === id));
          await settleDocumentActions(tx, ctx, documentId, other, people, 'withdraw');
        }
      }
      if (status.after !== status.before) await sendStatusMail(ctx, tx, rec, status.after, signature);
    });
  } catch (error) {
    // Two answers of the same person at once: the unique index keeps one.
    if (isUniqueViolation(error)) throw AppError.conflict('signatureAlreadyGiven');
    throw error;
  }
}
