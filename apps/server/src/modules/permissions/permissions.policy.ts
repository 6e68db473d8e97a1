import { allow } from '../../core/policies.js';

/**
 * A person's access flags and Access Permissions page: their own, or anyone's in the
 * organization for its Admins and the SuperAdmin.
 */
allow(
  'clientUser',
  'readAccess',
  (actor, target: { userId: string }) => actor.role !== 'User' || actor.userId === target.userId,
);
