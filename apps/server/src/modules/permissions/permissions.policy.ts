import { isOrganizationAdmin } from '../../core/access.js';
import { allowInOrganization } from '../../core/policies.js';

/**
 * A person's access flags and Access Permissions page: their own, or anyone's in the
 * organization for its Admins and the SuperAdmin.
 */
allowInOrganization<{ userId: string }>(
  'clientUser.readAccess',
  (access, target) => isOrganizationAdmin(access) || !target || access.actor.userId === target.userId,
);
