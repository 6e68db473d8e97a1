import type { FastifyRequest } from 'fastify';
import { PERMISSION_TYPES } from '@qualis/contract';
import type { Db } from '../../db/client.js';
import { requireActor } from '../../core/auth.js';
import { AppError } from '../../core/errors.js';
import { loadOrganizationContext, type OrganizationContext } from '../../core/tenancy.js';
import { findRoleAndGroupPermissions } from './permissions.repository.js';

const EVERY_PERMISSION: ReadonlySet<number> = new Set(PERMISSION_TYPES);

/**
 * What a person may do in an organization: the union of the permissions of their groups there.
 * Admins and the SuperAdmin have every permission; an unknown person has none.
 */
export async function effectivePermissions(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<ReadonlySet<number>> {
  const row = await findRoleAndGroupPermissions(db, organizationId, userId);
  if (!row) return new Set();
  return row.role === 'User' ? new Set(row.types) : EVERY_PERMISSION;
}

export interface OrganizationAccess {
  context: OrganizationContext;
  permissions: ReadonlySet<number>;
}

/** Per request and organization, so several checks in one request read the database once. */
const accessCache = new WeakMap<FastifyRequest, Map<string, Promise<OrganizationAccess>>>();

/**
 * The organization context of the signed-in person (404 / 422 / 403 as in core/tenancy.ts) and
 * their effective permissions there, read once per request.
 */
export function organizationAccess(request: FastifyRequest, organizationId: string): Promise<OrganizationAccess> {
  const actor = requireActor(request);
  let byOrganization = accessCache.get(request);
  if (!byOrganization) {
    byOrganization = new Map();
    accessCache.set(request, byOrganization);
  }
  let access = byOrganization.get(organizationId);
  if (!access) {
    const { db } = request.server.ctx.database;
    access = loadOrganizationContext(db, actor, organizationId).then(async (context) => ({
      context,
      permissions: await effectivePermissions(db, organizationId, actor.userId),
    }));
    byOrganization.set(organizationId, access);
  }
  return access;
}

/**
 * For the document, action and training modules: the organization access of the signed-in
 * person, or 403 when they lack the permission type (or the predicate over their permissions fails).
 */
export async function requirePermission(
  request: FastifyRequest,
  organizationId: string,
  need: number | ((permissions: ReadonlySet<number>) => boolean),
): Promise<OrganizationAccess> {
  const access = await organizationAccess(request, organizationId);
  const granted = typeof need === 'number' ? access.permissions.has(need) : need(access.permissions);
  if (!granted) throw AppError.forbidden();
  return access;
}
