import { exportCases } from './cases/exports.js';
import { describeArea } from './matrix.js';
import { req } from '../../../../../docs/requirements/req.js';

describeArea(`exports ${req('PERM-007', 'PERM-008', 'EXP-005')}`, exportCases);
