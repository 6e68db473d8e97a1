import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ZErrorEnvelope, messages } from '@qualis/contract';
import { sessions } from '../db/schema/index.js';
import { newId } from '../core/ids.js';
import { documentPathOf } from '../core/openapi.js';
import { hashToken, newSecretToken } from '../core/tokens.js';
import { createTestContext, type TestContext } from './harness.js';
import { createOrganization, createUser } from './factories.js';
import { PNG_BYTES, withLoneSurrogateName } from './multipart.js';
import { req } from '../../../../docs/requirements/req.js';

/**
 * Malformed input against every route of the catalogue, as an Admin, a User and the SuperAdmin:
 * control characters and lone surrogates in every text field, wrong types, huge texts, bad ids,
 * bad JSON, JSON nested 5,000 deep, broken multipart. No answer may be a 5xx, and every error
 * answer must be in the error envelope.
 * Field shapes come from the OpenAPI document, so a new route is fuzzed without a line here.
 */

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
}
interface Operation {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

const NUL = 'Fu\u0000zz';
/** Half of a surrogate pair: valid in a JSON string, refused by jsonb. */
const LONE_SURROGATE = 'Fu\ud800zz';
/** JSON of arrays nested `depth` deep; 5,000 overflow the stack of a recursive walk. */
const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

/** A value the schema accepts, as far as a generic generator can tell. */
function plausible(s: JsonSchema, name: string): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return plausible(alternatives.find((a) => typeOf(a) !== 'null') ?? alternatives[0]!, name);
  if (s.allOf) return plausible(Object.assign({}, ...s.allOf), name);
  switch (typeOf(s)) {
    case 'string':
      if (s.format === 'email') return `fuzz-${newId().slice(-6)}@example.test`;
      if (s.format === 'uuid') return newId();
      if (s.format === 'date') return '2024-01-02';
      if (s.format === 'date-time') return '2024-01-02T03:04:05.000Z';
      if (/password/i.test(name)) return 'Fuzz1234A';
      return 'Fuzz text'.padEnd(s.minLength ?? 0, 'x').slice(0, s.maxLength ?? 100);
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return s.items ? [plausible(s.items, name)] : [];
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([key, p]) => [key, plausible(p, key)]));
    default:
      return 'x';
  }
}

/** Paths of the string leaves of a value ([] for the value itself). */
function stringPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...path, String(i)]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }
  return [];
}

function withLeaf(value: unknown, path: string[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path as [string, ...string[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>;
  copy[head] = withLeaf(copy[head], rest, leaf);
  return copy;
}

/** The value with the fuzzed organization in its `organizationId`, when it has one. */
const withOrganization = (value: unknown) =>
  value && typeof value === 'object' && 'organizationId' in value ? { ...value, organizationId } : value;

/** Every top-level field given a value of another type. */
function wrongTypes(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { unexpected: true };
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      typeof v === 'string' ? { text: v } : typeof v === 'number' ? 'not a number' : Array.isArray(v) ? 'x' : 42,
    ]),
  );
}

const toQuery = (query: object) =>
  Object.fromEntries(
    Object.entries(query).map(([key, v]) => [key, Array.isArray(v) ? v.map(String) : String(v)]),
  ) as Record<string, string | string[]>;

