import { dayOf, now as currentTime } from '../../core/clock.js';
import { and, eq, sql } from 'drizzle-orm';
import { resolveOrganizationAccess } from '../../core/access.js';
import type { AuditActor } from '../../core/audit.js';
import { recordAudit } from '../../core/audit.js';
import type { AppContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import type { ServiceContext } from '../../core/service-context.js';
import type { DbOrTx } from '../../db/client.js';
import { documentRevisions, documents } from '../../db/schema/index.js';
import { assignActions, moveActionsDueDate, recordLink } from '../actions/automatic-actions.js';
import { findUserById } from '../users/users.repository.js';
import { documentActionSource } from './document-actions.js';
import { DOCUMENT_ENTITY, DOCUMENTS_INFO_TYPE } from './document-states.js';
import { PERIODIC_REVIEW_KIND, dueReminders, type ReminderKey } from './periodic-review.schedule.js';

// The daily reminder of periodic reviews (docs/decisions/0033-periodic-review.md): each document
// whose reminder day has come gets, for the responsible person of its released revision, the
// automatic action 'Review SOP-007 "…" by <date>', due on the review date, with its notification
// and e-mail in their language (actions.service.ts). The reminder's day is then cleared, so a
// second run finds nothing; the action itself is kept once per person (automatic-actions.ts).

export const REVIEW_REMINDER_TASK = 'periodic-review-reminders';
const BATCH = 100;
const JOB: AuditActor = { userId: null, email: null, ip: null, requestId: null };

/** The released revision of a document whose reminder is due, locked with its document. */
async function lockDue(tx: DbOrTx, organizationId: string, documentId: string, today: string) {
  const [row] = await tx
    .select({
      number: documents.number,
      nextReviewOn: documents.nextReviewOn,
      revision: documentRevisions.revision,
      name: documentRevisions.name,
      typeDescription: documentRevisions.typeDescription,
      responsibleId: documentRevisions.submitterId,
    })
    .from(documents)
    .innerJoin(
      documentRevisions,
      and(
        eq(documentRevisions.organizationId, documents.organizationId),
        eq(documentRevisions.documentId, documents.id),
        eq(documentRevisions.revision, documents.releasedRevision),
      ),
    )
    .where(
      and(
        eq(documents.organizationId, organizationId),
        eq(documents.id, documentId),
        sql`${documents.reviewRemindOn} <= ${today}::date`,
      ),
    )
    .for('update', { of: documents });
  return row;
}

/**
 * The work of the job in the name of the responsible person (the action's assigner), audited as
 * the system; undefined when they are no longer an active member (their reminder stays due).
 */
async function contextOf(app: AppContext, organizationId: string, userId: string) {
  const { db } = app.database;
  const user = await findUserById(db, userId);
  if (!user) return undefined;
  const actor = { userId: user.id, email: user.email, role: user.role, sessionId: REVIEW_REMINDER_TASK };
  try {
    const access = await resolveOrganizationAccess(db, actor, organizationId);
    return { app, access, audit: JOB } satisfies ServiceContext;
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}

/** One document's reminder, in its own transaction; answers whether an action was made or moved. */
async function remind(app: AppContext, organizationId: string, documentId: string, today: string) {
  const seen = await lockDue(app.database.db, organizationId, documentId, today);
  const ctx = seen && (await contextOf(app, organizationId, seen.responsibleId));
  if (!ctx) return false;
  return app.database.db.transaction(async (tx) => {
    const due = await lockDue(tx, organizationId, documentId, today);
    // Released again or reviewed since it was read: the next run sees it as it is now.
    if (!due?.nextReviewOn || due.responsibleId !== seen.responsibleId) return false;
    const source = documentActionSource(organizationId, documentId);
    const documentLabel = due.typeDescription ?? `#${due.number}`;
    const selection = { kind: PERIODIC_REVIEW_KIND, source, people: [due.responsibleId] };
    const created = await assignActions(tx, ctx, {
      ...selection,
      dueDate: due.nextReviewOn,
      text: 'reviewDocumentPeriodically',
      params: { documentId: documentLabel, name: due.name, date: due.nextReviewOn },
      link: recordLink(source, due.revision),
      linkDescription: `${documentLabel} ${due.name}`,
    });
    // A reminder made again (the type's interval changed since) moves the open action's date.
    const moved = created.length ? [] : await moveActionsDueDate(tx, ctx, selection, due.nextReviewOn);
    await tx
      .update(documents)
      .set({ reviewRemindOn: null })
      .where(and(eq(documents.organizationId, organizationId), eq(documents.id, documentId)));
    await recordAudit(tx, JOB, {
      organizationId,
      infoType: DOCUMENTS_INFO_TYPE,
      action: 'reviewReminder',
      entityType: DOCUMENT_ENTITY,
      entityId: documentId,
      after: {
        revision: due.revision,
        nextReviewOn: due.nextReviewOn,
        responsibleId: due.responsibleId,
        actionIds: [...created, ...moved],
      },
    });
    return true;
  });
}

/**
 * The daily job: every document whose reminder day is `now`'s UTC day or earlier gets its
 * reminder. Reads the due documents by the partial index on documents.review_remind_on, in
 * batches; answers how many reminders were made.
 */
export async function sendReviewReminders(app: AppContext, now = currentTime()): Promise<number> {
  const today = dayOf(now);
  let after: ReminderKey | null = null;
  let reminded = 0;
  for (;;) {
    const batch = await dueReminders(app.database.db, today, after, BATCH);
    for (const doc of batch) if (await remind(app, doc.organizationId, doc.id, today)) reminded += 1;
    if (batch.length < BATCH) return reminded;
    after = batch.at(-1)!;
  }
}
