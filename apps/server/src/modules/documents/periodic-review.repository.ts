import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { DASHBOARD_CARD_LIMIT } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import type { DbOrTx } from '../../db/client.js';
import { documentPeriodicReviews, documentRevisions, documentTypes, documents } from '../../db/schema/index.js';
import {
  documentCardColumns,
  documentsVisibleTo,
  responsibleUnlessAdmin,
  typeOfRevision,
} from './document-visibility.js';
import { isReviewOverdueSql } from './periodic-review.schedule.js';

/** The document's released revision, joined on `documents`. */
const releasedRevision = and(
  eq(documentRevisions.organizationId, documents.organizationId),
  eq(documentRevisions.documentId, documents.id),
  eq(documentRevisions.revision, documents.releasedRevision),
)!;

/**
 * What the periodic review of a visible document reads: its schedule, and its released revision's
 * responsible person, status, controlled file and type's interval (null without a release).
 * Undefined when the person may not see the document.
 */
export async function findReviewSubject(db: DbOrTx, access: OrganizationAccess, documentId: string) {
  const [row] = await db
    .select({
      releasedRevision: documents.releasedRevision,
      reviewFrom: documents.reviewFrom,
      nextReviewOn: documents.nextReviewOn,
      responsibleId: documentRevisions.submitterId,
      status: documentRevisions.status,
      fileId: documentRevisions.fileId,
      intervalMonths: documentTypes.reviewIntervalMonths,
    })
    .from(documents)
    .leftJoin(documentRevisions, releasedRevision)
    .leftJoin(documentTypes, typeOfRevision)
    .where(and(documentsVisibleTo(access), eq(documents.id, documentId)));
  return row;
}
export type ReviewSubject = NonNullable<Awaited<ReturnType<typeof findReviewSubject>>>;

export type PeriodicReviewInsert = typeof documentPeriodicReviews.$inferInsert;

export async function insertPeriodicReview(tx: DbOrTx, row: PeriodicReviewInsert) {
  const [inserted] = await tx.insert(documentPeriodicReviews).values(row).returning();
  return inserted!;
}

/** The document's 'Reviewed, no change' signatures, newest first. */
export function listPeriodicReviews(db: DbOrTx, organizationId: string, documentId: string) {
  return db
    .select()
    .from(documentPeriodicReviews)
    .where(
      and(
        eq(documentPeriodicReviews.organizationId, organizationId),
        eq(documentPeriodicReviews.documentId, documentId),
      ),
    )
    .orderBy(desc(documentPeriodicReviews.signedAt), desc(documentPeriodicReviews.id));
}

/**
 * The overdue reviews the dashboard's card shows the person: of the documents they see, those
 * whose review date has passed; an Admin's all of them, anyone else's those whose released
 * revision they are responsible for. The earliest first.
 */
export function listOverdueReviews(db: DbOrTx, access: OrganizationAccess, today: string) {
  return db
    .select({
      ...documentCardColumns,
      nextReviewOn: sql<string>`to_char(${documents.nextReviewOn}, 'YYYY-MM-DD')`,
    })
    .from(documents)
    .innerJoin(documentRevisions, releasedRevision)
    .where(and(documentsVisibleTo(access), isReviewOverdueSql(today), responsibleUnlessAdmin(access)))
    .orderBy(asc(documents.nextReviewOn), asc(documents.number))
    .limit(DASHBOARD_CARD_LIMIT);
}
