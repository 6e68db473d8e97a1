import { and, asc, desc, eq, ilike, inArray, isNotNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Permission, REFERENCE_TYPES, type DocumentOption, type ListQuery } from '@qualis/contract';
import { isOrganizationAdmin, type OrganizationAccess } from '../../core/access.js';
import { seesTabOfEveryRevision } from './documents.policy.js';
import { likePattern, listReaders, readPage, resolveList, type KeysetPage, type ListSpec } from '../../core/lists.js';
import type { DbOrTx } from '../../db/client.js';
import {
  documentParticipants,
  documentReferences,
  documentRevisionFiles,
  documentRevisionSigners,
  documentRevisionTags,
  documentRevisions,
  documentSignatures,
  documentTypes,
  documents,
  organizationFiles,
  users,
  type DocumentSignerRole,
} from '../../db/schema/index.js';

export type DocumentTableRow = typeof documents.$inferSelect;
export type RevisionTableRow = typeof documentRevisions.$inferSelect;
export type RevisionInsert = typeof documentRevisions.$inferInsert;

// ---------------------------------------------------------------------------------------------
// Who sees what (docs/decisions/0018-documents.md): one predicate on `documents`, one choice of
// the row's revision, one predicate on `document_revisions`.

/** Admins, the SuperAdmin and 11 (view all) see every document and revision. */
export const seesEveryDocument = (access: OrganizationAccess) =>
  isOrganizationAdmin(access) || access.permissions.has(Permission.ViewAllDocuments);
/** 16 (view approved and related): also the final revisions of every document. */
const seesReleased = (access: OrganizationAccess) => access.permissions.has(Permission.ViewApprovedAndRelatedDocuments);

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
  !seesEveryDocument(access) && !seesReleased(access);

/**
 * The documents module's visibility predicate (on `documents`): Admins and 11 every document of
 * the organization; a participant the documents they are related to; 16 also every document
 * with a final revision. Lists, counts, lookups, dashboard cards, the detail and the deletes all
 * use it, so they never disagree.
 */
export function documentsVisibleTo(access: OrganizationAccess): SQL {
  const inOrganization = eq(documents.organizationId, access.organization.id);
  if (seesEveryDocument(access)) return inOrganization;
  const related = isParticipantSql(access);
  return and(inOrganization, seesReleased(access) ? or(isNotNull(documents.releasedRevision), related) : related)!;
}

/**
 * The revision a person's row shows: the latest one, but for a 16-holder who is not related to
 * the document the released (highest final) one.
 */
export function rowRevisionOf(access: OrganizationAccess): SQL<number> {
  if (seesEveryDocument(access) || !seesReleased(access)) return sql<number>`${documents.latestRevision}`;
  return sql<number>`case when ${isParticipantSql(access)} then ${documents.latestRevision}
    else ${documents.releasedRevision} end`;
}

/** Which revisions of a visible document the person may open (on `document_revisions`). */
export function revisionsVisibleTo(access: OrganizationAccess, finalColumn: SQL | typeof documentRevisions.isFinal) {
  if (seesEveryDocument(access) || !seesReleased(access)) return undefined;
  return or(isParticipantSql(access), sql`${finalColumn}`);
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
const revisionJoin = (access: OrganizationAccess, revision?: number) =>
  and(revisionsOfDocument, eq(documentRevisions.revision, revision ?? rowRevisionOf(access)));

// ---------------------------------------------------------------------------------------------
// Reads

const submitter = alias(users, 'submitter');
const creator = alias(users, 'creator');
type PersonTable = typeof submitter | typeof creator | typeof users;
const personFields = (person: PersonTable) => ({
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
  file: fileFields,
});

export interface DocumentRowRecord {
  id: string;
  number: number;
  creatorId: string;
  latestRevision: number;
  releasedRevision: number | null;
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
    list.where,
  );
  return { list, select: (page?: KeysetPage) => selectRows(db, scope.access, where, page) };
}

/** Every visible document's row, in the list's filter and order (its exports). */
export const { exportRows: documentExportRows } = listReaders<DocumentScope, DocumentRowRecord>(documentsQuery);

/**
 * A page of the visible documents (their row revisions) with the total of the same filter. Each
 * visible document has exactly one row revision, so an unfiltered list's total is a count of the
 * visible documents alone, without the joins.
 */
