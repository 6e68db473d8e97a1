import { PEOPLE_COLUMNS, type Person, type PersonFields } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import { can } from '../policies.js';
import type { PersonKind } from './people.kinds.js';
import { personStateOf } from './people.policy.js';
import type { CsvColumn } from '../../core/exports.js';

/** The list's columns as CSV columns; the client's `columns` picks and orders them. */
export const PEOPLE_CSV_COLUMNS: CsvColumn<PersonFields>[] = [
  { key: 'firstName', header: PEOPLE_COLUMNS.firstName, value: (p) => p.firstName },
  { key: 'lastName', header: PEOPLE_COLUMNS.lastName, value: (p) => p.lastName },
  { key: 'email', header: PEOPLE_COLUMNS.email, value: (p) => p.email },
  { key: 'status', header: PEOPLE_COLUMNS.status, value: (p) => p.status },
  { key: 'isActivated', header: PEOPLE_COLUMNS.isActivated, value: (p) => (p.isActivated ? 'Yes' : 'No') },
];

/** The row with the row options the caller may use in this organization (spec 02 sections 2 and 4). */
export const presentPerson =
  (access: OrganizationAccess, kind: PersonKind) =>
  (row: PersonFields): Person => {
    const state = personStateOf(row);
    return {
      ...row,
      canBeDeleted: can(access, `${kind.resource}.delete`, state),
      canResendInvite: can(access, `${kind.resource}.resendInvite`, state),
    };
  };
