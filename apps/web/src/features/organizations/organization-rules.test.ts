import { describe, expect, it } from 'vitest';
import {
  canExportLogs,
  LOG_INFO_TYPES,
  logoFileProblem,
  logsDateBounds,
  logsExportQuery,
  organizationsOfStatus,
  type LogsExportChoice,
} from './organization-rules';
import { req } from '../../../../../docs/requirements/req.js';

const choice = (overrides: Partial<LogsExportChoice> = {}): LogsExportChoice => ({
  infoTypes: [],
  selectedIds: [],
  range: null,
  includeOrganizationChanges: false,
  ...overrides,
});

describe('logo file checks', () => {
  it('accepts the five formats of the spec, whatever the case, up to 10 MB', () => {
    for (const name of ['a.jpg', 'a.JPGS', 'a.jpeg', 'a.Png', 'a.svg'])
      expect(logoFileProblem({ name, size: 10 })).toBeNull();
    expect(logoFileProblem({ name: 'a.png', size: 10 * 1024 * 1024 })).toBeNull();
  });
  it('refuses other formats first, then files over 10 MB', () => {
    expect(logoFileProblem({ name: 'a.gif', size: 1 })).toBe('imageFormat');
    expect(logoFileProblem({ name: 'png', size: 1 })).toBe('imageFormat');
    expect(logoFileProblem({ name: 'a.webp', size: 20 * 1024 * 1024 })).toBe('imageFormat');
    expect(logoFileProblem({ name: 'a.png', size: 10 * 1024 * 1024 + 1 })).toBe('imageTooLarge');
  });
});

describe('logs export', () => {
  it('offers the eleven info types of the spec', () => {
    expect(LOG_INFO_TYPES).toHaveLength(11);
    expect(LOG_INFO_TYPES[0]).toBe('Admins');
    expect(LOG_INFO_TYPES[10]).toBe('HR Records');
  });

  it(`is enabled with info types, organizations and a range, or with organization changes and a range ${req('ORG-007')}`, () => {
    const range: [string, string] = ['2026-09-01', '2026-09-30'];
    expect(canExportLogs(choice())).toBe(false);
    expect(canExportLogs(choice({ infoTypes: [1], selectedIds: ['a'] }))).toBe(false);
    expect(canExportLogs(choice({ infoTypes: [1], range }))).toBe(false);
    expect(canExportLogs(choice({ selectedIds: ['a'], range }))).toBe(false);
    expect(canExportLogs(choice({ infoTypes: [1], selectedIds: ['a'], range }))).toBe(true);
    expect(canExportLogs(choice({ includeOrganizationChanges: true }))).toBe(false);
    expect(canExportLogs(choice({ includeOrganizationChanges: true, range }))).toBe(true);
  });

  it(`limits the range to three months back up to today ${req('ORG-007')}`, () => {
    expect(logsDateBounds('2026-11-22')).toEqual({ min: '2026-08-22', max: '2026-11-22' });
  });

  it('sends the options with the spec names, the end day with T23:50:00Z', () => {
    expect(
      logsExportQuery(
        choice({
          infoTypes: [7, 0],
          selectedIds: ['a', 'b'],
          range: ['2026-09-01', '2026-09-30'],
          includeOrganizationChanges: true,
          search: 'acme',
        }),
      ),
    ).toEqual({
      search: 'acme',
      InfoTypes: [0, 7],
      SelectedIds: ['a', 'b'],
      'DateRange.Start': '2026-09-01',
      'DateRange.End': '2026-09-30T23:50:00Z',
      IncludeOrganizationChanges: true,
    });
  });

  it('checks all, the active or the inactive organizations by the status filter', () => {
    const rows = [
      { id: 'a', status: 'Active' },
      { id: 'b', status: 'Inactive' },
      { id: 'c', status: 'Active' },
    ];
    expect(organizationsOfStatus(rows, 'ALL_ORGANIZATIONS')).toEqual(['a', 'b', 'c']);
    expect(organizationsOfStatus(rows, 'ALL_ACTIVE_ORGANIZATIONS')).toEqual(['a', 'c']);
    expect(organizationsOfStatus(rows, 'ALL_INACTIVE_ORGANIZATIONS')).toEqual(['b']);
  });
});
