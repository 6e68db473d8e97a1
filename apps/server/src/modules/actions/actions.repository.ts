import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  Permission,
  actionStatusName,
  type ActionFilters,
  type ActionTextKey,
  type ActionTextParams,
  type ListQuery,
  type MemberOption,
} from '@qualis/contract';
import { isOrganizationAdmin, type OrganizationAccess } from '../../core/access.js';
import { likePattern, listReaders, resolveList, type KeysetPage, type ListSpec } from '../../core/lists.js';
import type { DbOrTx } from '../../db/client.js';
import { actionTags, actions, memberships, tags, users } from '../../db/schema/index.js';

export type ActionTableRow = typeof actions.$inferSelect;
export type ActionInsert = typeof actions.$inferInsert;

/** Admins, the SuperAdmin and 22 see every action of the organization. */
export const seesEveryAction = (access: OrganizationAccess) =>
  isOrganizationAdmin(access) || access.permissions.has(Permission.ViewAllActions);

/**
 * The actions module's visibility predicate, the SQL twin of the `action.view` policy: Admins,
 * the SuperAdmin and `Permission.ViewAllActions` see every action of the organization;
 * `Permission.ViewRelatedActions` the actions the person created, assigns or is assigned; everyone
 * else the actions assigned to them. The list, its count, the export, the detail and the bulk
 * delete all use it, so they never disagree.
 */
export function actionsVisibleTo(access: OrganizationAccess): SQL {
  const inOrganization = eq(actions.organizationId, access.organization.id);
  if (seesEveryAction(access)) return inOrganization;
  const me = access.actor.userId;
  const mine = access.permissions.has(Permission.ViewRelatedActions)
    ? or(eq(actions.creatorId, me), eq(actions.assignerId, me), eq(actions.assigneeId, me))
    : eq(actions.assigneeId, me);
  return and(inOrganization, mine)!;
}

const assignee = alias(users, 'assignee');
const assigner = alias(users, 'assigner');
const creator = alias(users, 'creator');

type PersonTable = typeof assignee | typeof assigner | typeof creator;

const personFields = (person: PersonTable) => ({
  id: person.id,
  firstName: person.firstName,
  lastName: person.lastName,
  email: person.email,
  role: person.role,
});
const fullName = (person: PersonTable) => sql`lower(concat_ws(' ', ${person.firstName}, ${person.lastName}))`;