export async function listDocuments(
  db: DbOrTx,
  scope: DocumentScope,
  query: ListQuery,
): Promise<{ rows: DocumentRowRecord[]; totalCount: number }> {
  const { list, select } = documentsQuery(db, scope, query);
  const filtered = Boolean(scope.ids?.length || scope.typeIds?.length || list.where);
  // Someone who sees related documents only sees one document per participant row of theirs (its
  // key is organization, person, document; its foreign key cascades from the document): those
  // rows are counted by the key alone, without reading the organization's documents.
  const { access } = scope;
  const countVisible = async () =>
    seesRelatedDocumentsOnly(access)
      ? db.$count(
          documentParticipants,
          and(
            eq(documentParticipants.organizationId, access.organization.id),
            eq(documentParticipants.userId, access.actor.userId),
          ),
        )
      : db.$count(documents, documentsVisibleTo(access));
  const page = await readPage(db, () => select(), list, filtered ? undefined : countVisible);
  return page as unknown as { rows: DocumentRowRecord[]; totalCount: number };
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
const hasSignatureSql = sql<boolean>`exists (select 1 from document_signatures sg where ${ofRevision('sg')})`;
const revisionCountSql = sql<number>`(select count(*)::int from document_revisions r2
  where r2.organization_id = documents.organization_id and r2.document_id = documents.id)`;
const revisionListOf = (access: OrganizationAccess) => {
  const visible = revisionsVisibleTo(access, sql`r2.is_final`);
  return sql<RevisionEntryRow[]>`coalesce((
    select json_agg(json_build_object('revision', r2.revision, 'status', r2.status, 'isFinal', r2.is_final,
      'revisionName', r2.revision_name) order by r2.revision desc)
    from document_revisions r2
    where r2.organization_id = documents.organization_id and r2.document_id = documents.id
      ${visible ? sql`and ${visible}` : sql``}), '[]'::json)`;
};

export interface ReferenceRow {
  id: string;
  type: number | null;
  linkedId: string | null;
  link: string | null;
  linkDescription: string | null;
  /** The person's name of a referenced HR record. */
  linkedName?: string | null;
}
export interface RevisionEntryRow {
  revision: number;
  status: RevisionTableRow['status'];
  isFinal: boolean;
  revisionName: string | null;
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
        revision === undefined ? undefined : revisionsVisibleTo(access, documentRevisions.isFinal),
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

/** A document's stored row. */
export async function findDocumentRow(db: DbOrTx, organizationId: string, documentId: string) {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), eq(documents.id, documentId)));
  return row;
}

/**
 * The work a document still asks of people: the responsible of each revision that is not final
 * ('responsible'), and each named reviewer or approver of such a revision without their response
 * in its current cycle ('review', 'approval'), unless the revision is Rejected (nobody signs it
 * until it is changed, which asks everyone again).
 */
export async function listOpenWork(
  db: DbOrTx,
  organizationId: string,
  documentId: string,
): Promise<{ kind: 'responsible' | 'review' | 'approval'; userId: string }[]> {
  const open = and(
    eq(documentRevisions.organizationId, organizationId),
    eq(documentRevisions.documentId, documentId),
    eq(documentRevisions.isFinal, false),
  );
  const responsible = await db
    .selectDistinct({ userId: documentRevisions.submitterId })
    .from(documentRevisions)
    .where(open);
  const kindOfRole = sql`case ${documentRevisionSigners.role} when 'reviewer' then 'review' else 'approval' end`;
  const signers = await db
    .selectDistinct({ kind: sql<'review' | 'approval'>`${kindOfRole}`, userId: documentRevisionSigners.userId })
    .from(documentRevisionSigners)
    .innerJoin(
      documentRevisions,
      and(
        eq(documentRevisions.organizationId, documentRevisionSigners.organizationId),
        eq(documentRevisions.documentId, documentRevisionSigners.documentId),
        eq(documentRevisions.revision, documentRevisionSigners.revision),
      ),
    )
    .where(
      and(
        open,
        ne(documentRevisions.status, 'Rejected'),
        sql`not exists (select 1 from document_signatures sg
          where sg.organization_id = ${documentRevisions.organizationId} and sg.document_id = ${documentRevisions.documentId}
            and sg.revision = ${documentRevisions.revision} and sg.signature_cycle = ${documentRevisions.signatureCycle}
            and sg.signer_id = ${documentRevisionSigners.userId} and sg.kind = ${kindOfRole})`,
      ),
    );
  return [...responsible.map((r) => ({ kind: 'responsible' as const, userId: r.userId })), ...signers];
}

