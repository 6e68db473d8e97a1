import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  PERSON_OPTIONS_LIMIT,
  type Language,
  type ListQuery,
  type MembershipStatus,
  type PersonFields,
} from '@qualis/contract';
import type { Actor } from '../../core/auth.js';
import { listReaders, resolveList, type KeysetPage, type ListSpec } from '../../core/lists.js';
import type { DbOrTx } from '../../db/client.js';
import { memberships, users, type UserRow } from '../../db/schema/index.js';
import { forgetSessionsOf } from '../../core/session-cache.js';
import { param, preparedListPage } from '../../core/prepared-lists.js';

/** `users.id` qualified: drizzle leaves columns of a single-table select unqualified, which a
 * correlated subquery would resolve against its own tables. */
const outerUserId = sql`${sql.identifier('users')}.${sql.identifier('id')}`;

export type PersonRole = 'Admin' | 'User';
export type MembershipRow = typeof memberships.$inferSelect;

/**
 * The organizations in which the actor manages people, as a subquery: for the SuperAdmin every
 * organization not managed by the client; for an Admin the active organizations they are active in.
 */
function managedOrganizationIds(actor: Actor): SQL {
  return actor.role === 'SuperAdmin'
    ? sql`select mo.id from organizations mo where not mo.is_managed_by_client`
    : sql`select am.organization_id from memberships am join organizations ao on ao.id = am.organization_id
        where am.user_id = ${actor.userId} and am.status = 'Active' and ao.status = 'Active'`;
}

/** A person's row in one organization's list; the other memberships limited to what the actor manages. */
const personColumns = (actor: Actor) => ({
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  status: memberships.status,
  isActivated: sql<boolean>`(${users.passwordHash} is not null)`,
  emailConfirmed: users.emailConfirmed,
  role: users.role,
  organizationUserStatuses: sql<PersonFields['organizationUserStatuses']>`coalesce((
    select json_agg(json_build_object('organizationId', so.id, 'organizationName', so.name, 'userStatus', sm.status)
      order by lower(so.name), so.id)
    from memberships sm join organizations so on so.id = sm.organization_id
    where sm.user_id = ${outerUserId} and sm.organization_id in (${managedOrganizationIds(actor)})), '[]'::json)`,
});

const LIST_SPEC: ListSpec = {
  sortable: {
    firstName: sql`lower(${users.firstName})`,
    lastName: sql`lower(${users.lastName})`,
    email: sql`lower(${users.email})`,
    status: memberships.status,
    isActivated: sql`(${users.passwordHash} is not null)`,
  },
  defaultSort: { key: 'lastName', direction: 'asc' },
  searchable: [
    users.firstName,
    users.lastName,
    users.email,
    sql`concat_ws(' ', ${users.firstName}, ${users.lastName})`,
  ],
  tiebreaker: users.id,
  notNull: ['email', 'isActivated'],
};

/** The people of a role in an organization in the list's filter and order; `ids` limits the rows (the checked rows of an export). */
export interface PeopleScope {
  /** Whose view: the memberships shown are those of organizations the actor manages. */
  actor: Actor;
  organizationId: string;
  role: PersonRole;
  ids?: string[] | undefined;
}

/** The people of one organization with their rows' columns; an export's keyset page adds its fields and condition. */
const selectPeople = (db: DbOrTx, actor: Actor, organizationId: string, where: SQL | undefined, page?: KeysetPage) =>
  db
    .select({ ...personColumns(actor), ...page?.fields })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organizationId, organizationId)))
    .where(and(where, page?.where))
    .$dynamic();

function peopleQuery(db: DbOrTx, scope: PeopleScope, query: ListQuery) {
  const list = resolveList(query, LIST_SPEC);
  const where = and(eq(users.role, scope.role), scope.ids ? inArray(users.id, scope.ids) : undefined, list.where);
  /** The query; an export's keyset page adds its fields and condition. */
  const select = (page?: KeysetPage) => selectPeople(db, scope.actor, scope.organizationId, where, page);
  return { list, select };
}

/** The rows of an export of the people of a role in an organization. */
export const { exportRows: personExportRows } = listReaders<PeopleScope, PersonFields>(peopleQuery);

/**
 * A page of the people of a role in an organization with the total, prepared
 * (core/prepared-lists.ts): one pair of statements per role listed and per kind of viewer (the
 * SuperAdmin manages every organization not managed by the client, an Admin their own).
 */
export const listPeople = preparedListPage<PeopleScope, PersonFields>({
  name: 'people',
  spec: () => LIST_SPEC,
  variant: ({ role, actor }) => `${role}_${actor.role === 'SuperAdmin' ? 'superadmin' : 'member'}`,
  select: (db, { role, actor }, search) =>
    selectPeople(
      db,
      { ...actor, userId: param('actorUserId') },
      param('organizationId'),
      and(eq(users.role, role), search),
    ),
  params: ({ actor, organizationId }) => ({ actorUserId: actor.userId, organizationId }),
});

