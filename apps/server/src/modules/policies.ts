import { AppError } from '../core/errors.js';
import { passes, type AnyPolicy, type SubjectOf, type TargetOf } from '../core/policies.js';
import { accessCodePolicies } from './access-codes/access-codes.policy.js';
import { accountPolicies } from './accounts/accounts.policy.js';
import { actionPolicies } from './actions/actions.policy.js';
import { auditReviewPolicies } from './audit-review/audit-review.policy.js';
import { documentSignaturePolicies } from './documents/document-signatures.policy.js';
import { documentPolicies } from './documents/documents.policy.js';
import { periodicReviewPolicies } from './documents/periodic-review.policy.js';
import { exportPolicies } from './exports/exports.policy.js';
import { hrRecordPolicies } from './hr-records/hr-records.policy.js';
import { organizationPolicies } from './organizations/organizations.policy.js';
import { peoplePolicies } from './people/people.policy.js';
import { permissionPolicies } from './permissions/permissions.policy.js';
import { profilePolicies } from './profile/profile.policy.js';
import { settingsPolicies } from './settings/settings.policy.js';
import { trainingRecordPolicies } from './training-records/training-records.policy.js';
import { uploadPolicies } from './uploads/uploads.policy.js';
import { userGroupPolicies } from './user-groups/user-groups.policy.js';
import { validationReportPolicies } from './validation-report/validation-report.policy.js';

type Group = Readonly<Record<string, AnyPolicy>>;
type Merged<G extends readonly Group[]> = G extends readonly [infer H, ...infer R extends readonly Group[]]
  ? H & Merged<R>
  : unknown;

function registryOf<G extends readonly Group[]>(...groups: G): Merged<G> {
  const registry: Record<string, AnyPolicy> = {};
  for (const group of groups) {
    for (const [name, policy] of Object.entries(group)) {
      if (Object.hasOwn(registry, name)) throw new Error(`policy ${name} is defined twice`);
      registry[name] = policy;
    }
  }
  return registry as Merged<G>;
}

/** Every policy of the server, by name: what routes declare and services ask. */
export const policies = registryOf(
  organizationPolicies,
  profilePolicies,
  accountPolicies,
  accessCodePolicies,
  peoplePolicies,
  permissionPolicies,
  userGroupPolicies,
  settingsPolicies,
  uploadPolicies,
  exportPolicies,
  actionPolicies,
  documentPolicies,
  documentSignaturePolicies,
  periodicReviewPolicies,
  trainingRecordPolicies,
  hrRecordPolicies,
  auditReviewPolicies,
  validationReportPolicies,
);

export type PolicyName = keyof typeof policies;
type Named<N extends PolicyName> = (typeof policies)[N];

/**
 * What a route declares in `config.policy`: 'public' (no session), 'authenticated' (any session;
 * the service scopes the data to the actor), or the name of a policy.
 */
type RoutePolicy = 'public' | 'authenticated' | PolicyName;

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: RoutePolicy;
  }
}

export function can<N extends PolicyName>(subject: SubjectOf<Named<N>>, name: N, target?: TargetOf<Named<N>>): boolean {
  return passes<AnyPolicy>(subject, policies[name], target as never);
}

/** Throws 403 when the subject may not; callers first make sure the target is visible (else 404). */
export function authorize<N extends PolicyName>(
  subject: SubjectOf<Named<N>>,
  name: N,
  target?: TargetOf<Named<N>>,
): void {
  if (!can(subject, name, target)) throw AppError.forbidden();
}

/** The policy a route names, or undefined for an unknown name. */
export const policyNamed = (name: string): AnyPolicy | undefined =>
  Object.hasOwn(policies, name) ? policies[name as PolicyName] : undefined;
