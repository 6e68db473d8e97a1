import { screen } from '@testing-library/react';
import type { AccessFlags } from '@qualis/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../shared/session-store';
import { EVERY_FLAG, jsonResponse, renderApp, stubApi, testTokens, testUser } from '../../test/app';
import { NO_ACCESS } from './access.api';
import { req } from '../../../../../docs/requirements/req.js';

const LAZY = { timeout: 30_000 };
const SLOW = 60_000;
const ORG = '0190a8e4-0000-7000-8000-0000000000aa';
const organization = { id: ORG, name: 'Acme Medical', status: 'Active', isManagedByClient: false, logo: null };
const menuLabels = () =>
  [...document.querySelectorAll('.qualis-sider .ant-menu-title-content')].map((e) => e.textContent);

function serve(flags: AccessFlags) {
  return stubApi((route) => {
    if (route === `GET /api/v1/organizations/${ORG}`) return jsonResponse(200, { data: organization });
    if (route === 'GET /api/v1/users/me') return jsonResponse(200, { data: flags });
    if (route === 'GET /api/v1/dashboard/counters') {
      return jsonResponse(200, {
        data: { actionsToDo: 0, trainingToPass: 0, documentsToReview: 0, documentsToApprove: 0 },
      });
    }
    if (route.startsWith('GET /api/v1/dashboard/')) return jsonResponse(200, { data: [] });
    return jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });
  });
}

beforeAll(async () => {
  await Promise.all([import('../../layouts/OrganizationLayout'), import('../../pages/DashboardPage')]);
}, 120_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('access flags in the organization layout', () => {
  it(
    `shows a User the entries and add buttons their groups allow, asking for the organization's flags ${req('UI-001', 'DASH-002')}`,
    async () => {
      sessionStore.start(testUser({ role: 'User' }), testTokens, false);
      const fetch = serve({
        ...NO_ACCESS,
        canViewDocuments: true,
        canAddDocuments: true,
        canViewTrainingRecords: true,
      });
      renderApp(`/organizations/${ORG}/dashboard`);

      expect(await screen.findByRole('heading', { name: 'Dashboard' }, LAZY)).toBeTruthy();
      expect(menuLabels()).toEqual(['Dashboard', 'Documents', 'Training records', 'Help', 'Access Permissions']);
      expect(screen.getByRole('button', { name: /Add Document/ })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Add Action/ })).toBeNull();
      expect(screen.queryByRole('button', { name: /Add Training Record/ })).toBeNull();
      const call = fetch.mock.calls.map(([url]) => url).find((url) => url.startsWith('/api/v1/users/me'));
      expect(call).toBe(`/api/v1/users/me?organizationId=${ORG}`);
    },
    SLOW,
  );

  it(
    `blocks a User who can view neither documents nor actions, but leaves their access page open ${req('UI-002')}`,
    async () => {
      sessionStore.start(testUser({ role: 'User' }), testTokens, false);
      serve({ ...NO_ACCESS, canViewTrainingRecords: true, canManageOrganization: true });
      renderApp(`/organizations/${ORG}/dashboard`);

      expect(await screen.findByText(/You currently have no access permissions/, {}, LAZY)).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
      expect(menuLabels()).toEqual(['Dashboard', 'Training records', 'Settings', 'Help', 'Access Permissions']);
    },
    SLOW,
  );

  it(
    `shows an Admin the add buttons the server's flags allow ${req('DASH-002')}`,
    async () => {
      sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
      const fetch = serve(EVERY_FLAG);
      renderApp(`/organizations/${ORG}/dashboard`);

      expect(await screen.findByRole('button', { name: /Add Document/ }, LAZY)).toBeTruthy();
      expect(screen.getByRole('button', { name: /Add Action/ })).toBeTruthy();
      expect(screen.getByRole('button', { name: /Add Training Record/ })).toBeTruthy();
      expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/v1/users/me?'))).toBe(true);
    },
    SLOW,
  );

  it(
    `leads each card's 'View all' to its area's list, and shows the cards' empty texts ${req('DASH-001')}`,
    async () => {
      sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
      serve(EVERY_FLAG);
      renderApp(`/organizations/${ORG}/dashboard`);

      expect(await screen.findByText('No actions yet', {}, LAZY)).toBeTruthy();
      expect(screen.getByText('No training records yet')).toBeTruthy();
      expect(screen.getByText('No documents yet')).toBeTruthy();
      expect(screen.getAllByRole('link', { name: 'View all' }).map((a) => a.getAttribute('href'))).toEqual([
        `/organizations/${ORG}/documents?reviewOverdue=true`,
        `/organizations/${ORG}/tasks`,
        `/organizations/${ORG}/training-records`,
        `/organizations/${ORG}/documents`,
      ]);
    },
    SLOW,
  );
});
