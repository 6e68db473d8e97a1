import type { Actor } from '../../core/auth.js';
import { actorPolicy } from '../../core/policies.js';

export const validationReportPolicies = {
  /** The build's validation evidence is the provider's: the SuperAdmin downloads it for a customer. */
  'validationReport.read': actorPolicy((actor: Actor) => actor.role === 'SuperAdmin'),
};
