import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { Permission, type ListQuery, type TrainingStatusFilter } from '@qualis/contract';
import { isOrganizationAdmin, type OrganizationAccess } from '../../core/access.js';
import { likePattern, listReaders, resolveList, type KeysetPage, type ListSpec } from '../../core/lists.js';
import type { DbOrTx } from '../../db/client.js';
import type { TrainingState } from './training-records.policy.js';
import {
  organizationFiles,
  trainingAnswers,
  trainingAssigneeGroups,
  trainingAssigneeUsers,
  trainingAssignments,
  trainingAttempts,
  trainingQuestions,
  trainingRecordFiles,
  trainingRecordTags,
  trainingRecords,
  userGroupMembers,
  userGroups,
  users,
  type TrainingAttemptAnswer,
} from '../../db/schema/index.js';

export type TrainingTableRow = typeof trainingRecords.$inferSelect;
export type TrainingInsert = typeof trainingRecords.$inferInsert;

// ---------------------------------------------------------------------------------------------
// Who sees what (docs/decisions/0020-training-records.md)

/** The person has to pass the outer `training_records` row: one probe of training_assignments' key. */
const assignedTo = (userId: string | SQL) => sql<boolean>`exists (select 1 from training_assignments ta
  where ta.organization_id = training_records.organization_id and ta.training_id = training_records.id
    and ta.user_id = ${userId})`;

/** The person has a passing attempt in the outer training's current round. */
const passedBy = (userId: string | SQL) => sql<boolean>`exists (select 1 from training_attempts tp
  where tp.organization_id = training_records.organization_id and tp.training_id = training_records.id
    and tp.user_id = ${userId} and tp.cycle = training_records.cycle and tp.passed)`;

/** Admins, the SuperAdmin and 30 see every training of the organization. */
export const seesEveryTraining = (access: OrganizationAccess) =>
  isOrganizationAdmin(access) || access.permissions.has(Permission.ViewAllTrainingRecords);

/**
 * The training records module's visibility predicate, the SQL twin of the `trainingRecord.view`
 * policy: Admins, the SuperAdmin and permission 30 see every training of the organization; everyone
 * else the trainings they created, assign or are assigned to. The list, its count, the detail, the
 * picker, the progress tab, the exports and the dashboard all use it, so they never disagree.
 */
export function trainingsVisibleTo(access: OrganizationAccess): SQL {
  const inOrganization = eq(trainingRecords.organizationId, access.organization.id);
  if (seesEveryTraining(access)) return inOrganization;
  const me = access.actor.userId;
  return and(
    inOrganization,
    or(eq(trainingRecords.creatorId, me), eq(trainingRecords.assignerId, me), assignedTo(me)),
  )!;
}

/**
 * The keys of the trainings trainingsVisibleTo lets a person who does not see them all see (they
 * created, assign or are assigned them), read by the creator, assigner and assignment indexes:
 * the predicate's own `or` of an `exists` reads every training of the organization.
 */
export function relatedTrainingIds(access: OrganizationAccess): SQL {
  const organizationId = access.organization.id;
  const me = access.actor.userId;
  return sql`select id from training_records
    where organization_id = ${organizationId} and (creator_id = ${me} or assigner_id = ${me})
    union
    select training_id from training_assignments where organization_id = ${organizationId} and user_id = ${me}`;
}

/**
 * Whether a person has trainings of their own in the organization (created, assign or are assigned
 * to): the ones the list shows them whatever their permissions. Index probes, stopping at the first.
 */
export async function hasOwnTrainings(db: DbOrTx, organizationId: string, userId: string): Promise<boolean> {
  const answer = (await db.execute(sql`select exists (
      select 1 from training_records
      where organization_id = ${organizationId} and (creator_id = ${userId} or assigner_id = ${userId})
    ) or exists (
      select 1 from training_assignments where organization_id = ${organizationId} and user_id = ${userId}
    ) as "found"`)) as unknown as { rows: { found: boolean }[] };
  return answer.rows[0]?.found === true;
}

