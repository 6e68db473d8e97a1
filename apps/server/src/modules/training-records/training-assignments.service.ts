import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { scopeOf, type ServiceContext } from '../../core/service-context.js';
import type { Tx } from '../../db/client.js';
import { findActiveMembers } from '../actions/actions.repository.js';
import { withdrawActions } from '../actions/automatic-actions.js';
import {
  TRAINING_ENTITY,
  TRAINING_INFO_TYPE,
  giveTrainingActions,
  trainingActionSource,
  type TrainingLabel,
} from './training-actions.js';
import { deleteAssignments, findGroupTrainingIds, insertAssignments } from './training-assignments.repository.js';
import { findPassedUserIds } from './training-attempts.repository.js';
import { lockTraining, type TrainingTableRow } from './training-rows.repository.js';

// Who is assigned a training: the people of its form, and the group wizard's choices.

/**
 * Assigns the training to the people (members of the organization): an assignment row each, and
 * for those newly assigned who are active and have not passed the current round a 'training'
 * action due on the training's due date. Answers the newly assigned.
 */
export async function assignPeople(tx: Tx, ctx: ServiceContext, training: TrainingLabel, userIds: string[]) {
  const assigned = await insertAssignments(tx, training.organizationId, training.id, [...new Set(userIds)]);
  const passed = await findPassedUserIds(tx, training, assigned);
  const active = await findActiveMembers(tx, training.organizationId, assigned);
  await giveTrainingActions(
    tx,
    ctx,
    training,
    active.filter((p) => !passed.includes(p)),
  );
  return assigned;
}

/** Unassigns the people: their open 'training' action is withdrawn, their attempts stay. Answers who was assigned. */
export async function unassignPeople(tx: Tx, ctx: ServiceContext, training: TrainingLabel, userIds: string[]) {
  const removed = await deleteAssignments(tx, training.organizationId, training.id, [...new Set(userIds)]);
  if (removed.length > 0) {
    const source = trainingActionSource(training.organizationId, training.id);
    await withdrawActions(tx, ctx, { kind: 'training', source, people: removed });
  }
  return removed;
}

/** The chosen trainings must be the group's (400 otherwise); answers them locked, by number. */
async function lockGroupTrainings(tx: Tx, organizationId: string, groupId: string, trainingIds: string[]) {
  const unique = [...new Set(trainingIds)];
  const found = await findGroupTrainingIds(tx, organizationId, groupId, unique);
  if (found.length !== unique.length) throw AppError.badRequest('trainingNotOfGroup', 'trainingIds');
  const rows: TrainingTableRow[] = [];
  for (const id of unique.sort()) rows.push((await lockTraining(tx, organizationId, id))!);
  return rows;
}

/**
 * The group wizard's step 2 (spec 02), in the group operation's transaction: each person added to
 * the group gets the group's trainings chosen for them (an assignment and a 'training' action),
 * and only those.
 */
export async function assignGroupTrainings(
  tx: Tx,
  ctx: ServiceContext,
  groupId: string,
  people: { userId: string; trainingIds: string[] }[],
): Promise<void> {
  const { audit, organizationId } = scopeOf(ctx);
  const trainings = await lockGroupTrainings(
    tx,
    organizationId,
    groupId,
    people.flatMap((p) => p.trainingIds),
  );
  for (const training of trainings) {
    const chosen = people.filter((p) => p.trainingIds.includes(training.id)).map((p) => p.userId);
    const assigned = await assignPeople(tx, ctx, training, chosen);
    if (assigned.length === 0) continue;
    await recordAudit(tx, audit, {
      organizationId,
      infoType: TRAINING_INFO_TYPE,
      action: 'assign',
      entityType: TRAINING_ENTITY,
      entityId: training.id,
      after: { number: training.number, groupId, assignedUserIds: assigned.sort() },
    });
  }
}

/**
 * The remove-person dialog (spec 02), in the group operation's transaction: the chosen trainings
 * of the group are unassigned from the person (their open action withdrawn, their attempts kept);
 * a training they already passed in its current round cannot be (400). The others stay.
 */
export async function unassignGroupTrainings(
  tx: Tx,
  ctx: ServiceContext,
  groupId: string,
  userId: string,
  trainingIds: string[],
): Promise<void> {
  const { audit, organizationId } = scopeOf(ctx);
  const trainings = await lockGroupTrainings(tx, organizationId, groupId, trainingIds);
  for (const training of trainings) {
    if ((await findPassedUserIds(tx, training, [userId])).length > 0) {
      throw AppError.badRequest('trainingPassedNotUnassigned', 'trainingIds');
    }
  }
  for (const training of trainings) {
    const removed = await unassignPeople(tx, ctx, training, [userId]);
    if (removed.length === 0) continue;
    await recordAudit(tx, audit, {
      organizationId,
      infoType: TRAINING_INFO_TYPE,
      action: 'unassign',
      entityType: TRAINING_ENTITY,
      entityId: training.id,
      before: { number: training.number, groupId, unassignedUserIds: removed },
    });
  }
}
