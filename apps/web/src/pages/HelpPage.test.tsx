import type { Role } from '@qualis/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../shared/i18n';
import { sessionStore } from '../shared/session-store';
import { jsonResponse, renderApp, stubApi, testTokens, testUser } from '../test/app';

const LAZY = { timeout: 30_000 };
const ORG = '0190a8e4-0000-7000-8000-0000000000aa';
const NO_FLAGS = {
  role: 'User',
  canViewDocuments: false,
  canViewTasks: false,
  canViewTrainingRecords: false,
  canManageOrganization: false,
  canAddDocuments: false,
  canAddTasks: false,
  canAddTrainingRecords: false,
};

/** The organization, and for a User no permissions at all: Help must stay open to them. */
function serveOrganization() {
  return stubApi((route) => {
    if (route === `GET /api/v1/organizations/${ORG}`) {
      return jsonResponse(200, {
        data: { id: ORG, name: 'Acme Medical', status: 'Active', isManagedByClient: false, logo: null },
      });
    }
    if (route === 'GET /api/v1/users/me' && sessionStore.get()?.user.role === 'User') {
      return jsonResponse(200, { data: NO_FLAGS });
    }
    return jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });
  });
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('help page', () => {
  it.each<[Role, string, string[]]>([
    [
      'SuperAdmin',
      '/help',
      [
        'Introduction',
        'Notes about the Super Admin',
        'Notes about the Admin',
        'General Features',
        'Main artifacts and flows',
        'User access permissions',
      ],
    ],
    [
      'Admin',
      `/organizations/${ORG}/help`,
      [
        'Introduction',
        'Notes about the Admin',
        'General Features',
        'Main artifacts and flows',
        'User access permissions',
      ],
    ],
    [
      'User',
      `/organizations/${ORG}/help`,
      ['Introduction', 'General Features', 'Main artifacts and flows', 'User access permissions'],
    ],
  ])(
    'shows the %s at %s the tabs of their role and the version in the footer',
    async (role, path, tabs) => {
      sessionStore.start(testUser({ role }), testTokens, false);
      serveOrganization();
      renderApp(path);

      expect(await screen.findByRole('heading', { level: 1, name: 'Help' }, LAZY)).toBeTruthy();
      expect(tabNames()).toEqual(tabs);
      expect(screen.getByRole('heading', { level: 2, name: 'How the work flows' })).toBeTruthy();
      expect(screen.getByText('version 1.2')).toBeTruthy();
    },
    60_000,
  );

  it('leads through the five parts of Main artifacts and flows, and explains each permission', async () => {
    sessionStore.start(testUser({ role: 'User' }), testTokens, false);
    serveOrganization();
    renderApp(`/organizations/${ORG}/help`);
    await screen.findByRole('heading', { level: 1, name: 'Help' }, LAZY);

    fireEvent.click(screen.getByRole('tab', { name: 'Main artifacts and flows' }));
    const contents = await screen.findByRole('navigation', { name: 'Contents' });
    const parts = ['Documents', 'Actions', 'Training Records', 'HR Records', 'Tags and Global Search'];
    expect(
      within(contents)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(parts);
    for (const part of parts) expect(screen.getByRole('heading', { level: 2, name: part })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Document lifecycle' })).toBeTruthy();
    expect(screen.getByText(/must be unique within the organization/)).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'User access permissions' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Permissions for Documents' })).toBeTruthy();
    // The catalogue in its own words, addressed to the User reading it.
    const viewAll = screen.getByText('View all documents').closest('li')!;
    expect(viewAll.textContent).toContain('Allows you to see every document of the organization.');
    expect(within(viewAll).getByText('Edit all not approved documents')).toBeTruthy();
    expect(screen.getByText('Manage organization settings')).toBeTruthy();
  }, 60_000);

  it('loads the help texts of a language chosen on the page', async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    serveOrganization();
    renderApp(`/organizations/${ORG}/help`);
    await screen.findByRole('heading', { level: 1, name: 'Help' }, LAZY);

    await changeLanguage('de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hilfe' }, LAZY)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Einführung' })).toBeTruthy();
    expect(screen.getByText('Version 1.2')).toBeTruthy();
  }, 60_000);
});
