import type { Role } from '@qualis/contract';
import { roleOf, type OrganizationAccess } from './access.js';
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

type Registered =
  | { scope: 'actor'; rule: ActorRule<never> }
  | { scope: 'organization'; rule: OrganizationRule<never>; roles: readonly Role[] | undefined };

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

/**
 * `roles`: the only roles the rule can ever allow. The pipeline refuses the others (403) before
 * it reads the organization, so a caller without the role learns nothing from a 400 or a 404.
 * The rule itself checks the role the person works with in the organization (`roleOf`: a client
 * Admin is a User there), so a restricted membership is refused once the organization is read.
 */
export function allowInOrganization<T = undefined>(
  name: PolicyName,
  rule: OrganizationRule<T>,
  options: { roles?: readonly Role[] } = {},
): void {
  const roles = options.roles;
  const guarded: OrganizationRule<T> = roles
    ? (access, target) => roles.includes(roleOf(access)) && rule(access, target)
    : rule;
  register(name, { scope: 'organization', rule: guarded as OrganizationRule<never>, roles });
}

function entryOf(name: string): Registered {
  const entry = registry.get(name);
  if (!entry) throw new Error(`no policy ${name}`);
  return entry;
}

export const policyScope = (name: string): PolicyScope | undefined => registry.get(name)?.scope;

/** Whether the role can pass the policy at all (organization policies that name their roles). */
export function roleMayPass(name: string, role: Role): boolean {
  const entry = entryOf(name);
  return entry.scope !== 'organization' || !entry.roles || entry.roles.includes(role);
}

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
