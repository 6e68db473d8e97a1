import { accessFlags, type AccessFlags, type PermissionType } from '@qualis/contract';
import { permissionsOf, seesHrRecordsAs } from '../../core/access.js';
import type { Db } from '../../db/client.js';
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
  return { permissions, flags: accessFlags(permissions, !!row && seesHrRecordsAs(row.role, row.restriction)) };
}
