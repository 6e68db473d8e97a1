import type { ServerText } from './server-text';
import {
  TOAST_DEDUPE_MS,
  ZEventStream,
  ZFileResponse,
  type ApiError as ApiErrorItem,
  type Endpoint,
  type EndpointBody,
  type EndpointQuery,
  type EndpointResponse,
  type PathParams,
  type SessionUser,
  type TokenPair,
} from '@qualis/contract';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The caller handles the failure itself: no bearer token, no refresh, no toast, no redirect.
   * For the session endpoints, which authenticate by their body (sign-in shows its error in an alert).
   */
  silent?: boolean;
  /**
   * With the session as usual (bearer token, refresh on 401), but a failure is only thrown, never
   * shown: for calls whose failures the spec ignores (a document file's download).
   */
  quiet?: boolean;
  /** A 404 answer leaves the page with nothing to show: go to /pages-404 (lists, a layout's own record). */
  notFoundPage?: boolean;
  /**
   * The record a detail page opens: a 404 (no such record, or one the person may not see; the
   * server does not tell which) shows the same Access denied notice as a 403 (spec 03 section 6).
   */
  detail?: boolean;
}

export class ApiError extends Error {
  /** `message` is the first error's text, already in the language on screen. */
  constructor(
    readonly status: number,
    readonly errors: readonly ApiErrorItem[],
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface StoredSession {
  user: SessionUser;
  token: TokenPair;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  navigate: (to: string, options?: { state?: unknown }) => void;
  /** Shows one error toast; the client has already removed duplicates. */
  notify: (text: string) => void;
  /** The client's own texts, translated. */
  text: (key: 'accessDenied' | 'requestFailed') => string;
  /** A server text in the language on screen, by its `messageKey` (else its English text). */
  translate: (answer: ServerText) => string;
  /** The current path with its query, where a forced sign-in returns to. */
  location: () => string;
  session: {
    get(): StoredSession | null;
    setTokens(token: TokenPair): void;
    clear(): void;
  };
  /** Where a person lands when the organization they were in is no longer theirs (HTTP 422). */
  homeAfterInactive: (user: SessionUser, leftOrganizationId: string | null) => Promise<string>;
  baseUrl?: string;
  now?: () => number;
  /**
   * Check every JSON answer against the endpoint's response schema and fail loudly on a mismatch
   * (development and tests; production trusts the server, see docs/decisions).
   */
  checkResponses?: boolean;
}

/** The inputs of one endpoint: its path parameters, query and body, each required when the endpoint has them. */
export type CallInput<E extends Endpoint> = Omit<RequestOptions, 'method' | 'query' | 'body'> &
  (keyof PathParams<E['path']> extends never ? { params?: undefined } : { params: PathParams<E['path']> }) &
  (E['query'] extends object ? { query: EndpointQuery<E> } : { query?: undefined }) &
  (E['body'] extends object ? { body: EndpointBody<E> } : { body?: undefined });

type CallArgs<E extends Endpoint> =
  Record<never, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** The path of an endpoint with its `{name}` parameters filled in, each encoded. */
export function endpointPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The one HTTP client of the web app; it implements the error catalogue of spec 01 section 8. */
export function createApiClient(deps: ApiClientDeps) {
  const baseUrl = deps.baseUrl ?? '/api/v1';
  const now = deps.now ?? Date.now;
  let lastToast = { text: '', at: -Infinity };
  let refreshing: Promise<boolean> | null = null;

  function toast(text: string) {
    if (text === lastToast.text && now() - lastToast.at < TOAST_DEDUPE_MS) return;
    lastToast = { text, at: now() };
    deps.notify(text);
  }

  function url(path: string, query?: Record<string, QueryValue>) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined || value === null || value === '') continue;
      for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
    }
    const search = params.toString();
    return `${baseUrl}${path}${search ? `?${search}` : ''}`;
  }

  /** Resolves to null when no answer arrives at all. */
  async function send(path: string, options: RequestOptions, accessToken: string | null): Promise<Response | null> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
    // A form (file upload) sets its own multipart content type with the boundary.
    if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    try {
      return await deps.fetch(url(path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body:
          options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      return null;
    }
  }

  function signOutLocally() {
    toast(deps.text('accessDenied'));
    deps.session.clear();
    deps.navigate('/login', { state: { from: deps.location() } });
  }

  async function refreshTokens(): Promise<boolean> {
    const refreshToken = deps.session.get()?.token.refreshToken;
    if (!refreshToken) return false;
    const response = await send('/sessions', { method: 'PUT', body: { refreshToken } }, null);
    if (!response?.ok) return false;
    const body = (await response.json().catch(() => null)) as { data?: TokenPair } | null;
    if (!body?.data?.accessToken) return false;
    deps.session.setTokens(body.data);
    return true;
  }

  /** Concurrent 401s share one refresh; a failed refresh signs out once. */
  function renewSession(usedToken: string | null): Promise<boolean> {
    const current = deps.session.get()?.token.accessToken ?? null;
    if (current && current !== usedToken) return Promise.resolve(true);
    refreshing ??= refreshTokens()
      .catch(() => false)
      .then((ok) => {
        if (!ok) signOutLocally();
        return ok;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function readErrors(response: Response): Promise<ApiErrorItem[]> {
    const body = (await response.json().catch(() => null)) as { errors?: unknown } | null;
    return Array.isArray(body?.errors) ? (body.errors as ApiErrorItem[]) : [];
  }

  function currentOrganizationId() {
    return /^\/organizations\/([^/?#]+)\//.exec(deps.location())?.[1] ?? null;
  }

  /** `answered`: the server answered (no answer at all counts as a 404 but is no refusal). */
  function reportFailure(error: ApiError, options: RequestOptions, answered: boolean) {
    if (error.status === 401) return signOutLocally();
    const denied = error.status === 403 || (error.status === 404 && answered && options.detail);
    toast(denied ? deps.text('accessDenied') : error.message);
    if (error.status === 404 && options.notFoundPage) deps.navigate('/pages-404');
    if (error.status === 423) {
      const organizationId = currentOrganizationId();
      if (organizationId) deps.navigate(`/organizations/${organizationId}/dashboard`);
    }
    if (error.status === 422) {
      const user = deps.session.get()?.user;
      if (!user) deps.navigate('/login');
      else
        void deps
          .homeAfterInactive(user, currentOrganizationId())
          .then(deps.navigate, () => deps.navigate('/user-organizations'));
    }
  }

  /** Sends with the session, refreshing once on 401; a failure is reported and thrown. */
  async function exchange(path: string, options: RequestOptions): Promise<Response> {
    const tokenFor = () => (options.silent ? null : (deps.session.get()?.token.accessToken ?? null));
    const usedToken = tokenFor();
    let response = await send(path, options, usedToken);

    if (response?.status === 401 && !options.silent) {
      if (!(await renewSession(usedToken))) throw new ApiError(401, [], deps.text('accessDenied'));
      response = await send(path, options, tokenFor());
    }

    if (response?.ok) return response;

    // No answer at all counts as 404 (spec 01 section 8).
    const errors = response ? await readErrors(response) : [];
    const error = new ApiError(
      response?.status ?? 404,
      errors,
      errors[0] ? deps.translate(errors[0]) : deps.text('requestFailed'),
    );
    if (!options.silent && !options.quiet) reportFailure(error, options, response !== null);
    throw error;
  }

  /** A success text (`message` or `data.message`) with a known key is shown in the language on screen. */
  function translated(holder: unknown): unknown {
    if (typeof holder !== 'object' || holder === null || Array.isArray(holder)) return holder;
    const record = holder as Record<string, unknown>;
    const withData = 'data' in record ? { ...record, data: translated(record.data) } : record;
    return typeof record.message === 'string' && typeof record.messageKey === 'string'
      ? { ...withData, message: deps.translate(record as unknown as ServerText) }
      : withData;
  }

  /** The parsed JSON answer of any path, unchecked; features call endpoints through `call`. */
  async function request(path: string, options: RequestOptions = {}): Promise<unknown> {
    const text = await (await exchange(path, options)).text();
    return text ? translated(JSON.parse(text)) : undefined;
  }

  function optionsOf(endpoint: Endpoint, input: CallInput<Endpoint> = {}) {
    const { params, query, body, ...rest } = input;
    const path = endpointPath(endpoint.path, params as Record<string, string> | undefined);
    return { path, options: { ...rest, method: endpoint.method, query: query as RequestOptions['query'], body } };
  }

  /** One call of the contract's endpoint table: the path, inputs and answer are typed from it. */
  async function call<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<EndpointResponse<E>> {
    const { path, options } = optionsOf(endpoint, input as CallInput<Endpoint>);
    const answer = await request(path, options);
    if (deps.checkResponses) {
      const checked = endpoint.response.safeParse(answer);
      if (!checked.success) {
        throw new Error(`${endpoint.method} ${endpoint.path} answered outside the contract: ${checked.error.message}`);
      }
    }
    return answer as EndpointResponse<E>;
  }

  /**
   * A file answer (exports): its bytes and the name the server gave it; or, when the server makes
   * the file in the background and e-mails it (a large PDF export), its message, in the language
   * on screen, and no file.
   */
  async function download<E extends Endpoint & { response: typeof ZFileResponse }>(
    endpoint: E,
    input: CallInput<E>,
  ): Promise<DownloadAnswer> {
    const { path, options } = optionsOf(endpoint, input as CallInput<Endpoint>);
    const response = await exchange(path, options);
    if (/^application\/json\b/i.test(response.headers.get('content-type') ?? '')) {
      const answer = translated(await response.json().catch(() => null)) as { data?: { message?: unknown } } | null;
      return { message: typeof answer?.data?.message === 'string' ? answer.data.message : '' };
    }
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
  }

  /**
   * Opens an event stream of the contract (the bell's): the response whose body the caller reads,
   * or null when it cannot be opened now (the caller tries again later). Quiet: no toast, no
   * redirect; an expired access token is renewed once, as for any call.
   */
  async function stream<E extends Endpoint & { response: typeof ZEventStream }>(
    endpoint: E,
    input: CallInput<E>,
  ): Promise<Response | null> {
    const { path, options } = optionsOf(endpoint, input as CallInput<Endpoint>);
    const token = () => deps.session.get()?.token.accessToken ?? null;
    const used = token();
    if (!used) return null;
    let response = await send(path, options, used);
    if (response?.status === 401 && (await renewSession(used))) response = await send(path, options, token());
    return response?.ok && response.body ? response : null;
  }

  /**
   * A file at a path the server handed out (an /api/v1 path answered by a call, such as a
   * document's file): its bytes and name, with the session, as `download`.
   */
  async function downloadPath(
    path: string,
    options: Pick<RequestOptions, 'signal' | 'quiet'> = {},
  ): Promise<StoredFileDownload> {
    const relative = path.startsWith(`${baseUrl}/`) ? path.slice(baseUrl.length) : path;
    const response = await exchange(relative, { ...options, method: 'GET' });
    return {
      blob: await response.blob(),
      fileName: fileNameOf(response.headers.get('content-disposition')),
      changed: response.headers.get('x-qualis-file-integrity') === 'mismatch',
    };
  }

  return { request, call, download, downloadPath, stream };
}

/**
 * A record's stored file: `changed` when the server found its bytes are not the ones recorded at
 * upload (`X-Qualis-File-Integrity: mismatch`; a signature of it no longer matches).
 */
export interface StoredFileDownload {
  blob: Blob;
  fileName: string;
  changed: boolean;
}

/** A download's answer: the file, or the message of a file made in the background and e-mailed. */
export type DownloadAnswer = { blob: Blob; fileName: string } | { message: string };

/** The file name of a Content-Disposition header, preferring the UTF-8 form. */
export function fileNameOf(disposition: string | null): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? 'download';
}
