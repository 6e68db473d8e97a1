import { documentCases } from './cases/documents.js';
import { describeArea } from './matrix.js';

describeArea('documents', documentCases);
