import { StyleProvider } from '@ant-design/cssinjs';
import {
  ZAccessFlags,
  type AccessFlags,
  type Endpoint,
  type EndpointBody,
  type EndpointResponse,
  type PathParams,
  type SessionUser,
} from '@qualis/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { AppRoutes } from '../app/App';
import { AppProviders } from '../app/AppProviders';
import { sessionStore } from '../shared/session-store';
import { bindNavigate } from '../shared/bridges';
import { createQueryClient } from '../shared/query-client';

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

/** What the server answers an Admin for their access flags: every flag. */
export const EVERY_FLAG: AccessFlags = {
  ...(Object.fromEntries(Object.keys(ZAccessFlags.shape).map((flag) => [flag, true])) as Omit<AccessFlags, 'role'>),
  role: 'Admin',
};

/**
 * Replaces the browser's fetch with a handler of `METHOD /path` (query string excluded; the query
 * is the third argument). The access flags (`GET /users/me`) are an Admin's (the SuperAdmin's for
 * them) unless the handler answers them. An answer may be a promise (one that never settles keeps a page loading).
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
    if (route === 'GET /api/v1/users/me' && answer.status === 404) {
      const role = sessionStore.get()?.user.role === 'SuperAdmin' ? 'SuperAdmin' : 'Admin';
      return jsonResponse(200, { data: { ...EVERY_FLAG, role } });
    }
    return answer;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** One answer of {@link stubEndpoints}: the endpoint's row and what it answers, typed by the row. */
export interface EndpointAnswer {
  readonly method: string;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly answer: (
    params: Record<string, string>,
    body: unknown,
    query: URLSearchParams,
  ) => Response | Promise<Response> | unknown;
}

/** The method of `endpoint` and the pattern of its path under /api/v1, with the names of its parameters. */
function routeOf(endpoint: Endpoint) {
  const names: string[] = [];
  const source = endpoint.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { method: endpoint.method, pattern: new RegExp(`^/api/v1${source}$`), names };
}

/**
 * Answers `endpoint` (a row of the contract's `endpoints`) with `answer`: its JSON body, typed by
 * the row's response (sent with status 200), or a whole Response (an error, a pending promise).
 */
export function on<const E extends Endpoint>(
  endpoint: E,
  answer: (
    params: PathParams<E['path']>,
    body: EndpointBody<E>,
    query: URLSearchParams,
  ) => EndpointResponse<E> | Response | Promise<Response>,
): EndpointAnswer {
  return { ...routeOf(endpoint), answer: answer as EndpointAnswer['answer'] };
}

/** The query strings of the calls `fetch` (a stub's) made to `endpoint`, in order. */
export function queriesOf(fetch: ReturnType<typeof stubApi>, endpoint: Endpoint) {
  const { method, pattern } = routeOf(endpoint);
  return fetch.mock.calls
    .map(([input, init]) => ({ method: init?.method ?? 'GET', url: new URL(input, 'http://localhost') }))
    .filter((call) => call.method === method && pattern.test(call.url.pathname))
    .map((call) => call.url.searchParams);
}

/**
 * {@link stubApi} keyed by the contract's endpoint rows instead of strings: the first answer whose
 * row matches the call's method and path answers it; any other call gets a 404.
 */
export function stubEndpoints(...answers: EndpointAnswer[]) {
  return stubApi(async (route, body, query) => {
    const [method, pathname] = route.split(' ') as [string, string];
    for (const { method: m, pattern, names, answer } of answers) {
      const match = m === method ? pattern.exec(pathname) : null;
      if (!match) continue;
      const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
      const result = await answer(params, body, query);
      return result instanceof Response ? result : jsonResponse(200, result);
    }
    return jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });
  });
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * The app's providers with Ant Design set up for jsdom: its styles are computed but not put into
 * the document (jsdom parsing them, and matching every rule on each getComputedStyle, was most of
 * a page test's time), and no motion or click wave (nothing waits for an animation to end).
 */
export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <StyleProvider mock="server">
      <ConfigProvider theme={{ token: { motion: false } }} wave={{ disabled: true }}>
        <AppProviders>{children}</AppProviders>
      </ConfigProvider>
    </StyleProvider>
  );
}

/** The whole app (providers and routes) in a memory router starting at `path` (with a navigation state, if given). */
export function renderApp(path: string | { pathname: string; state: unknown }) {
  const view = render(
    <TestProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </TestProviders>,
  );
  return { ...view, location: () => view.getByTestId('location').textContent };
}

/** Hands the memory router's navigate to the API client, as the app's routes do. */
function NavigateBridge() {
  const navigate = useNavigate();
  useEffect(() => bindNavigate((to, options) => void navigate(to, options)), [navigate]);
  return null;
}

/**
 * The feature under test alone: `element` at the route `route` (its parameters read by the page),
 * opened at `path` (with a navigation state, if given), with a fresh query cache. `routes` are the
 * other pages it leads to, by route; any other path renders nothing, and where the app went is read
 * with `location()`. Routing and guards are the whole-app tests' ({@link renderApp}).
 */
export function renderFeature(
  element: ReactNode,
  {
    route = '*',
    path = '/',
    routes = {},
  }: { route?: string; path?: string | { pathname: string; state: unknown }; routes?: Record<string, ReactNode> } = {},
) {
  const view = render(
    <TestProviders>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <NavigateBridge />
          <Routes>
            <Route path={route} element={element} />
            {Object.entries(routes).map(([other, page]) => (
              <Route key={other} path={other} element={page} />
            ))}
            {route !== '*' && <Route path="*" element={null} />}
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </TestProviders>,
  );
  return { ...view, location: () => view.getByTestId('location').textContent };
}
