import type { Role } from '@qualis/contract';
import { isOrganizationAdmin, roleOf } from '../../core/access.js';
import { organizationPolicy } from '../../core/policies.js';

export const permissionPolicies = {
  /**
   * A person's access flags and Access Permissions page: their own, or anyone's in the
   * organization for its Admins and the SuperAdmin.
   */
  'clientUser.readAccess': organizationPolicy<{ userId: string }>(
    (access, target) => isOrganizationAdmin(access) || !target || access.actor.userId === target.userId,
  ),

  /**
   * The restriction of a membership (spec 03 section 6): the organization's Admins for its Users
   * (an Admin never manages Admins), the SuperAdmin for Admins and Users. A client Admin works as a
   * User and is refused.
   */
  'membership.restrict': organizationPolicy<{ userId: string; role: Role }>(
    (access, target) =>
      !target || target.role === 'User' || (roleOf(access) === 'SuperAdmin' && target.role === 'Admin'),
    { roles: ['SuperAdmin', 'Admin'] },
  ),
};
