import { STATUS_CODES } from 'node:http';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { ZErrorEnvelope } from '@qualis/contract';
import type { RouteEntry } from './pipeline.js';

/** Where the API lives; the document's `servers` carries it, so its paths do not repeat it. */
export const API_PREFIX = '/api/v1';

/** Every tag a route may name, with what it covers (a tag without a description fails the lint). */
const TAGS: OpenAPIV3.TagObject[] = [
  { name: 'platform', description: 'Health of the server and its database.' },
  { name: 'sessions', description: 'Sign-in, token refresh and sign-out.' },
  {
    name: 'profile',
    description: "The signed-in person's own profile: password, avatar, language, e-mail notifications.",
  },
  {
    name: 'accounts',
    description:
      'The e-mailed links (forgotten password, invitation, new e-mail) and changes of name and e-mail address.',
  },
  {
    name: 'organizations',
    description: "The provider's organizations (SuperAdmin): list, create, rename, status, management by the client.",
  },
  { name: 'uploads', description: 'Images and files uploaded before a record refers to them, and images served.' },
  {
    name: 'exports',
    description: "CSV exports and reports of the provider's lists, and the download of large e-mailed PDF exports.",
  },
  {
    name: 'people',
    description: 'Admins and Users of an organization: lists, create, add existing, status, delete, CSV exports.',
  },
  { name: 'access-codes', description: "A person's 6-digit access code for electronic signatures." },
  { name: 'notifications', description: "The signed-in person's system notifications in an organization." },
  { name: 'permissions', description: 'The effective access of a person in an organization.' },
  {
    name: 'user-groups',
    description: 'User groups of an organization: their permissions, their members and CSV exports.',
  },
  { name: 'settings', description: 'Organization settings: document types, tags and the logo.' },
  {
    name: 'actions',
    description: 'Actions (tasks) of an organization, their CSV export and the member lookup of their pickers.',
  },
  { name: 'dashboard', description: "The dashboard's counters and cards: what waits for the person." },
  {
    name: 'documents',
    description:
      'Controlled documents and their revisions: General, Quality Actions, References, the Review and Approval tabs, files.',
  },
  {
    name: 'training-records',
    description: 'Training records: their quiz, assignees and groups, passing, completion progress and files.',
  },
  {
    name: 'search',
    description: 'Global search: the artifacts a person may open, by their fields, the text of their files, or a tag.',
  },
  {
    name: 'human-resource-records',
    description:
      "HR records of an organization's people (Admins and the SuperAdmin only): CV, tags, trainings, documents, groups, exports.",
  },
  {
    name: 'audit-trail',
    description:
      "The audit trail review (Annex 11 §9): an organization's trail (its Admins and the SuperAdmin) and the provider's (the SuperAdmin): events with readable changes, the chain's verification, 'Mark reviewed' and past reviews, CSV and PDF exports.",
  },
];

const ERROR_ENVELOPE = 'ErrorEnvelope';
const RATE_LIMITED_ENVELOPE = 'RateLimitedErrorEnvelope';

/** The answer of @fastify/rate-limit (core/rate-limits.ts): the envelope and when to try again. */
const ZRateLimitedEnvelope = ZErrorEnvelope.extend({
  retryAfterSeconds: z.number().int().positive().optional().describe('Seconds until the next request is accepted'),
});

/** Each error status the API answers, described once and referenced by every operation that may answer it. */
const ERROR_RESPONSES: Record<number, { name: string; description: string; schema?: string }> = {
  400: {
    name: 'BadRequest',
    description: 'The input is refused (VALIDATION_FAILED, BAD_REQUEST); `field` names the input when there is one.',
  },
  401: {
    name: 'Unauthenticated',
    description:
      'No valid session: the access token is missing, expired or revoked (UNAUTHENTICATED); ' +
      'on sign-in, a wrong e-mail or password (INVALID_CREDENTIALS).',
  },
  403: {
    name: 'Forbidden',
    description: "The record is visible but the caller's role or permissions do not allow this (FORBIDDEN).",
  },
  404: {
    name: 'NotFound',
    description:
      'No such organization or record, or one the caller cannot see: an organization they are not a member of ' +
      'answers the same (NOT_FOUND).',
  },
  409: { name: 'Conflict', description: 'The change clashes with existing data, such as a name or e-mail in use.' },
  413: { name: 'PayloadTooLarge', description: 'The body or file is larger than allowed (PAYLOAD_TOO_LARGE).' },
  415: { name: 'UnsupportedMediaType', description: 'The body or file type is not accepted (UNSUPPORTED_MEDIA_TYPE).' },
  422: {
    name: 'Unprocessable',
    description:
      "The organization, or the caller's membership in it, is inactive (UNPROCESSABLE): the client picks " +
      'another organization.',
  },
  423: { name: 'Locked', description: 'The record is locked (LOCKED).' },
  429: {
    name: 'TooManyRequests',
    description:
      'Too many requests (RATE_LIMITED; `Retry-After` tells when to try again), too many failed sign-ins ' +
      '(SIGN_IN_LOCKED), or too many wrong access codes or passwords at signing (SIGNING_LOCKED; the message ' +
      'says until when).',
    schema: RATE_LIMITED_ENVELOPE,
  },
};

