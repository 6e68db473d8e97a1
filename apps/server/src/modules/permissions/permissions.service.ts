import { accessFlags, type AccessFlags, type PermissionType, type Role } from '@qualis/contract';
import { permissionsOf, roleIn, seesHrRecordsAs } from '../../core/access.js';
import type { Db } from '../../db/client.js';
import { hasOwnTrainings } from '../training-records/training-visibility.js';
import { findRoleAndGroupPermissions } from './permissions.repository.js';

export interface EffectiveAccess {
  permissions: ReadonlySet<PermissionType>;
  flags: AccessFlags;
}

/**
 * What another person may do in an organization (their Access Permissions page and flags), by
 * the same rules as core/access.ts reads the caller's own; an unknown person has no permission.
 */
export async function effectiveAccess(db: Db, organizationId: string, userId: string): Promise<EffectiveAccess> {
  const row = await findRoleAndGroupPermissions(db, organizationId, userId);
  const permissions = row ? permissionsOf(row.role, row.types, row.restriction) : new Set<PermissionType>();
  const canViewHrRecords = !!row && seesHrRecordsAs(row.role, row.restriction);
  const role = row ? roleIn(row.role, row.restriction) : 'User';
  return { permissions, flags: await accessFlagsOf(db, organizationId, userId, role, permissions, canViewHrRecords) };
}

/**
 * A person's access flags in an organization: their role there and the catalogue's (`accessFlags`), and Training
 * records also for someone without a training option who has trainings of their own (created,
 * assign or are assigned to), which the training list always shows them.
 */
export async function accessFlagsOf(
  db: Db,
  organizationId: string,
  userId: string,
  role: Role,
  permissions: ReadonlySet<PermissionType>,
  canViewHrRecords: boolean,
): Promise<AccessFlags> {
  const flags = accessFlags(role, permissions, canViewHrRecords);
  if (flags.canViewTrainingRecords) return flags;
  return { ...flags, canViewTrainingRecords: await hasOwnTrainings(db, organizationId, userId) };
}
