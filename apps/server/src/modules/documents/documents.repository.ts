import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REFERENCE_TYPES, type DocumentOption, type DocumentStatus, type ListQuery } from '@qualis/contract';
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
  type DocumentSignerRole,
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
import {
  effectColumns,
  lifecycleOrderSql,
  revisionListOf,
  type EffectColumns,
  type RevisionEntryRow,
} from './revision-effect-columns.js';

// The documents as people see them: the list, the pickers, the detail (visibility from document-visibility.ts).

const submitter = alias(users, 'submitter');
const creator = alias(users, 'creator');
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
const rowColumns = (access: OrganizationAccess) => ({
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
const ofRevision = (table: string) =>
  sql.raw(
    `${table}.organization_id = document_revisions.organization_id and ${table}.document_id = document_revisions.document_id and ${table}.revision = document_revisions.revision`,
  );
const signerIds = (role: DocumentSignerRole) => sql<string[]>`coalesce((
  select json_agg(s.user_id order by s.assigned_at, s.user_id) from document_revision_signers s
  where ${ofRevision('s')} and s.role = ${role}), '[]'::json)`;
const extraFileList = sql<{ id: string; fileName: string; fileSize: number; sha256: string }[]>`coalesce((
  select json_agg(json_build_object('id', f.id, 'fileName', f.original_name, 'fileSize', f.size_bytes, 'sha256', f.sha256)
    order by rf.position)
  from document_revision_files rf join organization_files f on f.organization_id = rf.organization_id and f.id = rf.file_id
  where ${ofRevision('rf')}), '[]'::json)`;
const tagList = sql<{ id: string; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', tg.id, 'name', tg.name) order by lower(tg.name), tg.id)
  from document_revision_tags rt join tags tg on tg.organization_id = rt.organization_id and tg.id = rt.tag_id
  where ${ofRevision('rt')}), '[]'::json)`;
// An HR record's reference carries the person's name, for a link saved without a description.
const referenceList = sql<ReferenceRow[]>`coalesce((
  select json_agg(json_build_object('id', ref.id, 'type', ref.type, 'linkedId', ref.linked_id, 'link', ref.link,
    'linkDescription', ref.link_description, 'linkedName', coalesce((
      select nullif(concat_ws(' ', u.first_name, u.last_name), '') from hr_records h join users u on u.id = h.user_id
      where ref.type = ${sql.raw(String(REFERENCE_TYPES.HumanResource))} and h.organization_id = ref.organization_id
        and h.id = ref.linked_id), (
      select '#' || t.number || ' ' || t.name from training_records t
      where ref.type = ${sql.raw(String(REFERENCE_TYPES.TrainingRecord))} and t.organization_id = ref.organization_id
        and t.id = ref.linked_id))) order by ref.created_at, ref.id)
  from document_references ref where ${ofRevision('ref')}), '[]'::json)`;
const isSignerSql = (access: OrganizationAccess, role: DocumentSignerRole) => sql<boolean>`exists (
  select 1 from document_revision_signers s where ${ofRevision('s')} and s.role = ${role}
    and s.user_id = ${access.actor.userId})`;
/** A review or approval in progress: a response of the current cycle that is not a rejection. */
const lockedBySignatureSql = sql<boolean>`exists (
  select 1 from document_signatures sg where ${ofRevision('sg')}
    and sg.signature_cycle = document_revisions.signature_cycle and sg.meaning <> 'Rejected')`;
/** The training the revision links (Requires Training), by name. */
const linkedTrainingSql = sql<{ id: string; name: string } | null>`(select json_build_object('id', t.id, 'name', t.name)
  from training_records t
  where t.organization_id = document_revisions.organization_id and t.id = document_revisions.training_record_id)`;
/** The withdrawal of the revision (Obsolete): when, by whom (printed name), why. */
const withdrawalSql = sql<{ at: string; by: string; reason: string } | null>`(select json_build_object(
    'at', sg.signed_at, 'by', sg.signer_name, 'reason', sg.comment)
  from document_signatures sg where ${ofRevision('sg')} and sg.kind = 'withdrawal'
  order by sg.signed_at desc limit 1)`;
const hasSignatureSql = sql<boolean>`exists (select 1 from document_signatures sg where ${ofRevision('sg')})`;
const revisionCountSql = sql<number>`(select count(*)::int from document_revisions r2
  where r2.organization_id = documents.organization_id and r2.document_id = documents.id)`;
export interface ReferenceRow {
  id: string;
  type: number | null;
  linkedId: string | null;
  link: string | null;
  linkDescription: string | null;
  /** The person's name of a referenced HR record. */
  linkedName?: string | null;
}
const detailColumns = (access: OrganizationAccess) => ({
  ...rowColumns(access),
  revisionName: documentRevisions.revisionName,
  revisionDescription: documentRevisions.revisionDescription,
  fileId: documentRevisions.fileId,
  submitterId: documentRevisions.submitterId,
  signatureCycle: documentRevisions.signatureCycle,
  finalAt: documentRevisions.finalAt,
  requiresTraining: documentRevisions.requiresTraining,
  trainingRecordId: documentRevisions.trainingRecordId,
  trainingRecord: linkedTrainingSql,
  submitter: personFields(submitter),
  creator: personFields(creator),
  reviewerIds: signerIds('reviewer'),
  approverIds: signerIds('approver'),
  extraFiles: extraFileList,
  tags: tagList,
  references: referenceList,
  revisions: revisionListOf(access),
  revisionCount: revisionCountSql,
  isReviewer: isSignerSql(access, 'reviewer'),
  isApprover: isSignerSql(access, 'approver'),
  lockedBySignature: lockedBySignatureSql,
  hasSignature: hasSignatureSql,
  withdrawal: withdrawalSql,
});

export interface DocumentDetailRecord extends DocumentRowRecord {
  revisionName: string | null;
  revisionDescription: string;
  fileId: string;
  submitterId: string;
  signatureCycle: number;
  finalAt: Date | null;
  requiresTraining: boolean;
  trainingRecordId: string | null;
  trainingRecord: { id: string; name: string } | null;
  submitter: DocumentPersonRow;
  creator: DocumentPersonRow;
  reviewerIds: string[];
  approverIds: string[];
  extraFiles: { id: string; fileName: string; fileSize: number; sha256: string }[];
  tags: { id: string; name: string }[];
  references: ReferenceRow[];
  revisions: RevisionEntryRow[];
  revisionCount: number;
  isReviewer: boolean;
  isApprover: boolean;
  lockedBySignature: boolean;
  hasSignature: boolean;
  withdrawal: { at: string; by: string; reason: string } | null;
}

/**
 * One revision of a document the person may see, with everything its detail and rules read:
 * `revision` or, left out, the person's default revision. Undefined when the document or that
 * revision is not theirs to see (the caller answers 404).
 */
export async function findVisibleRevision(
  db: DbOrTx,
  access: OrganizationAccess,
  documentId: string,
  revision?: number,
): Promise<DocumentDetailRecord | undefined> {
  const [row] = await db
    .select(detailColumns(access))
    .from(documents)
    .innerJoin(documentRevisions, revisionJoin(access, revision))
    .innerJoin(documentTypes, typeOfRevision)
    .innerJoin(organizationFiles, fileOfRevision)
    .innerJoin(submitter, eq(submitter.id, documentRevisions.submitterId))
    .innerJoin(creator, eq(creator.id, documents.creatorId))
    .where(
      and(
        documentsVisibleTo(access),
        eq(documents.id, documentId),
        revision === undefined ? undefined : revisionsVisibleTo(access, documentRevisions.effectiveAt),
      ),
    );
  return row as DocumentDetailRecord | undefined;
}

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