/** The list's status filter (spec 03 section 2): the viewer's own assignment and status in the current round. */
function statusFilter(access: OrganizationAccess, status: TrainingStatusFilter): SQL | undefined {
  const me = access.actor.userId;
  switch (status) {
    case 'All':
      return undefined;
    case 'Assigned':
      return assignedTo(me);
    case 'AssignedPending':
      return and(assignedTo(me), sql`not ${passedBy(me)}`);
    case 'AssignedPassed':
      return and(assignedTo(me), passedBy(me));
  }
}

/** The trainings the person still has to pass: assigned, no pass in the current round (the dashboard's card). */
export const trainingsToPass = (access: OrganizationAccess) =>
  and(trainingsVisibleTo(access), statusFilter(access, 'AssignedPending'))!;

// ---------------------------------------------------------------------------------------------
// Reads

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

/** A page of the visible trainings with the total of the same filter, an export's rows and their count. */
export const {
  page: listTrainings,
  exportRows: trainingExportRows,
  countUpTo: countTrainingExportRows,
} = listReaders<TrainingScope, TrainingRowRecord>(trainingsQuery);

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
const groupOfTraining = and(
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

export interface QuestionRow {
  id: string;
  name: string;
  number: number;
  answers: { id: string; name: string; number: number; isCorrect: boolean }[];
}

/** The questions of one quiz version with their answers, in order. */
export function listQuestions(
  db: DbOrTx,
  organizationId: string,
  trainingId: string,
  quizVersion: number,
): Promise<QuestionRow[]> {
  return db
    .select({
      id: trainingQuestions.id,
      name: trainingQuestions.name,
      number: trainingQuestions.number,
      answers: sql<QuestionRow['answers']>`coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name,
          'number', a.number, 'isCorrect', a.is_correct) order by a.number)
        from training_answers a
        where a.organization_id = training_questions.organization_id and a.question_id = training_questions.id), '[]'::json)`,
    })
    .from(trainingQuestions)
    .where(
      and(
        eq(trainingQuestions.organizationId, organizationId),
        eq(trainingQuestions.trainingId, trainingId),
        eq(trainingQuestions.quizVersion, quizVersion),
      ),
    )
    .orderBy(asc(trainingQuestions.number));
}

/** The visible trainings among `ids`, locked for the rest of the transaction, by number. */
/** The ids among `ids` of trainings the person may see (references to training records). */
export async function findVisibleTrainingIds(db: DbOrTx, access: OrganizationAccess, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: trainingRecords.id })
    .from(trainingRecords)
    .where(and(trainingsVisibleTo(access), inArray(trainingRecords.id, ids)));
  return rows.map((r) => r.id);
}

export function lockVisibleTrainings(
  tx: DbOrTx,
  access: OrganizationAccess,
  ids: string[],
): Promise<TrainingTableRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(trainingRecords)
    .where(and(trainingsVisibleTo(access), inArray(trainingRecords.id, ids)))
    .orderBy(asc(trainingRecords.number))
    .for('update');
}

