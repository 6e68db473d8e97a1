import { seesHrRecords } from '../../core/access.js';
import { organizationPolicy } from '../../core/policies.js';
import type { HrStatusName } from './hr-records.repository.js';

/** What the HR rules look at: whether the person still belongs to the organization. */
export interface HrRecordState {
  status: HrStatusName;
}

/**
 * HR records are the Admins' and the SuperAdmin's only (spec 03: "visible and editable only by
 * admins"); a User is refused before the organization is read, and a client or HR-limited
 * membership once it is (spec 03 section 6, `seesHrRecords`). `hrRecordsVisibleTo`
 * (hr-records.repository.ts) is the SQL twin of `hrRecord.view` (test/visibility-twins.test.ts).
 */
const ADMINS = { roles: ['SuperAdmin', 'Admin'] } as const;

export const hrRecordPolicies = {
  'hrRecord.view': organizationPolicy(seesHrRecords, ADMINS),
  'hrRecord.edit': organizationPolicy(seesHrRecords, ADMINS),

  /** Only the record of a person who no longer belongs to the organization can be deleted. */
  'hrRecord.delete': organizationPolicy<HrRecordState>(
    (access, r) => seesHrRecords(access) && (!r || r.status === 'Removed'),
    ADMINS,
  ),
};
