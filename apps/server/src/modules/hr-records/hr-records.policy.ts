import { allowInOrganization } from '../../core/policies.js';
import type { HrStatusName } from './hr-records.repository.js';

/** What the HR rules look at: whether the person still belongs to the organization. */
export interface HrRecordState {
  status: HrStatusName;
}

/**
 * HR records are the Admins' and the SuperAdmin's only (spec 03: "visible and editable only by
 * admins"); a User is refused before the organization is read. `hrRecordsVisibleTo`
 * (hr-records.repository.ts) is the SQL twin of `hrRecord.view`.
 */
const ADMINS = { roles: ['SuperAdmin', 'Admin'] } as const;

allowInOrganization('hrRecord.view', () => true, ADMINS);
allowInOrganization('hrRecord.edit', () => true, ADMINS);

/** Only the record of a person who no longer belongs to the organization can be deleted. */
allowInOrganization<HrRecordState>('hrRecord.delete', (_access, r) => !r || r.status === 'Removed', ADMINS);
