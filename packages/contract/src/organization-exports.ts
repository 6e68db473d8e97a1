import { z } from 'zod';
import { AUDIT_INFO_TYPES, type AuditInfoType } from './audit.js';
import { ZUuid } from './fields.js';
import { ZListQuery, repeated } from './lists.js';
import { messageKeys } from './messages/index.js';

/** Columns of the organizations CSV, by the list's column keys, with the spec's headers. */
export const ORGANIZATION_EXPORT_COLUMNS = {
  name: 'Organizations',
  status: 'Status',
  isManagedByClient: 'Managed by Client',
} as const;

/**
 * GET /export/organizations: the list's search, order and visible columns, and optionally the
 * selected rows (`selectedIds`, also spelled `SelectedIds`), merged into `selectedIds`.
 */
export const ZOrganizationsExportQuery = ZListQuery.omit({ limit: true, offset: true })
  .extend({ selectedIds: repeated(ZUuid), SelectedIds: repeated(ZUuid) })
  .transform(({ SelectedIds, selectedIds, ...rest }) => ({
    ...rest,
    selectedIds: [...(selectedIds ?? []), ...(SelectedIds ?? [])],
  }));
export type OrganizationsExportQuery = z.infer<typeof ZOrganizationsExportQuery>;

/** A calendar day, YYYY-MM-DD; a time part (the client sends the end as ...T23:50:00Z) is dropped. */
export const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/, messageKeys.invalidDate)
  .transform((v) => v.slice(0, 10))
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    {
      message: messageKeys.invalidDate,
    },
  );

/** A true/false query parameter. */
export const ZFlag = z.preprocess(
  (v) => (typeof v === 'string' ? v.toLowerCase() : v),
  z.enum(['true', 'false'], { error: messageKeys.invalidFlag }).transform((v) => v === 'true'),
);

/** The day `months` calendar months before `day` (both YYYY-MM-DD, UTC). */
export function monthsBefore(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
}

const shiftDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The logs export's date rule (spec 01 section 5): start ≤ end, both between three months ago
 * and today. One day of slack either side, because "today" of the person's time zone may be
 * yesterday or tomorrow in UTC.
 */
export function logsExportRangeProblem(start: string, end: string, today: string): string | undefined {
  if (start > end) return messageKeys.logsExportDateRangeOrder;
  if (start < shiftDays(monthsBefore(today, 3), -1) || end > shiftDays(today, 1)) {
    return messageKeys.logsExportDateRangeLimit;
  }
  return undefined;
}

/**
 * GET /export/Organization-logs. Enabled (spec 01 section 5) when a date range is set and either
 * info types and organizations are chosen, or organization changes are included.
 */
export const ZOrganizationLogsExportQuery = z
  .object({
    search: ZListQuery.shape.search,
    InfoTypes: repeated(
      z.coerce
        .number({ error: messageKeys.invalidInfoType })
        .int(messageKeys.invalidInfoType)
        .min(0, messageKeys.invalidInfoType)
        .max(AUDIT_INFO_TYPES.length - 1, messageKeys.invalidInfoType),
    ),
    'DateRange.Start': ZDay.optional(),
    'DateRange.End': ZDay.optional(),
    IncludeOrganizationChanges: ZFlag.optional(),
    SelectedIds: repeated(ZUuid),
    selectedIds: repeated(ZUuid),
  })
  .superRefine((q, ctx) => {
    const chosen = (q.InfoTypes?.length ?? 0) > 0 && (q.SelectedIds?.length ?? 0) + (q.selectedIds?.length ?? 0) > 0;
    if (!chosen && !q.IncludeOrganizationChanges) {
      ctx.addIssue({ code: 'custom', message: messageKeys.logsExportSelectionRequired, path: ['SelectedIds'] });
      return;
    }
    const start = q['DateRange.Start'];
    const end = q['DateRange.End'];
    if (!start || !end) {
      const path = start ? 'DateRange.End' : 'DateRange.Start';
      ctx.addIssue({ code: 'custom', message: messageKeys.logsExportDateRangeRequired, path: [path] });
      return;
    }
    const problem = logsExportRangeProblem(start, end, new Date().toISOString().slice(0, 10));
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['DateRange.Start'] });
  })
  .transform((q) => ({
    search: q.search,
    infoTypes: [...new Set(q.InfoTypes ?? [])].map((i) => AUDIT_INFO_TYPES[i] as AuditInfoType),
    start: q['DateRange.Start'] as string,
    end: q['DateRange.End'] as string,
    includeOrganizationChanges: q.IncludeOrganizationChanges ?? false,
    organizationIds: [...new Set([...(q.SelectedIds ?? []), ...(q.selectedIds ?? [])])],
  }));
export type OrganizationLogsExportQuery = z.infer<typeof ZOrganizationLogsExportQuery>;

/**
 * GET /export/files/{fileId}: the organization of a large PDF export that was e-mailed to the
 * person as a link (docs/api.md, "Large PDF exports").
 */
export const ZExportFileQuery = z.object({ organizationId: ZUuid });
export type ExportFileQuery = z.infer<typeof ZExportFileQuery>;
