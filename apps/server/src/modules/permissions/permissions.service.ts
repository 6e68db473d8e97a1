import { accessFlags, type AccessFlags, type PermissionType } from '@qualis/contract';
import { permissionsOf } from '../../core/access.js';
import type { Db } from '../../db/client.js';
import { hasOwnTrainings } from '../training-records/training-records.repository.js';
import { findRoleAndGroupPermissions } from './permissions.repository.js';

/**
 * What another person may do in an organization (their Access Permissions page); an unknown
 * person has no permission. The caller's own access comes from core/access.ts.
 */
export async function effectivePermissions(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<ReadonlySet<PermissionType>> {
  const row = await findRoleAndGroupPermissions(db, organizationId, userId);
  return row ? permissionsOf(row.role, row.types) : new Set();
}

/**
 * A person's access flags in an organization: the catalogue's (`accessFlags`), and Training
 * records also for someone without a training option who has trainings of their own (created,
 * assign or are assigned to), which the training list always shows them.
 */
export async function accessFlagsOf(
  db: Db,
  organizationId: string,
  userId: string,
  permissions: ReadonlySet<PermissionType>,
): Promise<AccessFlags> {
  const flags = accessFlags(permissions);
  if (flags.canViewTrainingRecords) return flags;
  return { ...flags, canViewTrainingRecords: await hasOwnTrainings(db, organizationId, userId) };
}
