import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { GroupUser, GroupUserOption, ListQuery, UserGroup } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import type { DbOrTx } from '../../db/client.js';
import { memberships, userGroupMembers, userGroupPermissions, userGroups, users } from '../../db/schema/index.js';
import { likePattern, listReaders, resolveList, type KeysetPage, type ListSpec } from '../../core/lists.js';
import { groupUserTrainingList } from '../training-records/training-assignments.repository.js';

export type UserGroupRow = typeof userGroups.$inferSelect;

// Subqueries name their tables: drizzle leaves column names unqualified inside selected expressions.
const userCount = sql<number>`(select count(*) from user_group_members m
  where m.organization_id = user_groups.organization_id and m.group_id = user_groups.id)`.mapWith(Number);

const GROUPS_SPEC: ListSpec = {
  sortable: { name: sql`lower(${userGroups.name})`, userCount },
  defaultSort: { key: 'name', direction: 'asc' },
  searchable: [userGroups.name],
  tiebreaker: userGroups.id,
  notNull: ['name', 'userCount'],
};

/**
 * The user-groups module's visibility predicate: the groups of the organization whose access the
 * pipeline checked (its Admins and the SuperAdmin: `userGroup.manage`; for the list also people
 * who may add or edit trainings, who choose groups as assignees: `userGroup.list`). The list, its
 * count, its export and the lookup of one group all use it.
 */
export const userGroupsVisibleTo = (access: OrganizationAccess) =>
  eq(userGroups.organizationId, access.organization.id);

export interface UserGroupScope {
  access: OrganizationAccess;
  /** Only groups with at least one user (the training form's assignee picker). */
  withUsers?: boolean | undefined;
  /** Only these groups (the checked rows of an export). */
  ids?: string[] | undefined;
}

/** The visible groups in the list's filter and order, optionally only the selected ones. */
function userGroupsQuery(db: DbOrTx, scope: UserGroupScope, query: ListQuery) {
  const list = resolveList(query, GROUPS_SPEC);
  const where = and(
    userGroupsVisibleTo(scope.access),
    scope.withUsers
      ? sql`exists (select 1 from user_group_members m
          where m.organization_id = user_groups.organization_id and m.group_id = user_groups.id)`
      : undefined,
    scope.ids?.length ? inArray(userGroups.id, scope.ids) : undefined,
    list.where,
  );
  /** The query; an export's keyset page adds its fields and condition. */
  const select = (page?: KeysetPage) =>
    db
      .select({ id: userGroups.id, name: userGroups.name, userCount, ...page?.fields })
      .from(userGroups)
      .where(and(where, page?.where))
      .$dynamic();
  return { list, select };
}

/** A page of the visible groups with the total, and an export's rows. */
export const { page: listUserGroups, exportRows: userGroupExportRows } = listReaders<UserGroupScope, UserGroup>(
  userGroupsQuery,
);

export async function findUserGroup(
  db: DbOrTx,
  access: OrganizationAccess,
  id: string,
): Promise<(UserGroupRow & { userCount: number }) | undefined> {
  const [row] = await db
    .select({ group: userGroups, userCount })
    .from(userGroups)
    .where(and(userGroupsVisibleTo(access), eq(userGroups.id, id)));
  return row && { ...row.group, userCount: row.userCount };
}

/** The group row locked for the rest of the transaction, so concurrent changes of it queue. */
export async function lockUserGroup(tx: DbOrTx, organizationId: string, id: string): Promise<UserGroupRow | undefined> {
  const [row] = await tx
    .select()
    .from(userGroups)
    .where(and(eq(userGroups.organizationId, organizationId), eq(userGroups.id, id)))
    .for('update');
  return row;
}

export async function insertUserGroup(tx: DbOrTx, row: { organizationId: string; id: string; name: string }) {
  await tx.insert(userGroups).values(row);
}

export async function renameUserGroup(tx: DbOrTx, organizationId: string, id: string, name: string) {
  await tx
    .update(userGroups)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(userGroups.organizationId, organizationId), eq(userGroups.id, id)));
}

export async function deleteUserGroup(tx: DbOrTx, organizationId: string, id: string) {
  await tx.delete(userGroups).where(and(eq(userGroups.organizationId, organizationId), eq(userGroups.id, id)));
}

export async function listGroupPermissions(db: DbOrTx, organizationId: string, groupId: string): Promise<number[]> {
  const rows = await db
    .select({ type: userGroupPermissions.type })
    .from(userGroupPermissions)
    .where(and(eq(userGroupPermissions.organizationId, organizationId), eq(userGroupPermissions.groupId, groupId)))
    .orderBy(asc(userGroupPermissions.type));
  return rows.map((r) => r.type);
}

