import { actionCases } from './cases/actions.js';
import { describeArea } from './matrix.js';

describeArea('actions', actionCases);
