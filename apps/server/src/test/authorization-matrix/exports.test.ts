import { exportCases } from './cases/exports.js';
import { describeArea } from './matrix.js';

describeArea('exports', exportCases);