/** One training of the organization, locked (callers of other modules that name it by id). */
export async function lockTraining(tx: DbOrTx, organizationId: string, id: string) {
  const [row] = await tx
    .select()
    .from(trainingRecords)
    .where(and(eq(trainingRecords.organizationId, organizationId), eq(trainingRecords.id, id)))
    .for('update');
  return row;
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
      storageKey: organizationFiles.storageKey,
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

export interface AttemptRow {
  id: string;
  userId: string;
  passed: boolean;
  attemptedAt: Date | string;
  cycle: number;
  quizVersion: number;
  forRevision: DocumentLinkRow | null;
}

/** Every attempt on the training, oldest first, with the label of the revision its round was for. */
export function listAttempts(db: DbOrTx, organizationId: string, trainingId: string): Promise<AttemptRow[]> {
  return db
    .select({
      id: trainingAttempts.id,
      userId: trainingAttempts.userId,
      passed: trainingAttempts.passed,
      attemptedAt: trainingAttempts.attemptedAt,
      cycle: trainingAttempts.cycle,
      quizVersion: trainingAttempts.quizVersion,
      forRevision: sql<DocumentLinkRow | null>`(
        select json_build_object('id', dr.document_id, 'name', dr.name, 'revision', dr.revision)
        from document_revisions dr where dr.organization_id = training_attempts.organization_id
          and dr.document_id = training_attempts.document_id and dr.revision = training_attempts.revision)`,
    })
    .from(trainingAttempts)
    .where(and(eq(trainingAttempts.organizationId, organizationId), eq(trainingAttempts.trainingId, trainingId)))
    .orderBy(asc(trainingAttempts.attemptedAt), asc(trainingAttempts.id));
}

export interface ProgressPersonRow {
  user: PersonRow;
  assignedAt: Date | string | null;
  passedAt: Date | string | null;
}

/**
 * The completion progress's people: everyone assigned, and everyone with a pass in the current
 * round (even if since unassigned), with when they were assigned and passed.
 */
export function listProgressPeople(
  db: DbOrTx,
  training: { organizationId: string; id: string; cycle: number },
): Promise<ProgressPersonRow[]> {
  return (
    db
      .select({
        user: {
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          role: users.role,
        },
        assignedAt: trainingAssignments.assignedAt,
        passedAt: trainingAttempts.attemptedAt,
      })
      .from(users)
      .leftJoin(
        trainingAssignments,
        and(
          eq(trainingAssignments.organizationId, training.organizationId),
          eq(trainingAssignments.trainingId, training.id),
          eq(trainingAssignments.userId, users.id),
        ),
      )
      .leftJoin(
        trainingAttempts,
        and(
          eq(trainingAttempts.organizationId, training.organizationId),
          eq(trainingAttempts.trainingId, training.id),
          eq(trainingAttempts.userId, users.id),
          eq(trainingAttempts.cycle, training.cycle),
          eq(trainingAttempts.passed, true),
        ),
      )
      // From the training's own rows (keys of training_assignments and of the passes), not every user.
      .where(
        sql`${users.id} in (select ta.user_id from training_assignments ta
        where ta.organization_id = ${training.organizationId} and ta.training_id = ${training.id}
        union select tp.user_id from training_attempts tp
        where tp.organization_id = ${training.organizationId} and tp.training_id = ${training.id}
          and tp.cycle = ${training.cycle} and tp.passed)`,
      )
      .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
  );
}

const groupTrainingFields = {
  id: trainingRecords.id,
  number: trainingRecords.number,
  name: trainingRecords.name,
  dueDate: trainingRecords.dueDate,
};
const trainingOfGroup = and(
  eq(trainingRecords.organizationId, trainingAssigneeGroups.organizationId),
  eq(trainingRecords.id, trainingAssigneeGroups.trainingId),
);
const ofGroup = (organizationId: string, groupId: string) =>
  and(eq(trainingAssigneeGroups.organizationId, organizationId), eq(trainingAssigneeGroups.groupId, groupId));

/** The trainings a user group is an assignee of, by number (the add-person wizard). */
export function listGroupTrainings(db: DbOrTx, organizationId: string, groupId: string) {
  return db
    .select(groupTrainingFields)
    .from(trainingAssigneeGroups)
    .innerJoin(trainingRecords, trainingOfGroup)
    .where(ofGroup(organizationId, groupId))
    .orderBy(asc(trainingRecords.number));
}

/** The group's trainings the person is assigned to, and whether they passed each in its current round (the remove dialog). */
export function listGroupUserTrainings(db: DbOrTx, organizationId: string, groupId: string, userId: string) {
  return db
    .select({ ...groupTrainingFields, passed: passedBy(userId).mapWith(Boolean) })
    .from(trainingAssigneeGroups)
    .innerJoin(trainingRecords, trainingOfGroup)
    .innerJoin(
      trainingAssignments,
      and(
        eq(trainingAssignments.organizationId, trainingRecords.organizationId),
        eq(trainingAssignments.trainingId, trainingRecords.id),
        eq(trainingAssignments.userId, userId),
      ),
    )
    .where(ofGroup(organizationId, groupId))
    .orderBy(asc(trainingRecords.number));
}

/** Whether the group is an assignee of any training. */
export async function groupHasTrainings(db: DbOrTx, organizationId: string, groupId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(trainingAssigneeGroups)
    .where(ofGroup(organizationId, groupId))
    .limit(1);
  return row !== undefined;
}

/** For the group users list (on `users`): the group's trainings the person is assigned to. */
export const groupUserTrainingList = (organizationId: string, groupId: string) =>
  sql<{ id: string; name: string }[]>`coalesce((
    select json_agg(json_build_object('id', tr.id, 'name', tr.name) order by tr.number)
    from training_assignee_groups tg
    join training_records tr on tr.organization_id = tg.organization_id and tr.id = tg.training_id
    join training_assignments ta on ta.organization_id = tr.organization_id and ta.training_id = tr.id
      and ta.user_id = users.id
    where tg.organization_id = ${organizationId} and tg.group_id = ${groupId}), '[]'::json)`;

// ---------------------------------------------------------------------------------------------
// Reads inside writes

/** Of `trainingIds`, those the user group is an assignee of. */
export async function findGroupTrainingIds(db: DbOrTx, organizationId: string, groupId: string, trainingIds: string[]) {
  if (trainingIds.length === 0) return [];
  const rows = await db
    .select({ id: trainingAssigneeGroups.trainingId })
    .from(trainingAssigneeGroups)
    .where(
      and(
        eq(trainingAssigneeGroups.organizationId, organizationId),
        eq(trainingAssigneeGroups.groupId, groupId),
        inArray(trainingAssigneeGroups.trainingId, trainingIds),
      ),
    );
  return rows.map((r) => r.id);
}

/** Of `groupIds`, the user groups of the organization with their names. */
export function findGroups(db: DbOrTx, organizationId: string, groupIds: string[]) {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: userGroups.id, name: userGroups.name })
    .from(userGroups)
    .where(and(eq(userGroups.organizationId, organizationId), inArray(userGroups.id, groupIds)));
}