type Operation = OpenAPIV3.OperationObject;
type Method = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
const METHODS: Method[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const pascal = (words: string) =>
  words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/**
 * A stable operationId from the method and the path: `GET /user-groups/{groupId}/users` is
 * `getUserGroupsByGroupIdUsers`. A route whose path differs from another only by letter case
 * (the spec's client spells some with a capital) declares its own `schema.operationId`.
 */
export const operationIdOf = (method: string, path: string) =>
  method.toLowerCase() +
  path
    .split('/')
    .filter(Boolean)
    .map((segment) => (/^\{.+\}$/.test(segment) ? `By${pascal(segment.slice(1, -1))}` : pascal(segment)))
    .join('');

/** The document's path of a route: without the API prefix, `{name}` for `:name`. */
export const documentPathOf = (url: string) => url.slice(API_PREFIX.length).replace(/:([A-Za-z0-9_]+)/g, '{$1}') || '/';

/**
 * The error statuses a route can answer, from what it declares to the access pipeline
 * (core/pipeline.ts) and what it takes as input:
 * - 400 when it takes input (parameters, a body) or names an organization;
 * - 401 unless it is public; 403 when it names a policy;
 * - 404 when it looks up a record by path or an organization; 422 when it works in an organization;
 * - 429 always: every API route is rate-limited (core/rate-limits.ts).
 */
function errorStatusesOf(route: RouteEntry, method: Method, operation: Operation): number[] {
  const takesInput =
    Boolean(operation.parameters?.length) ||
    Boolean(operation.requestBody) ||
    ['post', 'put', 'patch'].includes(method);
  const hasPathParameters = /\{[^}]+\}/.test(documentPathOf(route.url));
  const inOrganization = route.organizationField !== undefined;
  const statuses = [
    takesInput || inOrganization ? 400 : 0,
    route.scope !== 'public' ? 401 : 0,
    route.scope === 'actor' || route.scope === 'organization' ? 403 : 0,
    hasPathParameters || inOrganization ? 404 : 0,
    inOrganization ? 422 : 0,
    429,
  ];
  return statuses.filter(Boolean);
}

function accessDescriptionOf(route: RouteEntry): string {
  if (route.scope === 'public') return 'Public: no session needed.';
  if (route.scope === 'authenticated') return 'Any signed-in person.';
  const where = route.organizationField ? ` in the organization named by \`${route.organizationField}\`` : '';
  return `Signed-in; policy \`${route.policy}\`${where}.`;
}

const errorResponseRef = (status: number): OpenAPIV3.ReferenceObject => {
  const known = ERROR_RESPONSES[status];
  if (!known) throw new Error(`no description of the error status ${status}: add it to ERROR_RESPONSES`);
  return { $ref: `#/components/responses/${known.name}` };
};

const toComponentSchema = (schema: z.ZodType) => {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output' });
  return json as OpenAPIV3.SchemaObject;
};

/** The described error answers the document uses, and the envelope schemas they reference. */
function errorComponents(statuses: ReadonlySet<number>): Pick<OpenAPIV3.ComponentsObject, 'schemas' | 'responses'> {
  const responses: Record<string, OpenAPIV3.ResponseObject> = {};
  for (const status of [...statuses].sort((a, b) => a - b)) {
    const { name, description, schema = ERROR_ENVELOPE } = ERROR_RESPONSES[status]!;
    responses[name] = {
      description,
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
      ...(status === 429
        ? { headers: { 'Retry-After': { description: 'Seconds to wait (RATE_LIMITED)', schema: { type: 'integer' } } } }
        : {}),
    };
  }
  return {
    schemas: {
      [ERROR_ENVELOPE]: toComponentSchema(ZErrorEnvelope),
      [RATE_LIMITED_ENVELOPE]: toComponentSchema(ZRateLimitedEnvelope),
    },
    responses,
  };
}

