import type { Role } from '@qualis/contract';

export const humanResourcesPath = (organizationId: string) => `/organizations/${organizationId}/human-resources`;
export const humanResourcePath = (organizationId: string, resourceId: string) =>
  `${humanResourcesPath(organizationId)}/${resourceId}`;

/**
 * Where a record that failed to load leaves a person: the list, or for a User, whose menu has no
 * Human Resources (the list answers them 403), the dashboard.
 */
export const humanResourcesLandingPath = (organizationId: string, role: Role) =>
  role === 'User' ? `/organizations/${organizationId}/dashboard` : humanResourcesPath(organizationId);

/** What the list passes to the detail: the name for the breadcrumb at once, and edit mode. */
export interface HumanResourceNavigationState {
  name?: string;
  edit?: boolean;
}
