import { allow } from '../../core/policies.js';

/**
 * Only the provider's SuperAdmin onboards and manages client Admins; an Admin never sees them.
 * The organization context (membership, managed-by-client) is checked before these rules.
 */
allow('clientAdmin', 'manage', (actor) => actor.role === 'SuperAdmin');
/** Users are managed by the SuperAdmin and by the organization's active Admins. */
allow('clientUser', 'manage', (actor) => actor.role === 'SuperAdmin' || actor.role === 'Admin');
