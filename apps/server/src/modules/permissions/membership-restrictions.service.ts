import { and, eq } from 'drizzle-orm';
import { message, type MembershipRestriction, type SetRestrictionRequest } from '@qualis/contract';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { authorize } from '../policies.js';
import type { ServiceContext } from '../../core/service-context.js';
import { memberships, users } from '../../db/schema/index.js';

/**
 * Sets the restriction of a person's membership (spec 03 section 6, decision 0023): the person
 * must be a member of the organization (else 404) whom the caller may restrict (else 403). The
 * change and its audit event ('Admins' or 'Users' by the person's role) share one transaction;
 * the next request of the person reads it (the organization access is read on every request).
 */
export async function setMembershipRestriction(
  ctx: ServiceContext,
  userId: string,
  input: SetRestrictionRequest,
): Promise<{ restriction: MembershipRestriction; message: string }> {
  const organizationId = ctx.access.organization.id;
  return ctx.app.database.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ role: users.role, restriction: memberships.restriction })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
      .for('update', { of: memberships });
    if (!member) throw AppError.notFound();
    authorize(ctx.access, 'membership.restrict', { userId, role: member.role });
    if (member.restriction !== input.restriction) {
      await tx
        .update(memberships)
        .set({ restriction: input.restriction, updatedAt: new Date() })
        .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
      await recordAudit(tx, ctx.audit, {
        organizationId,
        infoType: member.role === 'User' ? 'Users' : 'Admins',
        action: 'restriction-change',
        entityType: 'user',
        entityId: userId,
        before: { restriction: member.restriction },
        after: { restriction: input.restriction },
      });
    }
    return { restriction: input.restriction, ...message('restrictionChanged') };
  });
}
