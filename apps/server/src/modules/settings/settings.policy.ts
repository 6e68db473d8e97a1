import { Permission } from '@qualis/contract';
import { allowInOrganization } from '../../core/policies.js';

/** Changing the logo, document types and tags (Admins and the SuperAdmin have every permission). */
allowInOrganization('organizationSettings.manage', (access) =>
  access.permissions.has(Permission.ManageOrganizationSettings),
);
/** Every member reads the document types and tags: documents and actions choose from them. */
allowInOrganization('organizationSettings.read', () => true);
/**
 * The signing setting (password at signing, 21 CFR 11.200(a)): a control of the organization's
 * electronic signatures, so its Admins (and the SuperAdmin) only, not permission 56.
 */
allowInOrganization('organizationSigning.manage', () => true, { roles: ['SuperAdmin', 'Admin'] });
