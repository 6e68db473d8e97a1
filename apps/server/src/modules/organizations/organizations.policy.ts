import type { Actor } from '../../core/auth.js';
import { actorPolicy, organizationPolicy } from '../../core/policies.js';

/**
 * The provider's administration of organizations (spec 01 section 6) is the SuperAdmin's alone.
 * It works on organizations managed by the client too: they stay in the list, and the provider
 * still names, activates, deletes and exports them; only entering one is refused (core/access.ts).
 */
const isSuperAdmin = (actor: Actor) => actor.role === 'SuperAdmin';

export const organizationPolicies = {
  /** Everyone signed in lists organizations: the SuperAdmin all of them, others their own. */
  'organization.list': actorPolicy(() => true),
  /**
   * Working in one organization at all: reading it, its notifications, one's own access flags.
   * The organization access (membership, status, managed-by-client) decides; any member may.
   */
  'organization.read': organizationPolicy(() => true),

  'organization.create': actorPolicy(isSuperAdmin),
  'organization.rename': actorPolicy(isSuperAdmin),
  'organization.changeStatus': actorPolicy(isSuperAdmin),
  'organization.changeManagedByClient': actorPolicy(isSuperAdmin),
  'organization.delete': actorPolicy(isSuperAdmin),
  'organization.export': actorPolicy(isSuperAdmin),
  'organization.exportLogs': actorPolicy(isSuperAdmin),
};
