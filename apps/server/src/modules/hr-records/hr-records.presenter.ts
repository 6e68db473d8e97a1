import { HR_COLUMNS, type HrRecord, type HrRecordRow as HrRecordListRow } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import type { CsvColumn } from '../../core/exports.js';
import { can } from '../policies.js';
import {
  changesText,
  historyAction,
  personName as personNameOf,
  readableChanges,
  type HistoryNames,
} from '../../core/history.js';
import { utc, type PdfRecord, type PdfSection } from '../../core/record-pdf.js';
import type { HrRecordState } from './hr-records.policy.js';
import type {
  HrAttemptRow,
  HrDocumentRow,
  HrRecordDetailRow,
  HrRecordRow,
  HrTrainingRow,
} from './hr-records.repository.js';
import { isoTime as iso } from '../../core/presenting.js';

export const hrRecordStateOf = (row: Pick<HrRecordRow, 'status'>): HrRecordState => ({ status: row.status });

/** The person's name as lists and links show it: first and last name, else the e-mail. */
export { personNameOf };

const TRAINING_STATUS_LABELS = { 0: 'Pending', 1: 'Passed' } as const;

const presentTraining = (t: HrTrainingRow) => ({
  ...t,
  passedAt: t.passedAt === null ? null : iso(t.passedAt),
});

/** The fields the list and the detail share, with the flags of the policies the writes check. */
function presentCommon(access: OrganizationAccess, row: HrRecordRow) {
  return {
    id: row.id,
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    status: row.status,
    createdAt: iso(row.createdAt),
    activated: row.activated,
    userGroups: row.userGroups,
    tags: row.tags,
    tagIds: row.tags.map((t) => t.id),
    canBeEdited: can(access, 'hrRecord.edit'),
    canBeDeleted: can(access, 'hrRecord.delete', hrRecordStateOf(row)),
  };
}

export const presentHrRecordRow =
  (access: OrganizationAccess) =>
  (row: HrRecordRow): HrRecordListRow => ({
    ...presentCommon(access, row),
    trainings: row.trainings.map(({ id, name, trainingStatus }) => ({ id, name, trainingStatus })),
  });

export function presentHrRecord(access: OrganizationAccess, row: HrRecordDetailRow): HrRecord {
  return {
    ...presentCommon(access, row),
    trainings: row.trainings.map(presentTraining),
    documents: row.documents,
    file: row.file && { ...row.file, fileSize: Number(row.file.fileSize) },
  };
}

const trainingLabel = (t: HrTrainingRow) => `#${t.number} ${t.name} (${TRAINING_STATUS_LABELS[t.trainingStatus]})`;

/** The list's columns as CSV columns; the client's `columns` picks and orders them. */
export const HR_CSV_COLUMNS: CsvColumn<HrRecordRow>[] = [
  { key: 'firstName', header: HR_COLUMNS.firstName, value: (r) => r.firstName },
  { key: 'lastName', header: HR_COLUMNS.lastName, value: (r) => r.lastName },
  { key: 'email', header: HR_COLUMNS.email, value: (r) => r.email },
  { key: 'role', header: HR_COLUMNS.role, value: (r) => r.role },
  { key: 'status', header: HR_COLUMNS.status, value: (r) => r.status },
  { key: 'userGroups', header: HR_COLUMNS.userGroups, value: (r) => r.userGroups.map((g) => g.name).join('; ') },
  { key: 'trainings', header: HR_COLUMNS.trainings, value: (r) => r.trainings.map(trainingLabel).join('; ') },
  { key: 'tags', header: HR_COLUMNS.tags, value: (r) => r.tags.map((t) => t.name).join('; ') },
];

const ROLE_LABELS: Record<HrDocumentRow['roles'][number], string> = {
  responsible: 'Responsible',
  reviewer: 'Reviewer',
  approver: 'Approver',
};

/** The document revision a round of passes was for: `document #3 "SOP", revision 2`. */
const revisionOf = (a: Pick<HrAttemptRow, 'documentNumber' | 'documentName' | 'revision'>) =>
  a.revision === null
    ? ''
    : a.documentNumber === null
      ? `revision ${a.revision}`
      : `document #${a.documentNumber} "${a.documentName ?? ''}", revision ${a.revision}`;

