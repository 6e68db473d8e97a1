export const trainingsPath = (organizationId: string) => `/organizations/${organizationId}/training-records`;
export const trainingPath = (organizationId: string, recordId: string) =>
  `${trainingsPath(organizationId)}/${recordId}`;

/** The navigation state the list passes to the detail: the name for the breadcrumb at once, and edit mode. */
export interface TrainingNavigationState {
  name?: string;
  openEditMode?: boolean;
}
