import {
  applyPermissionToggle,
  message,
  missingParentOf,
  permissionOf,
  type AddGroupUsersRequest,
  type UserGroup,
} from '@qualis/contract';
import type { Db, Tx } from '../../db/client.js';
import { recordAudit } from '../../core/audit.js';
import { scopeOf, type ServiceContext } from '../../core/service-context.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { isUniqueViolation } from '../../core/unique-violation.js';
import {
  deleteGroupMember,
  deleteUserGroup,
  findUserMembers,
  insertGroupMembers,
  insertUserGroup,
  listGroupMemberIds,
  listGroupPermissions,
  lockUserGroup,
  renameUserGroup,
  replaceGroupPermissions,
} from './user-groups.repository.js';
import { assignGroupTrainings, unassignGroupTrainings } from '../training-records/training-assignments.service.js';

const INFO_TYPE = 'User Groups';

/** Runs `work` in one transaction and answers a taken name with 409. */
async function withUniqueName<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict('userGroupNameTaken', 'name');
    throw error;
  }
}

async function lockOrNotFound(tx: Tx, organizationId: string, id: string) {
  const group = await lockUserGroup(tx, organizationId, id);
  if (!group) throw AppError.notFound();
  return group;
}

export async function createUserGroup(ctx: ServiceContext, input: { name: string }): Promise<UserGroup> {
  const { db, audit, organizationId } = scopeOf(ctx);
  const id = newId();
  await withUniqueName(db, async (tx) => {
    await insertUserGroup(tx, { organizationId, id, name: input.name });
    await recordAudit(tx, audit, {
      organizationId,
      infoType: INFO_TYPE,
      action: 'create',
      entityType: 'userGroup',
      entityId: id,
      after: { name: input.name },
    });
  });
  return { id, name: input.name, userCount: 0 };
}

export async function renameGroup(ctx: ServiceContext, input: { id: string; name: string }): Promise<void> {
  const { db, audit, organizationId } = scopeOf(ctx);
  await withUniqueName(db, async (tx) => {
    const group = await lockOrNotFound(tx, organizationId, input.id);
    await renameUserGroup(tx, organizationId, input.id, input.name);
    await recordAudit(tx, audit, {
      organizationId,
      infoType: INFO_TYPE,
      action: 'rename',
      entityType: 'userGroup',
      entityId: input.id,
      before: { name: group.name },
      after: { name: input.name },
    });
  });
}

/** A new group with the source group's permissions; its users stay where they are. */
export async function duplicateUserGroup(
  ctx: ServiceContext,
  input: { sourceGroupId: string; name: string },
): Promise<UserGroup> {
  const { db, audit, organizationId } = scopeOf(ctx);
  const id = newId();
  await withUniqueName(db, async (tx) => {
    const source = await lockUserGroup(tx, organizationId, input.sourceGroupId);
    if (!source) throw AppError.notFound();
    const permissions = await listGroupPermissions(tx, organizationId, source.id);
    await insertUserGroup(tx, { organizationId, id, name: input.name });
    await replaceGroupPermissions(tx, organizationId, id, permissions);
    await recordAudit(tx, audit, {
      organizationId,
      infoType: INFO_TYPE,
      action: 'duplicate',
      entityType: 'userGroup',
      entityId: id,
      after: { name: input.name, sourceGroupId: source.id, sourceGroupName: source.name, permissions },
    });
  });
  return { id, name: input.name, userCount: 0 };
}

/**
 * Deletes a group. One with users needs `acknowledge`; with `groupReceiverId` its users move to
 * that group (of the same organization) first.
 */
export async function removeUserGroup(
  ctx: ServiceContext,
  input: { id: string; groupReceiverId?: string; acknowledge?: boolean },
): Promise<void> {
  const { db, audit, organizationId } = scopeOf(ctx);
  await db.transaction(async (tx) => {
    const group = await lockOrNotFound(tx, organizationId, input.id);
    const userIds = await listGroupMemberIds(tx, organizationId, group.id);
    if (userIds.length > 0 && input.acknowledge !== true) {
      throw AppError.badRequest('userGroupAcknowledge', 'acknowledge');
    }
    let receiver: { id: string; name: string } | null = null;
    if (input.groupReceiverId) {
      if (input.groupReceiverId === group.id) throw AppError.badRequest('userGroupReceiverSame', 'groupReceiverId');
      receiver = (await lockUserGroup(tx, organizationId, input.groupReceiverId)) ?? null;
      if (!receiver) throw AppError.notFound();
      await insertGroupMembers(tx, organizationId, receiver.id, userIds);
    }
    const permissions = await listGroupPermissions(tx, organizationId, group.id);
    await deleteUserGroup(tx, organizationId, group.id);
    await recordAudit(tx, audit, {
      organizationId,
      infoType: INFO_TYPE,
      action: 'delete',
      entityType: 'userGroup',
      entityId: group.id,
      before: { name: group.name, permissions, userIds },
      after: receiver ? { usersMovedTo: { id: receiver.id, name: receiver.name } } : null,
    });
  });
}

