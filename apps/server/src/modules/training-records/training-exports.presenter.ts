import { TRAINING_COLUMNS, answerLetter, type CompletionProgress, type TrainingQuestion } from '@qualis/contract';
import type { CsvColumn } from '../../core/exports.js';
import { changesText, historyAction, readableChanges, type HistoryNames } from '../../core/history.js';
import { utc, type PdfField, type PdfRecord } from '../../core/record-pdf.js';
import { linkOf } from '../actions/actions.presenter.js';
import { personNameOf } from '../hr-records/hr-records.presenter.js';
import type { DocumentLinkRow, FileRow, PersonRow, TrainingRowRecord } from './training-records.repository.js';
import { isoTime as iso } from '../../core/presenting.js';

const at = (value: Date | string) => utc(new Date(value));
const personLine = (p: Pick<PersonRow, 'firstName' | 'lastName' | 'email'>) => `${personNameOf(p)} <${p.email}>`;
const revisionLabel = (d: DocumentLinkRow) => `"${d.name}" revision ${d.revision}`;
/** The exporting person's own status, as the list's Status column shows it (empty when not an assignee). */
const viewerStatus = (row: TrainingRowRecord) => (row.viewerAssigned ? (row.viewerPassed ? 'Passed' : 'Pending') : '');

/** The training list's columns as CSV columns; the client's `columns` picks and orders them. */
export const TRAINING_CSV_COLUMNS: CsvColumn<TrainingRowRecord>[] = [
  { key: 'number', header: TRAINING_COLUMNS.number, value: (r) => r.number },
  { key: 'name', header: TRAINING_COLUMNS.name, value: (r) => r.name },
  {
    key: 'assignees',
    header: TRAINING_COLUMNS.assignees,
    value: (r) => [...r.assigneeUsers.map(personNameOf), ...r.assigneeUserGroups.map((g) => g.name)].join('; '),
  },
  { key: 'status', header: TRAINING_COLUMNS.status, value: viewerStatus },
  { key: 'link', header: TRAINING_COLUMNS.link, value: (r) => linkOf(r.link, r.linkDescription) },
  { key: 'assigner', header: TRAINING_COLUMNS.assigner, value: (r) => personNameOf(r.assigner) },
  { key: 'dueDate', header: TRAINING_COLUMNS.dueDate, value: (r) => r.dueDate },
  { key: 'creator', header: TRAINING_COLUMNS.creator, value: (r) => personNameOf(r.creator) },
  { key: 'creationDate', header: TRAINING_COLUMNS.creationDate, value: (r) => iso(r.createdAt).slice(0, 10) },
  { key: 'creationTime', header: TRAINING_COLUMNS.creationTime, value: (r) => iso(r.createdAt).slice(11, 19) },
];

export type HistoryEntry = {
  occurredAt: Date;
  actorEmail: string | null;
  action: string;
  before: unknown;
  after: unknown;
};

const HISTORY_ACTIONS: Record<string, string> = {
  create: 'Created',
  update: 'Changed',
  pass: 'Passed',
  failedAttempt: 'Failed attempt',
  newRound: 'New round of passes (everyone passes again)',
  assign: 'Assigned through a user group',
  unassign: 'Unassigned through a user group',
};

const objects = (value: unknown) =>
  (Array.isArray(value) ? value : []).filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null);

/** A quiz as the history prints it; which answers are right only for people who may edit the training. */
const quizText = (questions: unknown, mayEdit: boolean) =>
  objects(questions)
    .map(
      (q, i) =>
        `${i + 1}. ${String(q.name)} (${objects(q.answers)
          .map(
            (a, j) => `${answerLetter(j + 1)}. ${String(a.name)}${mayEdit && a.isCorrect === true ? ' [correct]' : ''}`,
          )
          .join(', ')})`,
    )
    .join(' ');

interface HistoryContext {
  names: HistoryNames;
  mayEdit: boolean;
  /** The training's linked revisions: a round names its document by id. */
  documents: DocumentLinkRow[];
}

const documentName = (ctx: HistoryContext, id: unknown) => {
  const document = ctx.documents.find((d) => d.id === id);
  return document ? `"${document.name}"` : 'a document';
};

/**
 * An audit event's values before the shared renderer names their ids: the quiz as text, the
 * document revision a round of passes is for. A round's number only in the event that starts a
 * new round: elsewhere the revision says which round it is. Left out: the attempt's id, and the
 * answers an attempt chose (those of a pass are the right ones; the attempt prints by its
 * result, quiz version and revision).
 */
function readable(values: unknown, action: string, ctx: HistoryContext): Record<string, unknown> | null {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return null;
  const fields = values as Record<string, unknown>;
  // A round's revision prints with its document (passesFor).
  const leftOut = ['attemptId', 'answers', ...('documentId' in fields ? ['revision'] : [])];
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'groups')
      out.groups =
        objects(value)
          .map((g) => String(g.name))
          .join(', ') || null;
    else if (key === 'questions') out.questions = quizText(value, ctx.mayEdit) || null;
    else if (key === 'cycle') {
      if (action === 'newRound') out.cycle = value;
    } else if (key === 'documentId')
      out.passesFor = value ? `${documentName(ctx, value)} revision ${String(fields.revision)}` : null;
    else if (key === 'documentModel') {
      const model = value as { id: string; revision: number } | null;
      out.document = model ? documentName(ctx, model.id) : null;
      if (model) out.revision = model.revision;
    } else if (!leftOut.includes(key)) out[key] = value;
  }
  return out;
}