/** Every revision of a document with its stored columns, the highest first. */
export function listRevisionRows(db: DbOrTx, organizationId: string, documentId: string): Promise<RevisionTableRow[]> {
  return db
    .select()
    .from(documentRevisions)
    .where(and(eq(documentRevisions.organizationId, organizationId), eq(documentRevisions.documentId, documentId)))
    .orderBy(desc(documentRevisions.revision));
}

/** A revision's stored columns with its extra files, tags and signers, as the audit trail records them. */
export async function revisionSnapshot(db: DbOrTx, organizationId: string, documentId: string, revision: number) {
  const key = (t: typeof documentRevisionFiles | typeof documentRevisionTags | typeof documentRevisionSigners) =>
    and(eq(t.organizationId, organizationId), eq(t.documentId, documentId), eq(t.revision, revision));
  const [row] = await db
    .select()
    .from(documentRevisions)
    .where(
      and(
        eq(documentRevisions.organizationId, organizationId),
        eq(documentRevisions.documentId, documentId),
        eq(documentRevisions.revision, revision),
      ),
    );
  if (!row) return undefined;
  const files = await db
    .select({ fileId: documentRevisionFiles.fileId })
    .from(documentRevisionFiles)
    .where(key(documentRevisionFiles))
    .orderBy(asc(documentRevisionFiles.position));
  const tagRows = await db
    .select({ tagId: documentRevisionTags.tagId })
    .from(documentRevisionTags)
    .where(key(documentRevisionTags));
  const signers = await listRevisionSigners(db, organizationId, documentId, revision);
  const { organizationId: _o, documentId: _d, createdAt: _c, updatedAt: _u, ...columns } = row;
  return {
    ...columns,
    extraFileIds: files.map((f) => f.fileId),
    tagIds: tagRows.map((t) => t.tagId).sort(),
    reviewerIds: signers.filter((s) => s.signerRole === 'reviewer').map((s) => s.id),
    approverIds: signers.filter((s) => s.signerRole === 'approver').map((s) => s.id),
  };
}
export type RevisionSnapshot = NonNullable<Awaited<ReturnType<typeof revisionSnapshot>>>;

/** The named reviewers and approvers of a revision, in the order they were named. */
export function listRevisionSigners(
  db: DbOrTx,
  organizationId: string,
  documentId: string,
  revision: number,
): Promise<(DocumentPersonRow & { signerRole: DocumentSignerRole })[]> {
  return db
    .select({ ...personFields(users), signerRole: documentRevisionSigners.role })
    .from(documentRevisionSigners)
    .innerJoin(users, eq(users.id, documentRevisionSigners.userId))
    .where(
      and(
        eq(documentRevisionSigners.organizationId, organizationId),
        eq(documentRevisionSigners.documentId, documentId),
        eq(documentRevisionSigners.revision, revision),
      ),
    )
    .orderBy(asc(documentRevisionSigners.assignedAt), asc(users.id));
}

export type SignatureRow = typeof documentSignatures.$inferSelect & {
  firstName: string | null;
  lastName: string | null;
};

/** The signatures of a revision in one cycle (in every cycle when none is given), in cycle and signing order. */
export async function listRevisionSignatures(
  db: DbOrTx,
  organizationId: string,
  documentId: string,
  revision: number,
  cycle?: number,
): Promise<SignatureRow[]> {
  const rows = await db
    .select({ signature: documentSignatures, firstName: users.firstName, lastName: users.lastName })
    .from(documentSignatures)
    .innerJoin(users, eq(users.id, documentSignatures.signerId))
    .where(
      and(
        eq(documentSignatures.organizationId, organizationId),
        eq(documentSignatures.documentId, documentId),
        eq(documentSignatures.revision, revision),
        cycle === undefined ? undefined : eq(documentSignatures.signatureCycle, cycle),
      ),
    )
    .orderBy(asc(documentSignatures.signatureCycle), asc(documentSignatures.signedAt), asc(documentSignatures.id));
  return rows.map((r) => ({ ...r.signature, firstName: r.firstName, lastName: r.lastName }));
}

