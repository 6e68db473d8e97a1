import { ACTION_COLUMNS, ACTION_STATUS, ACTION_STATUS_LABELS, type Action } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import type { CsvColumn } from '../../core/exports.js';
import { changesText, historyAction, readableChanges, type HistoryNames } from '../../core/history.js';
import type { PdfRecord } from '../../core/record-pdf.js';
import { can } from '../policies.js';
import type { ActionState } from './actions.policy.js';
import type { ActionCsvRow, ActionPersonRow, ActionRecord } from './actions.repository.js';
import { isoTime as iso, personOf } from '../../core/presenting.js';

export const actionStateOf = (row: ActionState): ActionState => ({
  status: row.status,
  kind: row.kind,
  creatorId: row.creatorId,
  assignerId: row.assignerId,
  assigneeId: row.assigneeId,
});

/** The row as the spec's client reads it, with the flags of the same policies the server enforces. */
export const presentAction =
  (access: OrganizationAccess) =>
  (row: ActionRecord): Action => {
    const createdAt = iso(row.createdAt);
    const state = actionStateOf(row);
    return {
      id: row.id,
      number: row.number,
      name: row.name,
      nameKey: row.nameKey,
      nameParams: row.nameKey ? row.nameParams : null,
      description: row.description,
      descriptionKey: row.descriptionKey,
      status: ACTION_STATUS[row.status],
      dueDate: row.dueDate,
      link: row.link,
      linkDescription: row.linkDescription,
      extraLink: row.extraLink,
      extraLinkDescription: row.extraLinkDescription,
      tags: row.tags,
      tagIds: row.tags.map((t) => t.id),
      assignee: personOf(row.assignee),
      assigner: personOf(row.assigner),
      creator: personOf(row.creator),
      kind: row.kind,
      createdAt,
      creationDate: createdAt.slice(0, 10),
      creationTime: createdAt.slice(11, 19),
      completedAt: row.completedAt === null ? null : iso(row.completedAt),
      canBeEdited: can(access, 'action.edit', state),
      canChangeStatus: can(access, 'action.changeStatus', state),
      canBeDeleted: can(access, 'action.delete', state),
    };
  };

/** A person as the exports name them: first and last name, else the e-mail. */
const fullNameOf = (firstName: string | null, lastName: string | null, email: string) =>
  [firstName, lastName].filter(Boolean).join(' ') || email;
const nameOf = (p: ActionPersonRow) => fullNameOf(p.firstName, p.lastName, p.email);

/** The list's columns as CSV columns; the client's `columns` picks and orders them. */
export const ACTION_CSV_COLUMNS: CsvColumn<ActionCsvRow>[] = [
  { key: 'number', header: ACTION_COLUMNS.number, value: (a) => a.number },
  { key: 'name', header: ACTION_COLUMNS.name, value: (a) => a.name },
  {
    key: 'assignee',
    header: ACTION_COLUMNS.assignee,
    value: (a) => fullNameOf(a.assigneeFirstName, a.assigneeLastName, a.assigneeEmail),
  },
  { key: 'status', header: ACTION_COLUMNS.status, value: (a) => ACTION_STATUS_LABELS[ACTION_STATUS[a.status]] },
  { key: 'dueDate', header: ACTION_COLUMNS.dueDate, value: (a) => a.dueDate },
  { key: 'link', header: ACTION_COLUMNS.link, value: (a) => a.link },
  {
    key: 'creator',
    header: ACTION_COLUMNS.creator,
    value: (a) => fullNameOf(a.creatorFirstName, a.creatorLastName, a.creatorEmail),
  },
  {
    key: 'assigner',
    header: ACTION_COLUMNS.assigner,
    value: (a) => fullNameOf(a.assignerFirstName, a.assignerLastName, a.assignerEmail),
  },
  { key: 'creationDate', header: ACTION_COLUMNS.creationDate, value: (a) => iso(a.createdAt).slice(0, 10) },
  { key: 'creationTime', header: ACTION_COLUMNS.creationTime, value: (a) => iso(a.createdAt).slice(11, 19) },
];

type HistoryEntry = { occurredAt: Date; actorEmail: string | null; action: string; before: unknown; after: unknown };

/** A link as the PDFs print it: its description, then the address. */
export const linkOf = (link: string | null, description: string | null) =>
  link ? (description ? `${description} (${link})` : link) : '';

/** An action as its exported PDF shows it: every field, then its audit history. */
export function actionPdfRecord(row: ActionRecord, history: HistoryEntry[], names: HistoryNames): PdfRecord {
  const createdAt = iso(row.createdAt);
  return {
    title: `Action #${row.number}: ${row.name}`,
    fileName: `${row.number} ${row.name}`,
    fields: [
      { label: ACTION_COLUMNS.number, value: String(row.number) },
      { label: ACTION_COLUMNS.name, value: row.name },
      { label: 'Description', value: row.description },
      { label: ACTION_COLUMNS.status, value: ACTION_STATUS_LABELS[ACTION_STATUS[row.status]] },
      { label: ACTION_COLUMNS.dueDate, value: row.dueDate },
      { label: ACTION_COLUMNS.assignee, value: `${nameOf(row.assignee)} <${row.assignee.email}>` },
      { label: ACTION_COLUMNS.assigner, value: `${nameOf(row.assigner)} <${row.assigner.email}>` },
      { label: ACTION_COLUMNS.creator, value: `${nameOf(row.creator)} <${row.creator.email}>` },
      { label: 'Created', value: `${createdAt.slice(0, 10)} ${createdAt.slice(11, 19)} UTC` },
      { label: ACTION_COLUMNS.link, value: linkOf(row.link, row.linkDescription) },
      { label: 'Extra link', value: linkOf(row.extraLink, row.extraLinkDescription) },
      { label: 'Tags', value: row.tags.map((t) => t.name).join(', ') },
    ],
    history: history.map((entry) => ({
      at: entry.occurredAt,
      who: entry.actorEmail ?? 'system',
      what: historyAction(entry.action),
      changes: changesText(readableChanges(entry.before, entry.after, names)),
    })),
  };
}
