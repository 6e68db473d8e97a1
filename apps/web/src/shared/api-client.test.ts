import { ZFileResponse, messages, type SessionUser, type TokenPair } from '@qualis/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type StoredSession } from './api-client';
import { req } from '../../../../docs/requirements/req.js';

const user: SessionUser = {
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
};
const tokens = (n: number): TokenPair => ({
  accessToken: `access-${n}`,
  refreshToken: `refresh-${n}`,
  accessTokenExpiresAt: '2030-01-01T00:00:00Z',
});

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
const failure = (status: number, message: string) => json(status, { errors: [{ code: 'BAD_REQUEST', message }] });

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function setup(handler: Handler, options: { session?: StoredSession | null; location?: string } = {}) {
  let session: StoredSession | null = options.session === undefined ? { user, token: tokens(1) } : options.session;
  let clock = 1_000;
  // The client always calls fetch with a URL string.
  const fetch = vi.fn((url: string, init: RequestInit = {}) => Promise.resolve(handler(url, init)));
  const deps = {
    fetch: fetch as unknown as typeof globalThis.fetch,
    navigate: vi.fn(),
    notify: vi.fn(),
    text: (key: 'accessDenied' | 'requestFailed') => messages[key],
    // Stands in for i18n: a keyed text shows as its key and values, so the test sees which was used.
    translate: (answer: { message: string; messageKey?: string; messageParams?: Record<string, string> }) =>
      answer.messageKey ? `${answer.messageKey}${JSON.stringify(answer.messageParams ?? {})}` : answer.message,
    location: () => options.location ?? '/organizations/org-1/documents?page=2',
    session: {
      get: () => session,
      setTokens: vi.fn((token: TokenPair) => {
        if (session) session = { ...session, token };
      }),
      clear: vi.fn(() => {
        session = null;
      }),
    },
    homeAfterInactive: vi.fn(async () => '/organizations/other/dashboard'),
    now: () => clock,
  };
  return {
    api: createApiClient(deps),
    deps,
    fetch,
    session: () => session,
    tick: (ms: number) => (clock += ms),
  };
}

const authOf = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;
const isRefresh = (url: string, init: RequestInit) => url === '/api/v1/sessions' && init.method === 'PUT';

/** A server whose access tokens before `valid` have expired and whose refresh hands out `valid`. */
function expiringServer(valid: number, refresh: () => Response = () => json(200, { data: tokens(valid) })): Handler {
  return (url, init) => {
    if (isRefresh(url, init)) return refresh();
    return authOf(init) === `Bearer access-${valid}` ? json(200, { data: { ok: true } }) : failure(401, 'expired');
  };
}

