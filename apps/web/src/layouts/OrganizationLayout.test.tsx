import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../shared/session-store';
import { jsonResponse, renderApp, stubApi, testTokens, testUser } from '../test/app';

const LAZY = { timeout: 10_000 };
const ORG = '0190a8e4-0000-7000-8000-0000000000aa';

function serveOrganization() {
  return stubApi((route) =>
    route === `GET /api/v1/organizations/${ORG}`
      ? jsonResponse(200, {
          data: { id: ORG, name: 'Acme Medical', status: 'Active', isManagedByClient: false, logo: null },
        })
      : jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] }),
  );
}
const menuLabels = () =>
  [...document.querySelectorAll('.qualis-sider .ant-menu-title-content')].map((e) => e.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('organization layout', () => {
  it("shows the organization's name, the Dashboard and an Admin's side menu", async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    serveOrganization();
    renderApp(`/organizations/${ORG}`);

    expect(await screen.findByRole('heading', { name: 'Dashboard' }, LAZY)).toBeTruthy();
    expect(await screen.findByText('Acme Medical')).toBeTruthy();
    expect(menuLabels()).toEqual([
      'Dashboard',
      'User Groups',
      'Users',
      'General',
      'Documents',
      'Actions',
      'Training records',
      'Human Resources',
      'Settings',
      'Audit trail',
      'Help',
    ]);
  });

  it('shows an ordinary user without permissions only the Dashboard, Help and Access Permissions', async () => {
    sessionStore.start(testUser({ role: 'User' }), testTokens, false);
    stubApi((route) =>
      route === `GET /api/v1/organizations/${ORG}`
        ? jsonResponse(200, {
            data: { id: ORG, name: 'Acme Medical', status: 'Active', isManagedByClient: false, logo: null },
          })
        : route === 'GET /api/v1/users/me'
          ? jsonResponse(200, {
              data: {
                role: 'User',
                canViewDocuments: false,
                canViewTasks: false,
                canViewTrainingRecords: false,
                canManageOrganization: false,
                canAddDocuments: false,
                canAddTasks: false,
                canAddTrainingRecords: false,
              },
            })
          : jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] }),
    );
    renderApp(`/organizations/${ORG}/dashboard`);
    // The blocking screen replaces the organization pages (spec 01 section 2).
    expect(await screen.findByText(/You currently have no access permissions/, {}, LAZY)).toBeTruthy();
    expect(menuLabels()).toEqual(['Dashboard', 'Help', 'Access Permissions']);
  });
});
