import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Spec03Area } from '../app/landed-pages';
import { NO_ACCESS } from '../features/access/access.api';
import { buildSideMenu, type MenuNode } from './side-menu';

// Which spec 03 areas have pages: every one here, unless a test says otherwise.
const landed = vi.hoisted(() => ({ areas: new Set<string>() }));
vi.mock('../app/landed-pages', () => ({ hasLanded: (area: Spec03Area) => landed.areas.has(area) }));
beforeEach(() => {
  landed.areas = new Set(['documents', 'tasks', 'training-records', 'human-resources']);
});

const keys = (nodes: MenuNode[]): unknown[] => nodes.map((n) => (n.children ? { [n.key]: keys(n.children) } : n.key));
const general = { general: ['documents', 'tasks', 'training-records', 'human-resources'] };

describe('buildSideMenu', () => {
  it('gives the SuperAdmin Admins and no Dashboard', () => {
    const menu = buildSideMenu('SuperAdmin', NO_ACCESS, 'org', 'me');
    expect(keys(menu.main)).toEqual(['admins', 'user-groups', 'users', general, 'setting']);
    expect(keys(menu.bottom)).toEqual(['help']);
  });

  it('gives an Admin the Dashboard and everything but Admins, whatever the flags', () => {
    const menu = buildSideMenu('Admin', NO_ACCESS, 'org', 'me');
    expect(keys(menu.main)).toEqual(['dashboard', 'user-groups', 'users', general, 'setting']);
  });

  it('gives a User without permissions the Dashboard, Help and their access page', () => {
    const menu = buildSideMenu('User', NO_ACCESS, 'org-1', 'user-9');
    expect(keys(menu.main)).toEqual(['dashboard']);
    expect(menu.bottom).toEqual([
      { key: 'help', path: '/organizations/org-1/help' },
      { key: 'access-permissions', path: '/organizations/org-1/users/user-9' },
    ]);
  });

  it("adds to a User's menu only what their flags allow", () => {
    const menu = buildSideMenu(
      'User',
      { canViewDocuments: true, canViewTasks: false, canViewTrainingRecords: true, canManageOrganization: true },
      'org-1',
      'user-9',
    );
    expect(keys(menu.main)).toEqual(['dashboard', 'documents', 'training-records', 'setting']);
    expect(menu.main[1]!.path).toBe('/organizations/org-1/documents');
  });

  it('gives a User who can view actions the Actions entry before Documents', () => {
    const menu = buildSideMenu('User', { ...NO_ACCESS, canViewTasks: true, canViewDocuments: true }, 'o', 'u');
    expect(keys(menu.main)).toEqual(['dashboard', 'tasks', 'documents']);
    expect(menu.main[1]!.path).toBe('/organizations/o/tasks');
  });

  it('hides the spec 03 entries whose pages have not landed, and General when none has', () => {
    landed.areas = new Set(['tasks']);
    const user = buildSideMenu('User', { ...NO_ACCESS, canViewTasks: true, canViewDocuments: true }, 'o', 'u');
    expect(keys(user.main)).toEqual(['dashboard', 'tasks']);
    expect(keys(buildSideMenu('Admin', NO_ACCESS, 'o', 'u').main)).toEqual([
      'dashboard',
      'user-groups',
      'users',
      { general: ['tasks'] },
      'setting',
    ]);
    landed.areas = new Set();
    expect(keys(buildSideMenu('Admin', NO_ACCESS, 'o', 'u').main)).toEqual([
      'dashboard',
      'user-groups',
      'users',
      'setting',
    ]);
  });
});
