import { actorPolicy } from '../../core/policies.js';

export const profilePolicies = {
  /** E-mails about new Actions concern Admins and Users; the SuperAdmin's profile has no such switch. */
  'profile.email-notifications': actorPolicy((actor) => actor.role !== 'SuperAdmin'),
};
