import type { AccessFlags as ContractAccessFlags } from '@qualis/contract';

/**
 * The person's role in the organization (a client membership works as a User), what an ordinary
 * user's groups allow (spec 01 section 3, "Client user access"), and whether the person reaches HR
 * records (an HR-limited membership does not); the menu needs these six.
 */
export type AccessFlags = Pick<
  ContractAccessFlags,
  'role' | 'canViewDocuments' | 'canViewTasks' | 'canViewTrainingRecords' | 'canManageOrganization' | 'canViewHrRecords'
>;

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
  | 'audit-trail'
  | 'help'
  | 'access-permissions';

export interface MenuNode {
  key: MenuKey;
  /** Absent on a group. */
  path?: string;
  children?: MenuNode[];
}

const present = <T>(node: T | false): node is T => node !== false;

/**
 * The organization side menu of spec 01 section 2, "Layouts": by the person's role in the
 * organization, and for users by their access.
 */
export function buildSideMenu(access: AccessFlags, organizationId: string, userId: string) {
  const { role } = access;
  const link = (key: MenuKey, segment: string = key): MenuNode => ({
    key,
    path: `/organizations/${organizationId}/${segment}`,
  });
  const isUser = role === 'User';
  const bottom = [link('help'), isUser && link('access-permissions', `users/${userId}`)].filter(present);

  // A User sees the Dashboard and, side by side, only what their groups allow (spec 01 section 2, "Layouts").
  if (isUser) {
    const main = [
      link('dashboard'),
      access.canViewTasks && link('tasks'),
      access.canViewDocuments && link('documents'),
      access.canViewTrainingRecords && link('training-records'),
      access.canManageOrganization && link('setting'),
    ].filter(present);
    return { main, bottom };
  }

  const general: MenuNode = {
    key: 'general',
    children: [
      link('documents'),
      link('tasks'),
      link('training-records'),
      access.canViewHrRecords && link('human-resources'),
    ].filter(present),
  };
  const main = [
    role !== 'SuperAdmin' && link('dashboard'),
    role === 'SuperAdmin' && link('admins'),
    link('user-groups'),
    link('users'),
    general,
    link('setting'),
    // The audit trail review (issue 23): the Admins' (a client membership works as a User).
    link('audit-trail'),
  ].filter(present);

  return { main, bottom };
}
