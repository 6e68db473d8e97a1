import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { ZErrorEnvelope } from '@qualis/contract';
import { buildAppWithoutDatabase } from '../openapi-document.js';
import { completeDocument, documentPathOf, operationIdOf } from './openapi.js';
import type { RouteEntry } from './pipeline.js';
import { req } from '../../../../docs/requirements/req.js';

let app: FastifyInstance;
let doc: OpenAPIV3.Document;
beforeAll(async () => {
  app = await buildAppWithoutDatabase();
  doc = app.swagger() as OpenAPIV3.Document;
});
afterAll(() => app.close());

type Operation = OpenAPIV3.OperationObject;
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item ?? {})
      .filter(([, value]) => typeof value === 'object' && value !== null && 'responses' in value)
      .map(([method, operation]) => ({ path, method, operation: operation as Operation })),
  );
const operation = (method: string, path: string) => doc.paths[path]![method as 'get'] as Operation;
const statuses = (op: Operation) => Object.keys(op.responses).map(Number);

describe('the OpenAPI document', () => {
  it(`documents every API route of the catalogue once, under the relative server /api/v1 ${req('SEC-006')}`, () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/api/v1' })]);
    const routes = app.routeCatalogue.filter((route) => route.method !== 'HEAD');
    expect(operations()).toHaveLength(routes.length);
  });

  it('gives every operation a unique operationId derived from method and path', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operation('get', '/user-groups/{groupId}/users').operationId).toBe('getUserGroupsByGroupIdUsers');
    expect(operation('delete', '/client-users/{id}').operationId).toBe('deleteClientUsersById');
    expect(operation('patch', '/users/me/Profile/email-notifications').operationId).toBe(
      'patchUsersMeProfileEmailNotifications',
    );
  });

  it('names the parameters of one path template the same everywhere', () => {
    const namesByTemplate = new Map<string, Set<string>>();
    for (const path of Object.keys(doc.paths)) {
      const template = path.toLowerCase().replace(/\{[^}]+\}/g, '{}');
      const names = (path.match(/\{[^}]+\}/g) ?? []).join();
      namesByTemplate.set(template, (namesByTemplate.get(template) ?? new Set()).add(names));
    }
    for (const [template, names] of namesByTemplate) expect([...names], template).toHaveLength(1);
  });

  it('declares, from each route of the catalogue, the errors the access pipeline can answer', () => {
    for (const route of app.routeCatalogue.filter((r) => r.method !== 'HEAD')) {
      const op = operation(route.method.toLowerCase(), documentPathOf(route.url));
      const codes = statuses(op);
      const where = `${route.method} ${route.url}`;
      expect(codes, where).toContain(429);
      if (route.scope === 'public') {
        expect(op.security, where).toEqual([]);
      } else {
        expect(op.security, where).toBeUndefined();
        expect(codes, where).toContain(401);
      }
      if (route.scope === 'actor' || route.scope === 'organization') expect(codes, where).toContain(403);
      if (route.organizationField) expect(codes, where).toEqual(expect.arrayContaining([400, 403, 404, 422]));
      if (op.parameters?.length || op.requestBody) expect(codes, where).toContain(400);
      expect(
        codes.some((code) => code >= 200 && code < 300),
        where,
      ).toBe(true);
    }
    // A public route without input answers only what the rate limit adds.
    expect(statuses(operation('get', '/health')).sort()).toEqual([200, 429]);
    // An authenticated route without a policy cannot answer 403 from the pipeline.
    expect(statuses(operation('get', '/users/me/profile')).sort()).toEqual([200, 401, 429]);
  });

  it('refers every error answer to one described envelope', () => {
    const envelope = z.toJSONSchema(ZErrorEnvelope, { target: 'openapi-3.0', io: 'output' });
    const { $schema: _ignored, ...expected } = envelope;
    expect(doc.components?.schemas?.ErrorEnvelope).toEqual(expected);
    const responses = doc.components?.responses ?? {};
    for (const { path, method, operation: op } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        expect(response, `${method} ${path} ${status}`).toEqual({
          $ref: expect.stringMatching(/^#\/components\/responses\//),
        });
        const name = (response as OpenAPIV3.ReferenceObject).$ref.split('/').pop()!;
        const described = responses[name] as OpenAPIV3.ResponseObject;
        expect(described.description).toBeTruthy();
        expect(described.content?.['application/json']?.schema).toEqual({
          $ref: expect.stringMatching(/^#\/components\/schemas\/(ErrorEnvelope|RateLimitedErrorEnvelope)$/),
        });
      }
    }
  });

  it('defines every tag it uses, with a description', () => {
    const defined = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
    for (const { path, operation: op } of operations()) {
      for (const tag of op.tags ?? []) expect(defined.get(tag), `${path} ${tag}`).toBeTruthy();
    }
  });

  it("describes the answers of the group's List of Users and of the CSV exports", () => {
    const groupUsers = operation('get', '/user-groups/{groupId}/users').responses['200'] as OpenAPIV3.ResponseObject;
    const schema = groupUsers.content?.['application/json']?.schema as OpenAPIV3.SchemaObject;
    expect(Object.keys(schema.properties ?? {})).toEqual(['data', 'pagination']);
    const csv = operation('get', '/export/users').responses['200'] as OpenAPIV3.ResponseObject;
    expect(Object.keys(csv.content ?? {})).toEqual(['text/csv']);
  });
});

describe('completeDocument', () => {
  const bare: OpenAPIV3.Document = {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: { '/things/{id}': { get: { responses: { 200: { description: 'Default Response' } } } } },
  };

  it('refuses a documented operation the route catalogue does not know', () => {
    expect(() => completeDocument(bare, [])).toThrow(/GET \/things\/\{id\}/);
  });

  it('derives the errors of an organization route that takes no input from its declaration', () => {
    const route: RouteEntry = {
      method: 'GET',
      url: '/api/v1/things/:id',
      policy: 'organization.read',
      scope: 'organization',
      organizationField: 'organizationId',
    };
    const completed = completeDocument(bare, [route]).paths['/things/{id}']!.get!;
    expect(Object.keys(completed.responses)).toEqual(['200', '400', '401', '403', '404', '422', '429']);
    expect((completed.responses['200'] as OpenAPIV3.ResponseObject).description).toBe('OK');
    expect(completed.operationId).toBe('getThingsById');
    expect(completed.description).toContain('`organization.read`');
  });
});

describe('operationIdOf', () => {
  it('joins the method and the segments, parameters as By<Name>', () => {
    expect(operationIdOf('GET', '/health')).toBe('getHealth');
    expect(operationIdOf('DELETE', '/user-groups/{groupId}/users/{userId}')).toBe(
      'deleteUserGroupsByGroupIdUsersByUserId',
    );
    expect(operationIdOf('POST', '/verifications/resend-confirm-email')).toBe('postVerificationsResendConfirmEmail');
  });
});
