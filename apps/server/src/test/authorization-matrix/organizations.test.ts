import { organizationCases } from './cases/organizations.js';
import { describeArea } from './matrix.js';

describeArea('organizations', organizationCases);
