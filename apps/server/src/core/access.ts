import { and, eq, sql } from 'drizzle-orm';
import { PERMISSION_TYPES, type MembershipRestriction, type PermissionType, type Role } from '@qualis/contract';
import type { DbOrTx } from '../db/client.js';
import { memberships, organizations } from '../db/schema/index.js';
import type { Actor } from './auth.js';
import { AppError } from './errors.js';

export type OrganizationRow = typeof organizations.$inferSelect;

/**
 * What one person may do in one organization: the organization, their membership and their
 * effective permissions there. Built once per request by the access pipeline (core/pipeline.ts),
 * or by a background job through `resolveOrganizationAccess`; every policy and visibility
 * predicate of an organization-owned artifact reads it.
 */
export interface OrganizationAccess {
  actor: Actor;
  organization: OrganizationRow;
  /** Null for the provider's SuperAdmin, who works in organizations without a membership. */
  membershipStatus: 'Active' | 'Inactive' | null;
  /** The membership's restriction (spec 03 section 6); 'none' for the SuperAdmin. */
  restriction: MembershipRestriction;
  /** The union of the person's groups' permission types; every type for unrestricted Admins and the SuperAdmin. */
  permissions: ReadonlySet<PermissionType>;
}

const EVERY_PERMISSION: ReadonlySet<PermissionType> = new Set(PERMISSION_TYPES);

/**
 * The role a person works with in one organization: a 'client' membership makes anyone a User
 * there (docs/decisions/0023-restricted-roles.md), so every rule that reads roles, the policies
 * that name them included, treats a client Admin as a User.
 */
export const roleIn = (role: Role, restriction: MembershipRestriction): Role =>
  restriction === 'client' ? 'User' : role;

/** Admins and the SuperAdmin have every permission; a User (and a client) the union of their groups'. */
export const permissionsOf = (
  role: Role,
  groupPermissions: readonly number[],
  restriction: MembershipRestriction = 'none',
): ReadonlySet<PermissionType> =>
  roleIn(role, restriction) === 'User' ? new Set(groupPermissions as PermissionType[]) : EVERY_PERMISSION;

/** The role the person works with here (a client Admin is a User). */
export const roleOf = (access: OrganizationAccess): Role => roleIn(access.actor.role, access.restriction);

/** Admins of the organization without the client restriction, and the provider's SuperAdmin. */
export const isOrganizationAdmin = (access: OrganizationAccess) => roleOf(access) !== 'User';

/**
 * HR records (spec 03 section 6): Admins and the SuperAdmin, unless the membership is client or
 * HR-limited. The one rule behind the HR policies, their SQL predicate and `canViewHrRecords`.
 */
export const seesHrRecordsAs = (role: Role, restriction: MembershipRestriction) =>
  roleIn(role, restriction) !== 'User' && restriction === 'none';
export const seesHrRecords = (access: OrganizationAccess) => seesHrRecordsAs(access.actor.role, access.restriction);

/** The organization, the membership and the group permissions of one person, prepared once per database. */
function prepareAccessLookup(db: DbOrTx) {
  return db
    .select({
      organization: organizations,
      membershipStatus: memberships.status,
      restriction: memberships.restriction,
      groupPermissions: sql<number[]>`coalesce((
        select array_agg(distinct p.type)::int[]
        from user_group_members m
        join user_group_permissions p on p.organization_id = m.organization_id and p.group_id = m.group_id
        where m.organization_id = ${organizations.id} and m.user_id = ${sql.placeholder('userId')}
      ), '{}'::int[])`,
    })
    .from(organizations)
    .leftJoin(
      memberships,
      and(eq(memberships.organizationId, organizations.id), eq(memberships.userId, sql.placeholder('userId'))),
    )
    .where(eq(organizations.id, sql.placeholder('organizationId')))
    .prepare('organization_access');
}

const accessLookups = new WeakMap<DbOrTx, ReturnType<typeof prepareAccessLookup>>();

/**
 * The access of `actor` in an organization, in one query, checked in this order:
 * - no such organization, or not a member: 404 (ids of others reveal nothing);
 * - the SuperAdmin in an organization managed by the client: 403;
 * - a member, but the organization is inactive, or else the membership: 422 with a message that
 *   says which (the client then picks another organization).
 * Read on every request, so deactivation takes effect at once.
 */
export async function resolveOrganizationAccess(
  db: DbOrTx,
  actor: Actor,
  organizationId: string,
): Promise<OrganizationAccess> {
  let lookup = accessLookups.get(db);
  if (!lookup) accessLookups.set(db, (lookup = prepareAccessLookup(db)));
  const [row] = await lookup.execute({ organizationId, userId: actor.userId });
  if (!row) throw AppError.notFound();
  const { organization, membershipStatus } = row;
  if (actor.role === 'SuperAdmin') {
    if (organization.isManagedByClient) throw AppError.forbidden();
    return {
      actor,
      organization,
      membershipStatus: null,
      restriction: 'none',
      permissions: permissionsOf(actor.role, []),
    };
  }
  if (!membershipStatus) throw AppError.notFound();
  if (organization.status !== 'Active') throw new AppError('UNPROCESSABLE', 'organizationInactive');
  if (membershipStatus !== 'Active') throw new AppError('UNPROCESSABLE', 'membershipInactive');
  const restriction = row.restriction ?? 'none';
  return {
    actor,
    organization,
    membershipStatus,
    restriction,
    permissions: permissionsOf(actor.role, row.groupPermissions, restriction),
  };
}
