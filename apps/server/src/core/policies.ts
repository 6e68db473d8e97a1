import type { Role } from '@qualis/contract';
import { roleOf, type OrganizationAccess } from './access.js';
import type { Actor } from './auth.js';

/**
 * Who may do what. Each module exports its policies as an object keyed by name
 * (`modules/<name>/<name>.policy.ts`); `modules/policies.ts` gathers them into the one registry
 * whose keys are the `PolicyName`s routes and services use. Two scopes:
 * - `actorPolicy((actor) => ...)`: provider-level and personal rules, decided by who the person is;
 * - `organizationPolicy((access, target) => ...)`: rules inside one organization, decided by the
 *   person's access there (membership, role, group permissions).
 * A rule receives `target` undefined when asked "may they do this at all?" (the access pipeline,
 * before the target is loaded) and the record when asked about one; the same answers feed the
 * `can*` flags of responses.
 */
type ActorRule<T> = (actor: Actor, target: T | undefined) => boolean;
type OrganizationRule<T> = (access: OrganizationAccess, target: T | undefined) => boolean;

export interface ActorPolicy<T> {
  readonly scope: 'actor';
  readonly rule: ActorRule<T>;
}

export interface OrganizationPolicy<T> {
  readonly scope: 'organization';
  readonly rule: OrganizationRule<T>;
  /** The only roles the rule can ever allow (undefined: any role). */
  readonly roles: readonly Role[] | undefined;
}

export type Policy<T> = ActorPolicy<T> | OrganizationPolicy<T>;
/** Any policy, whatever its target. */
export type AnyPolicy = Policy<never>;
export type PolicyScope = AnyPolicy['scope'];

/** The target a policy's rule looks at (undefined for "at all"). */
export type TargetOf<P> = P extends { rule: (subject: never, target: infer T) => boolean } ? T : never;
/** Who a policy is asked about: an organization policy needs the person's access there. */
export type SubjectOf<P> = P extends OrganizationPolicy<never> ? OrganizationAccess : Actor | OrganizationAccess;

export function actorPolicy<T = undefined>(rule: ActorRule<T>): ActorPolicy<T> {
  return { scope: 'actor', rule };
}

/**
 * `roles`: the only roles the rule can ever allow. The pipeline refuses the others (403) before
 * it reads the organization, so a caller without the role learns nothing from a 400 or a 404.
 * The rule itself checks the role the person works with in the organization (`roleOf`: a client
 * Admin is a User there), so a restricted membership is refused once the organization is read.
 */
export function organizationPolicy<T = undefined>(
  rule: OrganizationRule<T>,
  options: { roles?: readonly Role[] } = {},
): OrganizationPolicy<T> {
  const roles = options.roles;
  const guarded: OrganizationRule<T> = roles
    ? (access, target) => roles.includes(roleOf(access)) && rule(access, target)
    : rule;
  return { scope: 'organization', rule: guarded, roles };
}

/** Whether the role can pass the policy at all (organization policies that name their roles). */
export function roleMayPass(policy: AnyPolicy, role: Role): boolean {
  return policy.scope !== 'organization' || !policy.roles || policy.roles.includes(role);
}

/**
 * Whether the subject passes the policy. Policies that build on another one call it directly
 * with this; everyone else asks by name (`can` / `authorize` of `modules/policies.ts`).
 */
export function passes<P extends AnyPolicy>(subject: SubjectOf<P>, policy: P, target?: TargetOf<P>): boolean {
  const entry = policy as Policy<TargetOf<P>>;
  if (entry.scope === 'organization') {
    if (!('organization' in subject)) throw new Error('an organization policy needs an organization access');
    return entry.rule(subject, target);
  }
  return entry.rule('organization' in subject ? subject.actor : subject, target);
}
