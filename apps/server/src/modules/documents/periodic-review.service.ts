import { dayOf, now as currentTime } from '../../core/clock.js';
import { message, type PeriodicReview, type ReviewedNoChangeRequest } from '@qualis/contract';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { scopeOf, type ServiceContext } from '../../core/service-context.js';
import type { DbOrTx } from '../../db/client.js';
import { documents } from '../../db/schema/index.js';
import { nameOf } from '../accounts/account-mails.js';
import { completeActions } from '../actions/automatic-actions.js';
import { can } from '../policies.js';
import { findUserById } from '../users/users.repository.js';
import { documentActionSource } from './document-actions.js';
import { findFileSha256 } from './document-signatures.repository.js';
import { checkCredentials } from './document-signatures.service.js';
import { DOCUMENT_ENTITY, DOCUMENTS_INFO_TYPE, lockVisibleDocument } from './document-states.js';
import {
  findReviewSubject,
  insertPeriodicReview,
  listPeriodicReviews,
  type ReviewSubject,
} from './periodic-review.repository.js';
import { PERIODIC_REVIEW_KIND } from './periodic-review.schedule.js';

// 'Reviewed, no change' (issue 24; docs/decisions/0033-periodic-review.md): the responsible
// person ends a periodic review without a new revision, signed, and the next period starts today.

/** The document's review as the person may see it; 404 when they may not see the document. */
async function subjectOrNotFound(db: DbOrTx, ctx: ServiceContext, documentId: string) {
  const subject = await findReviewSubject(db, ctx.access, documentId);
  if (!subject) throw AppError.notFound();
  return subject;
}

/** Why the person may not sign the review now: not its responsible (403), nothing scheduled (409). */
function refusal(ctx: ServiceContext, subject: ReviewSubject) {
  if (!can(ctx.access, 'document.periodicReview', subject)) {
    return AppError.forbidden('periodicReviewNotResponsible');
  }
  if (subject.nextReviewOn === null || subject.status === 'Obsolete') {
    return AppError.conflict('periodicReviewNotScheduled');
  }
  return undefined;
}

/** GET /documents/{id}/periodic-review. */
export async function readPeriodicReview(ctx: ServiceContext, documentId: string, now = currentTime()) {
  const { db, organizationId } = scopeOf(ctx);
  const subject = await subjectOrNotFound(db, ctx, documentId);
  return presentReview(ctx, subject, await listPeriodicReviews(db, organizationId, documentId), now);
}

function presentReview(
  ctx: ServiceContext,
  subject: ReviewSubject,
  reviews: Awaited<ReturnType<typeof listPeriodicReviews>>,
  now: Date,
): PeriodicReview {
  return {
    intervalMonths: subject.intervalMonths,
    reviewFrom: subject.reviewFrom,
    nextReviewOn: subject.nextReviewOn,
    isOverdue: subject.nextReviewOn !== null && subject.nextReviewOn < dayOf(now),
    canReview: refusal(ctx, subject) === undefined,
    reviews: reviews.map((r) => ({
      id: r.id,
      revision: r.revision,
      signerName: r.signerName,
      signerEmail: r.signerEmail,
      reason: r.reason,
      signedAt: r.signedAt.toISOString(),
      reviewDueOn: r.reviewDueOn,
      nextReviewOn: r.nextReviewOn,
    })),
  };
}

/**
 * POST /documents/{id}/periodic-review: 'Reviewed, no change'. What can be refused without the
 * credentials is refused first (404, 403, 409, nothing counted); then the access code, and the
 * password where the organization asks for it (the signing lock counts a wrong one); then, in one
 * transaction under the document's lock, the rules again, the append-only review record (with the
 * SHA-256 of the released revision's controlled file), the next period from today, the open
 * review action completed and the 'periodicReview' audit event with the reason.
 */
export async function reviewedNoChange(
  ctx: ServiceContext,
  documentId: string,
  input: Pick<ReviewedNoChangeRequest, 'reason' | 'accessCode' | 'password'>,
  now = currentTime(),
) {
  const { db, organizationId, audit } = scopeOf(ctx);
  const seen = await subjectOrNotFound(db, ctx, documentId);
  const early = refusal(ctx, seen);
  if (early) throw early;
  const signer = await findUserById(db, ctx.access.actor.userId);
  if (!signer) throw AppError.unauthenticated();
  const attempt = { kind: 'periodicReview' as const, documentId, revision: seen.releasedRevision! };
  const passwordConfirmed = await checkCredentials(ctx, signer, attempt, {
    accessCode: String(input.accessCode),
    password: input.password,
  });

  const today = dayOf(now);
  const review = await db.transaction(async (tx) => {
    await lockVisibleDocument(tx, ctx, documentId);
    const subject = await subjectOrNotFound(tx, ctx, documentId);
    const refused = refusal(ctx, subject);
    if (refused) throw refused;
    const [next] = await tx
      .update(documents)
      .set({
        reviewFrom: today,
        nextReviewOn: sql`(${today}::date + make_interval(months => ${subject.intervalMonths}::int))::date`,
        reviewRemindOn: sql`(${today}::date + make_interval(months => ${subject.intervalMonths}::int))::date
          - (select o.review_reminder_days from organizations o where o.id = ${organizationId})`,
      })
      .where(and(eq(documents.organizationId, organizationId), eq(documents.id, documentId)))
      .returning({ nextReviewOn: documents.nextReviewOn });
    const record = await insertPeriodicReview(tx, {
      organizationId,
      id: newId(),
      documentId,
      revision: subject.releasedRevision!,
      signerId: signer.id,
      signerName: nameOf(signer),
      signerEmail: signer.email,
      reason: input.reason,
      signedAt: now,
      fileId: subject.fileId!,
      fileSha256: (await findFileSha256(tx, organizationId, subject.fileId!))!,
      passwordConfirmed,
      reviewDueOn: subject.nextReviewOn!,
      nextReviewOn: next!.nextReviewOn!,
      requestId: audit.requestId,
    });
    await completeActions(tx, ctx, {
      kind: PERIODIC_REVIEW_KIND,
      source: documentActionSource(organizationId, documentId),
    });
    const { organizationId: _o, documentId: _d, requestId: _r, reason: _reason, ...signature } = record;
    await recordAudit(tx, audit, {
      organizationId,
      infoType: DOCUMENTS_INFO_TYPE,
      action: 'periodicReview',
      entityType: DOCUMENT_ENTITY,
      entityId: documentId,
      before: { nextReviewOn: subject.nextReviewOn },
      after: {
        revision: record.revision,
        meaning: 'Reviewed, no change',
        nextReviewOn: record.nextReviewOn,
        signature,
      },
      reason: input.reason,
    });
    return record;
  });
  return {
    data: await readPeriodicReview(ctx, documentId, now),
    ...message('periodicReviewSigned', { date: review.nextReviewOn }),
  };
}
