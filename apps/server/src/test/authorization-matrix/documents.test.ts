import { documentCases } from './cases/documents.js';
import { describeArea } from './matrix.js';
import { req } from '../../../../../docs/requirements/req.js';

describeArea(
  `documents ${req('PERM-007', 'PERM-008', 'DOC-013', 'DOC-014', 'DOC-018', 'SIG-010', 'SIG-011')}`,
  documentCases,
);