/**
 * Completes the generated document from the route catalogue, so no route repeats it:
 * operationIds, the error responses each route can answer (referencing one error envelope),
 * who may call it, no security requirement on public routes, and tag descriptions.
 */
export function completeDocument(document: OpenAPIV3.Document, catalogue: readonly RouteEntry[]): OpenAPIV3.Document {
  const routes = new Map(catalogue.map((route) => [`${route.method} ${documentPathOf(route.url)}`, route]));
  const paths: OpenAPIV3.PathsObject = {};
  const usedErrors = new Set<number>();
  for (const [path, item] of Object.entries(document.paths)) {
    const completed: OpenAPIV3.PathItemObject = { ...item };
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const route = routes.get(`${method.toUpperCase()} ${path}`);
      if (!route) throw new Error(`the OpenAPI document has ${method.toUpperCase()} ${path}, the route catalogue not`);
      const responses: OpenAPIV3.ResponsesObject = {};
      for (const [status, response] of Object.entries(operation.responses)) {
        // Error answers are always the envelope (core/errors.ts): the shared description replaces what a route declared.
        if (Number(status) >= 400) continue;
        const placeholder = 'description' in response && response.description === 'Default Response';
        responses[status] = placeholder
          ? { ...response, description: STATUS_CODES[Number(status)] ?? status }
          : response;
      }
      const declaredErrors = Object.keys(operation.responses)
        .map(Number)
        .filter((status) => status >= 400);
      const errors = new Set([...declaredErrors, ...errorStatusesOf(route, method, operation)]);
      for (const status of [...errors].sort((a, b) => a - b)) {
        responses[status] = errorResponseRef(status);
        usedErrors.add(status);
      }
      completed[method] = {
        ...operation,
        operationId: operation.operationId ?? operationIdOf(method, path),
        description: [operation.description, accessDescriptionOf(route)].filter(Boolean).join('\n\n'),
        ...(route.scope === 'public' ? { security: [] } : {}),
        responses,
      };
    }
    paths[path] = completed;
  }
  const components = errorComponents(usedErrors);
  return {
    ...document,
    tags: TAGS,
    paths,
    components: {
      ...document.components,
      schemas: { ...document.components?.schemas, ...components.schemas },
      responses: { ...document.components?.responses, ...components.responses },
    },
  };
}

/**
 * A route that streams a file (CSV, PDF, ZIP: `produces`) documents its 200 as that file,
 * instead of an empty answer; when it also declares a JSON 200 (a large PDF export answers a
 * message instead), both are listed.
 */
function withFileAnswer<S extends { response?: unknown }>(schema: S, produces: string[]): S {
  const declared = (schema.response as Record<string, unknown> | undefined)?.[200];
  const content: Record<string, { schema: object }> = {};
  for (const type of produces) {
    content[type] = { schema: type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' } };
  }
  if (declared) content['application/json'] = { schema: declared as object };
  const description = declared
    ? `The file (attachment); or, when it is made in the background, a message`
    : `${produces.map((type) => type.split('/')[1]!.toUpperCase()).join(' or ')} file (attachment)`;
  const response = { ...(schema.response as object | undefined), 200: { description, content } };
  return { ...schema, response };
}

/**
 * The @fastify/swagger options: Zod schemas to JSON Schema per route, then the whole document
 * completed from the route catalogue. Served at /api/docs (JSON at /api/docs/json); linted in
 * CI by `npm run lint:api`.
 */
export function openApiOptions(app: FastifyInstance): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: { title: 'Qualis API', version: '1.0.0', description: 'Electronic quality management system' },
      // Relative: the API of whichever address served the document, the same document everywhere.
      servers: [{ url: API_PREFIX, description: 'This deployment' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: (route) => {
      const transformed = jsonSchemaTransform(route);
      const produces = (route.schema as { produces?: string[] } | undefined)?.produces;
      return produces ? { ...transformed, schema: withFileAnswer(transformed.schema, produces) } : transformed;
    },
    transformObject: (document) => {
      if (!('openapiObject' in document)) throw new Error('the API document is OpenAPI 3');
      return completeDocument(document.openapiObject as OpenAPIV3.Document, app.routeCatalogue);
    },
  };
}
