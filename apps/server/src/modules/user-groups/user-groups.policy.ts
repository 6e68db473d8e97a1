import { isOrganizationAdmin } from '../../core/access.js';
import { organizationPolicy, passes } from '../../core/policies.js';
import { trainingRecordPolicies } from '../training-records/training-records.policy.js';

export const userGroupPolicies = {
  /** Admins of the organization and the SuperAdmin manage its user groups; Users do not. */
  'userGroup.manage': organizationPolicy(() => true, { roles: ['SuperAdmin', 'Admin'] }),

  /**
   * The groups list: Admins, and people who may add or edit trainings (the training form chooses
   * user groups as assignees, spec 03 section 5). Group names only; members and settings stay
   * `userGroup.manage`.
   */
  'userGroup.list': organizationPolicy(
    (access) =>
      isOrganizationAdmin(access) ||
      passes(access, trainingRecordPolicies['trainingRecord.add']) ||
      passes(access, trainingRecordPolicies['trainingRecord.edit']),
  ),
};
