export const trainingsPath = (organizationId: string) => `/organizations/${organizationId}/training-records`;
export const trainingPath = (organizationId: string, recordId: string) =>
  `${trainingsPath(organizationId)}/${recordId}`;

/** The navigation state the list passes to the detail: the name for the breadcrumb at once, and edit mode. */
export interface TrainingNavigationState {
  name?: string;
  openEditMode?: boolean;
}

/**
 * The navigation state of 'Create & Link Training' (spec 03 sections 2 and 4): the document
 * revision the new training is linked to, and the document page's own state (`isEdit`: it was
 * being edited), handed back to it when the training is saved.
 */
export interface TrainingCreateState {
  documentInfo?: { isEdit?: boolean } & Record<string, unknown>;
  document?: { id: string; revision: number };
}
