import { auditCases } from './cases/audit.js';
import { describeArea } from './matrix.js';

describeArea('audit', auditCases);
