import { TRAINING_DEFAULT_COLUMNS, type TrainingStatusFilter, type TrainingsExportQuery } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import { auditHistoryOf } from '../../core/audit.js';
import { namesOfHistory } from '../../core/history.js';
import { exportListQuery, pickColumns } from '../../core/exports.js';
import { can } from '../policies.js';
import type { DbOrTx } from '../../db/client.js';
import { defineRecordSource } from '../exports/record-exports.js';
import { TRAINING_CSV_COLUMNS, trainingPdfRecord } from './training-exports.presenter.js';
import { presentProgress, presentQuestions, trainingStateOf } from './training-records.presenter.js';
import {
  countTrainingExportRows,
  listTrainingFiles,
  trainingExportRows,
  type TrainingRowRecord,
} from './training-records.repository.js';
import { listAttempts, listProgressPeople } from './training-attempts.repository.js';
import { listQuestions } from './training-questions.repository.js';
import { TRAINING_ENTITY, TRAINING_INFO_TYPE } from './training-actions.js';

/** The training list's selection of an export: checked rows, search, order, status filter, visible columns. */
export type TrainingSelection = Omit<TrainingsExportQuery, 'organizationId' | 'status'> & {
  status?: TrainingStatusFilter | undefined;
};

/**
 * The scope and list query of the selection (the list's own, through `trainingsVisibleTo`), in the
 * export's default order (spec 03 section 9: number descending when the number is visible, else
 * name ascending).
 */
export function trainingExportScope(access: OrganizationAccess, selection: TrainingSelection) {
  const { selectedIds, status, ...rest } = selection;
  const { columns, query } = exportListQuery(rest, TRAINING_DEFAULT_COLUMNS);
  return { scope: { access, status, ids: selectedIds }, columns, query };
}

/** The selected (or matching) trainings, read by keyset. */
export function trainingRows(db: DbOrTx, access: OrganizationAccess, selection: TrainingSelection) {
  const { scope, query } = trainingExportScope(access, selection);
  return trainingExportRows(db, scope, query);
}

/** The training CSV (GET /export/training-records, the inspection package): the picked columns and the list's rows. */
export function trainingsCsv(db: DbOrTx, access: OrganizationAccess, selection: TrainingSelection) {
  return {
    columns: pickColumns(TRAINING_CSV_COLUMNS, trainingExportScope(access, selection).columns),
    rows: trainingRows(db, access, selection),
  };
}

/** One training of an export as its PDF shows it to the exporting person. */
async function trainingRecord(db: DbOrTx, access: OrganizationAccess, row: TrainingRowRecord) {
  const organizationId = access.organization.id;
  const mayEdit = can(access, 'trainingRecord.edit', trainingStateOf(row));
  const people = await listProgressPeople(db, { organizationId, id: row.id, cycle: row.cycle });
  const history = await auditHistoryOf(db, { organizationId, entityType: TRAINING_ENTITY, entityId: row.id });
  return trainingPdfRecord(row, {
    files: await listTrainingFiles(db, organizationId, row.id),
    questions: presentQuestions(await listQuestions(db, organizationId, row.id, row.quizVersion), mayEdit),
    progress: presentProgress(access, row, people, await listAttempts(db, organizationId, row.id)),
    history,
    names: await namesOfHistory(db, organizationId, history),
    mayEdit,
  });
}

/**
 * The trainings of the 'Single PDF' and 'PDF archive' exports (spec 03 section 7): the list's
 * visible rows, each with its fields, quiz, completion progress with every attempt, and history.
 */
export const trainingRecordSource = defineRecordSource({
  name: 'training-records',
  label: 'Training-records',
  infoType: TRAINING_INFO_TYPE,
  policy: 'trainingRecord.view',
  count: (db, access, selection, max) => {
    const { scope, query } = trainingExportScope(access, selection);
    return countTrainingExportRows(db, scope, query, max);
  },
  records: async function* ({ database: { db } }, access, selection) {
    for await (const row of trainingRows(db, access, selection)) yield await trainingRecord(db, access, row);
  },
});
