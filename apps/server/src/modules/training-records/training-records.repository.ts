import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListQuery, TrainingStatusFilter } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import { likePattern, listReaders, resolveList, type KeysetPage, type ListSpec } from '../../core/lists.js';
import type { DbOrTx } from '../../db/client.js';
import {
  organizationFiles,
  trainingAssigneeGroups,
  trainingRecordFiles,
  trainingRecords,
  userGroups,
  users,
} from '../../db/schema/index.js';
import type { TrainingState } from './training-records.policy.js';
import { assignedTo, passedBy, seesEveryTraining, statusFilter, trainingsVisibleTo } from './training-visibility.js';
import { accessParams, accessWithParams, preparedListPage } from '../../core/prepared-lists.js';
import { verifiableFileFields } from '../uploads/uploads.repository.js';

// Trainings as people see them: the list, its exports, the detail, the pickers (visibility from
// training-visibility.ts).

const assigner = alias(users, 'assigner');
const creator = alias(users, 'creator');
type PersonTable = typeof assigner | typeof creator;

const personFields = (person: PersonTable) => ({
  id: person.id,
  firstName: person.firstName,
  lastName: person.lastName,
  email: person.email,
  role: person.role,
});
const fullName = (person: PersonTable) => sql`lower(concat_ws(' ', ${person.firstName}, ${person.lastName}))`;

const personJson = (u: string) =>
  sql.raw(`json_build_object('id', ${u}.id, 'firstName', ${u}.first_name, 'lastName', ${u}.last_name,
    'email', ${u}.email, 'role', ${u}.role)`);
const personOrder = (u: string) => sql.raw(`lower(${u}.last_name), lower(${u}.first_name), ${u}.id`);

// Subqueries name their tables (drizzle leaves column names unqualified inside selected
// expressions): the outer row is `training_records`.
const ofTraining = (table: string) =>
  sql`${sql.raw(table)}.organization_id = training_records.organization_id and ${sql.raw(table)}.training_id = training_records.id`;

