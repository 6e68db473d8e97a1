import { type AuditInfoType } from '@qualis/contract';
import type { PlainMessageKey } from '../../core/errors.js';

/**
 * Admins and Users are managed the same way; what differs is who may do it, the paths, the
 * audit info type and the texts. Each route of people.routes.ts is registered once per kind.
 */
export interface PersonKind {
  role: 'Admin' | 'User';
  /** The policy resource: `clientAdmin.manage` / `clientUser.manage`. */
  resource: 'clientAdmin' | 'clientUser';
  path: string;
  exportPath: string;
  infoType: AuditInfoType;
  /** The export file name's label. */
  label: 'Admins' | 'Users';
  created: PlainMessageKey;
  added: PlainMessageKey;
  deleted: PlainMessageKey;
}

export const ADMINS: PersonKind = {
  role: 'Admin',
  resource: 'clientAdmin',
  path: '/client-admins',
  exportPath: '/export/admins',
  infoType: 'Admins',
  label: 'Admins',
  created: 'adminCreated',
  added: 'adminsAdded',
  deleted: 'adminDeleted',
};

export const USERS: PersonKind = {
  role: 'User',
  resource: 'clientUser',
  path: '/client-users',
  exportPath: '/export/users',
  infoType: 'Users',
  label: 'Users',
  created: 'userCreated',
  added: 'usersAdded',
  deleted: 'userDeleted',
};

export const policyOf = (kind: PersonKind) => `${kind.resource}.manage` as const;
