import { dayOf } from '../../core/clock.js';
import { and, eq, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../core/audit.js';
import { scopeOf, type ServiceContext } from '../../core/service-context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { documents } from '../../db/schema/index.js';
import { completeActions, withdrawActions } from '../actions/automatic-actions.js';
import { documentActionSource } from './document-actions.js';
import { DOCUMENT_ENTITY, DOCUMENTS_INFO_TYPE } from './document-states.js';

// The review schedule of a document (docs/decisions/0033-periodic-review.md): the period starts
// when a revision takes effect (or a review ends 'Reviewed, no change'), ends its type's interval
// later (documents.next_review_on), and its reminder is due the organization's reminder days
// before (documents.review_remind_on, cleared once the reminder is an action). Dates are UTC days.

/** The periodic review action of the document (one per person, the responsible's). */
export const PERIODIC_REVIEW_KIND = 'periodic-review' as const;

/**
 * The next review date and the reminder's day of the documents the `where` selects, from their
 * period's start, the interval of their released revision's type and their organization's
 * reminder days (null without an interval): the one formula behind every reschedule.
 */
async function recompute(tx: DbOrTx, where: SQL, from?: string) {
  const start = from === undefined ? sql`d.review_from` : sql`${from}::date`;
  const next = sql`(${start} + make_interval(months => t.review_interval_months))::date`;
  const answer = await tx.execute(sql`update documents d set
      review_from = ${start},
      next_review_on = ${next},
      review_remind_on = ${next} - o.review_reminder_days
    from document_revisions r, document_types t, organizations o
    where r.organization_id = d.organization_id and r.document_id = d.id and r.revision = d.released_revision
      and t.organization_id = r.organization_id and t.id = r.type_id and o.id = d.organization_id
      and ${where}
    returning to_char(d.next_review_on, 'YYYY-MM-DD') as next_review_on`);
  return (answer as unknown as { rows: { next_review_on: string | null }[] }).rows;
}

/** The document's review schedule as stored. */
export async function findReviewSchedule(db: DbOrTx, organizationId: string, documentId: string) {
  const [row] = await db
    .select({
      reviewFrom: documents.reviewFrom,
      nextReviewOn: documents.nextReviewOn,
      reviewRemindOn: documents.reviewRemindOn,
      releasedRevision: documents.releasedRevision,
    })
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), eq(documents.id, documentId)));
  return row;
}

/** Who a schedule change is recorded for: the organization and the audit actor (the system for the jobs). */
export interface ScheduleScope {
  organizationId: string;
  audit: AuditActor;
}

/** The dates of the document's review as they change, audited as 'reviewScheduled' when the date changes. */
async function recordScheduled(
  tx: DbOrTx,
  { organizationId, audit }: ScheduleScope,
  documentId: string,
  before: Awaited<ReturnType<typeof findReviewSchedule>>,
  after: { reviewFrom: string | null; nextReviewOn: string | null },
) {
  if ((before?.nextReviewOn ?? null) === after.nextReviewOn) return;
  await recordAudit(tx, audit, {
    organizationId,
    infoType: DOCUMENTS_INFO_TYPE,
    action: 'reviewScheduled',
    entityType: DOCUMENT_ENTITY,
    entityId: documentId,
    before: { nextReviewOn: before?.nextReviewOn ?? null },
    after: { revision: before?.releasedRevision ?? null, ...after },
  });
}

/**
 * A revision of the document took effect at `from` (revision-effect.ts `makeEffective`, the one
 * place for the immediate path and the effect job): its review period starts then, and the next
 * review date is its type's interval later (none without an interval). Audited when the date
 * changes. In the caller's transaction, after the document's lock.
 */
export async function scheduleNextReview(tx: DbOrTx, scope: ScheduleScope, documentId: string, from: Date) {
  const before = await findReviewSchedule(tx, scope.organizationId, documentId);
  const of = sql`d.organization_id = ${scope.organizationId} and d.id = ${documentId}`;
  const [row] = await recompute(tx, of, dayOf(from));
  const nextReviewOn = row?.next_review_on ?? null;
  await recordScheduled(tx, scope, documentId, before, { reviewFrom: dayOf(from), nextReviewOn });
  return nextReviewOn;
}

