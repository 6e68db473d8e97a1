/** The spec 03 areas: their menu entries and dashboard buttons lead to pages still being built. */
export type Spec03Area = 'documents' | 'tasks' | 'training-records' | 'human-resources';

/**
 * The spec 03 areas whose pages exist. The one list: each area's pages add it here when they land,
 * and its menu entries and dashboard buttons appear with it (until then they would lead to 404).
 */
const LANDED: ReadonlySet<Spec03Area> = new Set<Spec03Area>([
  'documents',
  'tasks',
  'training-records',
  'human-resources',
]);

export const hasLanded = (area: Spec03Area) => LANDED.has(area);
