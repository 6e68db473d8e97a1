import { hrCases } from './cases/hr.js';
import { describeArea } from './matrix.js';

describeArea('hr', hrCases);
