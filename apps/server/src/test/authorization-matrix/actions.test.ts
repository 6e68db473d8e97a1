import { actionCases } from './cases/actions.js';
import { describeArea } from './matrix.js';
import { req } from '../../../../../docs/requirements/req.js';

describeArea(`actions ${req('PERM-007', 'PERM-008', 'ACT-005')}`, actionCases);