// Subqueries name their tables: the outer row is `actions`.
const actionTagList = sql<{ id: string; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', tg.id, 'name', tg.name) order by lower(tg.name), tg.id)
  from action_tags atg join tags tg on tg.organization_id = atg.organization_id and tg.id = atg.tag_id
  where atg.organization_id = actions.organization_id and atg.action_id = actions.id), '[]'::json)`;

/** What the presenter and the policies read of one action. */
const actionColumns = {
  id: actions.id,
  number: actions.number,
  name: actions.name,
  nameKey: actions.nameKey,
  nameParams: actions.nameParams,
  description: actions.description,
  descriptionKey: actions.descriptionKey,
  status: actions.status,
  dueDate: actions.dueDate,
  link: actions.link,
  linkDescription: actions.linkDescription,
  extraLink: actions.extraLink,
  extraLinkDescription: actions.extraLinkDescription,
  kind: actions.kind,
  createdAt: actions.createdAt,
  completedAt: actions.completedAt,
  creatorId: actions.creatorId,
  assignerId: actions.assignerId,
  assigneeId: actions.assigneeId,
  tags: actionTagList,
  assignee: personFields(assignee),
  assigner: personFields(assigner),
  creator: personFields(creator),
};

export interface ActionRecord {
  id: string;
  number: number;
  name: string;
  nameKey: ActionTextKey | null;
  nameParams: ActionTextParams | null;
  description: string;
  descriptionKey: ActionTextKey | null;
  status: 'ToDo' | 'Complete';
  dueDate: string;
  link: string | null;
  linkDescription: string | null;
  extraLink: string | null;
  extraLinkDescription: string | null;
  kind: string;
  createdAt: Date | string;
  completedAt: Date | string | null;
  creatorId: string;
  assignerId: string;
  assigneeId: string;
  tags: { id: string; name: string }[];
  assignee: ActionPersonRow;
  assigner: ActionPersonRow;
  creator: ActionPersonRow;
}
export type ActionPersonRow = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'email' | 'role'>;

const LIST_SPEC: ListSpec = {
  sortable: {
    number: actions.number,
    name: sql`lower(${actions.name})`,
    status: actions.status,
    dueDate: actions.dueDate,
    assignee: fullName(assignee),
    assigner: fullName(assigner),
    creator: fullName(creator),
    creationDate: actions.createdAt,
  },
  defaultSort: { key: 'number', direction: 'desc' },
  searchable: [sql`${actions.number}::text`, actions.name, actions.description],
  tiebreaker: actions.id,
  notNull: ['name', 'assignee', 'assigner', 'creator'],
};

export interface ActionScope {
  access: OrganizationAccess;
  /** Only these actions (the checked rows of an export). */
  ids?: string[] | undefined;
  /** The list's filters, on top of what the person may see. */
  filters?: ActionFilters | undefined;
}

/** The list's filters (spec 03 section 2) as one condition: any chosen status, the assignee, the due range. */
function actionFilters(filters: ActionFilters | undefined): SQL | undefined {
  if (!filters) return undefined;
  const statuses = filters.status ?? [];
  return and(
    statuses.length ? inArray(actions.status, statuses.map(actionStatusName)) : undefined,
    filters.assigneeId ? eq(actions.assigneeId, filters.assigneeId) : undefined,
    filters.dueDateFrom ? gte(actions.dueDate, filters.dueDateFrom) : undefined,
    filters.dueDateTo ? lte(actions.dueDate, filters.dueDateTo) : undefined,
  );
}

/**
 * What the CSV reads of an action (ACTION_CSV_COLUMNS), and no more: 100,000 rows of the list's
 * every column (tags aggregated per row, three people's five fields) cost twice their SQL in
 * mapping and garbage (issue 26, docs/performance.md 'Actions at 100,000').
 */
const actionCsvColumns = {
  number: actions.number,
  name: actions.name,
  status: actions.status,
  dueDate: actions.dueDate,
  link: actions.link,
  createdAt: actions.createdAt,
  assigneeFirstName: assignee.firstName,
  assigneeLastName: assignee.lastName,
  assigneeEmail: assignee.email,
  assignerFirstName: assigner.firstName,
  assignerLastName: assigner.lastName,
  assignerEmail: assigner.email,
  creatorFirstName: creator.firstName,
  creatorLastName: creator.lastName,
  creatorEmail: creator.email,
};
export type ActionCsvRow = { [K in keyof typeof actionCsvColumns]: (typeof actionCsvColumns)[K]['_']['data'] };

/** The visible actions with their people, under `where`; a keyset page adds its fields and condition. */
function selectActions(
  db: DbOrTx,
  where: SQL | undefined,
  page?: KeysetPage,
  columns: typeof actionColumns | typeof actionCsvColumns = actionColumns,
) {
  return db
    .select({ ...columns, ...page?.fields })
    .from(actions)
    .innerJoin(assignee, eq(assignee.id, actions.assigneeId))
    .innerJoin(assigner, eq(assigner.id, actions.assignerId))
    .innerJoin(creator, eq(creator.id, actions.creatorId))
    .where(and(where, page?.where))
    .$dynamic();
}

/** The list's query (its filter and order) selecting `columns`. */
const actionsQuery =
  (columns: typeof actionColumns | typeof actionCsvColumns) => (db: DbOrTx, scope: ActionScope, query: ListQuery) => {
    const list = resolveList(query, LIST_SPEC);
    const where = and(
      actionsVisibleTo(scope.access),
      scope.ids?.length ? inArray(actions.id, scope.ids) : undefined,
      actionFilters(scope.filters),
      list.where,
    );
    return { list, select: (page?: KeysetPage) => selectActions(db, where, page, columns) };
  };

/** A page of the visible actions with the total of the same filter, an export's rows and their count. */
export const {
  page: listActions,
  exportRows: actionExportRows,
  countUpTo: countActionExportRows,
} = listReaders<ActionScope, ActionRecord>(actionsQuery(actionColumns));

/** The CSV's rows: the list's rows, in its filter and order, with the CSV's columns only. */
export const { exportRows: actionCsvRows } = listReaders<ActionScope, ActionCsvRow>(actionsQuery(actionCsvColumns));

/** One action the person may see, else undefined (the caller answers 404). */
export async function findVisibleAction(
  db: DbOrTx,
  access: OrganizationAccess,
  id: string,
): Promise<ActionRecord | undefined> {
  const [row] = await selectActions(db, and(actionsVisibleTo(access), eq(actions.id, id)));
  return row as ActionRecord | undefined;
}

/** Of `ids`, the actions the person may see. */
export async function findVisibleActionIds(db: DbOrTx, access: OrganizationAccess, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: actions.id })
    .from(actions)
    .where(and(actionsVisibleTo(access), inArray(actions.id, ids)));
  return rows.map((r) => r.id);
}

/** The visible actions among `ids`, locked for the rest of the transaction, with their tag ids. */
export async function lockVisibleActions(
  tx: DbOrTx,
  access: OrganizationAccess,
  ids: string[],
): Promise<(ActionTableRow & { tagIds: string[] })[]> {
  const rows = await tx
    .select()
    .from(actions)
    .where(and(actionsVisibleTo(access), inArray(actions.id, ids)))
    .orderBy(asc(actions.number))
    .for('update');
  if (rows.length === 0) return [];
  const tagRows = await tx
    .select({ actionId: actionTags.actionId, tagId: actionTags.tagId })
    .from(actionTags)
    .where(and(eq(actionTags.organizationId, access.organization.id), inArray(actionTags.actionId, ids)));
  return rows.map((row) => ({
    ...row,
    tagIds: tagRows
      .filter((t) => t.actionId === row.id)
      .map((t) => t.tagId)
      .sort(),
  }));
}

export async function insertAction(tx: DbOrTx, row: ActionInsert) {
  await tx.insert(actions).values(row);
}

export async function updateActionRow(
  tx: DbOrTx,
  organizationId: string,
  id: string,
  values: Partial<Omit<ActionInsert, 'organizationId' | 'id'>>,
) {
  await tx
    .update(actions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(actions.organizationId, organizationId), eq(actions.id, id)));
}

/** Makes the action's tags exactly `tagIds` (all of the organization: the foreign key says so). */
export async function replaceActionTags(tx: DbOrTx, organizationId: string, actionId: string, tagIds: string[]) {
  await tx
    .delete(actionTags)
    .where(and(eq(actionTags.organizationId, organizationId), eq(actionTags.actionId, actionId)));
  if (tagIds.length === 0) return;
  await tx.insert(actionTags).values(tagIds.map((tagId) => ({ organizationId, actionId, tagId })));
}

export async function deleteActionRows(tx: DbOrTx, organizationId: string, ids: string[]) {
  await tx.delete(actions).where(and(eq(actions.organizationId, organizationId), inArray(actions.id, ids)));
}

/** Of `userIds`, those with an active membership in the organization. */
export async function findActiveMembers(db: DbOrTx, organizationId: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        inArray(memberships.userId, userIds),
        eq(memberships.status, 'Active'),
      ),
    );
  return rows.map((r) => r.id);
}

/** Of `tagIds`, those of the organization. */
export async function findTagIds(db: DbOrTx, organizationId: string, tagIds: string[]): Promise<string[]> {
  if (tagIds.length === 0) return [];
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.organizationId, organizationId), inArray(tags.id, tagIds)));
  return rows.map((r) => r.id);
}

/** Active members of the organization matching the search (names, full name, e-mail), by name. */
export async function listMemberOptions(
  db: DbOrTx,
  organizationId: string,
  search: string | undefined,
  limit: number,
): Promise<MemberOption[]> {
  const text = search?.trim();
  const pattern = text ? likePattern(text) : undefined;
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.status, 'Active'),
        pattern
          ? sql`(${users.firstName} ilike ${pattern} or ${users.lastName} ilike ${pattern}
              or ${users.email} ilike ${pattern} or concat_ws(' ', ${users.firstName}, ${users.lastName}) ilike ${pattern})`
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
    .limit(limit);
}

/** Which automatic actions of an artifact: one kind, its source, optionally only these assignees. */
export interface AutomaticActionsOf {
  organizationId: string;
  kind: string;
  sourceType: string;
  sourceId: string;
  assigneeIds?: string[] | undefined;
}

const openOf = (q: AutomaticActionsOf) =>
  and(
    eq(actions.organizationId, q.organizationId),
    eq(actions.sourceType, q.sourceType),
    eq(actions.sourceId, q.sourceId),
    eq(actions.kind, q.kind),
    eq(actions.status, 'ToDo'),
    q.assigneeIds ? inArray(actions.assigneeId, q.assigneeIds) : undefined,
  );

/** The open automatic actions of an artifact, locked for the rest of the transaction, by number. */
export async function lockOpenAutomaticActions(tx: DbOrTx, q: AutomaticActionsOf): Promise<ActionTableRow[]> {
  if (q.assigneeIds?.length === 0) return [];
  return tx.select().from(actions).where(openOf(q)).orderBy(asc(actions.number)).for('update');
}

/**
 * Actions the person may see whose number or name matches, for the link-to-record picker: at
 * most `limit`, the newest first.
 */
export function listActionOptions(db: DbOrTx, access: OrganizationAccess, search: string | undefined, limit: number) {
  const text = search?.trim();
  const pattern = text ? likePattern(text) : undefined;
  return db
    .select({ id: actions.id, number: actions.number, name: actions.name })
    .from(actions)
    .where(
      and(
        actionsVisibleTo(access),
        pattern ? or(ilike(actions.name, pattern), sql`${actions.number}::text ilike ${pattern}`) : undefined,
      ),
    )
    .orderBy(desc(actions.number))
    .limit(limit);
}
