import type { Actor } from '../../core/auth.js';
import { allow } from '../../core/policies.js';

/** Everyone signed in lists organizations: the SuperAdmin all of them, others their own. */
allow('organization', 'list', () => true);
/** Reading one is decided by the organization context (membership, managed-by-client). */
allow('organization', 'read', () => true);

/**
 * The provider's administration of organizations (spec 01 section 6) is the SuperAdmin's alone.
 * It works on organizations managed by the client too: they stay in the list, and the provider
 * still names, activates, deletes and exports them; only entering one is refused (tenancy).
 */
const isSuperAdmin = (actor: Actor) => actor.role === 'SuperAdmin';
allow('organization', 'create', isSuperAdmin);
allow('organization', 'rename', isSuperAdmin);
allow('organization', 'changeStatus', isSuperAdmin);
allow('organization', 'changeManagedByClient', isSuperAdmin);
allow('organization', 'delete', isSuperAdmin);
allow('organization', 'export', isSuperAdmin);
allow('organization', 'exportLogs', isSuperAdmin);
