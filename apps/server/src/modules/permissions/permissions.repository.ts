import { and, asc, eq, sql } from 'drizzle-orm';
import type { MembershipRestriction, Role } from '@qualis/contract';
import type { DbOrTx } from '../../db/client.js';
import { memberships, userGroupMembers, userGroups, users } from '../../db/schema/index.js';

/**
 * A person's role, membership restriction and the union of their groups' permission types in one
 * organization, in one query. Undefined when there is no such person.
 */
export async function findRoleAndGroupPermissions(
  db: DbOrTx,
  organizationId: string,
  userId: string,
): Promise<{ role: Role; restriction: MembershipRestriction; types: number[] } | undefined> {
  const [row] = await db
    .select({
      role: users.role,
      restriction: sql<MembershipRestriction>`coalesce(${memberships.restriction}, 'none')`,
      types: sql<number[]>`coalesce((
        select array_agg(distinct p.type)::int[]
        from user_group_permissions p
        join user_group_members m on m.organization_id = p.organization_id and m.group_id = p.group_id
        where m.organization_id = ${organizationId} and m.user_id = users.id
      ), '{}'::int[])`,
    })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.organizationId, organizationId), eq(memberships.userId, users.id)))
    .where(eq(users.id, userId));
  return row;
}

/** A member of the organization (any status), with what the Access Permissions page shows. */
export async function findMember(db: DbOrTx, organizationId: string, userId: string) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      restriction: memberships.restriction,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return row;
}

/** The groups a person is in within one organization, by name, with their member counts. */
export async function listGroupsOfMember(db: DbOrTx, organizationId: string, userId: string) {
  return db
    .select({
      id: userGroups.id,
      name: userGroups.name,
      userCount: sql<number>`(select count(*) from user_group_members m
        where m.organization_id = user_groups.organization_id and m.group_id = user_groups.id)`.mapWith(Number),
    })
    .from(userGroupMembers)
    .innerJoin(
      userGroups,
      and(eq(userGroups.organizationId, userGroupMembers.organizationId), eq(userGroups.id, userGroupMembers.groupId)),
    )
    .where(and(eq(userGroupMembers.organizationId, organizationId), eq(userGroupMembers.userId, userId)))
    .orderBy(asc(sql`lower(${userGroups.name})`), asc(userGroups.id));
}
