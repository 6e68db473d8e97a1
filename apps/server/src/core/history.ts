import { and, eq, inArray } from 'drizzle-orm';
import type { HistoryChange } from '@qualis/contract';
import type { DbOrTx } from '../db/client.js';
import { documentTypes, organizationFiles, tags, trainingRecords, userGroups, users } from '../db/schema/index.js';
import { isRecordedSignature, signatureSentence } from './history-signatures.js';
import { utc } from './record-pdf.js';

// The readable form of audit events (History tab, record PDFs, logs export): each changed field
// as a labelled line, ids replaced by the names they stand for, unchanged fields left out.

export type NameKind = 'people' | 'files' | 'documentTypes' | 'tags' | 'trainings' | 'groups';

/** What the ids of a page of events stand for, by kind. */
export type HistoryNames = Record<NameKind, Map<string, string>>;

/** The fields whose values are ids, the kind they name, and their English label. */
const ID_FIELDS: Record<string, { kind: NameKind; label: string }> = {
  submitterId: { kind: 'people', label: 'Responsible' },
  reviewerIds: { kind: 'people', label: 'Reviewers' },
  approverIds: { kind: 'people', label: 'Approvers' },
  assigneeId: { kind: 'people', label: 'Assignee' },
  assignerId: { kind: 'people', label: 'Assigner' },
  creatorId: { kind: 'people', label: 'Creator' },
  signerId: { kind: 'people', label: 'Signer' },
  userId: { kind: 'people', label: 'Person' },
  userIds: { kind: 'people', label: 'People' },
  assigneeUserIds: { kind: 'people', label: 'Assignees' },
  assignedUserIds: { kind: 'people', label: 'Assigned' },
  unassignedUserIds: { kind: 'people', label: 'Unassigned' },
  fileId: { kind: 'files', label: 'Controlled file' },
  fileIds: { kind: 'files', label: 'Files' },
  extraFileIds: { kind: 'files', label: 'Extra files' },
  typeId: { kind: 'documentTypes', label: 'Document type' },
  tagIds: { kind: 'tags', label: 'Tags' },
  trainingRecordId: { kind: 'trainings', label: 'Training' },
  trainingId: { kind: 'trainings', label: 'Training' },
  groupId: { kind: 'groups', label: 'User group' },
  groupIds: { kind: 'groups', label: 'User groups' },
  assigneeUserGroupIds: { kind: 'groups', label: 'Assigned user groups' },
};

/** Labels of the other fields whose camel-case name does not read well on its own. */
const LABELS: Record<string, string> = {
  number: 'System #',
  typeDescription: 'Document ID',
  requiresTraining: 'Requires training',
  isFinal: 'Final',
  revisionName: 'Revision name',
  revisionDescription: 'Revision description',
  reasonForChange: 'Reason for change',
  dueDate: 'Due date',
  linkDescription: 'Link description',
  // A training's round of passes (training-actions.ts `startTrainingRound`).
  cycle: 'Round of passes',
  // A review of the audit trail (modules/audit-review): the last event of the reviewed range.
  upToSeq: 'Up to event',
  // A signature (document-signatures.service.ts), as the record PDFs print its manifestation.
  signerName: 'Printed name',
  signerEmail: 'E-mail',
  signedAt: 'Signed at',
  signatureCycle: 'Signature cycle',
  fileSha256: 'SHA-256 of the signed file',
  passwordConfirmed: 'Password re-entered',
  accessCodeConfirmed: 'Access code entered',
};

