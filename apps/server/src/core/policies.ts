import type { OrganizationAccess } from './access.js';
import type { Actor } from './auth.js';
import { AppError } from './errors.js';

/**
 * Who may do what, in one registry. Two scopes:
 * - `allowActor('organization.create', (actor) => ...)`: provider-level and personal rules, decided
 *   by who the person is;
 * - `allowInOrganization('clientUser.manage', (access, target) => ...)`: rules inside one
 *   organization, decided by the person's access there (membership, role, group permissions).
 * A rule receives `target` undefined when asked "may they do this at all?" (the access pipeline,
 * before the target is loaded) and the record when asked about one; the same answers feed the
 * `can*` flags of responses.
 */
type ActorRule<T> = (actor: Actor, target: T | undefined) => boolean;
type OrganizationRule<T> = (access: OrganizationAccess, target: T | undefined) => boolean;

type Registered = { scope: 'actor'; rule: ActorRule<never> } | { scope: 'organization'; rule: OrganizationRule<never> };

export type PolicyName = `${string}.${string}`;
export type PolicyScope = Registered['scope'];

const registry = new Map<string, Registered>();

function register(name: PolicyName, entry: Registered) {
  if (registry.has(name)) throw new Error(`policy ${name} is defined twice`);
  registry.set(name, entry);
}

export function allowActor<T = undefined>(name: PolicyName, rule: ActorRule<T>): void {
  register(name, { scope: 'actor', rule: rule as ActorRule<never> });
}

export function allowInOrganization<T = undefined>(name: PolicyName, rule: OrganizationRule<T>): void {
  register(name, { scope: 'organization', rule: rule as OrganizationRule<never> });
}

function entryOf(name: string): Registered {
  const entry = registry.get(name);
  if (!entry) throw new Error(`no policy ${name}`);
  return entry;
}

export const policyScope = (name: string): PolicyScope | undefined => registry.get(name)?.scope;

export function can<T>(subject: Actor | OrganizationAccess, name: PolicyName, target?: T): boolean {
  const entry = entryOf(name);
  if (entry.scope === 'organization') {
    if (!('organization' in subject)) throw new Error(`policy ${name} needs an organization access`);
    return (entry.rule as OrganizationRule<T>)(subject, target);
  }
  const actor = 'organization' in subject ? subject.actor : subject;
  return (entry.rule as ActorRule<T>)(actor, target);
}

/** Throws 403 when the subject may not; callers first make sure the target is visible (else 404). */
export function authorize<T>(subject: Actor | OrganizationAccess, name: PolicyName, target?: T): void {
  if (!can(subject, name, target)) throw AppError.forbidden();
}

/**
 * What a route declares in `config.policy`: 'public' (no session), 'authenticated' (any session;
 * the service scopes the data to the actor), or the name of a registered policy.
 */
export type RoutePolicy = 'public' | 'authenticated' | PolicyName;
