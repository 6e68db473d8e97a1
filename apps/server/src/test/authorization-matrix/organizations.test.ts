import { organizationCases } from './cases/organizations.js';
import { describeArea } from './matrix.js';
import { req } from '../../../../../docs/requirements/req.js';

describeArea(`organizations ${req('PERM-007', 'PERM-008', 'ORG-001', 'SET-001')}`, organizationCases);
