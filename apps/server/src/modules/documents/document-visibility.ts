import { and, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { isOrganizationAdmin, type OrganizationAccess } from '../../core/access.js';
import { documentRevisions, documentTypes, documents, organizationFiles } from '../../db/schema/index.js';
import { seesEveryDocument, seesReleasedDocuments, seesTabOfEveryRevision } from './documents.policy.js';

// Who sees what (docs/decisions/0018-documents.md): one predicate on `documents`, one choice of
// the row's revision, one predicate on `document_revisions`. Every module that reads documents
// (search, dashboard, settings, exports) takes its predicate from here.

/**
 * The person is related to the outer `documents` row (created it, or a revision, or is named on
 * one): one probe of document_participants' key. The organization is the access's (a parameter),
 * not the outer row's: every query that uses this also has documentsVisibleTo's
 * `documents.organization_id = <that organization>`, so the rows are the same, and where
 * PostgreSQL hashes the sub-query (it does in a large result's column list) it reads the person's
 * entries by the key's (organization_id, user_id) prefix instead of scanning every participant
 * row (docs/performance.md, issue 10).
 */
export const isParticipantSql = (access: OrganizationAccess) =>
  sql<boolean>`exists (select 1 from document_participants dp
    where dp.organization_id = ${access.organization.id} and dp.user_id = ${access.actor.userId}
      and dp.document_id = ${documents.id})`;

/** Neither 11 nor 16: the person sees the documents they are related to, and only those. */
export const seesRelatedDocumentsOnly = (access: OrganizationAccess) =>
  !seesEveryDocument(access) && !seesReleasedDocuments(access);

/**
 * The documents module's visibility predicate (on `documents`): Admins and 11 every document of
 * the organization; a participant the documents they are related to; 16 also every document
 * with a revision that took effect (docs/decisions/0032-effective-revisions.md). Lists, counts,
 * lookups, dashboard cards, the detail and the deletes all use it, so they never disagree.
 */
export function documentsVisibleTo(access: OrganizationAccess): SQL {
  const inOrganization = eq(documents.organizationId, access.organization.id);
  if (seesEveryDocument(access)) return inOrganization;
  const related = isParticipantSql(access);
  return and(
    inOrganization,
    seesReleasedDocuments(access) ? or(isNotNull(documents.effectiveRevision), related) : related,
  )!;
}

/**
 * The revision a person's row shows, and the detail opens on: the effective one (the last that
 * took effect, withdrawn or not), the latest while none took effect; for a 16-holder who is not
 * related to the document the effective one alone (they never see a revision before its effect).
 * PostgreSQL keeps statistics on exactly this coalesce (migration 0042): without them it expects
 * 1 document in 200 to find its row revision and plans a list page as a sort of every document.
 */
export function rowRevisionOf(access: OrganizationAccess): SQL<number> {
  const current = sql<number>`coalesce(${documents.effectiveRevision}, ${documents.latestRevision})`;
  if (seesEveryDocument(access) || !seesReleasedDocuments(access)) return current;
  return sql<number>`case when ${isParticipantSql(access)} then ${current} else ${documents.effectiveRevision} end`;
}

/**
 * Which revisions of a visible document the person may open (on `document_revisions`, given its
 * `effective_at`): all, but for a 16-holder not related to the document those that took effect
 * (Effective, Superseded after their effect, or withdrawn since).
 */
export function revisionsVisibleTo(
  access: OrganizationAccess,
  effectiveAtColumn: SQL | typeof documentRevisions.effectiveAt,
) {
  if (seesEveryDocument(access) || !seesReleasedDocuments(access)) return undefined;
  return or(isParticipantSql(access), sql`${effectiveAtColumn} is not null`);
}

/**
 * Whether the person may open the General section of the visible revisions (on `documents`), the
 * SQL twin of `document.viewTab.general`: Admins, 34 with 11, 48 with 16, and every participant.
 * What only that section shows (revision name and description, files, tags) is searched only here.
 */
export function generalSectionVisibleTo(access: OrganizationAccess): SQL {
  return seesEveryGeneralSection(access) ? sql`true` : isParticipantSql(access);
}

/** Admins, 34 with 11 and 48 with 16 open the General section of every revision they see. */
export const seesEveryGeneralSection = (access: OrganizationAccess) => seesTabOfEveryRevision(access, 'general');

/** The joins every read of a revision makes: its document, its type, its controlled file. */
export const revisionsOfDocument = and(
  eq(documentRevisions.organizationId, documents.organizationId),
  eq(documentRevisions.documentId, documents.id),
)!;
export const typeOfRevision = and(
  eq(documentTypes.organizationId, documentRevisions.organizationId),
  eq(documentTypes.id, documentRevisions.typeId),
)!;
export const fileOfRevision = and(
  eq(organizationFiles.organizationId, documentRevisions.organizationId),
  eq(organizationFiles.id, documentRevisions.fileId),
)!;

/** The visible document joined with the revision `revision` (the person's row revision when left out). */
export const revisionJoin = (access: OrganizationAccess, revision?: number) =>
  and(revisionsOfDocument, eq(documentRevisions.revision, revision ?? rowRevisionOf(access)));

/**
 * Of the organization's document types, those of documents with a final revision the person
 * may see (the types filter of pickers that offer approved documents only).
 */
export function approvedDocumentTypeIds(access: OrganizationAccess): SQL {
  const visible = revisionsVisibleTo(access, sql`r.effective_at`);
  return sql`select r.type_id from documents join document_revisions r
    on r.organization_id = documents.organization_id and r.document_id = documents.id and r.is_final
    where ${documentsVisibleTo(access)} ${visible ? sql`and ${visible}` : sql``}`;
}

/** How a dashboard card names a document: its number, and its revision's type, name and number. */
export const documentCardColumns = {
  id: documents.id,
  number: documents.number,
  typeDescription: documentRevisions.typeDescription,
  name: documentRevisions.name,
  revision: documentRevisions.revision,
};

/** A documents card's rows (overdue reviews, waiting for training): an Admin's all, anyone else's their own. */
export const responsibleUnlessAdmin = (access: OrganizationAccess) =>
  isOrganizationAdmin(access) ? undefined : eq(documentRevisions.submitterId, access.actor.userId);
