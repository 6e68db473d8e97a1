import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { memberships, organizations, users, type UserRow } from '../../db/schema/index.js';

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The provider's SuperAdmins (who hold the seals of the provider's audit chain). */
export function findSuperAdmins(db: DbOrTx): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.role, 'SuperAdmin')).orderBy(asc(users.email));
}

/** Organizations a person can work in now: active membership in an active organization. */
const workableMemberships = (userId: string) =>
  and(eq(memberships.userId, userId), eq(memberships.status, 'Active'), eq(organizations.status, 'Active'));

export async function summarizeMemberships(
  db: DbOrTx,
  userId: string,
): Promise<{ organizationCount: number; firstOrganizationId: string | null }> {
  const rows = await db
    .select({ id: organizations.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(workableMemberships(userId))
    .orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.id))
    .limit(1);
  return { organizationCount: rows[0]?.total ?? 0, firstOrganizationId: rows[0]?.id ?? null };
}
