import { Permission } from '@qualis/contract';
import { organizationPolicy } from '../../core/policies.js';

export const settingsPolicies = {
  /** Changing the logo, document types and tags (Admins and the SuperAdmin have every permission). */
  'organizationSettings.manage': organizationPolicy((access) =>
    access.permissions.has(Permission.ManageOrganizationSettings),
  ),
  /** Every member reads the document types and tags: documents and actions choose from them. */
  'organizationSettings.read': organizationPolicy(() => true),
  /**
   * The signing setting (password at signing, 21 CFR 11.200(a)): a control of the organization's
   * electronic signatures, so its Admins (and the SuperAdmin) only, not
   * `Permission.ManageOrganizationSettings`.
   */
  'organizationSigning.manage': organizationPolicy(() => true, { roles: ['SuperAdmin', 'Admin'] }),
};