/** An event as the PDF's history prints it. */
function historyLine(entry: HistoryEntry, ctx: HistoryContext) {
  return {
    at: entry.occurredAt,
    who: entry.actorEmail ?? 'system',
    what: HISTORY_ACTIONS[entry.action] ?? historyAction(entry.action),
    changes: changesText(
      readableChanges(readable(entry.before, entry.action, ctx), readable(entry.after, entry.action, ctx), ctx.names),
    ),
  };
}

/** A person of the completion progress: passed or pending, when, and every attempt of theirs. */
function progressItem(entry: CompletionProgress['passedTrainingUsers'][number]) {
  const passing = entry.passedAt === null ? undefined : entry.attempts.find((a) => a.attemptedAt === entry.passedAt);
  const fields: PdfField[] = [
    entry.passedAt === null
      ? { label: 'Status', value: 'Pending', alert: true }
      : {
          label: 'Status',
          value: `Passed ${at(entry.passedAt)}${passing ? ` (attempt ${passing.attemptNumber})` : ''}`,
        },
    { label: 'Assigned', value: entry.assignedAt === null ? 'No longer assigned' : at(entry.assignedAt) },
    ...(entry.attempts.length === 0
      ? [{ label: 'Attempts', value: 'None' }]
      : entry.attempts.map((a) => ({
          label: `Attempt ${a.attemptNumber}`,
          value: [
            at(a.attemptedAt),
            a.passed ? 'passed' : 'failed',
            `quiz version ${a.quizVersion}`,
            a.forRevision ? `for ${revisionLabel(a.forRevision)}` : 'no document revision',
          ].join(' · '),
        }))),
  ];
  return { title: personLine(entry.user), fields };
}

/**
 * What the current round of passes is for: the document revision whose approval started it
 * (`startTrainingRound`), the only way a round starts. None for round 1, the passes before any
 * linked revision was approved.
 */
function currentRound(row: TrainingRowRecord): string | null {
  if (row.forRevision) return revisionLabel(row.forRevision);
  return row.cycle > 1 ? `round ${row.cycle} (a document revision that no longer exists)` : null;
}

export interface TrainingPdfParts {
  files: FileRow[];
  /** The current quiz as the exporting person may read it (`presentQuestions`). */
  questions: TrainingQuestion[];
  progress: CompletionProgress;
  history: HistoryEntry[];
  names: HistoryNames;
  /** The exporting person may edit the training: the history shows which answers were right. */
  mayEdit: boolean;
}

/**
 * A training as its exported PDF shows it to an auditor (ISO 13485 6.2): its fields and links,
 * the quiz of its current version (the right answers marked only for people who may edit it),
 * every person who has to pass or passed it with each attempt, then its history.
 */
export function trainingPdfRecord(row: TrainingRowRecord, parts: TrainingPdfParts): PdfRecord {
  const { progress } = parts;
  const ctx: HistoryContext = { names: parts.names, mayEdit: parts.mayEdit, documents: row.documents };
  const round = currentRound(row);
  return {
    title: `Training record #${row.number}: ${row.name}`,
    fileName: `${row.number} ${row.name}`,
    fields: [
      { label: TRAINING_COLUMNS.number, value: String(row.number) },
      { label: TRAINING_COLUMNS.name, value: row.name },
      { label: 'Description', value: row.description },
      { label: TRAINING_COLUMNS.dueDate, value: row.dueDate },
      { label: TRAINING_COLUMNS.assigner, value: personLine(row.assigner) },
      { label: TRAINING_COLUMNS.creator, value: personLine(row.creator) },
      { label: 'Created', value: at(row.createdAt) },
      { label: 'People chosen', value: row.assigneeUsers.map(personLine).join(', ') },
      {
        label: 'User groups chosen',
        value: row.assigneeUserGroups
          .map((g) => `${g.name} (${g.userCount} ${g.userCount === 1 ? 'member' : 'members'})`)
          .join(', '),
      },
      { label: TRAINING_COLUMNS.link, value: linkOf(row.link, row.linkDescription) },
      { label: 'Extra link', value: linkOf(row.extraLink, row.extraLinkDescription) },
      { label: 'Files', value: parts.files.map((f) => f.fileName).join(', ') },
      { label: 'Tags', value: row.tags.map((t) => t.name).join(', ') },
      { label: 'Linked document revisions', value: row.documents.map(revisionLabel).join(', ') },
      ...(round ? [{ label: 'Passes for', value: round }] : []),
      { label: 'Quiz version', value: String(row.quizVersion) },
    ],
    sections: [
      {
        heading: `Questions (quiz version ${row.quizVersion})`,
        empty: 'No questions.',
        items: parts.questions.map((q) => ({
          title: `${q.number}. ${q.name}`,
          fields: q.answers.map((a) => ({
            label: answerLetter(a.number),
            value: `${a.name}${a.isCorrect ? ' [correct]' : ''}`,
          })),
        })),
      },
      {
        heading: round ? `Passed for ${round}` : 'Passed',
        empty: 'No assignees have passed the training.',
        items: progress.passedTrainingUsers.map(progressItem),
      },
      {
        heading: 'Pending',
        empty: 'No assignees are pending.',
        items: progress.pendingUsers.map(progressItem),
      },
    ],
    history: parts.history.map((entry) => historyLine(entry, ctx)),
  };
}
