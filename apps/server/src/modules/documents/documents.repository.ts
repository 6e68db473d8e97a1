import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type DocumentOption, type DocumentStatus, type ListQuery } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import {
  countRowsUpTo,
  likePattern,
  listReaders,
  readPage,
  resolveList,
  type KeysetPage,
  type ListPage,
  type ListSpec,
} from '../../core/lists.js';
import type { DbOrTx } from '../../db/client.js';
import {
  documentParticipants,
  documentRevisions,
  documentTypes,
  documents,
  organizationFiles,
  users,
} from '../../db/schema/index.js';
import type { DocumentTableRow, RevisionTableRow } from './document-rows.repository.js';
import {
  documentsVisibleTo,
  fileOfRevision,
  generalSectionVisibleTo,
  isParticipantSql,
  revisionJoin,
  revisionsVisibleTo,
  seesRelatedDocumentsOnly,
  typeOfRevision,
} from './document-visibility.js';
import { verifiableFileFields } from '../uploads/uploads.repository.js';
import { approvesReleasedSql, isWithdrawnSql, withdrawnLeftOut } from './withdrawn-documents.js';
import { effectColumns, lifecycleOrderSql, type EffectColumns } from './revision-effect-columns.js';

// The documents as people see them: the list, the pickers, the locks and files (visibility from
// document-visibility.ts); the detail's record is document-detail.repository.ts.

export const submitter = alias(users, 'submitter');
export const creator = alias(users, 'creator');
type PersonTable = typeof submitter | typeof creator | typeof users;
export const personFields = (person: PersonTable) => ({
  id: person.id,
  firstName: person.firstName,
  lastName: person.lastName,
  email: person.email,
  role: person.role,
});
export type DocumentPersonRow = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'email' | 'role'>;

const fileFields = {
  id: organizationFiles.id,
  fileName: organizationFiles.originalName,
  fileSize: organizationFiles.sizeBytes,
  sha256: organizationFiles.sha256,
};

/** What the list's rows, the lookups and the policies read of a document and its row revision. */
export const rowColumns = (access: OrganizationAccess) => ({
  id: documents.id,
  number: documents.number,
  creatorId: documents.creatorId,
  latestRevision: documents.latestRevision,
  releasedRevision: documents.releasedRevision,
  isWithdrawn: isWithdrawnSql,
  approvesReleased: approvesReleasedSql(access),
  createdAt: documents.createdAt,
  // Someone who sees related documents only is related to every row they see: no probe per row.
  isParticipant: seesRelatedDocumentsOnly(access) ? sql<boolean>`true` : isParticipantSql(access),
  revision: documentRevisions.revision,
  typeId: documentRevisions.typeId,
  type: documentTypes.name,
  typeDescription: documentRevisions.typeDescription,
  name: documentRevisions.name,
  status: documentRevisions.status,
  isFinal: documentRevisions.isFinal,
  approvedAt: documentRevisions.approvedAt,
  reviewedAt: documentRevisions.reviewedAt,
  reasonForChange: documentRevisions.reasonForChange,
  file: fileFields,
  ...effectColumns(access),
});

export interface DocumentRowRecord extends EffectColumns {
  id: string;
  number: number;
  creatorId: string;
  latestRevision: number;
  releasedRevision: number | null;
  isWithdrawn: boolean;
  approvesReleased: boolean;
  createdAt: Date;
  isParticipant: boolean;
  revision: number;
  typeId: string;
  type: string;
  typeDescription: string | null;
  name: string;
  status: RevisionTableRow['status'];
  isFinal: boolean;
  approvedAt: Date | null;
  reviewedAt: Date | null;
  reasonForChange: string | null;
  file: { id: string; fileName: string; fileSize: number; sha256: string };
}

