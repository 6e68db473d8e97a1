import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { recordAudit, type AuditActor, type AuditEntry } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { DbOrTx } from '../../db/client.js';
import {
  insertOrganization,
  lockOrganization,
  purgeOrganization,
  updateOrganization,
  type OrganizationRow,
  type PurgedOrganization,
} from './organizations.repository.js';

const organizationAudit = (
  organizationId: string | null,
  action: string,
  entityId: string,
  values: Pick<AuditEntry, 'before' | 'after'>,
): AuditEntry => ({
  organizationId,
  infoType: 'Organizations',
  action,
  entityType: 'organization',
  entityId,
  ...values,
});

/** A new organization: Active, not managed by the client. Its audit chain starts with this event. */
export async function createOrganization(ctx: AppContext, audit: AuditActor, name: string) {
  return ctx.database.db.transaction(async (tx) => {
    const organization = await insertOrganization(tx, { id: newId(), name });
    await recordAudit(
      tx,
      audit,
      organizationAudit(organization.id, 'create', organization.id, {
        after: { name: organization.name, status: organization.status, isManagedByClient: false },
      }),
    );
    return organization;
  });
}

/** Locks the row, applies `change` and audits before/after, all in one transaction. */
function changeOrganization<K extends 'name' | 'status' | 'isManagedByClient'>(
  ctx: AppContext,
  audit: AuditActor,
  id: string,
  action: string,
  field: K,
  next: (current: OrganizationRow[K]) => OrganizationRow[K],
): Promise<OrganizationRow> {
  return ctx.database.db.transaction(async (tx: DbOrTx) => {
    const current = await lockOrganization(tx, id);
    if (!current) throw AppError.notFound();
    const value = next(current[field]);
    if (value === current[field]) return current;
    const updated = await updateOrganization(tx, id, { [field]: value });
    await recordAudit(
      tx,
      audit,
      organizationAudit(id, action, id, { before: { [field]: current[field] }, after: { [field]: value } }),
    );
    return updated;
  });
}

export const renameOrganization = (ctx: AppContext, audit: AuditActor, id: string, name: string) =>
  changeOrganization(ctx, audit, id, 'rename', 'name', () => name);

/**
 * Active ↔ Inactive. Deactivation takes access away from every member at once: the
 * organization context checks the status on every request (core/tenancy.ts).
 */
export const toggleOrganizationStatus = (ctx: AppContext, audit: AuditActor, id: string) =>
  changeOrganization(ctx, audit, id, 'change-status', 'status', (s) => (s === 'Active' ? 'Inactive' : 'Active'));

/** While on, the SuperAdmin may not enter the organization (core/tenancy.ts answers 403). */
export const toggleManagedByClient = (ctx: AppContext, audit: AuditActor, id: string) =>
  changeOrganization(ctx, audit, id, 'change-managed-by-client', 'isManagedByClient', (on) => !on);

/**
 * Deletes an organization for good: its rows and audit events in one transaction, with one
 * provider-level audit event that keeps its name, id and what was removed; the stored bytes
 * after the commit (a failure there leaves unreferenced bytes, never a record without its file).
 */
export async function deleteOrganization(
  ctx: AppContext,
  audit: AuditActor,
  id: string,
  log: FastifyBaseLogger,
): Promise<PurgedOrganization> {
  const purged = await ctx.database.db.transaction(async (tx) => {
    const organization = await lockOrganization(tx, id);
    if (!organization) throw AppError.notFound();
    const result = await purgeOrganization(tx, organization);
    await recordAudit(
      tx,
      audit,
      organizationAudit(null, 'delete', id, {
        before: {
          id,
          name: organization.name,
          status: organization.status,
          isManagedByClient: organization.isManagedByClient,
        },
        after: { removed: result.counts },
      }),
    );
    return result;
  });
  for (const key of purged.storageKeys) {
    await ctx.storage
      .remove(key)
      .catch((err: unknown) => log.error({ err, key }, 'stored file of a deleted organization not removed'));
  }
  return purged;
}
