import { z } from 'zod';
import { ZOrganizationStatus } from './roles.js';

export const ZOrganization = z.object({
  id: z.uuid(),
  name: z.string(),
  status: ZOrganizationStatus,
  isManagedByClient: z.boolean(),
  logo: z.object({ originalPath: z.string() }).nullable(),
});
export type Organization = z.infer<typeof ZOrganization>;

/** Sort keys of the organizations list; the spec's columns Organizations, Status, Managed by Client. */
export const ORGANIZATION_SORT_KEYS = ['name', 'status', 'isManagedByClient'] as const;
