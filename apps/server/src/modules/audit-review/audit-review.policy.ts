import { isOrganizationAdmin } from '../../core/access.js';
import { actorPolicy, organizationPolicy } from '../../core/policies.js';

/**
 * The audit trail review (issue 23, Annex 11 §9): an organization's trail is its Admins' and the
 * SuperAdmin's (a client membership works as a User there and is refused); the provider's trail
 * (events outside any organization) is the SuperAdmin's alone.
 */
export const auditReviewPolicies = {
  'auditTrail.review': organizationPolicy(isOrganizationAdmin, { roles: ['SuperAdmin', 'Admin'] }),
  'auditTrail.reviewProvider': actorPolicy((actor) => actor.role === 'SuperAdmin'),
};
