import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Role, UserAccessSettings } from '@qualis/contract';
import { createQueryClient } from '../../shared/query-client';
import { sessionStore } from '../../shared/session-store';
import { EVERY_FLAG, jsonResponse, stubApi, TestProviders, testTokens, testUser } from '../../test/app';
import { UserAccessPermissions } from './UserAccessPermissions';

const ORG = '0190a8e4-0000-7000-8000-0000000000aa';
const USER = '0190a8e4-0000-7000-8000-000000000101';
const SOON = { timeout: 15_000 };
const SLOW = { timeout: 120_000 };

const settingsOf = (user: Partial<UserAccessSettings['user']>): UserAccessSettings => ({
  user: {
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    role: 'User',
    restriction: 'none',
    canChangeRestriction: true,
    ...user,
  },
  userGroups: [],
  settings: [],
});

/** Serves the page's settings (the restriction as last set) and records the restriction calls. */
function serve(initial: Partial<UserAccessSettings['user']>, viewerRole: Role = 'Admin') {
  let current = settingsOf(initial);
  const sent: unknown[] = [];
  stubApi((route, body) => {
    if (route === 'GET /api/v1/users/me') return jsonResponse(200, { data: { ...EVERY_FLAG, role: viewerRole } });
    if (route === `GET /api/v1/client-users/${USER}/settings`) return jsonResponse(200, { data: current });
    if (route === `PUT /api/v1/client-users/${USER}/restriction`) {
      sent.push(body);
      const { restriction } = body as { restriction: UserAccessSettings['user']['restriction'] };
      current = settingsOf({ ...initial, restriction });
      return jsonResponse(200, { data: { restriction }, message: 'The restriction has been successfully changed' });
    }
    return jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });
  });
  return sent;
}

function renderPage() {
  render(
    <TestProviders>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <UserAccessPermissions organizationId={ORG} userId={USER} />
        </MemoryRouter>
      </QueryClientProvider>
    </TestProviders>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe("a person's restriction on the Access Permissions page", SLOW, () => {
  it('lets an Admin make a User a client, and shows the new restriction', async () => {
    sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
    const sent = serve({});
    renderPage();
    const select = await screen.findByRole('combobox', { name: 'Restriction' }, SOON);
    expect(screen.getByText('None')).toBeTruthy();
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByText('Client', { selector: '.ant-select-item-option-content' }, SOON));
    await waitFor(() => expect(sent).toEqual([{ organizationId: ORG, restriction: 'client' }]), SOON);
    // The page reads the restriction again: the select shows the new one.
    await waitFor(() => expect(select.closest('.ant-select')?.textContent).toContain('Client'), SOON);
  });

  it('shows the restriction as text to someone the server does not let change it', async () => {
    sessionStore.start(testUser({ role: 'User', id: USER }), testTokens, false);
    serve({ restriction: 'hrLimited', canChangeRestriction: false }, 'User');
    renderPage();
    expect(await screen.findByText('HR-limited', {}, SOON)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Restriction' })).toBeNull();
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/profile');
  });

  it('lets the SuperAdmin restrict an Admin, and goes back to the Admins list', async () => {
    sessionStore.start(testUser({ role: 'SuperAdmin' }), testTokens, false);
    serve({ role: 'Admin' }, 'SuperAdmin');
    renderPage();
    expect(await screen.findByRole('combobox', { name: 'Restriction' }, SOON)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', `/organizations/${ORG}/admins`);
  });

  it('sends a client Admin (a User here) back to their profile, as a User', async () => {
    sessionStore.start(testUser({ role: 'Admin', id: USER }), testTokens, false);
    serve({ role: 'Admin', restriction: 'client', canChangeRestriction: false }, 'User');
    renderPage();
    expect(await screen.findByText('Client', {}, SOON)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/profile');
  });
});
