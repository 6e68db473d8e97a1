import { z } from 'zod';
import { requiredText } from './fields.js';
import { ZOrganizationStatus } from './roles.js';

export const ZOrganization = z.object({
  id: z.uuid(),
  name: z.string(),
  status: ZOrganizationStatus,
  isManagedByClient: z.boolean(),
  logo: z.object({ originalPath: z.string(), originalFileName: z.string(), fileSize: z.number().int() }).nullable(),
  /**
   * Signers re-enter their password at each review and approval (21 CFR 11.200(a)). Off by
   * default, also when an answer leaves it out (the server always sends it).
   */
  signingRequiresPassword: z.boolean().default(false),
  /** Days before a periodic review its reminder action is made (docs/decisions/0033-periodic-review.md). */
  reviewReminderDays: z.number().int().default(30),
});
export type Organization = z.infer<typeof ZOrganization>;

/** Sort keys of the organizations list; the spec's columns Organizations, Status, Managed by Client. */
export const ORGANIZATION_SORT_KEYS = ['name', 'status', 'isManagedByClient'] as const;

/** POST /organizations and PUT /organizations/{id}/name: trimmed, 1 to 100 characters. */
export const ZOrganizationNameRequest = z.object({ name: requiredText() });
export type OrganizationNameRequest = z.infer<typeof ZOrganizationNameRequest>;

/** The answer of PATCH /organizations/{id}/managed-by-client. */
export const ZOrganizationManagedByClient = z.object({ id: z.uuid(), isManagedByClient: z.boolean() });
export type OrganizationManagedByClient = z.infer<typeof ZOrganizationManagedByClient>;

/** PUT /organizations/{id}/signing: the organization's signing setting (Admins). */
export const ZOrganizationSigningRequest = z.object({
  signingRequiresPassword: z.boolean({ error: 'signingRequiresPassword must be true or false.' }),
});
export type OrganizationSigningRequest = z.infer<typeof ZOrganizationSigningRequest>;