/** 'revisionDescription' → 'Revision description', for a field without a label of its own. */
const spelled = (field: string) => {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const historyLabel = (field: string) => ID_FIELDS[field]?.label ?? LABELS[field] ?? spelled(field);

/** What the actions written by more than one kind of record read as; another is spelled out. */
const ACTIONS: Record<string, string> = {
  create: 'Created',
  update: 'Edited',
  delete: 'Deleted',
  addRevision: 'Revision added',
  deleteRevision: 'Revision deleted',
  statusChange: 'Status changed',
  sign: 'Signed',
  signatureRefused: 'Signature refused',
  controlledCopy: 'Controlled copy downloaded',
  withdraw: 'Withdrawn (Obsolete)',
  // The audit trail's 'Mark reviewed' (modules/audit-review).
  review: 'Marked reviewed',
};

/** An event's action as the record PDFs print it: 'signatureRefused' → 'Signature refused'. */
export const historyAction = (action: string) => ACTIONS[action] ?? spelled(action);

/** Values written as codes (a refused signature's reason), as a reader says them. */
const CODES: Record<string, Record<string, string>> = {
  reason: { locked: 'Signing locked', passwordWrong: 'Wrong password', accessCodeWrong: 'Wrong access code' },
  status: { ToDo: 'To do' },
};

/** Names recorded in the event beside its ids (`names: { id: name }`), which win over today's. */
export const RECORDED_NAMES = 'names';

const record = (values: unknown): Record<string, unknown> =>
  typeof values === 'object' && values !== null && !Array.isArray(values) ? (values as Record<string, unknown>) : {};

const isPlainRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const idsIn = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');

/** The ids a page of events names, by kind: one lookup per kind for the whole page. */
export function historyIds(events: { before: unknown; after: unknown }[]): Record<NameKind, string[]> {
  const ids: Record<NameKind, Set<string>> = {
    people: new Set(),
    files: new Set(),
    documentTypes: new Set(),
    tags: new Set(),
    trainings: new Set(),
    groups: new Set(),
  };
  // Nested values too: a withdrawal's signature names its file, a deleted document's revisions their people.
  const collect = (values: Record<string, unknown>) => {
    for (const [field, value] of Object.entries(values)) {
      const kind = ID_FIELDS[field]?.kind;
      if (kind) for (const id of idsIn(value)) ids[kind].add(id);
      else for (const nested of Array.isArray(value) ? value : [value]) if (isPlainRecord(nested)) collect(nested);
    }
  };
  for (const e of events) {
    collect(record(e.before));
    collect(record(e.after));
  }
  return Object.fromEntries(Object.entries(ids).map(([kind, set]) => [kind, [...set]])) as Record<NameKind, string[]>;
}

export const personName = (p: { firstName: string | null; lastName: string | null; email: string }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email;

/**
 * The names behind the ids (`historyIds`), of one organization or, for the logs export that
 * spans several, of any (`organizationId` null). People are read by id: someone who has since
 * left is still named. What was removed since is missing from the answer.
 */
async function findHistoryNames(
  db: DbOrTx,
  organizationId: string | null,
  ids: Record<NameKind, string[]>,
): Promise<HistoryNames> {
  const inOrganization = (table: { organizationId: typeof tags.organizationId; id: typeof tags.id }, list: string[]) =>
    and(organizationId === null ? undefined : eq(table.organizationId, organizationId), inArray(table.id, list));
  const byId = (rows: { id: string; name: string }[]) => new Map(rows.map((r) => [r.id, r.name]));
  const [people, files, types, tagRows, trainings, groups] = await Promise.all([
    ids.people.length
      ? db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(inArray(users.id, ids.people))
          .then((rows) => rows.map((p) => ({ id: p.id, name: personName(p) })))
      : [],
    ids.files.length
      ? db
          .select({ id: organizationFiles.id, name: organizationFiles.originalName })
          .from(organizationFiles)
          .where(inOrganization(organizationFiles, ids.files))
      : [],
    ids.documentTypes.length
      ? db
          .select({ id: documentTypes.id, name: documentTypes.name })
          .from(documentTypes)
          .where(inOrganization(documentTypes, ids.documentTypes))
      : [],
    ids.tags.length ? db.select({ id: tags.id, name: tags.name }).from(tags).where(inOrganization(tags, ids.tags)) : [],
    ids.trainings.length
      ? db
          .select({ id: trainingRecords.id, name: trainingRecords.name })
          .from(trainingRecords)
          .where(inOrganization(trainingRecords, ids.trainings))
      : [],
    ids.groups.length
      ? db
          .select({ id: userGroups.id, name: userGroups.name })
          .from(userGroups)
          .where(inOrganization(userGroups, ids.groups))
      : [],
  ]);
  return {
    people: byId(people),
    files: byId(files),
    documentTypes: byId(types),
    tags: byId(tagRows),
    trainings: byId(trainings),
    groups: byId(groups),
  };
}

/** Looks up the names of a page of events: `historyIds`, then `findHistoryNames`. */
export const namesOfHistory = (
  db: DbOrTx,
  organizationId: string | null,
  events: { before: unknown; after: unknown }[],
) => findHistoryNames(db, organizationId, historyIds(events));

/**
 * The display names of the ids an event names, to be recorded beside them (`names`): a person or
 * file removed later is still named as they were. Null when the event names none.
 */
export async function namesToRecord(
  db: DbOrTx,
  organizationId: string | null,
  event: { before: unknown; after: unknown },
): Promise<Record<string, string> | null> {
  const found = await namesOfHistory(db, organizationId, [event]);
  const names = Object.fromEntries(Object.values(found).flatMap((byId) => [...byId]));
  return Object.keys(names).length ? names : null;
}

/** An event's values without the recorded names, and those names (`readableChanges` reads them there). */
export function withoutRecordedNames(values: Record<string, unknown> | null) {
  if (values === null || !(RECORDED_NAMES in values)) return values;
  const { [RECORDED_NAMES]: _names, ...rest } = values;
  return rest;
}

/** A reference or link as an event holds it: `{ link, linkDescription, ... }`. */
const isLink = (v: unknown): v is { link?: unknown; linkDescription?: unknown } =>
  typeof v === 'object' && v !== null && ('link' in v || 'linkDescription' in v);

/** A link as its reader knows it: 'Description (where it leads)'. */
const linkText = ({ link, linkDescription }: { link?: unknown; linkDescription?: unknown }) => {
  const where = typeof link === 'string' && link !== '' ? link : '';
  if (typeof linkDescription !== 'string' || linkDescription === '') return where || EMPTY;
  return where ? `${linkDescription} (${where})` : linkDescription;
};

const REMOVED = '(removed)';
const EMPTY = '—';
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The name recorded in the event for the id, else today's, else that it was removed. */
function nameOf(kind: NameKind, id: string, names: HistoryNames, recorded: Record<string, unknown>) {
  const atTheTime = recorded[id];
  return typeof atTheTime === 'string' ? atTheTime : (names[kind].get(id) ?? REMOVED);
}

function text(field: string, value: unknown, names: HistoryNames, recorded: Record<string, unknown>): string {
  const kind = ID_FIELDS[field]?.kind;
  if (kind) {
    return (
      idsIn(value)
        .map((id) => nameOf(kind, id, names, recorded))
        .join(', ') || EMPTY
    );
  }
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'string' && CODES[field]?.[value]) return CODES[field][value];
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && TIMESTAMP.test(value)) return utc(new Date(value));
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) {
    return value.map(String).join(', ') || EMPTY;
  }
  if (Array.isArray(value) && value.every(isLink)) return value.map(linkText).join(', ') || EMPTY;
  if (Array.isArray(value)) return value.map((v) => text('', v, names, recorded)).join('; ') || EMPTY;
  if (isRecordedSignature(value)) {
    return signatureSentence(value, (id) => nameOf('files', id, names, recorded));
  }
  if (isPlainRecord(value)) {
    const fields = Object.entries(value).filter(([f, v]) => f !== RECORDED_NAMES && !unnamedId(f, v));
    return fields.map(([f, v]) => `${historyLabel(f)}: ${text(f, v, names, recorded)}`).join(', ') || EMPTY;
  }
  return String(value as string | number);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An id that names nothing a reader knows (a signature's, a request's, the record's own): the
 * readable form leaves it out; the event's raw values keep it.
 */
const unnamedId = (field: string, value: unknown) =>
  !ID_FIELDS[field] && idsIn(value).length > 0 && idsIn(value).every((v) => UUID.test(v));

/**
 * An event's changes as lines: `before` null for a field the event only sets (a creation) or
 * only names (a deletion); a field whose value reads the same before and after has no line.
 */
export function readableChanges(beforeValues: unknown, afterValues: unknown, names: HistoryNames): HistoryChange[] {
  const before = record(beforeValues);
  const after = record(afterValues);
  const recorded = { ...record(before[RECORDED_NAMES]), ...record(after[RECORDED_NAMES]) };
  // A signature's printed name is recorded beside its signer's id: the signer is named once.
  const shown = (f: string) =>
    f !== RECORDED_NAMES &&
    !unnamedId(f, before[f] ?? after[f]) &&
    !(f === 'signerId' && ('signerName' in before || 'signerName' in after));
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(shown);
  const changes: HistoryChange[] = [];
  for (const field of fields) {
    const label = historyLabel(field);
    const was = field in before ? text(field, before[field], names, recorded) : null;
    const now = field in after ? text(field, after[field], names, recorded) : null;
    if (was === now) continue;
    if (was === null && now === EMPTY) continue;
    changes.push(
      now === null ? { field, label, before: null, after: was ?? EMPTY } : { field, label, before: was, after: now },
    );
  }
  return changes;
}

/** The changes as one line of text (PDFs, CSV): 'Reviewers: — → Otto Reviewer; Document type: SOP'. */
export const changesText = (changes: HistoryChange[]) =>
  changes.map((c) => `${c.label}: ${c.before === null ? c.after : `${c.before} → ${c.after}`}`).join('; ');
