import { hrCases } from './cases/hr.js';
import { describeArea } from './matrix.js';
import { req } from '../../../../../docs/requirements/req.js';

describeArea(`hr ${req('PERM-007', 'PERM-008', 'HR-001')}`, hrCases);
