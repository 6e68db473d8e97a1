import { and, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { memberships, organizations, sessions, users, type UserRow } from '../../db/schema/index.js';
import { forgetSessionsOf } from '../../core/session-cache.js';

/**
 * A person and whether they share an organization with the actor: the actor is active in an
 * active organization the person belongs to (in any status: invited people are still inactive).
 */
export async function findAccountFor(
  db: DbOrTx,
  actorUserId: string,
  which: { id: string } | { email: string },
): Promise<{ user: UserRow; sharesOrganization: boolean } | undefined> {
  const match: SQL =
    'id' in which
      ? eq(users.id, which.id)
      : // A pending new e-mail names its person too (the profile resends its confirmation link).
        or(sql`lower(${users.email}) = ${which.email}`, sql`lower(${users.newEmail}) = ${which.email}`)!;
  const byEmail = 'email' in which ? which.email : undefined;
  const [row] = await db
    .select({
      user: users,
      sharesOrganization: sql<boolean>`exists (
        select 1 from ${memberships} mine
        join ${organizations} o on o.id = mine.organization_id and o.status = 'Active'
        join ${memberships} theirs on theirs.organization_id = mine.organization_id
        where mine.user_id = ${actorUserId} and mine.status = 'Active' and theirs.user_id = ${users}.id)`,
    })
    .from(users)
    .where(match)
    // The current e-mail wins over somebody's pending one.
    .orderBy(byEmail ? sql`lower(${users.email}) = ${byEmail} desc` : users.id)
    .limit(1);
  return row;
}

/** Is the address anyone's e-mail, or another person's pending new e-mail? */
export async function isEmailTaken(db: DbOrTx, email: string, exceptUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        sql`lower(${users.email}) = ${email}`,
        and(sql`lower(${users.newEmail}) = ${email}`, ne(users.id, exceptUserId)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function updateUser(
  tx: DbOrTx,
  id: string,
  values: Partial<
    Pick<
      UserRow,
      | 'email'
      | 'newEmail'
      | 'firstName'
      | 'lastName'
      | 'passwordHash'
      | 'passwordChangedAt'
      | 'emailConfirmed'
      | 'avatarFileId'
      | 'emailNotificationState'
      | 'language'
    >
  >,
): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`user ${id} vanished during an update`);
  forgetSessionsOf(id);
  return row;
}

/** Ends a person's sessions at once (their access tokens answer 401), except the one kept. */
export async function revokeUserSessions(tx: DbOrTx, userId: string, reason: string, keepSessionId?: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
  forgetSessionsOf(userId);
}
