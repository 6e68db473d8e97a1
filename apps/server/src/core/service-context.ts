import type { FastifyRequest } from 'fastify';
import type { OrganizationAccess } from './access.js';
import type { AuditActor } from './audit.js';
import { auditActorOf } from './auth.js';
import type { AppContext } from './context.js';
import { organizationAccessOf } from './pipeline.js';

/**
 * What an organization-scoped service call receives, one shape for every module: the app's
 * services (database, mail, jobs, files), the caller's access in the organization, and who to
 * name in the audit trail. A request builds it with `serviceContextOf`; a background job builds
 * the same object from `resolveOrganizationAccess()` (core/access.ts) and its own audit actor.
 */
export interface ServiceContext {
  app: AppContext;
  access: OrganizationAccess;
  audit: AuditActor;
}

export function serviceContextOf(request: FastifyRequest, access = organizationAccessOf(request)): ServiceContext {
  return { app: request.server.ctx, access, audit: auditActorOf(request) };
}

/** What most services read first: the database, the organization checked for the caller, the audit actor. */
export const scopeOf = (ctx: ServiceContext) => ({
  db: ctx.app.database.db,
  organizationId: ctx.access.organization.id,
  audit: ctx.audit,
});
