import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { scopeOf, type ServiceContext } from '../../core/service-context.js';
import { documentTypes, organizations } from '../../db/schema/index.js';
import { moveReminders, rescheduleDocumentsOfType } from '../documents/periodic-review.schedule.js';

// The settings of periodic review (docs/decisions/0033-periodic-review.md): a document type's
// review interval and the organization's reminder days. Each change moves the dates it decides.

/**
 * A document type's review interval (months, or null: none). The released documents of the type
 * get their next review date again from the start of their period. Audited with the value before
 * and after and how many documents moved.
 */
export async function changeReviewInterval(ctx: ServiceContext, typeId: string, reviewIntervalMonths: number | null) {
  const { db, audit, organizationId } = scopeOf(ctx);
  return db.transaction(async (tx) => {
    const ofType = and(eq(documentTypes.organizationId, organizationId), eq(documentTypes.id, typeId));
    const [before] = await tx.select().from(documentTypes).where(ofType).for('update');
    if (!before) throw AppError.notFound();
    const [type] = await tx.update(documentTypes).set({ reviewIntervalMonths }).where(ofType).returning({
      id: documentTypes.id,
      name: documentTypes.name,
      reviewIntervalMonths: documentTypes.reviewIntervalMonths,
    });
    const documentsRescheduled = await rescheduleDocumentsOfType(tx, organizationId, typeId);
    await recordAudit(tx, audit, {
      organizationId,
      infoType: 'Document Types',
      action: 'update',
      entityType: 'documentType',
      entityId: typeId,
      before: { name: before.name, reviewIntervalMonths: before.reviewIntervalMonths },
      after: { name: before.name, reviewIntervalMonths, documentsRescheduled },
    });
    return type!;
  });
}

/** The organization's reminder days: the reminders not yet made move with them. Audited. */
export async function changeReviewReminder(ctx: ServiceContext, reviewReminderDays: number) {
  const { db, audit, organizationId } = scopeOf(ctx);
  return db.transaction(async (tx) => {
    const ofOrganization = eq(organizations.id, organizationId);
    const [before] = await tx
      .select({ reviewReminderDays: organizations.reviewReminderDays })
      .from(organizations)
      .where(ofOrganization)
      .for('update');
    await tx.update(organizations).set({ reviewReminderDays, updatedAt: new Date() }).where(ofOrganization);
    await moveReminders(tx, organizationId, reviewReminderDays);
    await recordAudit(tx, audit, {
      organizationId,
      infoType: 'Organizations',
      action: 'update',
      entityType: 'organization',
      entityId: organizationId,
      before: { reviewReminderDays: before?.reviewReminderDays ?? null },
      after: { reviewReminderDays },
    });
    return { reviewReminderDays };
  });
}
