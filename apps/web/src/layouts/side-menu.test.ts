import { describe, expect, it } from 'vitest';
import { NO_ACCESS } from '../features/access/access.api';
import { buildSideMenu, type MenuNode } from './side-menu';
import { req } from '../../../../docs/requirements/req.js';

const keys = (nodes: MenuNode[]): unknown[] => nodes.map((n) => (n.children ? { [n.key]: keys(n.children) } : n.key));
const general = { general: ['documents', 'tasks', 'training-records', 'human-resources'] };
const ADMIN_ACCESS = { ...NO_ACCESS, role: 'Admin' as const, canViewHrRecords: true };

describe('buildSideMenu', () => {
  it(`gives the SuperAdmin Admins and no Dashboard ${req('UI-001')}`, () => {
    const menu = buildSideMenu({ ...ADMIN_ACCESS, role: 'SuperAdmin' }, 'org', 'me');
    expect(keys(menu.main)).toEqual(['admins', 'user-groups', 'users', general, 'setting', 'audit-trail']);
    expect(keys(menu.bottom)).toEqual(['help']);
  });

  it('gives an Admin the Dashboard and everything but Admins, whatever the flags', () => {
    const menu = buildSideMenu(ADMIN_ACCESS, 'org', 'me');
    expect(keys(menu.main)).toEqual(['dashboard', 'user-groups', 'users', general, 'setting', 'audit-trail']);
  });

  it('leaves Human Resources out for an HR-limited Admin (the server says canViewHrRecords false)', () => {
    const menu = buildSideMenu({ ...ADMIN_ACCESS, canViewHrRecords: false }, 'org', 'me');
    expect(keys(menu.main)).toEqual([
      'dashboard',
      'user-groups',
      'users',
      { general: ['documents', 'tasks', 'training-records'] },
      'setting',
      'audit-trail',
    ]);
  });

  it('gives an Admin whose membership is client the menu of a User (the server says role User)', () => {
    const menu = buildSideMenu({ ...NO_ACCESS, canViewDocuments: true }, 'org-1', 'admin-2');
    expect(keys(menu.main)).toEqual(['dashboard', 'documents']);
    expect(keys(menu.bottom)).toEqual(['help', 'access-permissions']);
  });

  it(`gives a User without permissions the Dashboard, Help and their access page ${req('UI-001', 'PERM-002')}`, () => {
    const menu = buildSideMenu(NO_ACCESS, 'org-1', 'user-9');
    expect(keys(menu.main)).toEqual(['dashboard']);
    expect(menu.bottom).toEqual([
      { key: 'help', path: '/organizations/org-1/help' },
      { key: 'access-permissions', path: '/organizations/org-1/users/user-9' },
    ]);
  });

  it(`adds to a User's menu only what their flags allow ${req('UI-001')}`, () => {
    const menu = buildSideMenu(
      { ...NO_ACCESS, canViewDocuments: true, canViewTrainingRecords: true, canManageOrganization: true },
      'org-1',
      'user-9',
    );
    expect(keys(menu.main)).toEqual(['dashboard', 'documents', 'training-records', 'setting']);
    expect(menu.main[1]!.path).toBe('/organizations/org-1/documents');
  });

  it('gives a User who can view actions the Actions entry before Documents', () => {
    const menu = buildSideMenu({ ...NO_ACCESS, canViewTasks: true, canViewDocuments: true }, 'o', 'u');
    expect(keys(menu.main)).toEqual(['dashboard', 'tasks', 'documents']);
    expect(menu.main[1]!.path).toBe('/organizations/o/tasks');
  });
});
