import { accountCases } from './cases/accounts.js';
import { describeArea } from './matrix.js';
import { req } from '../../../../../docs/requirements/req.js';

describeArea(`accounts ${req('PERM-007')}`, accountCases);
