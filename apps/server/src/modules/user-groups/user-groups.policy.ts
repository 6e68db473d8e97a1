import { allowInOrganization } from '../../core/policies.js';

/** Admins of the organization and the SuperAdmin manage its user groups; Users do not. */
allowInOrganization('userGroup.manage', () => true, { roles: ['SuperAdmin', 'Admin'] });
