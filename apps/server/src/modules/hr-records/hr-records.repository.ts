import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { HrOption, ListQuery } from '@qualis/contract';
import { seesHrRecords, type OrganizationAccess } from '../../core/access.js';
import { likePattern, listReaders, resolveList, type KeysetPage, type ListSpec } from '../../core/lists.js';
import type { DbOrTx } from '../../db/client.js';
import { hrRecordTags, hrRecords, memberships, organizationFiles, users } from '../../db/schema/index.js';
import { verifiableFileFields } from '../uploads/uploads.repository.js';

export type HrRecordTableRow = typeof hrRecords.$inferSelect;
export type HrStatusName = 'Active' | 'Inactive' | 'Removed';

/** Who sees HR records at all is core/access.ts's rule (role and membership restriction). */
export { seesHrRecords };

/**
 * The HR records' visibility predicate, the SQL twin of the `hrRecord.view` policy: the Admins of
 * the organization and the SuperAdmin see every record of it, unless their membership is client or
 * HR-limited; nobody else sees any (spec 03: "visible and editable only by admins", section 6). The list, its count, the detail, the exports, the lookup, the
 * writes and the documents' HR references all use it.
 */
export function hrRecordsVisibleTo(access: OrganizationAccess): SQL {
  return seesHrRecords(access) ? eq(hrRecords.organizationId, access.organization.id) : sql`false`;
}

/** The membership's status, or Removed when the person no longer belongs to the organization. */
const statusSql = sql<HrStatusName>`coalesce(${memberships.status}, 'Removed')`;
const fullNameSql = sql<string>`concat_ws(' ', ${users.firstName}, ${users.lastName})`;