/** The members of the groups now (repeated people once). */
export async function listMembersOfGroups(db: DbOrTx, organizationId: string, groupIds: string[]): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: userGroupMembers.userId })
    .from(userGroupMembers)
    .where(and(eq(userGroupMembers.organizationId, organizationId), inArray(userGroupMembers.groupId, groupIds)));
  return rows.map((r) => r.userId);
}

/** Whether the person has to pass the training. */
export async function isAssigned(db: DbOrTx, organizationId: string, trainingId: string, userId: string) {
  const [row] = await db
    .select({ userId: trainingAssignments.userId })
    .from(trainingAssignments)
    .where(
      and(
        eq(trainingAssignments.organizationId, organizationId),
        eq(trainingAssignments.trainingId, trainingId),
        eq(trainingAssignments.userId, userId),
      ),
    );
  return row !== undefined;
}

/** The ids of what the form chose and who has to pass, as stored. */
export async function listTrainingParts(db: DbOrTx, organizationId: string, trainingId: string) {
  const of = (t: { organizationId: AnyPgColumn; trainingId: AnyPgColumn }) =>
    and(eq(t.organizationId, organizationId), eq(t.trainingId, trainingId));
  const [assigneeUserIds, groups, assigned, files, tagIds] = await Promise.all([
    db.select({ id: trainingAssigneeUsers.userId }).from(trainingAssigneeUsers).where(of(trainingAssigneeUsers)),
    db
      .select({ id: userGroups.id, name: userGroups.name })
      .from(trainingAssigneeGroups)
      .innerJoin(userGroups, groupOfTraining)
      .where(of(trainingAssigneeGroups)),
    db.select({ id: trainingAssignments.userId }).from(trainingAssignments).where(of(trainingAssignments)),
    db
      .select({ id: trainingRecordFiles.fileId })
      .from(trainingRecordFiles)
      .where(of(trainingRecordFiles))
      .orderBy(asc(trainingRecordFiles.position)),
    db.select({ id: trainingRecordTags.tagId }).from(trainingRecordTags).where(of(trainingRecordTags)),
  ]);
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
  return {
    assigneeUserIds: ids(assigneeUserIds),
    groups: groups.sort((a, b) => a.name.localeCompare(b.name)),
    assignedUserIds: ids(assigned),
    fileIds: files.map((f) => f.id),
    tagIds: ids(tagIds),
  };
}

