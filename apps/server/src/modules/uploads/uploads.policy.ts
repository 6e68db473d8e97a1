import { organizationPolicy } from '../../core/policies.js';

export const uploadPolicies = {
  /**
   * Any active member may upload a file into the organization: a file is only stored until an
   * artifact attaches it, and each spec 03 module decides who may attach and see its files.
   */
  'organizationFile.upload': organizationPolicy(() => true),
};