const LIST_SPEC: ListSpec = {
  sortable: {
    number: documents.number,
    name: sql`lower(${documentRevisions.name})`,
    type: sql`lower(${documentTypes.name})`,
    typeDescription: sql`lower(${documentRevisions.typeDescription})`,
    revision: documentRevisions.revision,
    isFinal: documentRevisions.isFinal,
    status: documentRevisions.status,
    approvedAt: documentRevisions.approvedAt,
    effectiveAt: documentRevisions.effectiveAt,
    lifecycle: lifecycleOrderSql,
    reviewedAt: documentRevisions.reviewedAt,
  },
  defaultSort: { key: 'number', direction: 'desc' },
  searchable: [
    sql`${documents.number}::text`,
    documentRevisions.name,
    documentRevisions.typeDescription,
    documentTypes.name,
  ],
  tiebreaker: documents.id,
  notNull: ['name', 'type'],
};

export interface DocumentScope {
  access: OrganizationAccess;
  /** Only these documents (the checked rows of an export). */
  ids?: string[] | undefined;
  /** Only these document types (of the row revision). */
  typeIds?: string[] | undefined;
  /** Only the rows whose revision has one of these statuses. */
  statuses?: DocumentStatus[] | undefined;
  /** More conditions on `documents` (the periodic review's overdue filter, periodic-review.schedule.ts). */
  where?: SQL | undefined;
}

function selectRows(db: DbOrTx, access: OrganizationAccess, where: SQL | undefined, page?: KeysetPage) {
  return db
    .select({ ...rowColumns(access), ...page?.fields })
    .from(documents)
    .innerJoin(documentRevisions, revisionJoin(access))
    .innerJoin(documentTypes, typeOfRevision)
    .innerJoin(organizationFiles, fileOfRevision)
    .where(and(documentsVisibleTo(access), where, page?.where))
    .$dynamic();
}

function documentsQuery(db: DbOrTx, scope: DocumentScope, query: ListQuery) {
  const list = resolveList(query, LIST_SPEC);
  const where = and(
    scope.ids?.length ? inArray(documents.id, scope.ids) : undefined,
    scope.typeIds?.length ? inArray(documentRevisions.typeId, scope.typeIds) : undefined,
    scope.statuses?.length ? inArray(documentRevisions.status, scope.statuses) : undefined,
    withdrawnLeftOut(scope),
    scope.where,
    list.where,
  );
  return { list, where, select: (page?: KeysetPage) => selectRows(db, scope.access, where, page) };
}

/** Every visible document's row, in the list's filter and order (its exports). */
export const { exportRows: documentExportRows } = listReaders<DocumentScope, DocumentRowRecord>(documentsQuery);

/**
 * A page of the visible documents (their row revisions) with the total of the same filter. Each
 * visible document has exactly one row revision, so an unfiltered list's total is a count of the
 * visible documents alone (less the withdrawn ones it leaves out), without the joins; a filtered
 * one joins the row revision and its type, not its controlled file (every revision has one: a
 * foreign key, not null), whose probes were half of that count at 100,000 documents.
 */
export async function listDocuments(
  db: DbOrTx,
  scope: DocumentScope,
  query: ListQuery,
): Promise<ListPage<DocumentRowRecord>> {
  const { list, where, select } = documentsQuery(db, scope, query);
  const filtered = Boolean(
    scope.ids?.length || scope.typeIds?.length || scope.statuses?.length || scope.where || list.where,
  );
  // Someone who sees related documents only sees one document per participant row of theirs (its
  // key is organization, person, document; its foreign key cascades from the document): those
  // rows are counted by the key, less those of withdrawn documents (read from their own partial
  // index, documents_withdrawn_idx: asked as 'a live document', PostgreSQL read every live one).
  const { access } = scope;
  const visible = () =>
    seesRelatedDocumentsOnly(access)
      ? db
          .select({ documentId: documentParticipants.documentId })
          .from(documentParticipants)
          .where(
            and(
              eq(documentParticipants.organizationId, access.organization.id),
              eq(documentParticipants.userId, access.actor.userId),
              sql`not exists (select 1 from documents d where d.organization_id = ${documentParticipants.organizationId}
              and d.id = ${documentParticipants.documentId} and d.withdrawn_at is not null)`,
            ),
          )
          .$dynamic()
      : db
          .select({ id: documents.id })
          .from(documents)
          .where(and(documentsVisibleTo(access), withdrawnLeftOut(scope)))
          .$dynamic();
  const matching = () =>
    db
      .select({ id: documents.id })
      .from(documents)
      .innerJoin(documentRevisions, revisionJoin(access))
      .innerJoin(documentTypes, typeOfRevision)
      .where(and(documentsVisibleTo(access), where))
      .$dynamic();
  const countUpTo = (max: number) => countRowsUpTo(db, filtered ? matching() : visible(), max);
  const page = await readPage(db, () => select(), list, { countUpTo });
  return page as unknown as ListPage<DocumentRowRecord>;
}