/** Of `userIds`, those who passed the training's current round. */
export async function findPassedUserIds(
  db: DbOrTx,
  training: { organizationId: string; id: string; cycle: number },
  userIds: string[],
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: trainingAttempts.userId })
    .from(trainingAttempts)
    .where(
      and(
        eq(trainingAttempts.organizationId, training.organizationId),
        eq(trainingAttempts.trainingId, training.id),
        eq(trainingAttempts.cycle, training.cycle),
        eq(trainingAttempts.passed, true),
        inArray(trainingAttempts.userId, userIds),
      ),
    );
  return rows.map((r) => r.userId);
}

/** Every attempt as stored (the delete's audit event keeps them). */
export function listAttemptRows(db: DbOrTx, organizationId: string, trainingId: string) {
  return db
    .select()
    .from(trainingAttempts)
    .where(and(eq(trainingAttempts.organizationId, organizationId), eq(trainingAttempts.trainingId, trainingId)))
    .orderBy(asc(trainingAttempts.attemptedAt), asc(trainingAttempts.id));
}

/** Every question of every version with its answers (the delete's audit event keeps them). */
export function listAllQuestionRows(db: DbOrTx, organizationId: string, trainingId: string) {
  return db
    .select({
      id: trainingQuestions.id,
      quizVersion: trainingQuestions.quizVersion,
      number: trainingQuestions.number,
      name: trainingQuestions.name,
      answers: sql<unknown[]>`coalesce((select json_agg(json_build_object('id', a.id, 'number', a.number,
          'name', a.name, 'isCorrect', a.is_correct) order by a.number)
        from training_answers a
        where a.organization_id = training_questions.organization_id and a.question_id = training_questions.id), '[]'::json)`,
    })
    .from(trainingQuestions)
    .where(and(eq(trainingQuestions.organizationId, organizationId), eq(trainingQuestions.trainingId, trainingId)))
    .orderBy(asc(trainingQuestions.quizVersion), asc(trainingQuestions.number));
}

// ---------------------------------------------------------------------------------------------
// Writes

export async function insertTraining(tx: DbOrTx, row: TrainingInsert) {
  await tx.insert(trainingRecords).values(row);
}

export async function updateTrainingRow(
  tx: DbOrTx,
  organizationId: string,
  id: string,
  values: Partial<Omit<TrainingInsert, 'organizationId' | 'id'>>,
) {
  await tx
    .update(trainingRecords)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(trainingRecords.organizationId, organizationId), eq(trainingRecords.id, id)));
}

export async function replaceTrainingFiles(tx: DbOrTx, organizationId: string, trainingId: string, fileIds: string[]) {
  await tx
    .delete(trainingRecordFiles)
    .where(and(eq(trainingRecordFiles.organizationId, organizationId), eq(trainingRecordFiles.trainingId, trainingId)));
  if (fileIds.length === 0) return;
  await tx
    .insert(trainingRecordFiles)
    .values(fileIds.map((fileId, position) => ({ organizationId, trainingId, fileId, position })));
}

