import { allow } from '../../core/policies.js';

/** Everyone signed in lists organizations: the SuperAdmin all of them, others their own. */
allow('organization', 'list', () => true);
/** Reading one is decided by the organization context (membership, managed-by-client). */
allow('organization', 'read', () => true);