/** Every signature of a document, for the audit trail of its delete. */
export function listDocumentSignatures(db: DbOrTx, organizationId: string, documentId: string) {
  return db
    .select()
    .from(documentSignatures)
    .where(and(eq(documentSignatures.organizationId, organizationId), eq(documentSignatures.documentId, documentId)))
    .orderBy(asc(documentSignatures.revision), asc(documentSignatures.signedAt), asc(documentSignatures.id));
}

export async function revisionHasSignature(
  db: DbOrTx,
  organizationId: string,
  documentId: string,
  revision: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: documentSignatures.id })
    .from(documentSignatures)
    .where(
      and(
        eq(documentSignatures.organizationId, organizationId),
        eq(documentSignatures.documentId, documentId),
        eq(documentSignatures.revision, revision),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Of `fileIds`, those that are files of the organization. */
export async function findOrganizationFileIds(
  db: DbOrTx,
  organizationId: string,
  fileIds: string[],
): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const rows = await db
    .select({ id: organizationFiles.id })
    .from(organizationFiles)
    .where(and(eq(organizationFiles.organizationId, organizationId), inArray(organizationFiles.id, fileIds)));
  return rows.map((r) => r.id);
}

export async function documentTypeExists(db: DbOrTx, organizationId: string, typeId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: documentTypes.id })
    .from(documentTypes)
    .where(and(eq(documentTypes.organizationId, organizationId), eq(documentTypes.id, typeId)));
  return row !== undefined;
}

/**
 * A file attached to a revision the person may see (its controlled file or an extra file), with
 * where its bytes are. Undefined otherwise.
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
      storageKey: organizationFiles.storageKey,
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
        eq(documents.id, documentId),
        revision === undefined ? undefined : revisionsVisibleTo(access, documentRevisions.isFinal),
        attached,
      ),
    );
  return row;
}

// ---------------------------------------------------------------------------------------------
// Writes

export async function insertDocument(tx: DbOrTx, row: typeof documents.$inferInsert) {
  await tx.insert(documents).values(row);
}

export async function insertRevision(tx: DbOrTx, row: RevisionInsert) {
  await tx.insert(documentRevisions).values(row);
}

const revisionKeyOf = <
  T extends
    | typeof documentRevisions
    | typeof documentRevisionFiles
    | typeof documentRevisionTags
    | typeof documentRevisionSigners
    | typeof documentReferences,
>(
  t: T,
  organizationId: string,
  documentId: string,
  revision: number,
) => and(eq(t.organizationId, organizationId), eq(t.documentId, documentId), eq(t.revision, revision));

export async function updateRevisionRow(
  tx: DbOrTx,
  organizationId: string,
  documentId: string,
  revision: number,
  values: Partial<Omit<RevisionInsert, 'organizationId' | 'documentId' | 'revision'>>,
) {
  await tx
    .update(documentRevisions)
    .set({ ...values, updatedAt: new Date() })
    .where(revisionKeyOf(documentRevisions, organizationId, documentId, revision));
}

export async function deleteRevisionRow(tx: DbOrTx, organizationId: string, documentId: string, revision: number) {
  await tx.delete(documentRevisions).where(revisionKeyOf(documentRevisions, organizationId, documentId, revision));
}

/** Makes the revision's extra files exactly `fileIds`, in that order. */
export async function replaceRevisionFiles(
  tx: DbOrTx,
  organizationId: string,
  documentId: string,
  revision: number,
  fileIds: string[],
) {
  await tx
    .delete(documentRevisionFiles)
    .where(revisionKeyOf(documentRevisionFiles, organizationId, documentId, revision));
  if (fileIds.length === 0) return;
  await tx
    .insert(documentRevisionFiles)
    .values(fileIds.map((fileId, position) => ({ organizationId, documentId, revision, fileId, position })));
}

export async function replaceRevisionTags(
  tx: DbOrTx,
  organizationId: string,
  documentId: string,
  revision: number,
  tagIds: string[],
) {
  await tx
    .delete(documentRevisionTags)
    .where(revisionKeyOf(documentRevisionTags, organizationId, documentId, revision));
  if (tagIds.length === 0) return;
  await tx
    .insert(documentRevisionTags)
    .values(tagIds.map((tagId) => ({ organizationId, documentId, revision, tagId })));
}

