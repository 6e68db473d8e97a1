import { MANAGE_ORGANIZATION_SETTINGS } from '@qualis/contract';
import { allow } from '../../core/policies.js';

/**
 * Changing the logo, document types and tags needs permission 56 (Admins and the SuperAdmin have
 * every permission). The target is the actor's effective permissions in the organization.
 */
allow('organizationSettings', 'manage', (_actor, permissions: ReadonlySet<number>) =>
  permissions.has(MANAGE_ORGANIZATION_SETTINGS),
);
/** Every member reads the document types and tags: documents and actions choose from them. */
allow('organizationSettings', 'read', () => true);
