import { trainingCases } from './cases/trainings.js';
import { describeArea } from './matrix.js';
import { req } from '../../../../../docs/requirements/req.js';

describeArea(`trainings ${req('PERM-007', 'PERM-008', 'TRN-005')}`, trainingCases);
