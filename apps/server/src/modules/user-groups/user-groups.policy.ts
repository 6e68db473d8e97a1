import { isOrganizationAdmin } from '../../core/access.js';
import { allowInOrganization, can } from '../../core/policies.js';
import '../training-records/training-records.policy.js';

/** Admins of the organization and the SuperAdmin manage its user groups; Users do not. */
allowInOrganization('userGroup.manage', () => true, { roles: ['SuperAdmin', 'Admin'] });

/**
 * The groups list: Admins, and people who may add or edit trainings (the training form chooses
 * user groups as assignees, spec 03 section 5). Group names only; members and settings stay
 * `userGroup.manage`.
 */
allowInOrganization(
  'userGroup.list',
  (access) => isOrganizationAdmin(access) || can(access, 'trainingRecord.add') || can(access, 'trainingRecord.edit'),
);
