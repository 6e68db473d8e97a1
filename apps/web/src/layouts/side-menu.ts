import type { Role } from '@qualis/contract';

/** What an ordinary user's groups allow (spec 01 section 3, "Client user access"). */
export interface AccessFlags {
  canViewDocuments: boolean;
  canViewTasks: boolean;
  canViewTrainingRecords: boolean;
  canManageOrganization: boolean;
}

/** Until the access endpoint exists, an ordinary user is treated as allowed nothing. */
export const NO_ACCESS: AccessFlags = {
  canViewDocuments: false,
  canViewTasks: false,
  canViewTrainingRecords: false,
  canManageOrganization: false,
};

export type MenuKey =
  | 'dashboard'
  | 'admins'
  | 'user-groups'
  | 'users'
  | 'general'
  | 'documents'
  | 'tasks'
  | 'training-records'
  | 'human-resources'
  | 'setting'
  | 'help'
  | 'access-permissions';

export interface MenuNode {
  key: MenuKey;
  /** Absent on a group. */
  path?: string;
  children?: MenuNode[];
}

const present = <T>(node: T | false): node is T => node !== false;

/** The organization side menu of spec 01 section 2, "Layouts": by role, and for users by their access. */
export function buildSideMenu(role: Role, access: AccessFlags, organizationId: string, userId: string) {
  const link = (key: MenuKey, segment: string = key): MenuNode => ({
    key,
    path: `/organizations/${organizationId}/${segment}`,
  });
  const isUser = role === 'User';
  const allows = (flag: boolean) => !isUser || flag;

  const general = [
    allows(access.canViewDocuments) && link('documents'),
    allows(access.canViewTasks) && link('tasks'),
    allows(access.canViewTrainingRecords) && link('training-records'),
    !isUser && link('human-resources'),
  ].filter(present);

  const main = [
    role !== 'SuperAdmin' && link('dashboard'),
    role === 'SuperAdmin' && link('admins'),
    !isUser && link('user-groups'),
    !isUser && link('users'),
    general.length > 0 && { key: 'general' as const, children: general },
    allows(access.canManageOrganization) && link('setting'),
  ].filter(present);

  const bottom = [link('help'), isUser && link('access-permissions', `users/${userId}`)].filter(present);

  return { main, bottom };
}
