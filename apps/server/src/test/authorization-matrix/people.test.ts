import { peopleCases } from './cases/people.js';
import { describeArea } from './matrix.js';

describeArea('people', peopleCases);