export async function findPerson(
  db: DbOrTx,
  actor: Actor,
  scope: { organizationId: string; role: PersonRole },
  userId: string,
): Promise<PersonFields | undefined> {
  const [row] = await db
    .select(personColumns(actor))
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organizationId, scope.organizationId)))
    .where(and(eq(users.id, userId), eq(users.role, scope.role)));
  return row;
}

/**
 * The people module's visibility predicate over `users`: people with a membership in an
 * organization the actor manages (optionally only in `organizationIds`). The lists of one
 * organization join that organization's memberships, whose access the pipeline has checked.
 */
export const peopleVisibleTo = (actor: Actor, organizationIds?: string[]) =>
  sql`exists (select 1 from memberships vm where vm.user_id = ${outerUserId}
    and vm.organization_id in (${managedOrganizationIds(actor)})
    ${organizationIds ? sql`and ${inArray(sql`vm.organization_id`, organizationIds)}` : sql``})`;

const notMemberOf = (organizationId: string) =>
  sql`not exists (select 1 from memberships xm where xm.user_id = ${outerUserId} and xm.organization_id = ${organizationId})`;

const OPTIONS_SPEC: ListSpec = {
  sortable: {
    name: sql`lower(concat_ws(' ', ${users.firstName}, ${users.lastName}))`,
  },
  defaultSort: { key: 'name', direction: 'asc' },
  searchable: LIST_SPEC.searchable,
  tiebreaker: users.id,
};

/** "Add Existing" options: visible people of the role not yet in the organization, by name, at most 20. */
export async function listPersonOptions(
  db: DbOrTx,
  actor: Actor,
  scope: { organizationId: string; role: PersonRole },
  filter: { organizationIds?: string[] | undefined; search?: string | undefined },
) {
  const list = resolveList({ limit: PERSON_OPTIONS_LIMIT, offset: 0, search: filter.search }, OPTIONS_SPEC);
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.role, scope.role),
        peopleVisibleTo(actor, filter.organizationIds),
        notMemberOf(scope.organizationId),
        list.where,
      ),
    )
    .orderBy(...list.orderBy, asc(sql`lower(${users.email})`))
    .limit(list.limit);
}

/** Which of `ids` are people of the role the actor may see (one query for the whole batch). */
export async function findVisiblePeopleIds(db: DbOrTx, actor: Actor, role: PersonRole, ids: string[]) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.role, role), peopleVisibleTo(actor)));
  return rows.map((r) => r.id);
}

/** Whether an e-mail is taken by anyone: as an account's e-mail or as a pending new e-mail. */
export async function isEmailInUse(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email} or lower(${users.newEmail}) = ${email}`)
    .limit(1);
  return Boolean(row);
}

/**
 * Inserts a person without a password; undefined when the e-mail was taken meanwhile. Until they
 * sign in, their e-mails (the invitation first) are in the language of the person who created them.
 */
export async function insertPerson(
  tx: DbOrTx,
  values: { id: string; email: string; firstName: string; lastName: string; role: PersonRole },
  createdBy: string,
): Promise<UserRow | undefined> {
  const creatorLanguage = sql<Language>`coalesce((select u.language from users u where u.id = ${createdBy}), ${DEFAULT_LANGUAGE})`;
  const [row] = await tx
    .insert(users)
    .values({ ...values, language: creatorLanguage, passwordHash: null, emailConfirmed: false })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Inactive memberships (the default); returns the people actually added. */
export async function insertMemberships(tx: DbOrTx, organizationId: string, userIds: string[]) {
  const rows = await tx
    .insert(memberships)
    .values(userIds.map((userId) => ({ organizationId, userId })))
    .onConflictDoNothing()
    .returning({ userId: memberships.userId });
  return rows.map((r) => r.userId);
}

/** The person of the role, row-locked for the status change or deletion that follows. */
export async function lockPerson(tx: DbOrTx, userId: string, role: PersonRole): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, role)))
    .for('update');
  return row;
}

export function findMemberships(tx: DbOrTx, userId: string, organizationIds: string[]): Promise<MembershipRow[]> {
  return tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), inArray(memberships.organizationId, organizationIds)))
    .for('update');
}

/** Whether the person was ever set active anywhere (the welcome mail goes out only the first time). */
export async function wasEverActivated(tx: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), isNotNull(memberships.firstActivatedAt)))
    .limit(1);
  return Boolean(row);
}

export async function updateMembershipStatus(
  tx: DbOrTx,
  key: { organizationId: string; userId: string },
  values: { status: MembershipStatus; firstActivatedAt?: Date },
) {
  await tx
    .update(memberships)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(memberships.organizationId, key.organizationId), eq(memberships.userId, key.userId)));
}

/** Removes the memberships; returns how many the person still has elsewhere. */
export async function deleteMemberships(tx: DbOrTx, userId: string, organizationIds: string[]): Promise<number> {
  await tx
    .delete(memberships)
    .where(and(eq(memberships.userId, userId), inArray(memberships.organizationId, organizationIds)));
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return row?.n ?? 0;
}

/** Deletes the account; its sessions, tokens and access codes go with it (ON DELETE CASCADE). */
export async function deleteUser(tx: DbOrTx, userId: string) {
  await tx.delete(users).where(eq(users.id, userId));
  forgetSessionsOf(userId);
}