function multipart(fileName: string, bytes: Buffer, cut?: number) {
  const boundary = 'fuzzboundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload: cut === undefined ? body : body.subarray(0, cut),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

interface FuzzCase {
  name: string;
  request: Omit<InjectOptions, 'method' | 'url' | 'path'> & { ids?: Record<string, string> };
}

/** The malformed requests for one route. */
function casesFor(op: Operation, method: string, params: Record<string, string>): FuzzCase[] {
  const query = Object.fromEntries(
    (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, plausible(p.schema, p.name)]),
  );
  const pathNames = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
  const jsonSchema = op.requestBody?.content['application/json']?.schema;
  const body = jsonSchema ? plausible(jsonSchema, 'body') : undefined;
  const cases: FuzzCase[] = [{ name: 'plausible', request: { query: toQuery(query), payload: body as object } }];

  for (const path of stringPaths(query)) {
    cases.push({
      name: `query NUL ${path.join('.')}`,
      request: { query: toQuery(withLeaf(query, path, NUL) as object) },
    });
  }
  cases.push({ name: 'query wrong types', request: { query: toQuery(wrongTypes(query) as object) } });
  cases.push({
    name: 'query huge',
    request: { query: Object.fromEntries(Object.keys(query).map((k) => [k, 'x'.repeat(20_000)])) },
  });
  cases.push({ name: 'query NUL unknown', request: { query: { ...toQuery(query), extra: NUL } } });

  for (const name of pathNames) {
    cases.push({ name: `path ${name} not a uuid`, request: { ids: { ...params, [name]: 'not-a-uuid' } } });
    cases.push({ name: `path ${name} NUL`, request: { ids: { ...params, [name]: 'a%00b' } } });
    cases.push({ name: `path ${name} long`, request: { ids: { ...params, [name]: 'x'.repeat(500) } } });
  }

  if (method !== 'GET') {
    for (const path of stringPaths(body)) {
      cases.push({ name: `body NUL ${path.join('.')}`, request: { payload: withLeaf(body, path, NUL) as object } });
    }
    cases.push({ name: 'body NUL key', request: { payload: { ...(body as object), [NUL]: 'x' } } });
    // In the fuzzed organization, so that these pass the access checks and reach the input's walk,
    // which checks every text at once: a lone surrogate in each, in a key, and deep nesting.
    const inOrganization = { query: toQuery(withOrganization(query) as object) };
    const surrogates = stringPaths(body).reduce((acc, path) => withLeaf(acc, path, LONE_SURROGATE), body);
    cases.push({
      name: 'body lone surrogates',
      request: { ...inOrganization, payload: withOrganization(surrogates) as object },
    });
    cases.push({
      name: 'body lone surrogate key',
      request: { ...inOrganization, payload: { ...(withOrganization(body) as object), [LONE_SURROGATE]: 'x' } },
    });
    cases.push({ name: 'body wrong types', request: { payload: wrongTypes(body) as object } });
    const huge = stringPaths(body).reduce((acc, path) => withLeaf(acc, path, 'x'.repeat(100_000)), body);
    cases.push({ name: 'body huge texts', request: { payload: huge as object } });
    const json = { 'content-type': 'application/json' };
    cases.push({ name: 'body bad JSON', request: { payload: '{"name": "a', headers: json } });
    cases.push({ name: 'body JSON array', request: { payload: '[]', headers: json } });
    cases.push({ name: 'body JSON null', request: { payload: 'null', headers: json } });
    cases.push({ name: 'body JSON NUL escape', request: { payload: '{"name":"a\\u0000b"}', headers: json } });
    cases.push({ name: 'body JSON nested deep', request: { payload: nestedArrays(5_000), headers: json } });
    const deepField = JSON.stringify({ ...(withOrganization(body) as object), deep: 0 });
    cases.push({
      name: 'body JSON nested deep in a field',
      request: {
        ...inOrganization,
        payload: deepField.replace('"deep":0', `"deep":${nestedArrays(5_000)}`),
        headers: json,
      },
    });
    cases.push({ name: 'body text/plain', request: { payload: 'hello', headers: { 'content-type': 'text/plain' } } });
    const file = multipart('logo.png', PNG_BYTES);
    cases.push({
      name: 'multipart without boundary',
      request: { payload: file.payload, headers: { 'content-type': 'multipart/form-data' } },
    });
    cases.push({ name: 'multipart cut short', request: multipart('logo.png', PNG_BYTES, 90) });
    cases.push({
      name: 'multipart broken header',
      request: { ...file, payload: Buffer.from('--fuzzboundary\r\nxx\r\n') },
    });
    cases.push({ name: 'multipart NUL file name', request: multipart('lo\u0000go.png', PNG_BYTES) });
    cases.push({
      name: 'multipart lone surrogate file name',
      request: { ...inOrganization, ...file, payload: withLoneSurrogateName(file.payload, 'logo.png') },
    });
  }
  return cases;
}

let t: TestContext;
let organizationId: string;
const actors: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext();
  const org = await createOrganization(t.db, { name: 'Fuzz Devices' });
  organizationId = org.id;
  actors.superAdmin = (await createUser(t.db, { role: 'SuperAdmin' })).id;
  actors.admin = (await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId }] })).id;
  actors.user = (await createUser(t.db, { role: 'User', memberOf: [{ organizationId }] })).id;
});
afterAll(() => t.close());

