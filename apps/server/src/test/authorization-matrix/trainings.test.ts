import { trainingCases } from './cases/trainings.js';
import { describeArea } from './matrix.js';

describeArea('trainings', trainingCases);
