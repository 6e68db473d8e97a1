import { AUDIT_INFO_TYPES, IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, monthsBefore } from '@qualis/contract';
import type { QueryValue } from '../../shared/api-client';

/** The logo checks of spec 01 section 5, before cropping: the translation key of the message, or null. */
export function logoFileProblem(file: Pick<File, 'name' | 'size'>): 'imageFormat' | 'imageTooLarge' | null {
  const extension = file.name.includes('.') ? (file.name.split('.').pop()?.toLowerCase() ?? '') : '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return 'imageFormat';
  if (file.size > IMAGE_MAX_BYTES) return 'imageTooLarge';
  return null;
}

/** The spec's eleven info types of the logs export (spec 01 section 3), sent as their indexes. */
export const LOG_INFO_TYPES = AUDIT_INFO_TYPES.slice(0, 11);
/** Translation keys of LOG_INFO_TYPES, in the same order. */
export const LOG_INFO_TYPE_KEYS = [
  'admins',
  'userGroups',
  'users',
  'accessCodes',
  'logo',
  'tags',
  'documentTypes',
  'documents',
  'actions',
  'trainingRecords',
  'hrRecords',
] as const;

export type StatusFilter = 'ALL_ORGANIZATIONS' | 'ALL_ACTIVE_ORGANIZATIONS' | 'ALL_INACTIVE_ORGANIZATIONS';

/** The organizations a status filter checks. */
export function organizationsOfStatus<T extends { id: string; status: string }>(
  organizations: readonly T[],
  filter: StatusFilter,
): string[] {
  return organizations
    .filter(
      (o) =>
        filter === 'ALL_ORGANIZATIONS' ||
        (filter === 'ALL_ACTIVE_ORGANIZATIONS' ? o.status === 'Active' : o.status === 'Inactive'),
    )
    .map((o) => o.id);
}

/** A local calendar day as YYYY-MM-DD. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The days the logs export may cover: three months back to today. */
export function logsDateBounds(today: string): { min: string; max: string } {
  return { min: monthsBefore(today, 3), max: today };
}

export interface LogsExportChoice {
  infoTypes: number[];
  selectedIds: string[];
  /** YYYY-MM-DD days, or null while no range is chosen. */
  range: [string, string] | null;
  includeOrganizationChanges: boolean;
  search?: string;
}

/**
 * Spec 01 section 5: enabled when (info types and organizations are chosen and a date range is
 * set) or (organization changes are included and a date range is set).
 */
export function canExportLogs(choice: LogsExportChoice): boolean {
  if (!choice.range) return false;
  return (choice.infoTypes.length > 0 && choice.selectedIds.length > 0) || choice.includeOrganizationChanges;
}

/** The query of GET /export/Organization-logs; the end day carries the spec's T23:50:00Z suffix. */
export function logsExportQuery(choice: LogsExportChoice): Record<string, QueryValue> {
  const [start, end] = choice.range ?? [undefined, undefined];
  return {
    search: choice.search,
    InfoTypes: [...choice.infoTypes].sort((a, b) => a - b),
    SelectedIds: choice.selectedIds,
    'DateRange.Start': start,
    'DateRange.End': end ? `${end}T23:50:00Z` : undefined,
    IncludeOrganizationChanges: choice.includeOrganizationChanges,
  };
}
