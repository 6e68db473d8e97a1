import { and, eq } from 'drizzle-orm';
import { messages } from '@qualis/contract';
import type { Db } from '../db/client.js';
import { memberships, organizations } from '../db/schema/index.js';
import type { Actor } from './auth.js';
import { AppError } from './errors.js';

export type OrganizationRow = typeof organizations.$inferSelect;

export interface OrganizationContext {
  organization: OrganizationRow;
  /** Null for the provider's SuperAdmin, who works in organizations without a membership. */
  membershipStatus: 'Active' | 'Inactive' | null;
}

/**
 * The organization a request works in, checked for this actor:
 * - not a member (or no such organization): 404, so ids of others reveal nothing;
 * - SuperAdmin and the organization is managed by the client: 403;
 * - member, but the organization or the membership is inactive: 422 (the client then picks
 *   another organization). Read on every request, so deactivation takes effect at once.
 */
export async function loadOrganizationContext(
  db: Db,
  actor: Actor,
  organizationId: string,
): Promise<OrganizationContext> {
  if (actor.role === 'SuperAdmin') {
    const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
    if (!organization) throw AppError.notFound();
    if (organization.isManagedByClient) throw AppError.forbidden();
    return { organization, membershipStatus: null };
  }
  const [row] = await db
    .select({ organization: organizations, membershipStatus: memberships.status })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, actor.userId)));
  if (!row) throw AppError.notFound();
  if (row.organization.status !== 'Active' || row.membershipStatus !== 'Active') {
    throw new AppError('UNPROCESSABLE', messages.organizationInactive);
  }
  return row;
}