/** Makes the revision's signers of `role` exactly `userIds`; the ones kept keep their assignment time. */
export async function replaceRevisionSigners(
  tx: DbOrTx,
  organizationId: string,
  documentId: string,
  revision: number,
  role: DocumentSignerRole,
  userIds: string[],
) {
  const key = and(
    revisionKeyOf(documentRevisionSigners, organizationId, documentId, revision),
    eq(documentRevisionSigners.role, role),
  );
  await tx
    .delete(documentRevisionSigners)
    .where(and(key, userIds.length ? notInArray(documentRevisionSigners.userId, userIds) : undefined));
  if (userIds.length === 0) return;
  await tx
    .insert(documentRevisionSigners)
    .values(userIds.map((userId) => ({ organizationId, documentId, revision, role, userId })))
    .onConflictDoNothing();
}

export async function insertReferences(tx: DbOrTx, rows: (typeof documentReferences.$inferInsert)[]) {
  if (rows.length === 0) return;
  await tx.insert(documentReferences).values(rows);
}

export async function deleteReferences(tx: DbOrTx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return;
  await tx
    .delete(documentReferences)
    .where(and(eq(documentReferences.organizationId, organizationId), inArray(documentReferences.id, ids)));
}

export async function listReferenceRows(db: DbOrTx, organizationId: string, documentId: string, revision: number) {
  return db
    .select()
    .from(documentReferences)
    .where(revisionKeyOf(documentReferences, organizationId, documentId, revision))
    .orderBy(asc(documentReferences.createdAt), asc(documentReferences.id));
}

/**
 * Sets the document's latest and released revisions from its revisions (the highest, the
 * highest final), and its time of change.
 */
export async function refreshDocumentRevisions(tx: DbOrTx, organizationId: string, documentId: string) {
  await tx
    .update(documents)
    .set({
      latestRevision: sql`(select max(r.revision) from document_revisions r
        where r.organization_id = ${organizationId} and r.document_id = ${documentId})`,
      releasedRevision: sql`(select max(r.revision) from document_revisions r
        where r.organization_id = ${organizationId} and r.document_id = ${documentId} and r.is_final)`,
      updatedAt: new Date(),
    })
    .where(and(eq(documents.organizationId, organizationId), eq(documents.id, documentId)));
}

/**
 * Rebuilds document_participants of one document: its creator, and the creator, responsible,
 * reviewers and approvers of every revision. Call it in the transaction of any change of those.
 */
export async function rebuildParticipants(tx: DbOrTx, organizationId: string, documentId: string) {
  await tx
    .delete(documentParticipants)
    .where(
      and(eq(documentParticipants.organizationId, organizationId), eq(documentParticipants.documentId, documentId)),
    );
  await tx.execute(sql`insert into document_participants (organization_id, document_id, user_id)
    select ${organizationId}, ${documentId}, user_id from (
      select creator_id as user_id from documents where organization_id = ${organizationId} and id = ${documentId}
      union
      select submitter_id from document_revisions where organization_id = ${organizationId} and document_id = ${documentId}
      union
      select creator_id from document_revisions where organization_id = ${organizationId} and document_id = ${documentId}
      union
      select user_id from document_revision_signers where organization_id = ${organizationId} and document_id = ${documentId}
    ) people`);
}

export async function deleteDocumentRows(tx: DbOrTx, organizationId: string, ids: string[]) {
  await tx.delete(documents).where(and(eq(documents.organizationId, organizationId), inArray(documents.id, ids)));
}

/** Whether any revision of the organization uses the document type (settings refuse its delete). */
export async function documentTypeInUse(db: DbOrTx, organizationId: string, typeId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(documentRevisions)
    .where(and(eq(documentRevisions.organizationId, organizationId), eq(documentRevisions.typeId, typeId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Of the organization's document types, those of documents with a final revision the person
 * may see (the types filter of pickers that offer approved documents only).
 */
export function approvedDocumentTypeIds(access: OrganizationAccess): SQL {
  const visible = revisionsVisibleTo(access, sql`r.is_final`);
  return sql`select r.type_id from documents join document_revisions r
    on r.organization_id = documents.organization_id and r.document_id = documents.id and r.is_final
    where ${documentsVisibleTo(access)} ${visible ? sql`and ${visible}` : sql``}`;
}