/** Makes the group's switched-on types exactly `types`. */
export async function replaceGroupPermissions(tx: DbOrTx, organizationId: string, groupId: string, types: number[]) {
  const ofGroup = and(
    eq(userGroupPermissions.organizationId, organizationId),
    eq(userGroupPermissions.groupId, groupId),
  );
  await tx
    .delete(userGroupPermissions)
    .where(types.length ? and(ofGroup, notInArray(userGroupPermissions.type, types)) : ofGroup);
  if (types.length === 0) return;
  await tx
    .insert(userGroupPermissions)
    .values(types.map((type) => ({ organizationId, groupId, type })))
    .onConflictDoNothing();
}

export async function listGroupMemberIds(db: DbOrTx, organizationId: string, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: userGroupMembers.userId })
    .from(userGroupMembers)
    .where(and(eq(userGroupMembers.organizationId, organizationId), eq(userGroupMembers.groupId, groupId)));
  return rows.map((r) => r.userId);
}

export async function insertGroupMembers(tx: DbOrTx, organizationId: string, groupId: string, userIds: string[]) {
  if (userIds.length === 0) return;
  await tx
    .insert(userGroupMembers)
    .values(userIds.map((userId) => ({ organizationId, groupId, userId })))
    .onConflictDoNothing();
}

export async function deleteGroupMember(tx: DbOrTx, organizationId: string, groupId: string, userId: string) {
  const removed = await tx
    .delete(userGroupMembers)
    .where(
      and(
        eq(userGroupMembers.organizationId, organizationId),
        eq(userGroupMembers.groupId, groupId),
        eq(userGroupMembers.userId, userId),
      ),
    )
    .returning({ userId: userGroupMembers.userId });
  return removed.length > 0;
}

/** Of `userIds`, those who are members of the organization with the role User. */
export async function findUserMembers(db: DbOrTx, organizationId: string, userIds: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), inArray(users.id, userIds), eq(users.role, 'User')));
  return rows.map((r) => r.id);
}

const inGroup = (organizationId: string, groupId: string) =>
  sql`exists (select 1 from user_group_members m where m.organization_id = ${organizationId}
    and m.group_id = ${groupId} and m.user_id = users.id)`;

const groupCount = sql<number>`(select count(*) from user_group_members m
  where m.organization_id = memberships.organization_id and m.user_id = users.id)`.mapWith(Number);
const isActivated = sql<boolean>`(users.password_hash is not null)`.mapWith(Boolean);

const GROUP_USERS_SPEC: ListSpec = {
  sortable: {
    firstName: sql`lower(${users.firstName})`,
    lastName: sql`lower(${users.lastName})`,
    email: sql`lower(${users.email})`,
    status: memberships.status,
    isActivated,
    groupCount,
  },
  defaultSort: { key: 'lastName', direction: 'asc' },
  searchable: [users.firstName, users.lastName, users.email],
  tiebreaker: users.id,
  notNull: ['email', 'isActivated', 'groupCount'],
};

/** A group's members in the list's filter and order, optionally only the selected ones (exports). */
interface GroupUsersScope {
  organizationId: string;
  groupId: string;
  ids?: string[] | undefined;
}

function groupUsersQuery(db: DbOrTx, scope: GroupUsersScope, query: ListQuery) {
  const list = resolveList(query, GROUP_USERS_SPEC);
  const where = and(
    eq(memberships.organizationId, scope.organizationId),
    inGroup(scope.organizationId, scope.groupId),
    scope.ids?.length ? inArray(users.id, scope.ids) : undefined,
    list.where,
  );
  /** The query; an export's keyset page adds its fields and condition. */
  const select = (page?: KeysetPage) =>
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        status: memberships.status,
        isActivated,
        groupCount,
        trainings: groupUserTrainingList(scope.organizationId, scope.groupId),
        ...page?.fields,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(where, page?.where))
      .$dynamic();
  return { list, select };
}

/** A page of a group's members with the total, and an export's rows. */
export const { page: listGroupUsers, exportRows: groupUserExportRows } = listReaders<GroupUsersScope, GroupUser>(
  groupUsersQuery,
);

/** People with the role User in the organization, not yet in the group, matching the search. */
export async function listGroupUserOptions(
  db: DbOrTx,
  scope: { organizationId: string; groupId: string },
  search: string | undefined,
  limit: number,
): Promise<GroupUserOption[]> {
  const text = search?.trim();
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, scope.organizationId),
        eq(users.role, 'User'),
        sql`not ${inGroup(scope.organizationId, scope.groupId)}`,
        text
          ? sql`(${users.firstName} ilike ${likePattern(text)} or ${users.lastName} ilike ${likePattern(text)}
              or ${users.email} ilike ${likePattern(text)} or (${users.firstName} || ' ' || ${users.lastName}) ilike ${likePattern(text)})`
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
    .limit(limit);
}
