export const humanResourcesPath = (organizationId: string) => `/organizations/${organizationId}/human-resources`;
export const humanResourcePath = (organizationId: string, resourceId: string) =>
  `${humanResourcesPath(organizationId)}/${resourceId}`;

/** What the list passes to the detail: the name for the breadcrumb at once, and edit mode. */
export interface HumanResourceNavigationState {
  name?: string;
  edit?: boolean;
}
