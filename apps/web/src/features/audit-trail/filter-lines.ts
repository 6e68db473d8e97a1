import type { TFunction } from 'i18next';

const LABELS = {
  actorUserId: 'auditTrail.filters.person',
  entityType: 'auditTrail.filters.kind',
  entityId: 'auditTrail.filters.record',
  action: 'auditTrail.filters.action',
  from: 'auditTrail.filters.from',
  to: 'auditTrail.filters.to',
} as const;

/** The filters of a view or a review as 'Label: value' lines, in the reader's language. */
export function filterLines(filters: Partial<Record<string, string | undefined>>, t: TFunction): string[] {
  return Object.entries(LABELS).flatMap(([key, label]) => (filters[key] ? [`${t(label)}: ${filters[key]}`] : []));
}
