import { GROUP_USER_COLUMNS, USER_GROUP_COLUMNS, type GroupUser, type UserGroup } from '@qualis/contract';
import type { CsvColumn } from '../../core/exports.js';

export const USER_GROUP_CSV_COLUMNS: CsvColumn<UserGroup>[] = [
  { key: 'name', header: USER_GROUP_COLUMNS.name, value: (g) => g.name },
  { key: 'userCount', header: USER_GROUP_COLUMNS.userCount, value: (g) => g.userCount },
];

export const GROUP_USER_CSV_COLUMNS: CsvColumn<GroupUser>[] = [
  { key: 'firstName', header: GROUP_USER_COLUMNS.firstName, value: (u) => u.firstName },
  { key: 'lastName', header: GROUP_USER_COLUMNS.lastName, value: (u) => u.lastName },
  { key: 'email', header: GROUP_USER_COLUMNS.email, value: (u) => u.email },
  { key: 'status', header: GROUP_USER_COLUMNS.status, value: (u) => u.status },
  { key: 'isActivated', header: GROUP_USER_COLUMNS.isActivated, value: (u) => (u.isActivated ? 'Yes' : 'No') },
  { key: 'groupCount', header: GROUP_USER_COLUMNS.groupCount, value: (u) => u.groupCount },
];
