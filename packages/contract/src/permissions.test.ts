import { describe, expect, it } from 'vitest';
import {
  Permission,
  PERMISSION_CATALOGUE,
  PERMISSION_TYPES,
  accessFlags,
  applyPermissionToggle,
  missingParentOf,
  permissionOf,
} from './permissions.js';
import { req } from '../../../docs/requirements/req.js';

const on = (current: number[], type: number) => applyPermissionToggle(current, type, true);
const off = (current: number[], type: number) => applyPermissionToggle(current, type, false);

describe('permission catalogue', () => {
  it('defines types 1 to 56 once each, in order', () => {
    expect(PERMISSION_TYPES).toEqual(Array.from({ length: 56 }, (_, i) => i + 1));
  });

  it('puts each area on its sub-tab and gives every option both tooltips', () => {
    for (const p of PERMISSION_CATALOGUE) {
      expect(p.tab).toBe({ documents: 1, actions: 2, trainingRecords: 3, organizationSettings: 4 }[p.area]);
      expect(p.userTooltip).toMatch(/^Allows you to [^{}]+\.$/);
      expect(p.adminTooltip).toMatch(/^Allows the user to [^{}]+\.$/);
      expect(p.userTooltip).not.toMatch(/\b(they|their)\b/);
    }
    expect(permissionOf(3).adminTooltip).toBe('Allows the user to edit the not approved documents they own.');
    expect(permissionOf(3).userTooltip).toBe('Allows you to edit the not approved documents you own.');
  });

  it('maps the view options to the ids the spec leaves out', () => {
    const views = PERMISSION_CATALOGUE.filter((p) => p.kind === 'view').map((p) => [p.type, p.area]);
    expect(views).toEqual([
      [11, 'documents'],
      [16, 'documents'],
      [22, 'actions'],
      [26, 'actions'],
      [30, 'trainingRecords'],
    ]);
    const parents = (types: number[]) => types.map((t) => permissionOf(t).parent);
    expect(parents([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toEqual(Array(10).fill(11));
    expect(parents([12, 13, 14, 15])).toEqual(Array(4).fill(16));
    expect(parents([17, 18, 19, 20, 21])).toEqual(Array(5).fill(22));
    expect(parents([23, 24, 25])).toEqual(Array(3).fill(26));
    expect(parents([27, 28, 29])).toEqual(Array(3).fill(30));
    expect(parents([31, 32, 33, 56])).toEqual([null, null, null, null]);
  });

  it('hangs the document sections on their view and edit options', () => {
    const parents = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => permissionOf(from + i).parent);
    expect(parents(34, 38)).toEqual(Array(5).fill(11));
    expect(parents(39, 47)).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3]);
    expect(parents(48, 52)).toEqual(Array(5).fill(16));
    expect(parents(53, 55)).toEqual([12, 12, 12]);
    expect(permissionOf(37).label).toBe('Review section');
    expect(permissionOf(41).label).toBe('Edit References section');
  });
});

