import type { Actor } from './auth.js';
import { AppError } from './errors.js';

/**
 * Who may do what, in one registry: `allow('organization', 'read', (actor, org) => ...)`.
 * Routes name the policy they check; the same answers feed the `can*` flags of responses.
 */
type Rule<T> = (actor: Actor, target: T) => boolean;

const rules = new Map<string, Rule<never>>();

const keyOf = (resource: string, action: string) => `${resource}.${action}`;

export function allow<T = undefined>(resource: string, action: string, rule: Rule<T>): void {
  const key = keyOf(resource, action);
  if (rules.has(key)) throw new Error(`policy ${key} is defined twice`);
  rules.set(key, rule as Rule<never>);
}

export function can<T>(actor: Actor, resource: string, action: string, target?: T): boolean {
  const rule = rules.get(keyOf(resource, action)) as Rule<T | undefined> | undefined;
  if (!rule) throw new Error(`no policy ${keyOf(resource, action)}`);
  return rule(actor, target);
}

/** Throws 403 when the actor may not; callers first make sure the target is visible (else 404). */
export function authorize<T>(actor: Actor, resource: string, action: string, target?: T): void {
  if (!can(actor, resource, action, target)) throw AppError.forbidden();
}

export const isPolicyDefined = (name: string) => rules.has(name);

/**
 * What a route declares in `config.policy`: 'public' (no session), 'authenticated' (any session;
 * the service scopes the data to the actor), or the name of a registered policy it checks.
 */
export type RoutePolicy = 'public' | 'authenticated' | `${string}.${string}`;
