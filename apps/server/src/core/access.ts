import { and, eq, sql } from 'drizzle-orm';
import { PERMISSION_TYPES, messages, type PermissionType, type Role } from '@qualis/contract';
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
  /** The union of the person's groups' permission types; every type for Admins and the SuperAdmin. */
  permissions: ReadonlySet<PermissionType>;
}

const EVERY_PERMISSION: ReadonlySet<PermissionType> = new Set(PERMISSION_TYPES);

/** Admins and the SuperAdmin have every permission; a User the union of their groups'. */
export const permissionsOf = (role: Role, groupPermissions: readonly number[]): ReadonlySet<PermissionType> =>
  role === 'User' ? new Set(groupPermissions as PermissionType[]) : EVERY_PERMISSION;

/** Admins of the organization and the provider's SuperAdmin. */
export const isOrganizationAdmin = (access: OrganizationAccess) => access.actor.role !== 'User';

/** The organization, the membership and the group permissions of one person, prepared once per database. */
function prepareAccessLookup(db: DbOrTx) {
  return db
    .select({
      organization: organizations,
      membershipStatus: memberships.status,
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
    return { actor, organization, membershipStatus: null, permissions: permissionsOf(actor.role, []) };
  }
  if (!membershipStatus) throw AppError.notFound();
  if (organization.status !== 'Active') throw new AppError('UNPROCESSABLE', messages.organizationInactive);
  if (membershipStatus !== 'Active') throw new AppError('UNPROCESSABLE', messages.membershipInactive);
  return { actor, organization, membershipStatus, permissions: permissionsOf(actor.role, row.groupPermissions) };
}
