import { Permission } from '@qualis/contract';
import { allowInOrganization } from '../../core/policies.js';

/** Changing the logo, document types and tags (Admins and the SuperAdmin have every permission). */
allowInOrganization('organizationSettings.manage', (access) =>
  access.permissions.has(Permission.ManageOrganizationSettings),
);
/** Every member reads the document types and tags: documents and actions choose from them. */
allowInOrganization('organizationSettings.read', () => true);