describe('api client', () => {
  it('sends the bearer token and repeated array parameters', async () => {
    const { api, fetch } = setup(() => json(200, { data: [] }));
    await api.request('/organizations', { query: { limit: 25, search: '', columns: ['name', 'status'] } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/organizations?limit=25&columns=name&columns=status');
    expect(authOf(init!)).toBe('Bearer access-1');
  });

  it(`on 401 refreshes once, stores the rotated tokens and retries the request ${req('AUTH-003')}`, async () => {
    const { api, fetch, deps, session } = setup(expiringServer(2));
    await expect(api.request('/users/me/profile')).resolves.toEqual({ data: { ok: true } });

    const calls = fetch.mock.calls.map(([url, init]) => `${init!.method} ${url} ${authOf(init!) ?? ''}`);
    expect(calls).toEqual([
      'GET /api/v1/users/me/profile Bearer access-1',
      'PUT /api/v1/sessions ',
      'GET /api/v1/users/me/profile Bearer access-2',
    ]);
    expect(JSON.parse(fetch.mock.calls[1]![1]!.body as string)).toEqual({ refreshToken: 'refresh-1' });
    expect(session()?.token).toEqual(tokens(2));
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('shares one refresh among concurrent 401s', async () => {
    const { api, fetch } = setup(expiringServer(2));
    await Promise.all([api.request('/a'), api.request('/b'), api.request('/c')]);
    expect(fetch.mock.calls.filter(([url, init]) => isRefresh(url, init!))).toHaveLength(1);
  });

  it(`when the refresh fails: access-denied toast, storage cleared, back to /login remembering the page ${req('AUTH-003')}`, async () => {
    const { api, deps, session } = setup(expiringServer(2, () => failure(401, 'invalid refresh token')));
    await expect(Promise.all([api.request('/a'), api.request('/b')])).rejects.toBeInstanceOf(ApiError);

    expect(deps.notify).toHaveBeenCalledTimes(1);
    expect(deps.notify).toHaveBeenCalledWith(messages.accessDenied);
    expect(session()).toBeNull();
    expect(deps.navigate).toHaveBeenCalledWith('/login', { state: { from: '/organizations/org-1/documents?page=2' } });
  });

  it('without a session a 401 signs out without trying to refresh', async () => {
    const { api, fetch, deps } = setup(() => failure(401, 'no token'), { session: null });
    await expect(api.request('/a')).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(deps.notify).toHaveBeenCalledWith(messages.accessDenied);
    expect(deps.navigate).toHaveBeenCalledWith('/login', expect.anything());
  });

  it(`toasts the first server message and drops the same toast within 200 ms ${req('UI-003')}`, async () => {
    const { api, deps, tick } = setup(() => failure(400, 'Name is too long'));
    await api.request('/a').catch(() => undefined);
    tick(150);
    await api.request('/a').catch(() => undefined);
    expect(deps.notify).toHaveBeenCalledTimes(1);
    expect(deps.notify).toHaveBeenCalledWith('Name is too long');
    tick(60);
    await api.request('/a').catch(() => undefined);
    expect(deps.notify).toHaveBeenCalledTimes(2);
  });

  it('shows a keyed server error in the language on screen, an unkeyed one as the server wrote it', async () => {
    const keyed = {
      code: 'CONFLICT',
      message: 'The access code has been sent to a@b.test',
      messageKey: 'accessCodeSent',
    };
    const { api, deps } = setup((url) =>
      url.endsWith('/keyed')
        ? json(409, { errors: [{ ...keyed, messageParams: { email: 'a@b.test' } }] })
        : failure(400, 'Plain text'),
    );
    await expect(api.request('/keyed')).rejects.toMatchObject({
      status: 409,
      message: 'accessCodeSent{"email":"a@b.test"}',
    });
    expect(deps.notify).toHaveBeenCalledWith('accessCodeSent{"email":"a@b.test"}');
    await expect(api.request('/plain')).rejects.toMatchObject({ message: 'Plain text' });
  });

  it('translates the success message of an answer, at the top or in data, when it has a key', async () => {
    const answers: Record<string, unknown> = {
      '/api/v1/inside': { data: { message: 'Your password is changed.', messageKey: 'passwordChanged' } },
      '/api/v1/top': {
        data: { id: 'g1' },
        message: 'User Group has been successfully created',
        messageKey: 'userGroupCreated',
      },
      '/api/v1/plain': { data: { message: 'No key here' } },
    };
    const { api } = setup((url) => json(200, answers[url]));
    expect(await api.request('/inside')).toEqual({
      data: { message: 'passwordChanged{}', messageKey: 'passwordChanged' },
    });
    expect(await api.request('/top')).toEqual({
      data: { id: 'g1' },
      message: 'userGroupCreated{}',
      messageKey: 'userGroupCreated',
    });
    expect(await api.request('/plain')).toEqual({ data: { message: 'No key here' } });
  });

  it("toasts 'Request failed' when the answer has no message", async () => {
    const { api, deps } = setup(() => new Response('oops', { status: 500 }));
    await expect(api.request('/a')).rejects.toMatchObject({ status: 500, message: messages.requestFailed });
    expect(deps.notify).toHaveBeenCalledWith(messages.requestFailed);
  });

  it(`on 403 toasts access denied ${req('UI-004')}`, async () => {
    const { api, deps } = setup(() => failure(403, 'You may not approve this revision'));
    await expect(api.request('/a')).rejects.toMatchObject({ status: 403 });
    expect(deps.notify).toHaveBeenCalledWith(messages.accessDenied);
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it(`on 404 of a list goes to /pages-404; elsewhere it only toasts ${req('UI-005')}`, async () => {
    const { api, deps } = setup(() => failure(404, 'Not found'));
    await api.request('/organizations/x/users').catch(() => undefined);
    expect(deps.navigate).not.toHaveBeenCalled();
    await api.request('/organizations', { notFoundPage: true }).catch(() => undefined);
    expect(deps.navigate).toHaveBeenCalledWith('/pages-404');
  });

  it("on 404 of a detail's record shows the same access-denied notice as a 403, once", async () => {
    const { api, deps } = setup(() => failure(404, 'The requested item was not found.'));
    await expect(api.request('/documents/x', { detail: true })).rejects.toMatchObject({ status: 404 });
    await api.request('/documents/x', { detail: true }).catch(() => undefined);
    expect(deps.notify.mock.calls).toEqual([[messages.accessDenied]]);
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it("says 'Request failed', not access denied, when a detail's record gets no answer at all", async () => {
    const { api, deps } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.request('/documents/x', { detail: true })).rejects.toMatchObject({ status: 404 });
    expect(deps.notify).toHaveBeenCalledWith(messages.requestFailed);
  });

  it('treats no answer at all as a 404', async () => {
    const { api, deps } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.request('/organizations', { notFoundPage: true })).rejects.toMatchObject({ status: 404 });
    expect(deps.notify).toHaveBeenCalledWith(messages.requestFailed);
    expect(deps.navigate).toHaveBeenCalledWith('/pages-404');
  });

  it("on 423 goes to the current organization's dashboard", async () => {
    const { api, deps } = setup(() => failure(423, 'Locked'));
    await api.request('/a').catch(() => undefined);
    expect(deps.navigate).toHaveBeenCalledWith('/organizations/org-1/dashboard');
  });

  it('on 422 goes where the organizations read again lead, naming the organization left', async () => {
    const left = setup(() => failure(422, 'Inactive'), { location: '/organizations/org-9/users?x=1' });
    await left.api.request('/a').catch(() => undefined);
    await vi.waitFor(() => expect(left.deps.navigate).toHaveBeenCalledWith('/organizations/other/dashboard'));
    expect(left.deps.homeAfterInactive).toHaveBeenCalledWith(user, 'org-9');
  });

  it('leaves a silent request (sign-in) to its caller: no token, no refresh, no toast', async () => {
    const { api, fetch, deps } = setup(() => failure(401, messages.invalidCredentials));
    const request = api.request('/sessions', { method: 'POST', body: { email: 'a@b.c', password: 'x' }, silent: true });
    await expect(request).rejects.toMatchObject({ status: 401, message: messages.invalidCredentials });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(authOf(fetch.mock.calls[0]![1]!)).toBeUndefined();
    expect(deps.notify).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('keeps a quiet request signed in but shows nothing when it fails (a document file download)', async () => {
    const { api, fetch, deps } = setup(() => failure(404, 'Not found'));
    await expect(api.downloadPath('/api/v1/documents/d/file/f/content', { quiet: true })).rejects.toMatchObject({
      status: 404,
    });
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/documents/d/file/f/content');
    expect(authOf(fetch.mock.calls[0]![1]!)).toBe('Bearer access-1');
    expect(deps.notify).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('returns undefined for 204 No Content', async () => {
    const { api } = setup(() => new Response(null, { status: 204 }));
    await expect(api.request('/sessions', { method: 'DELETE', silent: true })).resolves.toBeUndefined();
  });
});

describe('downloads', () => {
  const exportEndpoint = {
    method: 'GET',
    path: '/export/many-Tasks',
    response: ZFileResponse,
  } as const;

  it('answers the file and its name, or the message of a file made in the background', async () => {
    const file = () =>
      new Response('%PDF', {
        status: 200,
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="Tasks.pdf"' },
      });
    const saved = await setup(file).api.download(exportEndpoint, {});
    expect('blob' in saved && saved.fileName).toBe('Tasks.pdf');
    expect('blob' in saved && (await saved.blob.text())).toBe('%PDF');

    const queued = setup(() =>
      json(200, { data: { message: messages.reportBeingGenerated, messageKey: 'reportBeingGenerated' } }),
    );
    expect(await queued.api.download(exportEndpoint, {})).toEqual({ message: 'reportBeingGenerated{}' });
    expect(queued.deps.notify).not.toHaveBeenCalled();
  });
});

describe('file names of downloads', () => {
  it('prefers the UTF-8 name and falls back to the plain one', async () => {
    const { fileNameOf } = await import('./api-client');
    expect(fileNameOf(`attachment; filename="a_b.csv"; filename*=UTF-8''%C3%84rzte.csv`)).toBe('Ärzte.csv');
    expect(fileNameOf('attachment; filename="plain.csv"')).toBe('plain.csv');
    expect(fileNameOf(null)).toBe('download');
  });
});
