import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { type Endpoint, PEOPLE_BATCH_MAX, ZUuid, message } from '@qualis/contract';
import { resolveOrganizationAccess, type OrganizationAccess } from './access.js';
import { bearerToken, verifyAccessToken, type Actor } from './auth.js';
import type { UserRow } from '../db/schema/index.js';
import { AppError, type PlainMessageKey, schemaText } from './errors.js';
import { passes, roleMayPass, type AnyPolicy, type PolicyScope } from './policies.js';

/**
 * Where a route's organization comes from: the input field (named in a 400) and how to read it
 * from the request before validation. A field may hold one id or several (bulk calls across
 * organizations); `optional` lets an actor-scoped route work with or without an organization.
 */
export interface OrganizationSource {
  field: string;
  read: (request: FastifyRequest) => unknown;
  optional?: boolean;
  /** The message when no organization is given (default: the message of an invalid id). */
  missingMessage?: PlainMessageKey;
}

const fieldOf =
  (part: 'query' | 'body' | 'params') =>
  (field = 'organizationId'): OrganizationSource => ({
    field,
    read: (request) => (request[part] as Record<string, unknown> | undefined)?.[field],
  });

export const organizationFrom = {
  query: fieldOf('query'),
  body: fieldOf('body'),
  params: fieldOf('params'),
  custom: (source: OrganizationSource) => source,
};

declare module 'fastify' {
  interface FastifyContextConfig {
    organization?: OrganizationSource;
    /** The contract row the route was registered from (core/contract-route.ts). */
    endpoint?: Endpoint;
  }
  interface FastifyRequest {
    actor: Actor | undefined;
    /** The signed-in person's row, read with the session (no second read of the same person). */
    actorUser: UserRow | undefined;
    /** The caller's access in each organization the route named, in the order given. */
    organizationAccesses: OrganizationAccess[];
  }
  interface FastifyInstance {
    /** Every API route with what it declared; the route-table tests walk it. */
    routeCatalogue: RouteEntry[];
  }
}

/** What a route declares in `config.policy` (its type is the policy registry's, modules/policies.ts). */
type RoutePolicy = NonNullable<FastifyContextConfig['policy']>;

export interface RouteEntry {
  method: string;
  url: string;
  policy: RoutePolicy;
  scope: PolicyScope | 'public' | 'authenticated';
  /** The input field naming the organization, when the route works inside one. */
  organizationField: string | undefined;
  /** The contract row it serves. */
  endpoint?: Endpoint;
}

/** Ids as given: one string, a repeated parameter, or a JSON array. */
function organizationIdsOf(source: OrganizationSource, request: FastifyRequest): string[] | undefined {
  const raw = source.read(request);
  const values = (Array.isArray(raw) ? raw : raw === undefined || raw === null || raw === '' ? [] : [raw]) as unknown[];
  if (values.length === 0) {
    if (source.optional) return undefined;
    throw AppError.badRequest(source.missingMessage ?? 'fieldRequired', source.field);
  }
  // Each organization costs a query before the body is validated: bound it like the bulk calls.
  if (values.length > PEOPLE_BATCH_MAX) {
    throw AppError.badRequest(message('tooManyAtATime', { max: PEOPLE_BATCH_MAX }), source.field);
  }
  return [
    ...new Set(
      values.map((value) => {
        const parsed = ZUuid.safeParse(value);
        if (!parsed.success) throw AppError.badRequest(schemaText(parsed.error.issues[0]!.message), source.field);
        return parsed.data;
      }),
    ),
  ];
}

/**
 * The one path every API request takes before its handler (DESIGN.md, "Request flow"):
 * 1. the route's declaration is checked when it is registered: a policy, and an organization
 *    source exactly when the policy works inside an organization (a route cannot forget it);
 * 2. before input validation, so a caller without the right learns nothing from a 400:
 *    the session (401), the roles the policy allows at all (403), the organization access of
 *    each named organization (404 / 403 / 422, in core/access.ts) and the declared policy
 *    without a target (403).
 * Handlers then read `request.actor` and `request.organizationAccesses` and check target-specific
 * rules with the same policies. `policyNamed` finds the policy a route names (modules/policies.ts).
 */
export function registerAccessPipeline(app: FastifyInstance, policyNamed: (name: string) => AnyPolicy | undefined) {
  app.decorateRequest('actor', undefined);
  app.decorateRequest('actorUser', undefined);
  app.decorateRequest('organizationAccesses', null as unknown as OrganizationAccess[]);
  app.decorate('routeCatalogue', []);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1')) {
      // API documentation and the web app's static files.
      route.config = { ...route.config, policy: 'public' };
      return;
    }
    const policy = route.config?.policy;
    const organization = route.config?.organization;
    const where = `route ${String(route.method)} ${route.url}`;
    if (!policy) throw new Error(`${where} declares no policy`);
    const scope = policy === 'public' || policy === 'authenticated' ? policy : policyNamed(policy)?.scope;
    if (!scope) throw new Error(`${where} names unknown policy ${policy}`);
    if (scope === 'organization' && (!organization || organization.optional)) {
      throw new Error(`${where} checks ${policy} inside an organization but declares no organization source`);
    }
    if (organization && scope !== 'organization' && scope !== 'actor') {
      throw new Error(`${where} names an organization but its policy ${policy} does not check access there`);
    }
    if (!route.config?.endpoint) {
      throw new Error(`${where} is not registered from a contract row (core/contract-route.ts)`);
    }
    for (const method of [route.method].flat()) {
      app.routeCatalogue.push({
        method,
        url: route.url,
        policy,
        scope,
        organizationField: organization?.field,
        endpoint: route.config?.endpoint,
      });
    }
  });

  app.addHook('preValidation', async (request) => {
    const { policy, organization } = request.routeOptions.config;
    request.organizationAccesses = [];
    if (policy === undefined || policy === 'public') return;
    const { database, sessions } = app.ctx;
    const token = bearerToken(request);
    const session = token ? await verifyAccessToken(database.db, sessions, token) : undefined;
    if (!session) throw AppError.unauthenticated();
    const { actor } = session;
    request.actor = actor;
    request.actorUser = session.user;
    if (policy === 'authenticated') return;
    const declared = policyNamed(policy);
    if (!declared) throw new Error(`no policy ${policy}`);
    if (!roleMayPass(declared, actor.role)) throw AppError.forbidden();
    const ids = organization ? organizationIdsOf(organization, request) : undefined;
    for (const id of ids ?? []) {
      request.organizationAccesses.push(await resolveOrganizationAccess(database.db, actor, id));
    }
    const subjects = declared.scope === 'organization' ? request.organizationAccesses : [actor];
    for (const subject of subjects) {
      if (!passes(subject, declared)) throw AppError.forbidden();
    }
  });
}

/** The caller's access in the route's (first) organization; only for routes that declare one. */
export function organizationAccessOf(request: FastifyRequest): OrganizationAccess {
  const access = request.organizationAccesses[0];
  if (!access) throw new Error(`route ${request.routeOptions.url} declares no organization`);
  return access;
}
