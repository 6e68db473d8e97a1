import { and, asc, eq, gte, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth.js';
import type { DbOrTx } from '../../db/client.js';
import { userAccessCodes, users } from '../../db/schema/index.js';

/** `users.id` qualified: drizzle leaves columns of a single-table select unqualified, which a
 * correlated subquery would resolve against its own tables. */
const outerUserId = sql`${sql.identifier('users')}.${sql.identifier('id')}`;

export type AccessCodeRow = typeof userAccessCodes.$inferSelect;

/**
 * The person whose code is generated, if the actor can see them: themself; for the SuperAdmin
 * anyone; for others a person who shares an organization in which the actor is active (within
 * `organizationId` when given). `sharesOrganization` feeds the policy.
 */
export async function findAccessCodeTarget(
  db: DbOrTx,
  actor: Actor,
  userId: string,
  organizationId: string | undefined,
) {
  const inOrganization = organizationId ? sql`and tm.organization_id = ${organizationId}` : sql``;
  const shares =
    actor.role === 'SuperAdmin'
      ? sql<boolean>`exists (select 1 from memberships tm where tm.user_id = ${outerUserId} ${inOrganization})`
      : sql<boolean>`exists (select 1 from memberships tm
          join memberships am on am.organization_id = tm.organization_id
          join organizations o on o.id = tm.organization_id
          where tm.user_id = ${outerUserId} and am.user_id = ${actor.userId} and am.status = 'Active'
            and o.status = 'Active' ${inOrganization})`;
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
      role: users.role,
      sharesOrganization: shares,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const visible = row.id === actor.userId || row.sharesOrganization || (actor.role === 'SuperAdmin' && !organizationId);
  return visible ? row : undefined;
}

export type AccessCodeTarget = NonNullable<Awaited<ReturnType<typeof findAccessCodeTarget>>>;

/** Ends the person's active code, if any (the partial unique index allows one active code). */
export async function deactivateActiveCode(tx: DbOrTx, userId: string, at: Date) {
  await tx
    .update(userAccessCodes)
    .set({ deactivatedAt: at })
    .where(and(eq(userAccessCodes.userId, userId), isNull(userAccessCodes.deactivatedAt)));
}

export async function insertAccessCode(
  tx: DbOrTx,
  values: { id: string; userId: string; codeHash: string; createdAt: Date },
) {
  await tx.insert(userAccessCodes).values(values);
}

/** The person's valid code: active and made at or after `since` (younger than twelve months). */
export async function findValidCode(db: DbOrTx, userId: string, since: Date): Promise<AccessCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(userAccessCodes)
    .where(
      and(
        eq(userAccessCodes.userId, userId),
        isNull(userAccessCodes.deactivatedAt),
        gte(userAccessCodes.createdAt, since),
      ),
    );
  return row;
}

/**
 * Serializes the code changes of these people until the transaction ends (a transaction-level
 * advisory lock per person, taken in id order), so two writers never both replace one person's
 * code: the second sees the first's code once it waits no more.
 */
export async function lockCodeOwners(tx: DbOrTx, userIds: readonly string[]) {
  for (const id of [...new Set(userIds)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`access-code:${id}`}, 0))`);
  }
}

/** What the access-code e-mail needs of its recipient. */
const codeRecipient = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  language: users.language,
};

/** Of `userIds`, the people without a valid code (none active, or the active one made before `since`), with what the mail needs. */
export function findPeopleWithoutValidCode(db: DbOrTx, userIds: readonly string[], since: Date) {
  return db
    .select(codeRecipient)
    .from(users)
    .where(
      and(
        inArray(users.id, [...userIds]),
        notExists(
          db
            .select({ one: sql`1` })
            .from(userAccessCodes)
            .where(
              and(
                sql`${userAccessCodes.userId} = ${outerUserId}`,
                isNull(userAccessCodes.deactivatedAt),
                gte(userAccessCodes.createdAt, since),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(users.id));
}

/** People whose active code was made before `before`, oldest first, with what the mail needs. */
export function findPeopleWithCodesOlderThan(db: DbOrTx, before: Date, limit: number) {
  return db
    .select(codeRecipient)
    .from(userAccessCodes)
    .innerJoin(users, eq(users.id, userAccessCodes.userId))
    .where(and(isNull(userAccessCodes.deactivatedAt), lt(userAccessCodes.createdAt, before)))
    .orderBy(asc(userAccessCodes.createdAt))
    .limit(limit);
}