/**
 * A fresh session per request without the cost of a sign-in, so a case that signs out spoils
 * nothing; the sessions of a route's requests are written in one statement (one per request was a
 * third of the file's time).
 */
async function bearersOf(userIds: readonly string[]): Promise<string[]> {
  const expires = new Date(Date.now() + 10 * 60_000);
  const tokens = userIds.map(() => newSecretToken());
  await t.db.insert(sessions).values(
    userIds.map((userId, i) => ({
      id: newId(),
      userId,
      accessTokenHash: hashToken(tokens[i]!),
      accessExpiresAt: expires,
      refreshTokenHash: hashToken(newSecretToken()),
      refreshExpiresAt: expires,
      expiresAt: expires,
    })),
  );
  return tokens.map((token) => `Bearer ${token}`);
}
const bearerOf = async (userId: string) => (await bearersOf([userId]))[0]!;

/** What is wrong with an answer: a 5xx, or an error outside the envelope. */
function problemOf(res: LightMyRequestResponse): string | undefined {
  const shown = `${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 500) return shown;
  if (res.statusCode < 400) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `not JSON: ${shown}`;
  }
  return ZErrorEnvelope.safeParse(body).success ? undefined : `not in the envelope: ${shown}`;
}

describe('fuzzing the route catalogue', () => {
  it(`answers malformed input to every route without a 5xx, every error in the envelope ${req('SEC-001')}`, async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    // Deleting routes last: a successful plausible delete (the organization) spoils no other case.
    const routes = t.app.routeCatalogue
      .filter((r) => r.url.startsWith('/api/v1') && r.method !== 'HEAD')
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    expect(routes.length).toBeGreaterThan(50);
    let sent = 0;
    const problems: string[] = [];
    for (const route of routes) {
      const op = doc.paths[documentPathOf(route.url)]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.url} is in the OpenAPI document`).toBeDefined();
      const params = Object.fromEntries(
        [...route.url.matchAll(/:(\w+)/g)].map(([, name]) => [
          name!,
          name === 'organizationId' ? organizationId : newId(),
        ]),
      );
      const requests = Object.entries(actors).flatMap(([actor, userId]) =>
        casesFor(op!, route.method, params).map((fuzz) => ({ actor, userId, fuzz })),
      );
      const bearers = await bearersOf(requests.map((r) => r.userId));
      for (const [index, { actor, fuzz }] of requests.entries()) {
        const { ids = params, headers, ...rest } = fuzz.request;
        const url = route.url.replace(/:(\w+)/g, (_, name: string) => ids[name]!);
        const res = await t.app.inject({
          method: route.method as InjectOptions['method'],
          url,
          ...rest,
          headers: { ...headers, authorization: bearers[index] },
        });
        sent += 1;
        const problem = problemOf(res);
        if (problem) problems.push(`${actor} ${route.method} ${route.url} [${fuzz.name}] → ${problem}`);
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
    // Thousands of requests: on two cores shared with the other suites this takes minutes.
  }, 300_000);

  it(`refuses a control character with 400 naming the field ${req('SEC-001')}`, async () => {
    const headers = { authorization: await bearerOf(actors.superAdmin!) };
    const search = await t.app.inject({ method: 'GET', url: '/api/v1/organizations?search=a%00b', headers });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toMatchObject({
      errors: [{ code: 'VALIDATION_FAILED', message: messages.controlCharacter, field: 'search' }],
    });
    const name = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      headers,
      payload: { name: 'Acme\u0007' },
    });
    expect(name.statusCode).toBe(400);
    expect(name.json().errors[0]).toMatchObject({ message: messages.controlCharacter, field: 'name' });
    // Tabs and line breaks are text.
    const tab = await t.app.inject({ method: 'GET', url: '/api/v1/organizations?search=a%09b', headers });
    expect(tab.statusCode).toBe(200);
  });

  it('refuses ill-formed text (a lone surrogate) with 400 naming the field', async () => {
    // An organization of its own: the fuzzing above deletes the shared one.
    const { id: organizationId } = await createOrganization(t.db, { name: 'Surrogate Devices' });
    const admin = await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId }] });
    const headers = { authorization: await bearerOf(admin.id) };
    for (const [url, body, field] of [
      [`/api/v1/organizations/${organizationId}/tags`, { name: 'Tag \ud800' }, 'name'],
      [`/api/v1/organizations/${organizationId}/document-types`, { name: '\udc00Type' }, 'name'],
      ['/api/v1/user-groups', { organizationId, name: 'Group \ud800' }, 'name'],
      ['/api/v1/user-groups', { organizationId, name: 'Group', ['key \ud800']: 'x' }, 'key \ud800'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers, payload: body });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ message: messages.illFormedText, field });
    }
    // A pair of surrogates is one character (an emoji), not a broken one.
    const emoji = await t.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${organizationId}/tags`,
      headers,
      payload: { name: 'Tag \ud83d\ude00' },
    });
    expect(emoji.statusCode, emoji.body).toBe(201);
  });

  it('refuses JSON nested deeper than 64 levels with 400, however deep', async () => {
    const json = { 'content-type': 'application/json' };
    for (const depth of [5_000, 100_000, 65]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/sessions',
        headers: json,
        payload: nestedArrays(depth),
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ message: messages.nestedTooDeeply, field: 'body' });
    }
    // 64 levels (the object and 63 arrays) pass the walk and reach the schema, which wants a text.
    const inObject = JSON.stringify({ email: 'a@example.test', password: JSON.parse(nestedArrays(63)) });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/sessions', headers: json, payload: inObject });
    expect(res.json().errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'password' });
    expect(res.json().errors[0].message).not.toBe(messages.nestedTooDeeply);
  });

  it('refuses broken multipart uploads with 400', async () => {
    const headers = { authorization: await bearerOf(actors.admin!) };
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/v1/upload/image',
      headers: { ...headers, 'content-type': 'multipart/form-data' },
      payload: multipart('logo.png', PNG_BYTES).payload,
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().errors[0]).toMatchObject({ message: messages.uploadUnreadable, field: 'file' });
    const cut = multipart('logo.png', PNG_BYTES, 120);
    const truncated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/upload/image',
      payload: cut.payload,
      headers: { ...headers, ...cut.headers },
    });
    expect(truncated.statusCode).toBe(400);
    const nulName = multipart('lo\u0000go.png', PNG_BYTES);
    const named = await t.app.inject({
      method: 'POST',
      url: '/api/v1/upload/image',
      payload: nulName.payload,
      headers: { ...headers, ...nulName.headers },
    });
    // The uploads service keeps the name without its control characters (core/files.ts cleanFileName).
    expect(named.statusCode).toBe(201);
  });
});

describe('errors of the HTTP layer', () => {
  it('answers in the envelope: unknown route, bad address, too long a parameter', async () => {
    const unknown = await t.app.inject({ method: 'PATCH', url: '/api/v1/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errors: [{ code: 'NOT_FOUND', message: messages.routeNotFound }] });
    // A method the route does not have, or one the router does not know at all.
    for (const method of ['PATCH', 'PROPFIND', 'TRACE'] as const) {
      const res = await t.app.inject({ method: method as InjectOptions['method'], url: '/api/v1/health' });
      expect(res.statusCode, method).toBeGreaterThanOrEqual(400);
      expect(ZErrorEnvelope.safeParse(res.json()).success, `${method} ${res.body}`).toBe(true);
    }
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/v1/organizations/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ errors: [{ code: 'BAD_REQUEST', message: messages.badUrl }] });
    const long = await t.app.inject({ method: 'GET', url: `/api/v1/organizations/${'x'.repeat(5000)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ errors: [{ code: 'URI_TOO_LONG', message: messages.uriTooLong }] });
  });

  it("answers Node's own refusals (headers too large, a broken request) in the envelope", async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    const split = (answer: string) => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      return { status: Number(head.split(' ')[1]), body: JSON.parse(body) };
    };

    const headers = split(await raw(`GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(headers.status).toBe(431);
    expect(headers.body).toMatchObject({ errors: [{ code: 'HEADERS_TOO_LARGE', message: messages.headersTooLarge }] });
    const longUri = split(await raw(`GET /api/v1/health?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect(longUri.status).toBe(431);
    expect(ZErrorEnvelope.safeParse(longUri.body).success).toBe(true);
    const broken = split(await raw('NOT HTTP AT ALL\r\n\r\n'));
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ errors: [{ code: 'BAD_REQUEST', message: messages.requestFailed }] });
  });
});
