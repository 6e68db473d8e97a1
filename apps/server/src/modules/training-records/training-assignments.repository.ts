import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  trainingAssigneeGroups,
  trainingAssigneeUsers,
  trainingAssignments,
  trainingRecords,
  userGroupMembers,
  userGroups,
} from '../../db/schema/index.js';
import { passedBy } from './training-visibility.js';

// Who has to pass a training: its assignments, its assignee people and groups, and the trainings
// of a user group (the group wizard).

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

/** A new training's assignees chosen by name (`replaceAssigneeUsers` for an existing one). */
export async function insertAssigneeUsers(tx: DbOrTx, organizationId: string, trainingId: string, userIds: string[]) {
  if (userIds.length === 0) return;
  await tx.insert(trainingAssigneeUsers).values(userIds.map((userId) => ({ organizationId, trainingId, userId })));
}

export async function replaceAssigneeUsers(tx: DbOrTx, organizationId: string, trainingId: string, userIds: string[]) {
  await tx
    .delete(trainingAssigneeUsers)
    .where(
      and(eq(trainingAssigneeUsers.organizationId, organizationId), eq(trainingAssigneeUsers.trainingId, trainingId)),
    );
  await insertAssigneeUsers(tx, organizationId, trainingId, userIds);
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
