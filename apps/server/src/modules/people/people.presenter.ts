import { PEOPLE_COLUMNS, type Person } from '@qualis/contract';
import type { CsvColumn } from '../../core/exports.js';

/** The list's columns as CSV columns; the client's `columns` picks and orders them. */
export const PEOPLE_CSV_COLUMNS: CsvColumn<Person>[] = [
  { key: 'firstName', header: PEOPLE_COLUMNS.firstName, value: (p) => p.firstName },
  { key: 'lastName', header: PEOPLE_COLUMNS.lastName, value: (p) => p.lastName },
  { key: 'email', header: PEOPLE_COLUMNS.email, value: (p) => p.email },
  { key: 'status', header: PEOPLE_COLUMNS.status, value: (p) => p.status },
  { key: 'isActivated', header: PEOPLE_COLUMNS.isActivated, value: (p) => (p.isActivated ? 'Yes' : 'No') },
];
