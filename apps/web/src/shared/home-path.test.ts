import { describe, expect, it } from 'vitest';
import { testUser } from '../test/app';
import type { Organization } from '@qualis/contract';
import { homeAfterInactive, homePath, organizationsMenuPath, returnPath } from './home-path';
import { req } from '../../../../docs/requirements/req.js';

const organization = (id: string, status: Organization['status'] = 'Active'): Organization => ({
  id,
  name: id,
  status,
  isManagedByClient: false,
  logo: null,
  signingRequiresPassword: false,
  reviewReminderDays: 30,
});

describe('homeAfterInactive (HTTP 422)', () => {
  const list =
    (...organizations: Organization[]) =>
    () =>
      Promise.resolve(organizations);
  it('goes to the one other active organization, never back to the one left', async () => {
    expect(await homeAfterInactive(testUser(), 'o1', list(organization('o1'), organization('o2')))).toBe(
      '/organizations/o2/dashboard',
    );
  });
  it('goes to the chooser only with several active organizations, else to the profile', async () => {
    const several = list(organization('o1'), organization('o2'), organization('o3'));
    expect(await homeAfterInactive(testUser(), 'o1', several)).toBe('/user-organizations');
    const none = list(organization('o1'), organization('o2', 'Inactive'));
    expect(await homeAfterInactive(testUser(), 'o1', none)).toBe('/profile');
  });
  it('sends the SuperAdmin to the organizations list', async () => {
    expect(await homeAfterInactive(testUser({ role: 'SuperAdmin' }), 'o1', list())).toBe('/organizations');
  });
});

describe('homePath', () => {
  it(`follows spec 01 section 4 ${req('AUTH-005')}`, () => {
    expect(homePath(testUser({ role: 'SuperAdmin', organizationCount: 0, firstOrganizationId: null }))).toBe(
      '/organizations',
    );
    expect(homePath(testUser({ organizationCount: 2 }))).toBe('/user-organizations');
    expect(homePath(testUser({ organizationCount: 1, firstOrganizationId: 'o1' }))).toBe('/organizations/o1/dashboard');
    expect(homePath(testUser({ organizationCount: 0, firstOrganizationId: null }))).toBe('/profile');
  });

  it(`sends the user menu's Organization(s) entry to the list when there is no organization ${req('UI-007')}`, () => {
    expect(organizationsMenuPath(testUser({ organizationCount: 0, firstOrganizationId: null }))).toBe('/organizations');
    expect(organizationsMenuPath(testUser({ organizationCount: 1, firstOrganizationId: 'o1' }))).toBe(
      '/organizations/o1/dashboard',
    );
  });
});

describe('returnPath', () => {
  it('accepts an in-app path and refuses the rest', () => {
    expect(returnPath({ from: '/organizations/o1/documents?page=2' })).toBe('/organizations/o1/documents?page=2');
    expect(returnPath({ from: '//evil.example.com' })).toBeNull();
    expect(returnPath({ from: 'https://evil.example.com' })).toBeNull();
    expect(returnPath({ from: '/logout' })).toBeNull();
    expect(returnPath(null)).toBeNull();
  });
});
