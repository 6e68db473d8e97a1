import { accountCases } from './cases/accounts.js';
import { describeArea } from './matrix.js';

describeArea('accounts', accountCases);
