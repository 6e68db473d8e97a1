import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/app';
import { homePath, organizationsMenuPath, returnPath } from './home-path';

describe('homePath', () => {
  it('follows spec 01 section 4', () => {
    expect(homePath(testUser({ role: 'SuperAdmin', organizationCount: 0, firstOrganizationId: null }))).toBe(
      '/organizations',
    );
    expect(homePath(testUser({ organizationCount: 2 }))).toBe('/user-organizations');
    expect(homePath(testUser({ organizationCount: 1, firstOrganizationId: 'o1' }))).toBe('/organizations/o1/dashboard');
    expect(homePath(testUser({ organizationCount: 0, firstOrganizationId: null }))).toBe('/profile');
  });

  it("sends the user menu's Organization(s) entry to the list when there is no organization", () => {
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