/**
 * Switches one permission type of a group over, by the catalogue's rules (applyPermissionToggle);
 * switching on an option whose parent is off is refused with 400. Answers the new types.
 */
export async function toggleGroupPermission(
  ctx: ServiceContext,
  input: { id: string; type: number },
): Promise<number[]> {
  const { db, audit, organizationId } = scopeOf(ctx);
  return db.transaction(async (tx) => {
    const group = await lockOrNotFound(tx, organizationId, input.id);
    const current = await listGroupPermissions(tx, organizationId, group.id);
    const on = !current.includes(input.type);
    const parent = on ? missingParentOf(current, input.type) : null;
    if (parent !== null) {
      throw AppError.badRequest(
        message('permissionRequiresParent', { permission: permissionOf(parent).label }),
        'type',
      );
    }
    const next = applyPermissionToggle(current, input.type, on);
    await replaceGroupPermissions(tx, organizationId, group.id, next);
    await recordAudit(tx, audit, {
      organizationId,
      infoType: INFO_TYPE,
      action: on ? 'permissionOn' : 'permissionOff',
      entityType: 'userGroup',
      entityId: group.id,
      before: { permissions: current },
      after: { permissions: next, type: input.type },
    });
    return next;
  });
}

/**
 * Adds people with the role User of the organization to a group (others answer 400). Each
 * person's `trainingIds` (the wizard's step 2) are trainings of the group assigned to them in the
 * same transaction (training-assignments.service.ts); a training not of the group answers 400.
 */
export async function addGroupUsers(
  ctx: ServiceContext,
  input: { id: string } & AddGroupUsersRequest,
): Promise<string[]> {
  const { db, audit, organizationId } = scopeOf(ctx);
  const userIds = [...new Set(input.users.map((u) => u.userId))];
  return db.transaction(async (tx) => {
    const group = await lockOrNotFound(tx, organizationId, input.id);
    const allowed = await findUserMembers(tx, organizationId, userIds);
    if (allowed.length !== userIds.length) throw AppError.badRequest('groupUsersOnlyUsers', 'users');
    const before = await listGroupMemberIds(tx, organizationId, group.id);
    const added = userIds.filter((id) => !before.includes(id));
    if (added.length > 0) {
      await insertGroupMembers(tx, organizationId, group.id, added);
      await recordAudit(tx, audit, {
        organizationId,
        infoType: INFO_TYPE,
        action: 'addUsers',
        entityType: 'userGroup',
        entityId: group.id,
        after: { name: group.name, userIds: added },
      });
    }
    await assignGroupTrainings(tx, ctx, group.id, input.users);
    return added;
  });
}

/**
 * Removes a person from a group. The group's trainings named in `trainingIds` (the remove dialog)
 * are unassigned from them in the same transaction; a passed one answers 400. The others stay.
 */
export async function removeGroupUser(
  ctx: ServiceContext,
  input: { id: string; userId: string; trainingIds: string[] },
): Promise<void> {
  const { db, audit, organizationId } = scopeOf(ctx);
  await db.transaction(async (tx) => {
    const group = await lockOrNotFound(tx, organizationId, input.id);
    if (!(await deleteGroupMember(tx, organizationId, group.id, input.userId))) throw AppError.notFound();
    await recordAudit(tx, audit, {
      organizationId,
      infoType: INFO_TYPE,
      action: 'removeUser',
      entityType: 'userGroup',
      entityId: group.id,
      before: { name: group.name, userId: input.userId },
      after: input.trainingIds.length ? { unassignedTrainingIds: input.trainingIds } : null,
    });
    await unassignGroupTrainings(tx, ctx, group.id, input.userId, input.trainingIds);
  });
}
