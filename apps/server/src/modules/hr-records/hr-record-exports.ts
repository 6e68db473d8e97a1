import { HR_DEFAULT_COLUMNS, type HrExportQuery } from '@qualis/contract';
import { auditHistoryOf } from '../../core/audit.js';
import { namesOfHistory } from '../../core/history.js';
import type { OrganizationAccess } from '../../core/access.js';
import { exportListQuery as exportQueryOf, pickColumns } from '../../core/exports.js';
import type { DbOrTx } from '../../db/client.js';
import { defineRecordSource, type RecordSelection } from '../exports/record-exports.js';
import { HR_CSV_COLUMNS, hrRecordPdf } from './hr-records.presenter.js';
import {
  countHrRecordExportRows,
  findVisibleHrRecord,
  hrRecordExportRows,
  listHrAttempts,
} from './hr-records.repository.js';
import { HR_ENTITY } from './hr-records.service.js';

/** The export's columns and order (core/exports.ts): the list's default columns; by name without an order. */
export const exportListQuery = (query: Omit<HrExportQuery, 'organizationId' | 'selectedIds'>) =>
  exportQueryOf(query, HR_DEFAULT_COLUMNS);

/** The HR list's selection as the repository reads it: the checked ids, the search and order. */
function scoped({ selectedIds, ...rest }: RecordSelection) {
  return { ids: selectedIds, query: exportListQuery(rest).query };
}

/**
 * The records of the 'Single PDF' and 'PDF archive' exports (spec 03 section 7): the list's
 * visible rows, each as the person's file (trainings and every attempt, groups, documents, tags,
 * CV) with the history of the record and of the person's membership.
 */
export const hrRecordSource = defineRecordSource({
  name: 'hr-records',
  label: 'Human-resources',
  infoType: 'HR Records',
  policy: 'hrRecord.view',
  count: (db, access, selection, max) => {
    const { ids, query } = scoped(selection);
    return countHrRecordExportRows(db, { access, ids }, query, max);
  },
  records: async function* ({ database: { db } }, access, selection) {
    const { ids, query } = scoped(selection);
    const organizationId = access.organization.id;
    for await (const { id } of hrRecordExportRows(db, { access, ids }, query)) {
      const detail = await findVisibleHrRecord(db, access, id);
      if (!detail) continue;
      const attempts = await listHrAttempts(db, organizationId, id);
      // The record's own changes and the person's membership in the organization (added,
      // activated, deactivated, removed): when they belonged to it is part of their file.
      const record = await auditHistoryOf(db, { organizationId, entityType: HR_ENTITY, entityId: id });
      const person = await auditHistoryOf(db, { organizationId, entityType: 'user', entityId: detail.userId });
      const history = [...record, ...person].sort((a, b) => a.seq - b.seq);
      yield hrRecordPdf(detail, attempts, history, await namesOfHistory(db, organizationId, history));
    }
  },
});

/** The HR CSV (GET /export/human-resource-records, the inspection package): the picked columns and the list's rows. */
export function hrRecordsCsv(
  db: DbOrTx,
  access: OrganizationAccess,
  { selectedIds, ...rest }: Omit<HrExportQuery, 'organizationId'>,
) {
  const { columns, query } = exportListQuery(rest);
  return {
    columns: pickColumns(HR_CSV_COLUMNS, columns),
    rows: hrRecordExportRows(db, { access, ids: selectedIds }, query),
  };
}
