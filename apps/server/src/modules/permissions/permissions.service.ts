import type { PermissionType } from '@qualis/contract';
import { permissionsOf } from '../../core/access.js';
import type { Db } from '../../db/client.js';
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