const attemptLine = (a: HrAttemptRow) =>
  [
    utc(new Date(a.attemptedAt)),
    a.passed ? 'passed' : 'failed',
    `round ${a.cycle}`,
    `quiz version ${a.quizVersion}`,
    revisionOf(a) && `for ${revisionOf(a)}`,
  ]
    .filter(Boolean)
    .join(' · ');

/** A training of the training file: its status now, the pass that counts and every attempt. */
function trainingItem(t: HrTrainingRow, attempts: HrAttemptRow[]) {
  const own = attempts.filter((a) => a.trainingId === t.id);
  const pass = t.passedAt === null ? undefined : own.find((a) => a.passed && iso(a.attemptedAt) === iso(t.passedAt!));
  return {
    title: `Training #${t.number}: ${t.name}`,
    fields: [
      { label: 'Status', value: TRAINING_STATUS_LABELS[t.trainingStatus], alert: t.trainingStatus === 0 },
      { label: 'Passed at', value: t.passedAt === null ? '' : utc(new Date(t.passedAt)) },
      { label: 'For', value: pass ? revisionOf(pass) || 'the training (no document revision)' : '' },
      ...(own.length === 0
        ? [{ label: 'Attempts', value: 'None' }]
        : own.map((a, i) => ({ label: `Attempt ${i + 1}`, value: attemptLine(a) }))),
    ],
  };
}

type HistoryEntry = { occurredAt: Date; actorEmail: string | null; action: string; before: unknown; after: unknown };

/**
 * A person's HR record as its PDF shows it to an auditor: who they are and their standing, their
 * training file (every training with its status, the pass that counts and the revision it was for,
 * and every attempt), their groups, their documents, the record's tags and CV, then its history.
 */
export function hrRecordPdf(
  row: HrRecordDetailRow,
  attempts: HrAttemptRow[],
  history: HistoryEntry[],
  names: HistoryNames,
): PdfRecord {
  const name = personNameOf(row);
  const sections: PdfSection[] = [
    {
      heading: 'Training file',
      items: row.trainings.map((t) => trainingItem(t, attempts)),
      empty: 'No trainings yet.',
    },
    {
      heading: 'User groups',
      items: row.userGroups.map((g) => ({
        title: g.name,
        fields: [{ label: 'Members', value: String(g.userCount) }],
      })),
      empty: 'No user groups yet.',
    },
    {
      heading: 'Documents',
      items: row.documents.map((d) => ({
        title: `Document #${d.number}: ${d.name}`,
        fields: [
          { label: 'Revision', value: String(d.revision) },
          { label: 'Roles', value: d.roles.map((r) => ROLE_LABELS[r]).join(', ') },
        ],
      })),
      empty: 'No documents yet.',
    },
  ];
  return {
    title: `HR record: ${name}`,
    fileName: name,
    fields: [
      { label: HR_COLUMNS.firstName, value: row.firstName ?? '' },
      { label: HR_COLUMNS.lastName, value: row.lastName ?? '' },
      { label: HR_COLUMNS.email, value: row.email },
      { label: HR_COLUMNS.role, value: row.role },
      { label: HR_COLUMNS.status, value: row.status, alert: row.status !== 'Active' },
      { label: 'Account activated', value: row.activated ? 'Yes' : 'No' },
      { label: 'Record created', value: utc(new Date(row.createdAt)) },
      { label: 'CV', value: row.file?.fileName ?? 'No CV uploaded.' },
      { label: HR_COLUMNS.tags, value: row.tags.map((t) => t.name).join(', ') },
    ],
    sections,
    history: history.map((entry) => ({
      at: entry.occurredAt,
      who: entry.actorEmail ?? 'system',
      what: historyAction(entry.action),
      changes: changesText(readableChanges(withoutIds(entry.before), withoutIds(entry.after), names)),
    })),
  };
}

/** The trail holds the CV's and tags' names beside their ids: the names are printed. */
const ID_FIELDS = new Set(['fileId', 'tagIds']);
const withoutIds = (values: unknown) =>
  values && typeof values === 'object'
    ? Object.fromEntries(Object.entries(values).filter(([key]) => !ID_FIELDS.has(key)))
    : values;
