import { ACTION_DEFAULT_COLUMNS, type ActionsExportQuery } from '@qualis/contract';
import { auditHistoryOf } from '../../core/audit.js';
import { namesOfHistory } from '../../core/history.js';
import type { OrganizationAccess } from '../../core/access.js';
import { exportListQuery as exportQueryOf, pickColumns } from '../../core/exports.js';
import type { DbOrTx } from '../../db/client.js';
import { defineRecordSource, type RecordSelection } from '../exports/record-exports.js';
import { ACTION_CSV_COLUMNS, actionPdfRecord } from './actions.presenter.js';
import { actionCsvRows, actionExportRows, countActionExportRows } from './actions.repository.js';

/** The export's columns and order (core/exports.ts): the actions list's default columns; by number or name. */
export const exportListQuery = (query: Omit<ActionsExportQuery, 'organizationId' | 'selectedIds' | 'actionFilters'>) =>
  exportQueryOf(query, ACTION_DEFAULT_COLUMNS);

/** The actions list's selection as the repository reads it: the checked ids, the filters, the search and order. */
function scoped({ selectedIds, actionFilters: filters, ...rest }: RecordSelection) {
  return { ids: selectedIds, filters, query: exportListQuery(rest).query };
}

/**
 * The actions of the 'Single PDF' and 'PDF archive' exports (spec 03 section 7): the list's
 * visible rows, each with its fields and audit history.
 */
export const actionRecords = defineRecordSource({
  name: 'actions',
  label: 'Tasks',
  infoType: 'Actions',
  policy: 'action.view',
  count: (db, access, selection, max) => {
    const { ids, filters, query } = scoped(selection);
    return countActionExportRows(db, { access, ids, filters }, query, max);
  },
  records: async function* ({ database: { db } }, access, selection) {
    const { ids, filters, query } = scoped(selection);
    for await (const row of actionExportRows(db, { access, ids, filters }, query)) {
      const history = await auditHistoryOf(db, {
        organizationId: access.organization.id,
        entityType: 'action',
        entityId: row.id,
      });
      yield actionPdfRecord(row, history, await namesOfHistory(db, access.organization.id, history));
    }
  },
});

/** The actions CSV (GET /export/Tasks, the inspection package): the picked columns and the list's rows. */
export function actionsCsv(
  db: DbOrTx,
  access: OrganizationAccess,
  { selectedIds, actionFilters: filters, ...rest }: Omit<ActionsExportQuery, 'organizationId'>,
) {
  const { columns, query } = exportListQuery(rest);
  return {
    columns: pickColumns(ACTION_CSV_COLUMNS, columns),
    rows: actionCsvRows(db, { access, ids: selectedIds, filters }, query),
  };
}
