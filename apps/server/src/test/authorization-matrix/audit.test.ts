import { auditCases } from './cases/audit.js';
import { describeArea } from './matrix.js';
import { req } from '../../../../../docs/requirements/req.js';

describeArea(`audit ${req('PERM-007', 'PERM-008', 'AUD-004')}`, auditCases);