const tagList = sql<{ id: string; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', tg.id, 'name', tg.name) order by lower(tg.name), tg.id)
  from training_record_tags trt join tags tg on tg.organization_id = trt.organization_id and tg.id = trt.tag_id
  where ${ofTraining('trt')}), '[]'::json)`;

const assigneeList = sql<PersonRow[]>`coalesce((
  select json_agg(${personJson('u')} order by ${personOrder('u')})
  from training_assignments ta join users u on u.id = ta.user_id where ${ofTraining('ta')}), '[]'::json)`;

const assigneeUserList = sql<PersonRow[]>`coalesce((
  select json_agg(${personJson('u')} order by ${personOrder('u')})
  from training_assignee_users tu join users u on u.id = tu.user_id where ${ofTraining('tu')}), '[]'::json)`;

/** How many members the user group `g` has now. */
const memberCountOf = (g: string) =>
  sql.raw(
    `(select count(*) from user_group_members m where m.organization_id = ${g}.organization_id and m.group_id = ${g}.id)`,
  );

/** The user groups chosen on the form, by name with their size (not their members). */
const assigneeGroupList = sql<GroupSummaryRow[]>`coalesce((
  select json_agg(json_build_object('id', g.id, 'name', g.name, 'userCount', ${memberCountOf('g')})
    order by lower(g.name), g.id)
  from training_assignee_groups tg join user_groups g on g.organization_id = tg.organization_id and g.id = tg.group_id
  where ${ofTraining('tg')}), '[]'::json)`;

/** How many people have to pass: a count on training_assignments' key, not the people. */
const assigneeCount = sql<number>`(select count(*) from training_assignments ta where ${ofTraining('ta')})`;

/** The document revisions linked to the training (document_revisions.training_record_id). */
const documentList = sql<DocumentLinkRow[]>`coalesce((
  select json_agg(json_build_object('id', dr.document_id, 'name', dr.name, 'revision', dr.revision)
    order by lower(dr.name), dr.revision)
  from document_revisions dr
  where dr.organization_id = training_records.organization_id and dr.training_record_id = training_records.id), '[]'::json)`;

/** The revision the current round of passes is for. */
const forRevision = sql<DocumentLinkRow | null>`(
  select json_build_object('id', dr.document_id, 'name', dr.name, 'revision', dr.revision)
  from document_revisions dr
  where dr.organization_id = training_records.organization_id and dr.document_id = training_records.cycle_document_id
    and dr.revision = training_records.cycle_revision)`;

export type PersonRow = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'email' | 'role'>;
export interface GroupSummaryRow {
  id: string;
  name: string;
  userCount: number;
}
export interface DocumentLinkRow {
  id: string;
  name: string;
  revision: number;
}

/** What the list, its exports, the presenter and the policies read of one training. */
const rowColumns = (access: OrganizationAccess) => ({
  id: trainingRecords.id,
  number: trainingRecords.number,
  name: trainingRecords.name,
  description: trainingRecords.description,
  dueDate: trainingRecords.dueDate,
  link: trainingRecords.link,
  linkDescription: trainingRecords.linkDescription,
  extraLink: trainingRecords.extraLink,
  extraLinkDescription: trainingRecords.extraLinkDescription,
  quizVersion: trainingRecords.quizVersion,
  cycle: trainingRecords.cycle,
  createdAt: trainingRecords.createdAt,
  creatorId: trainingRecords.creatorId,
  assignerId: trainingRecords.assignerId,
  assigner: personFields(assigner),
  creator: personFields(creator),
  tags: tagList,
  assigneeUsers: assigneeUserList,
  assigneeUserGroups: assigneeGroupList,
  assigneeCount: assigneeCount.mapWith(Number),
  documents: documentList,
  forRevision,
  viewerAssigned: assignedTo(access.actor.userId).mapWith(Boolean),
  viewerPassed: passedBy(access.actor.userId).mapWith(Boolean),
});

export interface TrainingRowRecord {
  id: string;
  number: number;
  name: string;
  description: string;
  dueDate: string;
  link: string | null;
  linkDescription: string | null;
  extraLink: string | null;
  extraLinkDescription: string | null;
  quizVersion: number;
  cycle: number;
  createdAt: Date | string;
  creatorId: string;
  assignerId: string;
  assigner: PersonRow;
  creator: PersonRow;
  tags: { id: string; name: string }[];
  assigneeUsers: PersonRow[];
  assigneeUserGroups: GroupSummaryRow[];
  assigneeCount: number;
  documents: DocumentLinkRow[];
  forRevision: DocumentLinkRow | null;
  /** The viewer is an assignee, and whether they passed the current round. */
  viewerAssigned: boolean;
  viewerPassed: boolean;
}

/** The viewer's status as a sort key: Pending 0, Passed 1, not an assignee last. */
const viewerStatus = (access: OrganizationAccess) =>
  sql`case when ${assignedTo(access.actor.userId)} then (case when ${passedBy(access.actor.userId)} then 1 else 0 end) end`;

const listSpec = (access: OrganizationAccess): ListSpec => ({
  sortable: {
    number: trainingRecords.number,
    name: sql`lower(${trainingRecords.name})`,
    status: viewerStatus(access),
    dueDate: trainingRecords.dueDate,
    assigner: fullName(assigner),
    creator: fullName(creator),
    creationDate: trainingRecords.createdAt,
  },
  defaultSort: { key: 'number', direction: 'desc' },
  searchable: [sql`${trainingRecords.number}::text`, trainingRecords.name, trainingRecords.description],
  tiebreaker: trainingRecords.id,
  notNull: ['name', 'assigner', 'creator'],
});

export interface TrainingScope {
  access: OrganizationAccess;
  /** The list's status filter. */
  status?: TrainingStatusFilter | undefined;
  /** Only these trainings (the checked rows of an export). */
  ids?: string[] | undefined;
}

/** The rows' select; the detail adds `more` (every assignee), an export's keyset page its fields. */
function selectTrainings(
  db: DbOrTx,
  access: OrganizationAccess,
  where: SQL | undefined,
  page?: KeysetPage,
  more?: { assignees: typeof assigneeList },
) {
  return db
    .select({ ...rowColumns(access), ...page?.fields, ...more })
    .from(trainingRecords)
    .innerJoin(assigner, eq(assigner.id, trainingRecords.assignerId))
    .innerJoin(creator, eq(creator.id, trainingRecords.creatorId))
    .where(and(where, page?.where))
    .$dynamic();
}

/**
 * The visible trainings in the list's search, status filter and order, optionally only `ids`;
 * an export's keyset page adds its fields and condition. Exported for the training exports.
 */
export function trainingsQuery(db: DbOrTx, scope: TrainingScope, query: ListQuery) {
  const list = resolveList(query, listSpec(scope.access));
  const where = and(
    trainingsVisibleTo(scope.access),
    statusFilter(scope.access, scope.status ?? 'All'),
    scope.ids?.length ? inArray(trainingRecords.id, scope.ids) : undefined,
    list.where,
  );
  return { list, select: (page?: KeysetPage) => selectTrainings(db, scope.access, where, page) };
}

/** An export's rows of the visible trainings and their count. */
export const { exportRows: trainingExportRows, countUpTo: countTrainingExportRows } = listReaders<
  TrainingScope,
  TrainingRowRecord
>(trainingsQuery);

/**
 * A page of the visible trainings with the total of the same filter, prepared
 * (core/prepared-lists.ts): one pair of statements per visibility (every training, or the related
 * ones) and status filter.
 */
export const listTrainings = preparedListPage<TrainingScope, TrainingRowRecord>({
  name: 'trainings',
  spec: ({ access }) => listSpec(accessWithParams(access)),
  variant: ({ access, status }) => `${seesEveryTraining(access) ? 'all' : 'related'}_${status ?? 'All'}`,
  select: (db, { access, status }, search) => {
    const viewer = accessWithParams(access);
    return selectTrainings(db, viewer, and(trainingsVisibleTo(viewer), statusFilter(viewer, status ?? 'All'), search));
  },
  params: ({ access }) => accessParams(access),
});

/** The detail's training: the list's row and everyone who has to pass it. */
export type TrainingDetailRecord = TrainingRowRecord & { assignees: PersonRow[] };

/** One training the person may see with all its assignees, else undefined (the caller answers 404). */
export async function findVisibleTraining(
  db: DbOrTx,
  access: OrganizationAccess,
  id: string,
): Promise<TrainingDetailRecord | undefined> {
  const [row] = await selectTrainings(
    db,
    access,
    and(trainingsVisibleTo(access), eq(trainingRecords.id, id)),
    undefined,
    {
      assignees: assigneeList,
    },
  );
  return row as TrainingDetailRecord | undefined;
}

/**
 * What the completion progress needs of a visible training: its round and the viewer's state for
 * the policies, without the row's people (a group training's assignees are thousands).
 */
export async function findVisibleTrainingState(
  db: DbOrTx,
  access: OrganizationAccess,
  id: string,
): Promise<(TrainingState & { id: string; cycle: number }) | undefined> {
  const [row] = await db
    .select({
      id: trainingRecords.id,
      cycle: trainingRecords.cycle,
      creatorId: trainingRecords.creatorId,
      assignerId: trainingRecords.assignerId,
      viewerAssigned: assignedTo(access.actor.userId).mapWith(Boolean),
      viewerPassed: passedBy(access.actor.userId).mapWith(Boolean),
    })
    .from(trainingRecords)
    .where(and(trainingsVisibleTo(access), eq(trainingRecords.id, id)));
  return row;
}

/** A training's file row's organization file. */
const fileOfTraining = and(
  eq(organizationFiles.organizationId, trainingRecordFiles.organizationId),
  eq(organizationFiles.id, trainingRecordFiles.fileId),
);
/** A user group the training's form chose. */
export const groupOfTraining = and(
  eq(userGroups.organizationId, trainingAssigneeGroups.organizationId),
  eq(userGroups.id, trainingAssigneeGroups.groupId),
);

export interface FileRow {
  id: string;
  fileName: string;
  fileSize: number;
}

export function listTrainingFiles(db: DbOrTx, organizationId: string, trainingId: string): Promise<FileRow[]> {
  return db
    .select({
      id: organizationFiles.id,
      fileName: organizationFiles.originalName,
      fileSize: organizationFiles.sizeBytes,
    })
    .from(trainingRecordFiles)
    .innerJoin(organizationFiles, fileOfTraining)
    .where(and(eq(trainingRecordFiles.organizationId, organizationId), eq(trainingRecordFiles.trainingId, trainingId)))
    .orderBy(asc(trainingRecordFiles.position));
}

export interface GroupRow extends GroupSummaryRow {
  users: PersonRow[];
}

/** The user groups chosen on the form, with their members of now (the detail). */
export function listAssigneeGroups(db: DbOrTx, organizationId: string, trainingId: string): Promise<GroupRow[]> {
  return db
    .select({
      id: userGroups.id,
      name: userGroups.name,
      userCount: sql<number>`${memberCountOf('user_groups')}`.mapWith(Number),
      users: sql<PersonRow[]>`coalesce((select json_agg(${personJson('u')} order by ${personOrder('u')})
        from user_group_members m join users u on u.id = m.user_id
        where m.organization_id = user_groups.organization_id and m.group_id = user_groups.id), '[]'::json)`,
    })
    .from(trainingAssigneeGroups)
    .innerJoin(userGroups, groupOfTraining)
    .where(
      and(eq(trainingAssigneeGroups.organizationId, organizationId), eq(trainingAssigneeGroups.trainingId, trainingId)),
    )
    .orderBy(asc(sql`lower(${userGroups.name})`), asc(userGroups.id));
}

/**
 * The 'Link Training' picker: visible trainings whose number or name matches, the newest first;
 * `used` when a document revision links them. Without `includeUsed` only the unused ones.
 */
export function listTrainingOptions(
  db: DbOrTx,
  access: OrganizationAccess,
  q: { search?: string | undefined; includeUsed: boolean },
  limit: number,
) {
  const text = q.search?.trim();
  const pattern = text ? likePattern(text) : undefined;
  const used = sql<boolean>`exists (select 1 from document_revisions dr
    where dr.organization_id = training_records.organization_id and dr.training_record_id = training_records.id)`;
  return db
    .select({
      id: trainingRecords.id,
      number: trainingRecords.number,
      name: trainingRecords.name,
      used: used.mapWith(Boolean),
    })
    .from(trainingRecords)
    .where(
      and(
        trainingsVisibleTo(access),
        pattern
          ? or(ilike(trainingRecords.name, pattern), sql`${trainingRecords.number}::text ilike ${pattern}`)
          : undefined,
        q.includeUsed ? undefined : sql`not ${used}`,
      ),
    )
    .orderBy(desc(trainingRecords.number))
    .limit(limit);
}

/** A file of a training the person may see, with where its bytes are; undefined otherwise. */
export async function findVisibleTrainingFile(
  db: DbOrTx,
  access: OrganizationAccess,
  trainingId: string,
  fileId: string,
) {
  const [row] = await db
    .select({
      ...verifiableFileFields,
      contentType: organizationFiles.contentType,
      originalName: organizationFiles.originalName,
    })
    .from(trainingRecords)
    .innerJoin(
      trainingRecordFiles,
      and(
        eq(trainingRecordFiles.organizationId, trainingRecords.organizationId),
        eq(trainingRecordFiles.trainingId, trainingRecords.id),
        eq(trainingRecordFiles.fileId, fileId),
      ),
    )
    .innerJoin(organizationFiles, fileOfTraining)
    .where(and(trainingsVisibleTo(access), eq(trainingRecords.id, trainingId)));
  return row;
}
