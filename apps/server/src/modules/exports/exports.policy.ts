import { seesHrRecords } from '../../core/access.js';
import { organizationPolicy, passes, type AnyPolicy } from '../../core/policies.js';

/** What the download rule looks at: the policy of the list the export file was made from. */
export interface ExportFileState {
  sourcePolicy: AnyPolicy;
}

export const exportPolicies = {
  /**
   * Downloading a generated export file (GET /export/files/{fileId}): only its requester finds it
   * at all (export files are visible to the person who asked for them, exports.repository.ts);
   * they must still be an active member of the organization (the access pipeline) and still pass
   * the policy of the list they exported, else 403.
   */
  'exportFile.download': organizationPolicy<ExportFileState>(
    (access, file) => !file || passes(access, file.sourcePolicy),
  ),
  /**
   * 'Export everything' (the inspection package) and downloading it: the organization's Admins
   * and the SuperAdmin, who see every record of it. A client Admin works as a User, and an
   * HR-limited Admin does not see the HR records a package must hold: both are refused.
   */
  'organization.inspectionPackage': organizationPolicy((access) => seesHrRecords(access), {
    roles: ['SuperAdmin', 'Admin'],
  }),
};
