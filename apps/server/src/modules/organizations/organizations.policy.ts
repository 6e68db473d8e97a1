import type { Actor } from '../../core/auth.js';
import { allowActor, allowInOrganization } from '../../core/policies.js';

/** Everyone signed in lists organizations: the SuperAdmin all of them, others their own. */
allowActor('organization.list', () => true);
/**
 * Working in one organization at all: reading it, its notifications, one's own access flags.
 * The organization access (membership, status, managed-by-client) decides; any member may.
 */
allowInOrganization('organization.read', () => true);

/**
 * The provider's administration of organizations (spec 01 section 6) is the SuperAdmin's alone.
 * It works on organizations managed by the client too: they stay in the list, and the provider
 * still names, activates, deletes and exports them; only entering one is refused (core/access.ts).
 */
const isSuperAdmin = (actor: Actor) => actor.role === 'SuperAdmin';
allowActor('organization.create', isSuperAdmin);
allowActor('organization.rename', isSuperAdmin);
allowActor('organization.changeStatus', isSuperAdmin);
allowActor('organization.changeManagedByClient', isSuperAdmin);
allowActor('organization.delete', isSuperAdmin);
allowActor('organization.export', isSuperAdmin);
allowActor('organization.exportLogs', isSuperAdmin);