// Subqueries name their tables: the outer row is `hr_records`.
const tagList = sql<{ id: string; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', tg.id, 'name', tg.name) order by lower(tg.name), tg.id)
  from hr_record_tags ht join tags tg on tg.organization_id = ht.organization_id and tg.id = ht.tag_id
  where ht.organization_id = hr_records.organization_id and ht.hr_record_id = hr_records.id), '[]'::json)`;

/** The person's groups now (a person who left has none: leaving removes them from every group). */
const userGroupList = sql<HrUserGroupRow[]>`coalesce((
  select json_agg(json_build_object('id', g.id, 'name', g.name, 'userCount', (
      select count(*)::int from user_group_members c where c.organization_id = g.organization_id and c.group_id = g.id))
    order by lower(g.name), g.id)
  from user_group_members m join user_groups g on g.organization_id = m.organization_id and g.id = m.group_id
  where m.organization_id = hr_records.organization_id and m.user_id = hr_records.user_id), '[]'::json)`;

/**
 * The trainings the person is assigned, and those they attempted (a person who left is no longer
 * assigned; their attempts stay). Passed: a passing attempt in the training's current round
 * (docs/decisions/0020-training-records.md), with its time and the document revision it was for.
 */
const trainingList = sql<HrTrainingRow[]>`coalesce((
  select json_agg(json_build_object('id', tr.id, 'name', tr.name, 'number', tr.number,
      'trainingStatus', case when pass.attempted_at is null then 0 else 1 end,
      'passedAt', pass.attempted_at, 'revision', pass.revision)
    order by tr.number)
  from training_records tr
  left join training_attempts pass on pass.organization_id = tr.organization_id and pass.training_id = tr.id
    and pass.user_id = hr_records.user_id and pass.passed and pass.cycle = tr.cycle
  where tr.organization_id = hr_records.organization_id and tr.id in (
    -- From the person's keys (training_assignments_user_idx, training_attempts_user_idx), not
    -- every training of the organization.
    select ta.training_id from training_assignments ta
    where ta.organization_id = hr_records.organization_id and ta.user_id = hr_records.user_id
    union
    select at.training_id from training_attempts at
    where at.organization_id = hr_records.organization_id and at.user_id = hr_records.user_id)), '[]'::json)`;

/**
 * The documents the person is named on: per document, its latest revision where they are the
 * responsible (submitter), a reviewer or an approver, with the roles they hold there.
 */
const documentList = sql<HrDocumentRow[]>`coalesce((
  select json_agg(json_build_object('id', x.document_id, 'number', d.number, 'name', x.name,
      'revision', x.revision, 'roles', x.roles) order by d.number)
  from (
    select distinct on (r.document_id) r.organization_id, r.document_id, r.revision, r.name,
      array_remove(array[
        case when r.submitter_id = hr_records.user_id then 'responsible' end,
        case when exists (select 1 from document_revision_signers s where s.organization_id = r.organization_id
          and s.document_id = r.document_id and s.revision = r.revision and s.role = 'reviewer'
          and s.user_id = hr_records.user_id) then 'reviewer' end,
        case when exists (select 1 from document_revision_signers s where s.organization_id = r.organization_id
          and s.document_id = r.document_id and s.revision = r.revision and s.role = 'approver'
          and s.user_id = hr_records.user_id) then 'approver' end], null) as roles
    from document_revisions r
    where r.organization_id = hr_records.organization_id and (r.submitter_id = hr_records.user_id
      or exists (select 1 from document_revision_signers s where s.organization_id = r.organization_id
        and s.document_id = r.document_id and s.revision = r.revision and s.user_id = hr_records.user_id))
    order by r.document_id, r.revision desc) x
  join documents d on d.organization_id = x.organization_id and d.id = x.document_id), '[]'::json)`;

export interface HrUserGroupRow {
  id: string;
  name: string;
  userCount: number;
}
export interface HrTrainingRow {
  id: string;
  name: string;
  number: number;
  trainingStatus: 0 | 1;
  passedAt: string | null;
  revision: number | null;
}
export interface HrDocumentRow {
  id: string;
  number: number;
  name: string;
  revision: number;
  roles: ('responsible' | 'reviewer' | 'approver')[];
}

/** What the list, the CSV and the policies read of one record. */
const recordColumns = {
  id: hrRecords.id,
  userId: hrRecords.userId,
  createdAt: hrRecords.createdAt,
  fileId: hrRecords.fileId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  activated: sql<boolean>`${users.passwordHash} is not null`,
  status: statusSql,
  tags: tagList,
  userGroups: userGroupList,
  trainings: trainingList,
};

export interface HrRecordRow {
  id: string;
  userId: string;
  createdAt: Date | string;
  fileId: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
  role: 'SuperAdmin' | 'Admin' | 'User';
  activated: boolean;
  status: HrStatusName;
  tags: { id: string; name: string }[];
  userGroups: HrUserGroupRow[];
  trainings: HrTrainingRow[];
}

/** The detail adds the CV and the documents. */
export interface HrRecordDetailRow extends HrRecordRow {
  file: { id: string; fileName: string; fileSize: number } | null;
  documents: HrDocumentRow[];
}

/** A record's person's membership in its organization (the record's status reads it). */
const membershipOfRecord = and(
  eq(memberships.organizationId, hrRecords.organizationId),
  eq(memberships.userId, hrRecords.userId),
);
/** A record's CV. */
const cvOfRecord = and(
  eq(organizationFiles.organizationId, hrRecords.organizationId),
  eq(organizationFiles.id, hrRecords.fileId),
);

const LIST_SPEC: ListSpec = {
  sortable: {
    name: sql`lower(concat_ws(' ', ${users.lastName}, ${users.firstName}))`,
    firstName: sql`lower(${users.firstName})`,
    lastName: sql`lower(${users.lastName})`,
    email: users.email,
    role: users.role,
    status: statusSql,
    createdAt: hrRecords.createdAt,
  },
  defaultSort: { key: 'name', direction: 'asc' },
  searchable: [users.firstName, users.lastName, users.email, fullNameSql],
  tiebreaker: hrRecords.id,
  notNull: ['name', 'status'],
};

export interface HrScope {
  access: OrganizationAccess;
  /** Only these records (the checked rows of an export). */
  ids?: string[] | undefined;
}

/** The records with their person and membership, under `where`; a keyset page adds its fields and condition. */
function selectRecords(db: DbOrTx, where: SQL | undefined, page?: KeysetPage) {
  return db
    .select({ ...recordColumns, ...page?.fields })
    .from(hrRecords)
    .innerJoin(users, eq(users.id, hrRecords.userId))
    .leftJoin(memberships, membershipOfRecord)
    .where(and(where, page?.where))
    .$dynamic();
}

function recordsQuery(db: DbOrTx, scope: HrScope, query: ListQuery) {
  const list = resolveList(query, LIST_SPEC);
  const where = and(
    hrRecordsVisibleTo(scope.access),
    scope.ids?.length ? inArray(hrRecords.id, scope.ids) : undefined,
    list.where,
  );
  return { list, select: (page?: KeysetPage) => selectRecords(db, where, page) };
}

/** A page of the visible records with the total of the same filter, an export's rows and their count. */
export const {
  page: listHrRecords,
  exportRows: hrRecordExportRows,
  countUpTo: countHrRecordExportRows,
} = listReaders<HrScope, HrRecordRow>(recordsQuery);

/** One record the person may see, with its CV and documents, else undefined (the caller answers 404). */
export async function findVisibleHrRecord(
  db: DbOrTx,
  access: OrganizationAccess,
  id: string,
): Promise<HrRecordDetailRow | undefined> {
  const [row] = await db
    .select({
      ...recordColumns,
      file: sql<HrRecordDetailRow['file']>`case when ${organizationFiles.id} is null then null else
        json_build_object('id', ${organizationFiles.id}, 'fileName', ${organizationFiles.originalName},
          'fileSize', ${organizationFiles.sizeBytes}) end`,
      documents: documentList,
    })
    .from(hrRecords)
    .innerJoin(users, eq(users.id, hrRecords.userId))
    .leftJoin(memberships, membershipOfRecord)
    .leftJoin(organizationFiles, cvOfRecord)
    .where(and(hrRecordsVisibleTo(access), eq(hrRecords.id, id)));
  return row as HrRecordDetailRow | undefined;
}

/** A locked record with what its writes check and audit: its person, status, CV and tags (ids and names). */
export interface LockedHrRecord {
  id: string;
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  status: HrStatusName;
  fileId: string | null;
  fileName: string | null;
  tagIds: string[];
  tags: string[];
}

/** The visible records among `ids`, locked for the rest of the transaction. */
export async function lockVisibleHrRecords(
  tx: DbOrTx,
  access: OrganizationAccess,
  ids: string[],
): Promise<LockedHrRecord[]> {
  const rows = await tx
    .select({
      id: hrRecords.id,
      userId: hrRecords.userId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      status: statusSql,
      fileId: hrRecords.fileId,
      fileName: organizationFiles.originalName,
      tagIds: sql<string[]>`coalesce((select array_agg(ht.tag_id::text order by ht.tag_id) from hr_record_tags ht
        where ht.organization_id = hr_records.organization_id and ht.hr_record_id = hr_records.id), '{}')`,
      tags: sql<string[]>`coalesce((select array_agg(tg.name order by lower(tg.name), tg.id) from hr_record_tags ht
        join tags tg on tg.organization_id = ht.organization_id and tg.id = ht.tag_id
        where ht.organization_id = hr_records.organization_id and ht.hr_record_id = hr_records.id), '{}')`,
    })
    .from(hrRecords)
    .innerJoin(users, eq(users.id, hrRecords.userId))
    .leftJoin(memberships, membershipOfRecord)
    .leftJoin(organizationFiles, cvOfRecord)
    .where(and(hrRecordsVisibleTo(access), inArray(hrRecords.id, ids)))
    .orderBy(asc(hrRecords.id))
    .for('update', { of: hrRecords });
  return rows;
}

/** Of `ids`, the records the person may see (the documents' HR references). */
export async function findVisibleHrRecordIds(db: DbOrTx, access: OrganizationAccess, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: hrRecords.id })
    .from(hrRecords)
    .where(and(hrRecordsVisibleTo(access), inArray(hrRecords.id, ids)));
  return rows.map((r) => r.id);
}

export async function setHrRecordFile(tx: DbOrTx, organizationId: string, id: string, fileId: string | null) {
  await tx
    .update(hrRecords)
    .set({ fileId, updatedAt: new Date() })
    .where(and(eq(hrRecords.organizationId, organizationId), eq(hrRecords.id, id)));
}

/** Makes the record's tags exactly `tagIds` (all of the organization: the foreign key says so). */
export async function replaceHrRecordTags(tx: DbOrTx, organizationId: string, hrRecordId: string, tagIds: string[]) {
  await tx
    .delete(hrRecordTags)
    .where(and(eq(hrRecordTags.organizationId, organizationId), eq(hrRecordTags.hrRecordId, hrRecordId)));
  if (tagIds.length === 0) return;
  await tx.insert(hrRecordTags).values(tagIds.map((tagId) => ({ organizationId, hrRecordId, tagId })));
}

export async function deleteHrRecordRows(tx: DbOrTx, organizationId: string, ids: string[]) {
  await tx.delete(hrRecords).where(and(eq(hrRecords.organizationId, organizationId), inArray(hrRecords.id, ids)));
}

/** The CV of a visible record, when `fileId` is it: what the download serves. */
export async function findVisibleHrRecordFile(db: DbOrTx, access: OrganizationAccess, id: string, fileId: string) {
  const [row] = await db
    .select({
      ...verifiableFileFields,
      contentType: organizationFiles.contentType,
      originalName: organizationFiles.originalName,
    })
    .from(hrRecords)
    .innerJoin(
      organizationFiles,
      and(eq(organizationFiles.organizationId, hrRecords.organizationId), eq(organizationFiles.id, hrRecords.fileId)),
    )
    .where(and(hrRecordsVisibleTo(access), eq(hrRecords.id, id), eq(hrRecords.fileId, fileId)));
  return row;
}

/**
 * The link-to-record picker's records: those the person may see whose person's name or e-mail
 * matches, at most `limit`, by last name then first name.
 */
export async function listHrRecordOptions(
  db: DbOrTx,
  access: OrganizationAccess,
  search: string | undefined,
  limit: number,
): Promise<HrOption[]> {
  const text = search?.trim();
  const pattern = text ? likePattern(text) : undefined;
  return db
    .select({ id: hrRecords.id, name: sql<string>`coalesce(nullif(${fullNameSql}, ''), ${users.email})` })
    .from(hrRecords)
    .innerJoin(users, eq(users.id, hrRecords.userId))
    .where(
      and(
        hrRecordsVisibleTo(access),
        pattern
          ? sql`(${users.firstName} ilike ${pattern} or ${users.lastName} ilike ${pattern}
              or ${users.email} ilike ${pattern} or ${fullNameSql} ilike ${pattern})`
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(hrRecords.id))
    .limit(limit);
}

/** One attempt to pass a training, as the record's training file prints it. */
export interface HrAttemptRow {
  trainingId: string;
  attemptedAt: string;
  passed: boolean;
  cycle: number;
  quizVersion: number;
  documentNumber: number | null;
  documentName: string | null;
  revision: number | null;
}

/**
 * Every attempt of the record's person in its organization, oldest first, with the document
 * revision each round was for: the training file of the record's PDF.
 */
export async function listHrAttempts(db: DbOrTx, organizationId: string, id: string): Promise<HrAttemptRow[]> {
  const [row] = await db
    .select({
      attempts: sql<HrAttemptRow[]>`coalesce((
        select json_agg(json_build_object('trainingId', a.training_id, 'attemptedAt', a.attempted_at,
            'passed', a.passed, 'cycle', a.cycle, 'quizVersion', a.quiz_version, 'documentNumber', d.number,
            'documentName', r.name, 'revision', a.revision) order by a.attempted_at, a.id)
        from training_attempts a
        left join documents d on d.organization_id = a.organization_id and d.id = a.document_id
        left join document_revisions r on r.organization_id = a.organization_id and r.document_id = a.document_id
          and r.revision = a.revision
        where a.organization_id = hr_records.organization_id and a.user_id = hr_records.user_id), '[]'::json)`,
    })
    .from(hrRecords)
    .where(and(eq(hrRecords.organizationId, organizationId), eq(hrRecords.id, id)));
  return row?.attempts ?? [];
}