/** The document has no review period: no start, no next review date, no reminder. */
async function clearSchedule(tx: DbOrTx, organizationId: string, documentId: string) {
  await tx
    .update(documents)
    .set({ reviewFrom: null, nextReviewOn: null, reviewRemindOn: null })
    .where(and(eq(documents.organizationId, organizationId), eq(documents.id, documentId)));
}

/**
 * A new revision of the document was released: it ends the periodic review, so the open review
 * action is completed. When it takes effect later (an effective date to come, or training before
 * effect), the period of the revision it replaces ends now (no reminder, no overdue review) and
 * the next one starts at its effect (`scheduleNextReview`). In the caller's transaction, after
 * the document's lock.
 */
export async function endReviewByRevision(tx: Tx, ctx: ServiceContext, documentId: string, effective: boolean) {
  const { organizationId, audit } = scopeOf(ctx);
  await completeActions(tx, ctx, {
    kind: PERIODIC_REVIEW_KIND,
    source: documentActionSource(organizationId, documentId),
  });
  if (effective) return;
  const before = await findReviewSchedule(tx, organizationId, documentId);
  await clearSchedule(tx, organizationId, documentId);
  await recordScheduled(tx, { organizationId, audit }, documentId, before, { reviewFrom: null, nextReviewOn: null });
}

/**
 * The document's released revision was withdrawn (Obsolete): it has no periodic review any more,
 * and its open review action is withdrawn. In the caller's transaction.
 */
export async function endPeriodicReview(tx: Tx, ctx: ServiceContext, documentId: string) {
  const { organizationId } = scopeOf(ctx);
  await clearSchedule(tx, organizationId, documentId);
  await withdrawActions(tx, ctx, {
    kind: PERIODIC_REVIEW_KIND,
    source: documentActionSource(organizationId, documentId),
  });
}

/** A type's interval changed: the released documents of that type get their dates again. */
export async function rescheduleDocumentsOfType(tx: DbOrTx, organizationId: string, typeId: string) {
  const of = sql`d.organization_id = ${organizationId} and r.type_id = ${typeId} and d.review_from is not null`;
  return (await recompute(tx, of)).length;
}

/** The organization's reminder days changed: the reminders not yet made move with them. */
export async function moveReminders(tx: DbOrTx, organizationId: string, reminderDays: number) {
  await tx
    .update(documents)
    .set({ reviewRemindOn: sql`${documents.nextReviewOn} - ${reminderDays}::int` })
    .where(and(eq(documents.organizationId, organizationId), isNotNull(documents.reviewRemindOn)));
}

/** Where the due reminders' keyset stands: the last one read. */
export interface ReminderKey {
  remindOn: string;
  organizationId: string;
  id: string;
}

/**
 * The documents whose reminder is due on `today`, after `after`, in the order of the partial
 * index documents_review_remind_idx (day, organization, id), so a batch reads only due rows.
 */
export function dueReminders(db: DbOrTx, today: string, after: ReminderKey | null, limit: number) {
  return db
    .select({
      remindOn: sql<string>`to_char(${documents.reviewRemindOn}, 'YYYY-MM-DD')`,
      organizationId: documents.organizationId,
      id: documents.id,
    })
    .from(documents)
    .where(
      and(
        lte(documents.reviewRemindOn, today),
        after
          ? sql`(${documents.reviewRemindOn}, ${documents.organizationId}, ${documents.id}) > (${after.remindOn}::date, ${after.organizationId}, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(documents.reviewRemindOn, documents.organizationId, documents.id)
    .limit(limit);
}

/** The review is overdue: its date has passed (on `documents`). */
export const isReviewOverdueSql = (today: string) =>
  and(isNotNull(documents.nextReviewOn), sql`${documents.nextReviewOn} < ${today}::date`)!;