describe('applyPermissionToggle', () => {
  it('switches a view option on and off', () => {
    expect(on([], 22)).toEqual([22]);
    expect(on([], 30)).toEqual([30]);
    expect(off([11], 11)).toEqual([]);
  });

  it('switches a documents view option on with its five section options, which then go off one by one', () => {
    expect(on([], 11)).toEqual([11, 34, 35, 36, 37, 38]);
    expect(on([56], 16)).toEqual([16, 48, 49, 50, 51, 52, 56]);
    expect(off(on([], 11), 37)).toEqual([11, 34, 35, 36, 38]);
    // Switching to the other view option brings that one's sections, and takes the replaced one's.
    expect(on([11, 34, 35], 16)).toEqual([16, 48, 49, 50, 51, 52]);
    // An option already on is left as it is: its sections switched off stay off.
    expect(on([11, 34], 11)).toEqual([11, 34]);
  });

  it(`keeps one high-level view option per area: view all and view related exclude each other ${req('PERM-003')}`, () => {
    expect(on([11], 16)).toEqual([16, 48, 49, 50, 51, 52]);
    expect(on([16], 11)).toEqual([11, 34, 35, 36, 37, 38]);
    expect(on([22], 26)).toEqual([26]);
    expect(on([26, 11], 22)).toEqual([11, 22]);
  });

  it('takes the dependents of the view option it replaces with it', () => {
    expect(on([11, 1, 4, 10, 34, 39], 16)).toEqual([16, 48, 49, 50, 51, 52]);
    expect(on([16, 12, 13, 15, 48, 53], 11)).toEqual([11, 34, 35, 36, 37, 38]);
    expect(on([22, 17, 19, 21], 26)).toEqual([26]);
  });

  it(`switches off everything that depends on a view option turned off, through edit options to their sections ${req('PERM-003')}`, () => {
    expect(off([11, 1, 5, 10, 34, 35, 39, 40, 56], 11)).toEqual([56]);
    expect(off([16, 12, 14, 15, 48, 53, 54], 16)).toEqual([]);
    expect(off([30, 27, 28, 29, 31], 30)).toEqual([31]);
  });

  it('switches off the sections of an edit option turned off, and only those', () => {
    expect(off([11, 1, 34, 39, 40, 41], 1)).toEqual([11, 34]);
    expect(off([16, 12, 48, 53, 55], 12)).toEqual([16, 48]);
  });

  it('refuses a dependent while its parent is off and answers the state unchanged', () => {
    for (const [type, parent] of [
      [1, 11],
      [15, 16],
      [21, 22],
      [25, 26],
      [29, 30],
      [34, 11],
      [48, 16],
      [39, 1],
      [53, 12],
    ] as const) {
      expect(missingParentOf([], type)).toBe(parent);
      expect(on([56], type)).toEqual([56]);
    }
    expect(on([11], 39)).toEqual([11]);
    expect(missingParentOf([11], 1)).toBeNull();
    expect(missingParentOf([], 56)).toBeNull();
    expect(missingParentOf([], 31)).toBeNull();
  });

  it(`keeps one option per kind among siblings, taking the replaced option’s sections with it ${req('PERM-004')}`, () => {
    expect(on([11, 1, 39, 40], 2)).toEqual([2, 11]);
    expect(on([11, 4], 9)).toEqual([9, 11]);
    expect(on([16, 13], 14)).toEqual([14, 16]);
    expect(on([22, 17], 18)).toEqual([18, 22]);
    expect(on([22, 19], 20)).toEqual([20, 22]);
    expect(on([30, 27], 31)).toEqual([30, 31]);
    expect(on([31], 27)).toEqual([31]);
    expect(on([30, 31], 27)).toEqual([27, 30]);
    expect(on([30, 29], 33)).toEqual([30, 33]);
  });

  it('lets options of different kinds and the sections be on together', () => {
    expect(on([11, 1, 4], 10)).toEqual([1, 4, 10, 11]);
    expect(on(on(on([11], 34), 35), 38)).toEqual([11, 34, 35, 38]);
    expect(on([11, 1, 39], 40)).toEqual([1, 11, 39, 40]);
    expect(on([11], 56)).toEqual([11, 56]);
  });

  it('is idempotent, sorted and without duplicates', () => {
    expect(on([11, 11], 11)).toEqual([11]);
    expect(off([], 11)).toEqual([]);
    expect(on([56, 22], 11)).toEqual([11, 22, 34, 35, 36, 37, 38, 56]);
  });
});

describe('accessFlags', () => {
  it('gives nothing without permissions', () => {
    const { role, ...flags } = accessFlags('User', new Set(), false);
    expect(role).toBe('User');
    expect(Object.values(flags)).toEqual(Array(8).fill(false));
  });

  it(`derives each flag from the catalogue ${req('PERM-005')}`, () => {
    expect(accessFlags('User', new Set([16, 15]), false)).toMatchObject({
      canViewDocuments: true,
      canAddDocuments: true,
      canViewTasks: false,
    });
    expect(accessFlags('User', new Set([26, 25]), false)).toMatchObject({
      canViewTasks: true,
      canAddTasks: true,
      canViewDocuments: false,
    });
    expect(accessFlags('User', new Set([33]), false)).toMatchObject({
      canViewTrainingRecords: true,
      canAddTrainingRecords: true,
    });
    expect(accessFlags('User', new Set([30]), false)).toMatchObject({
      canViewTrainingRecords: true,
      canAddTrainingRecords: false,
    });
    expect(accessFlags('User', new Set([56]), false)).toEqual({
      role: 'User',
      canViewHrRecords: false,
      canViewDocuments: false,
      canViewTasks: false,
      canViewTrainingRecords: false,
      canManageOrganization: true,
      canAddDocuments: false,
      canAddTasks: false,
      canAddTrainingRecords: false,
    });
  });
});

describe('Permission names', () => {
  it('name every type of the catalogue once, with the kind their name says', () => {
    const named = Object.entries(Permission);
    expect(named.map(([, type]) => type).sort((a, b) => a - b)).toEqual(PERMISSION_TYPES);
    for (const [name, type] of named) {
      const { kind } = permissionOf(type);
      const verb = name.match(/^(View|Edit|Delete|Add|Manage)/)?.[1];
      const sectionKind = name.endsWith('Section') ? `section-${verb?.toLowerCase()}` : undefined;
      const expected = sectionKind ?? (verb === 'Manage' ? 'settings' : verb?.toLowerCase());
      expect(kind, name).toBe(expected);
    }
  });
});
