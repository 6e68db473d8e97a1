import type { FastifyRequest } from 'fastify';
import { resolveOrganizationAccess, type OrganizationAccess } from './access.js';
import type { AuditActor } from './audit.js';
import { auditActorOf, type Actor } from './auth.js';
import type { AppContext } from './context.js';
import { organizationAccessOf } from './pipeline.js';

/**
 * What an organization-scoped service call receives, one shape for every module: the app's
 * services (database, mail, jobs, files), the caller's access in the organization, and who to
 * name in the audit trail. Built from a request, or by a background job for a person.
 */
export interface ServiceContext {
  app: AppContext;
  access: OrganizationAccess;
  audit: AuditActor;
}

export function serviceContextOf(request: FastifyRequest, access = organizationAccessOf(request)): ServiceContext {
  return { app: request.server.ctx, access, audit: auditActorOf(request) };
}

/** A background job acting for `actor` in an organization: the same access checks as a request. */
export async function jobServiceContext(
  app: AppContext,
  actor: Actor,
  organizationId: string,
  requestId: string | null = null,
): Promise<ServiceContext> {
  const access = await resolveOrganizationAccess(app.database.db, actor, organizationId);
  return { app, access, audit: { userId: actor.userId, email: actor.email, ip: null, requestId } };
}
