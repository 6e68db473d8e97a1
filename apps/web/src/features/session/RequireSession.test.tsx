import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, stubApi, testTokens, testUser } from '../../test/app';
import { sessionStore } from '../../shared/session-store';
import { req } from '../../../../../docs/requirements/req.js';

const LAZY = { timeout: 10_000 };

function signIn() {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'root@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

const superAdmin = testUser({
  role: 'SuperAdmin',
  firstName: null,
  lastName: null,
  organizationCount: 0,
  firstOrganizationId: null,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('route guard', () => {
  it(`sends a visitor without a session to /login and, after sign-in, back to the page they wanted ${req('AUTH-006', 'AUTH-005')}`, async () => {
    stubApi((route) =>
      route === 'POST /api/v1/sessions'
        ? jsonResponse(201, { data: { user: superAdmin, token: testTokens } })
        : jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'unexpected' }] }),
    );
    const app = renderApp('/profile/edit?tab=2');

    await screen.findByRole('button', { name: 'Sign in' });
    expect(app.location()).toBe('/login');

    signIn();
    expect(await screen.findByRole('heading', { name: /Edit Profile/ }, LAZY)).toBeTruthy();
    expect(app.location()).toBe('/profile/edit?tab=2');
  });

  it(`without a wanted page, sends a SuperAdmin to the organization list ${req('AUTH-005')}`, async () => {
    stubApi((route) => {
      if (route === 'POST /api/v1/sessions')
        return jsonResponse(201, { data: { user: superAdmin, token: testTokens } });
      if (route === 'GET /api/v1/organizations') return jsonResponse(200, { data: [], pagination: { totalCount: 0 } });
      return jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'unexpected' }] });
    });
    const app = renderApp('/login');
    signIn();
    expect(await screen.findByText('There are no Documents to display', {}, LAZY)).toBeTruthy();
    expect(app.location()).toBe('/organizations');
  });

  it(`signs out on /logout: revokes the refresh token, clears the storage, shows the sign-in page ${req('AUTH-004')}`, async () => {
    sessionStore.start(testUser(), testTokens, true);
    const fetch = stubApi(() => new Response(null, { status: 204 }));
    const app = renderApp('/logout');

    await screen.findByRole('button', { name: 'Sign in' }, LAZY);
    expect(app.location()).toBe('/login');
    expect(sessionStore.get()).toBeNull();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0]!;
    expect([init!.method, url, init!.body]).toEqual(['DELETE', '/api/v1/sessions', '{"refreshToken":"refresh-1"}']);
  });
});