/** Documents the person may see whose number, name or Document ID matches (the pickers), newest first. */
export async function listDocumentOptions(
  db: DbOrTx,
  access: OrganizationAccess,
  filter: { search?: string | undefined; typeId?: string | undefined },
  limit: number,
): Promise<DocumentOption[]> {
  const text = filter.search?.trim();
  const pattern = text ? likePattern(text) : undefined;
  return selectRows(
    db,
    access,
    and(
      filter.typeId ? eq(documentRevisions.typeId, filter.typeId) : undefined,
      pattern
        ? or(
            ilike(documentRevisions.name, pattern),
            ilike(documentRevisions.typeDescription, pattern),
            sql`${documents.number}::text ilike ${pattern}`,
          )
        : undefined,
    ),
  )
    .orderBy(desc(documents.number))
    .limit(limit)
    .then((rows) =>
      rows.map((r) => ({
        id: r.id,
        name: r.name,
        number: r.number,
        revision: r.revision,
        typeDescription: r.typeDescription,
      })),
    );
}

// Subqueries of the detail name their tables; the outer rows are `documents` and `document_revisions`.
export const ofRevision = (table: string) =>
  sql.raw(
    `${table}.organization_id = document_revisions.organization_id and ${table}.document_id = document_revisions.document_id and ${table}.revision = document_revisions.revision`,
  );
/** The visible documents among `ids`, locked for the rest of the transaction (writers of a document take this lock first). */
export async function lockVisibleDocuments(
  tx: DbOrTx,
  access: OrganizationAccess,
  ids: string[],
): Promise<(DocumentTableRow & { isParticipant: boolean })[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ document: documents, isParticipant: isParticipantSql(access) })
    .from(documents)
    .where(and(documentsVisibleTo(access), inArray(documents.id, ids)))
    .orderBy(asc(documents.number))
    .for('update', { of: documents });
  return rows.map((r) => ({ ...r.document, isParticipant: r.isParticipant }));
}

/** Of `ids`, the documents the person may see. */
export async function findVisibleDocumentIds(db: DbOrTx, access: OrganizationAccess, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(documentsVisibleTo(access), inArray(documents.id, ids)));
  return rows.map((r) => r.id);
}

/**
 * A file attached to a revision the person may see (its controlled file or an extra file), with
 * where its bytes are. Undefined otherwise, and when the person may not view the document's
 * General section (the files are its data).
 */
export async function findVisibleRevisionFile(
  db: DbOrTx,
  access: OrganizationAccess,
  documentId: string,
  fileId: string,
  revision?: number,
) {
  const attached = or(
    eq(documentRevisions.fileId, fileId),
    sql`exists (select 1 from document_revision_files rf where ${ofRevision('rf')} and rf.file_id = ${fileId})`,
  );
  const [row] = await db
    .select({
      ...verifiableFileFields,
      contentType: organizationFiles.contentType,
      originalName: organizationFiles.originalName,
    })
    .from(documents)
    .innerJoin(documentRevisions, revisionJoin(access, revision))
    .innerJoin(
      organizationFiles,
      and(eq(organizationFiles.organizationId, documents.organizationId), eq(organizationFiles.id, fileId)),
    )
    .where(
      and(
        documentsVisibleTo(access),
        generalSectionVisibleTo(access),
        eq(documents.id, documentId),
        revision === undefined ? undefined : revisionsVisibleTo(access, documentRevisions.effectiveAt),
        attached,
      ),
    );
  return row;
}
