import { ZAccessFlags, type AccessFlags, type SessionUser } from '@qualis/contract';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import { AppRoutes } from '../app/App';
import { AppProviders } from '../app/AppProviders';

export const testUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  id: '0190a8e4-0000-7000-8000-000000000001',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  newEmail: null,
  role: 'Admin',
  organizationCount: 1,
  firstOrganizationId: '0190a8e4-0000-7000-8000-0000000000aa',
  avatar: null,
  emailNotificationState: true,
  language: 'en',
  ...overrides,
});

export const testTokens = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  accessTokenExpiresAt: '2030-01-01T00:00:00Z',
};

export const jsonResponse = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** What the server answers an Admin or the SuperAdmin for their access flags: every flag. */
export const EVERY_FLAG: AccessFlags = Object.fromEntries(
  Object.keys(ZAccessFlags.shape).map((flag) => [flag, true]),
) as AccessFlags;

/**
 * Replaces the browser's fetch with a handler of `METHOD /path` (query string excluded; the query
 * is the third argument). The access flags (`GET /users/me`) are an Admin's unless the handler
 * answers them. An answer may be a promise (one that never settles keeps a page loading).
 */
export function stubApi(
  handler: (route: string, body: unknown, query: URLSearchParams) => Response | Promise<Response>,
) {
  // The API client always calls fetch with a URL string and a JSON string body.
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const route = `${init.method ?? 'GET'} ${url.pathname}`;
    const answer = await handler(route, body, url.searchParams);
    if (route === 'GET /api/v1/users/me' && answer.status === 404) return jsonResponse(200, { data: EVERY_FLAG });
    return answer;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The whole app (providers and routes) in a memory router starting at `path` (with a navigation state, if given). */
export function renderApp(path: string | { pathname: string; state: unknown }) {
  const view = render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, location: () => view.getByTestId('location').textContent };
}