export async function replaceTrainingTags(tx: DbOrTx, organizationId: string, trainingId: string, tagIds: string[]) {
  await tx
    .delete(trainingRecordTags)
    .where(and(eq(trainingRecordTags.organizationId, organizationId), eq(trainingRecordTags.trainingId, trainingId)));
  if (tagIds.length === 0) return;
  await tx.insert(trainingRecordTags).values(tagIds.map((tagId) => ({ organizationId, trainingId, tagId })));
}

export async function replaceAssigneeUsers(tx: DbOrTx, organizationId: string, trainingId: string, userIds: string[]) {
  await tx
    .delete(trainingAssigneeUsers)
    .where(
      and(eq(trainingAssigneeUsers.organizationId, organizationId), eq(trainingAssigneeUsers.trainingId, trainingId)),
    );
  if (userIds.length === 0) return;
  await tx.insert(trainingAssigneeUsers).values(userIds.map((userId) => ({ organizationId, trainingId, userId })));
}

export async function insertAssigneeGroups(tx: DbOrTx, organizationId: string, trainingId: string, groupIds: string[]) {
  if (groupIds.length === 0) return;
  await tx
    .insert(trainingAssigneeGroups)
    .values(groupIds.map((groupId) => ({ organizationId, trainingId, groupId })))
    .onConflictDoNothing();
}

export async function deleteAssigneeGroups(tx: DbOrTx, organizationId: string, trainingId: string, groupIds: string[]) {
  if (groupIds.length === 0) return;
  await tx
    .delete(trainingAssigneeGroups)
    .where(
      and(
        eq(trainingAssigneeGroups.organizationId, organizationId),
        eq(trainingAssigneeGroups.trainingId, trainingId),
        inArray(trainingAssigneeGroups.groupId, groupIds),
      ),
    );
}

/** Assigns the people (members of the organization); those already assigned keep their row. Answers the new ones. */
export async function insertAssignments(tx: DbOrTx, organizationId: string, trainingId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  const rows = await tx
    .insert(trainingAssignments)
    .values(userIds.map((userId) => ({ organizationId, trainingId, userId })))
    .onConflictDoNothing()
    .returning({ userId: trainingAssignments.userId });
  return rows.map((r) => r.userId);
}

/** Unassigns the people; their attempts stay. Answers those who were assigned. */
export async function deleteAssignments(tx: DbOrTx, organizationId: string, trainingId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  const rows = await tx
    .delete(trainingAssignments)
    .where(
      and(
        eq(trainingAssignments.organizationId, organizationId),
        eq(trainingAssignments.trainingId, trainingId),
        inArray(trainingAssignments.userId, userIds),
      ),
    )
    .returning({ userId: trainingAssignments.userId });
  return rows.map((r) => r.userId);
}

export interface NewQuestion {
  id: string;
  name: string;
  answers: { id: string; name: string; isCorrect: boolean }[];
}

/** Writes one quiz version: questions numbered in order, answers lettered by their number. */
export async function insertQuestions(
  tx: DbOrTx,
  organizationId: string,
  trainingId: string,
  quizVersion: number,
  questions: NewQuestion[],
) {
  if (questions.length === 0) return;
  await tx
    .insert(trainingQuestions)
    .values(
      questions.map((q, i) => ({ organizationId, id: q.id, trainingId, quizVersion, number: i + 1, name: q.name })),
    );
  await tx.insert(trainingAnswers).values(
    questions.flatMap((q) =>
      q.answers.map((a, i) => ({
        organizationId,
        id: a.id,
        questionId: q.id,
        number: i + 1,
        name: a.name,
        isCorrect: a.isCorrect,
      })),
    ),
  );
}

export async function insertAttempt(tx: DbOrTx, row: typeof trainingAttempts.$inferInsert) {
  await tx.insert(trainingAttempts).values(row);
}

export type { TrainingAttemptAnswer };

export async function deleteTrainingRows(tx: DbOrTx, organizationId: string, ids: string[]) {
  await tx
    .delete(trainingRecords)
    .where(and(eq(trainingRecords.organizationId, organizationId), inArray(trainingRecords.id, ids)));
}
