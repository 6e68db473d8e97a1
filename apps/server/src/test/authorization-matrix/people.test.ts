import { peopleCases } from './cases/people.js';
import { describeArea } from './matrix.js';
import { req } from '../../../../../docs/requirements/req.js';

describeArea(`people ${req('PERM-007', 'PERM-008', 'PEOPLE-001')}`, peopleCases);
