import type { Role } from '@qualis/contract';
import type { Actor } from '../../core/auth.js';
import { actorPolicy } from '../../core/policies.js';

/** A person whose account is managed, with what the rules look at. */
export interface AccountTarget {
  id: string;
  role: Role;
  /** The actor is active in an active organization this person belongs to. */
  sharesOrganization: boolean;
}

/** Who sees a person at all: others get 404, as for a person who does not exist. */
export const canSeeAccount = (actor: Actor, target: AccountTarget) =>
  actor.userId === target.id || actor.role === 'SuperAdmin' || target.sharesOrganization;

const adminOverUser = (actor: Actor, target: AccountTarget) =>
  actor.role === 'Admin' && target.role === 'User' && target.sharesOrganization;

export const accountPolicies = {
  /**
   * Names, e-mail and the e-mail confirmation link: the person themself; the SuperAdmin for anyone
   * but another SuperAdmin; an Admin for a User of a shared organization (Admins never manage Admins).
   */
  'account.edit': actorPolicy<AccountTarget>(
    (actor, target) =>
      !target ||
      actor.userId === target.id ||
      (actor.role === 'SuperAdmin' && target.role !== 'SuperAdmin') ||
      adminOverUser(actor, target),
  ),

  /** "Resend Invite": the SuperAdmin for anyone; an Admin for a User of a shared organization. */
  'account.resend-invite': actorPolicy<AccountTarget>(
    (actor, target) => actor.role === 'SuperAdmin' || (target ? adminOverUser(actor, target) : actor.role === 'Admin'),
  ),
};
