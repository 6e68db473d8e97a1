import {
  DOCUMENT_COLUMNS,
  REFERENCE_TYPES,
  documentStatusShown,
  revisionLifecycleOf,
  type DocumentHistoryEntry,
  type DocumentStatus,
} from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import type { CsvColumn } from '../../core/exports.js';
import type { PdfStamp } from '../../core/pdf-stamp.js';
import {
  changesText,
  historyAction,
  readableChanges,
  withoutRecordedNames,
  type HistoryNames,
} from '../../core/history.js';
import { utc, type PdfField, type PdfRecord } from '../../core/record-pdf.js';
import type { DocumentSignerRole } from '../../db/schema/index.js';
import type { SignatureOfRow, VisibleRevisionRow } from './document-exports.repository.js';
import { signatureMatches } from './document-signatures.policy.js';
import { seesGeneralSection, type DocumentTab } from './documents.policy.js';
import { presentReference } from './documents.presenter.js';
import { REASON_FOR_CHANGE, reasonForChangeHeader, reasonForChangeText } from './reason-for-change.js';
import type { DocumentRowRecord } from './documents.repository.js';
import type { DocumentDetailRecord } from './document-detail.repository.js';

const at = (value: Date | string | null) => (value === null ? '' : utc(new Date(value)));
const day = (value: Date | string | null) => (value === null ? '' : new Date(value).toISOString().slice(0, 10));
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
/** A revision's status as people read it, final said once: 'Final', 'Approved, final', 'Submitted'. */
const statusText = (r: { status: DocumentStatus; isFinal: boolean }) => {
  const shown = documentStatusShown(r);
  return r.isFinal && shown !== 'Final' ? `${shown}, final` : shown;
};
/** The tab whose data a signature is: a withdrawal is General's (the status, the history). */
const SIGNATURE_TABS: Record<SignatureOfRow['kind'], DocumentTab> = {
  review: 'reviews',
  approval: 'approvals',
  withdrawal: 'general',
};
/** What the record PDF and a controlled copy print of a withdrawal (the revision is Obsolete). */
const withdrawalText = (w: NonNullable<DocumentDetailRecord['withdrawal']>) =>
  `withdrawn ${at(w.at)} by ${w.by}. Reason: ${w.reason}`;
const nameOf = (p: { firstName: string | null; lastName: string | null; email: string }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email;
const personOf = (p: { firstName: string | null; lastName: string | null; email: string }) =>
  `${nameOf(p)} <${p.email}>`;

/**
 * The documents list's columns as CSV columns; the client's `columns` picks and orders them. The
 * reason for change and the file are General data: their cells are empty in the rows whose
 * General section the person may not view.
 */
export const documentCsvColumns = (access: OrganizationAccess): CsvColumn<DocumentRowRecord>[] => [
  { key: 'typeDescription', header: DOCUMENT_COLUMNS.typeDescription, value: (d) => d.typeDescription },
  { key: 'name', header: DOCUMENT_COLUMNS.name, value: (d) => d.name },
  { key: 'number', header: DOCUMENT_COLUMNS.number, value: (d) => d.number },
  { key: 'revision', header: DOCUMENT_COLUMNS.revision, value: (d) => d.revision },
  { key: 'isFinal', header: DOCUMENT_COLUMNS.isFinal, value: (d) => yesNo(d.isFinal) },
  { key: 'status', header: DOCUMENT_COLUMNS.status, value: (d) => documentStatusShown(d) },
  { key: 'lifecycle', header: DOCUMENT_COLUMNS.lifecycle, value: (d) => revisionLifecycleOf(d) },
  { key: 'approvedAt', header: DOCUMENT_COLUMNS.approvedAt, value: (d) => at(d.approvedAt) },
  { key: 'effectiveAt', header: DOCUMENT_COLUMNS.effectiveAt, value: (d) => at(d.effectiveAt) },
  { key: 'reviewedAt', header: DOCUMENT_COLUMNS.reviewedAt, value: (d) => at(d.reviewedAt) },
  {
    key: 'reasonForChange',
    header: DOCUMENT_COLUMNS.reasonForChange,
    value: (d) => (seesGeneralSection(access, d) ? reasonForChangeText(d.reasonForChange) : null),
  },
  {
    key: 'file',
    header: DOCUMENT_COLUMNS.file,
    value: (d) => (seesGeneralSection(access, d) ? d.file.fileName : null),
  },
];

/** The revision an audit event concerns (every documents event names it), and its other values. */
function splitRevision(values: unknown): { revision: number | null; rest: Record<string, unknown> | null } {
  if (values === null || values === undefined) return { revision: null, rest: null };
  if (typeof values !== 'object' || Array.isArray(values)) return { revision: null, rest: { value: values } };
  const { revision, ...rest } = values as Record<string, unknown>;
  return { revision: typeof revision === 'number' ? revision : null, rest };
}

type HistoryRow = {
  seq: number;
  occurredAt: Date;
  actorEmail: string | null;
  action: string;
  before: unknown;
  after: unknown;
  reason: string | null;
};

/** The audit values of the Quality Actions and References tabs (General's are the rest). */
const TAB_VALUES: Partial<Record<DocumentTab, string[]>> = {
  qualityTasks: ['reviewerIds', 'approverIds', 'requiresTraining', 'trainingRecordId'],
  references: ['references'],
};

/**
 * An event's values without those of the tabs the person may not view: a signature (or refused
 * one) of a hidden Review or Approval tab keeps its kind only.
 */
function withoutHiddenTabs(values: Record<string, unknown> | null, tabs: Record<DocumentTab, boolean>) {
  if (values === null) return null;
  const signing = values.kind === 'review' ? 'reviews' : values.kind === 'approval' ? 'approvals' : undefined;
  if (signing && !tabs[signing]) return { kind: values.kind };
  const hidden = Object.entries(TAB_VALUES).flatMap(([tab, keys]) => (tabs[tab as DocumentTab] ? [] : keys));
  return Object.fromEntries(Object.entries(values).filter(([key]) => !hidden.includes(key)));
}

/**
 * An audit event of a document as GET /documents/{id}/history answers it, without the values of
 * the tabs the person may not view (the history itself is General's).
 */
export function presentHistoryEntry(
  row: HistoryRow,
  tabs: Record<DocumentTab, boolean>,
  names: HistoryNames,
): DocumentHistoryEntry {
  const split = { before: splitRevision(row.before), after: splitRevision(row.after) };
  const before = withoutHiddenTabs(split.before.rest, tabs);
  const after = withoutHiddenTabs(split.after.rest, tabs);
  return {
    seq: row.seq,
    occurredAt: row.occurredAt.toISOString(),
    actorEmail: row.actorEmail,
    action: row.action,
    revision: split.after.revision ?? split.before.revision,
    // The names recorded beside ids are read into the changes, not answered: those of a hidden tab's ids would show.
    before: withoutRecordedNames(before),
    after: withoutRecordedNames(after),
    changes: readableChanges(before, after, names),
    reason: row.reason,
  };
}

const REFERENCE_TYPE_LABELS: Record<number, string> = {
  [REFERENCE_TYPES.Document]: 'Document',
  [REFERENCE_TYPES.Action]: 'Action',
  [REFERENCE_TYPES.TrainingRecord]: 'Training record',
  [REFERENCE_TYPES.HumanResource]: 'HR record',
};

/** A signature manifestation (21 CFR 11.50) as the PDFs print it. */
export function signatureFields(s: SignatureOfRow, matchesFile: boolean, matchLabel: string) {
  return [
    { label: 'Printed name', value: s.signerName },
    { label: 'E-mail', value: s.signerEmail },
    { label: 'Meaning', value: s.meaning },
    { label: 'Signed at', value: at(s.signedAt) },
    { label: 'Comment', value: s.comment ?? '' },
    { label: 'Signature cycle', value: String(s.signatureCycle) },
    { label: 'SHA-256 of the signed file', value: s.fileSha256 },
    matchesFile
      ? { label: matchLabel, value: 'Yes' }
      : { label: matchLabel, value: 'No: the file has changed since it was signed', alert: true },
  ];
}

export interface DocumentRecordParts {
  /** The row's revision (the one the person sees in the list), as its detail reads it. */
  detail: DocumentDetailRecord;
  revisions: VisibleRevisionRow[];
  signers: {
    revision: number;
    role: DocumentSignerRole;
    firstName: string | null;
    lastName: string | null;
    email: string;
  }[];
  signatures: SignatureOfRow[];
  /** The SHA-256 of each revision's controlled file as stored now, by file id (null when gone). */
  storedSha256s: ReadonlyMap<string, string | null>;
  /** Empty when the person may not view the document's General tab. */
  history: HistoryRow[];
  /** The names the history's ids stand for. */
  names: HistoryNames;
  /** The tabs of a revision (of `revisions`) the person may view. */
  tabsOf: (revision: number) => Record<DocumentTab, boolean>;
}

/**
 * A document as its exported PDF shows it: the fields of the revision the person sees, every
 * revision they may open with its reviewers and approvers, the signatures of those revisions,
 * the references, then the document's audit history; of each revision only the tabs the person
 * may view (General: names, descriptions, responsible, files, tags, history; Quality Actions:
 * reviewers, approvers, training; Review and Approval: their signatures; References).
 */
export function documentPdfRecord(organizationId: string, parts: DocumentRecordParts): PdfRecord {
  const { detail: d, revisions, signers, signatures, storedSha256s, history, names, tabsOf } = parts;
  const tabs = tabsOf(d.revision);
  const signersOf = (revision: number, role: DocumentSignerRole) =>
    signers
      .filter((s) => s.revision === revision && s.role === role)
      .map(personOf)
      .join(', ');
  const byRevision = new Map(revisions.map((r) => [r.revision, r]));
  const named = (r: { revision: number; revisionName: string | null }) =>
    `${r.revision}${tabs.general && r.revisionName ? ` (${r.revisionName})` : ''}`;
  const only = (shown: boolean, fields: PdfField[]) => (shown ? fields : []);
  const signatureShown = (s: SignatureOfRow) =>
    byRevision.has(s.revision) && tabsOf(s.revision)[SIGNATURE_TABS[s.kind]];
  return {
    title: `Document #${d.number}: ${d.name}${d.status === 'Obsolete' ? ' (OBSOLETE)' : ''}`,
    fileName: `${d.number} ${d.name}`,
    fields: [
      ...(d.withdrawal ? [{ label: 'OBSOLETE', value: withdrawalText(d.withdrawal), alert: true }] : []),
      { label: DOCUMENT_COLUMNS.number, value: String(d.number) },
      { label: DOCUMENT_COLUMNS.typeDescription, value: d.typeDescription ?? '' },
      { label: DOCUMENT_COLUMNS.name, value: d.name },
      { label: 'Type', value: d.type },
      { label: DOCUMENT_COLUMNS.revision, value: named(d) },
      { label: DOCUMENT_COLUMNS.status, value: documentStatusShown(d) },
      { label: DOCUMENT_COLUMNS.isFinal, value: yesNo(d.isFinal) },
      ...only(tabs.general, [
        { label: REASON_FOR_CHANGE, value: reasonForChangeText(d.reasonForChange) },
        { label: 'Revision description', value: d.revisionDescription },
        { label: 'Responsible', value: personOf(d.submitter) },
      ]),
      { label: 'Creator', value: personOf(d.creator) },
      { label: 'Created', value: at(d.createdAt) },
      { label: DOCUMENT_COLUMNS.reviewedAt, value: at(d.reviewedAt) },
      { label: DOCUMENT_COLUMNS.approvedAt, value: at(d.approvedAt) },
      ...only(tabs.general, [
        { label: 'Controlled file', value: `${d.file.fileName} (SHA-256 ${d.file.sha256})` },
        { label: 'Extra files', value: d.extraFiles.map((f) => f.fileName).join(', ') },
        { label: 'Tags', value: d.tags.map((t) => t.name).join(', ') },
      ]),
      ...only(tabs.qualityTasks, [{ label: 'Requires training', value: yesNo(d.requiresTraining) }]),
    ],
    sections: [
      {
        heading: 'Revisions',
        empty: 'No revisions.',
        items: revisions.map((r) => ({
          title: `Revision ${named(r)}: ${statusText(r)}`,
          fields: [
            { label: 'Name', value: r.name },
            { label: DOCUMENT_COLUMNS.typeDescription, value: r.typeDescription ?? '' },
            ...only(tabs.general, [
              { label: REASON_FOR_CHANGE, value: reasonForChangeText(r.reasonForChange) },
              { label: 'Description', value: r.revisionDescription },
            ]),
            { label: 'Created', value: at(r.createdAt) },
            { label: DOCUMENT_COLUMNS.reviewedAt, value: at(r.reviewedAt) },
            { label: DOCUMENT_COLUMNS.approvedAt, value: at(r.approvedAt) },
            { label: 'Final since', value: at(r.finalAt) },
            ...only(tabs.general, [{ label: 'Responsible', value: personOf(r.responsible) }]),
            ...only(tabsOf(r.revision).qualityTasks, [
              { label: 'Reviewers', value: signersOf(r.revision, 'reviewer') },
              { label: 'Approvers', value: signersOf(r.revision, 'approver') },
            ]),
            ...only(tabs.general, [{ label: 'Controlled file', value: `${r.fileName} (SHA-256 ${r.fileSha256})` }]),
          ],
        })),
      },
      {
        heading: 'Signatures',
        empty: 'No signatures.',
        items: signatures.filter(signatureShown).map((s) => {
          const revision = byRevision.get(s.revision)!;
          return {
            title: `Revision ${s.revision}: ${s.meaning} by ${s.signerName}`,
            fields: signatureFields(
              s,
              signatureMatches(s, {
                id: revision.fileId,
                sha256: revision.fileSha256,
                storedSha256: storedSha256s.get(revision.fileId) ?? null,
              }),
              "Matches the revision's file",
            ),
          };
        }),
      },
      ...(tabs.references
        ? [
            {
              heading: `References (revision ${d.revision})`,
              empty: 'No references.',
              items: d.references.map((ref) => {
                const shown = presentReference(organizationId)(ref);
                return {
                  title: shown.linkDescription ?? shown.link,
                  fields: [
                    {
                      label: 'Kind',
                      value: shown.type === null ? 'External link' : (REFERENCE_TYPE_LABELS[shown.type] ?? ''),
                    },
                    // A record of Qualis is named by the title; its in-app path says nothing on paper.
                    ...(shown.type === null ? [{ label: 'Link', value: shown.link }] : []),
                  ],
                };
              }),
            },
          ]
        : []),
    ],
    history: history.map((entry) => {
      const { revision, changes } = presentHistoryEntry(entry, tabs, names);
      return {
        at: entry.occurredAt,
        who: entry.actorEmail ?? 'system',
        what: revision === null ? historyAction(entry.action) : `${historyAction(entry.action)} (revision ${revision})`,
        changes: changesText(changes),
      };
    }),
  };
}

/**
 * The stamp of a controlled copy: 'OBSOLETE — withdrawn <date>' for a withdrawn revision (the
 * reason under it), 'Draft - not approved' for a revision that is not final, 'Superseded by
 * revision N on <date>' for one a later revision's effect replaced, 'Approved — effective on
 * <date>' for a released one waiting for its effective date, 'Controlled copy — approved <date>,
 * effective <date>' for the effective one; what the file is; who downloaded it when; and the revision's
 * signatures (its withdrawal too) on an appended page.
 */
export function controlledCopyStamp(
  d: DocumentDetailRecord,
  signatures: SignatureOfRow[],
  copy: { by: { firstName: string | null; lastName: string | null; email: string }; at: Date; fileSha256: string },
): PdfStamp {
  const [state, tone] = d.withdrawal
    ? ([`OBSOLETE — withdrawn ${day(d.withdrawal.at)}`, 'obsolete'] as const)
    : !d.isFinal
      ? (['Draft - not approved', 'draft'] as const)
      : d.supersededAt !== null
        ? ([`Superseded by revision ${d.supersededBy} on ${day(d.supersededAt)}`, 'obsolete'] as const)
        : d.effectiveAt === null
          ? ([`Approved — effective on ${d.effectiveOn ?? '—'}`, 'draft'] as const)
          : ([
              `Controlled copy — approved ${day(d.approvedAt ?? d.finalAt)}, effective ${day(d.effectiveAt)}`,
              'released',
            ] as const);
  const revision = `Revision ${d.revision}${d.revisionName ? ` (${d.revisionName})` : ''}`;
  const identity = [
    `Document ID: ${d.typeDescription ?? '—'}`,
    `System # ${d.number}`,
    d.name,
    revision,
    `Status: ${statusText(d)}`,
    reasonForChangeHeader(d.reasonForChange),
    ...(d.withdrawal ? [`OBSOLETE: ${withdrawalText(d.withdrawal)}`] : []),
  ].join('  ·  ');
  const intact = copy.fileSha256 === d.file.sha256;
  return {
    state,
    tone,
    identity,
    footer: `Downloaded by ${personOf(copy.by)} on ${utc(copy.at)}`,
    appendix: {
      title: `Signatures of ${revision}`,
      lines: [
        `${d.typeDescription ? `${d.typeDescription} · ` : ''}${d.name} · System # ${d.number} · ${revision}`,
        `State of this copy: ${state}`,
        `${REASON_FOR_CHANGE}: ${reasonForChangeText(d.reasonForChange)}`,
        ...(d.withdrawal ? [`OBSOLETE: ${withdrawalText(d.withdrawal)}`] : []),
        `Controlled file: ${d.file.fileName}`,
        `SHA-256 of the controlled file: ${d.file.sha256}`,
        intact
          ? 'The stored bytes of the file still have this SHA-256.'
          : `WARNING: the stored bytes of the file have the SHA-256 ${copy.fileSha256}, not the recorded one.`,
        'Times are UTC.',
      ],
      empty: 'This revision has no review or approval signatures.',
      items: signatures.map((s) => ({
        title: `${s.meaning} by ${s.signerName}`,
        fields: signatureFields(
          s,
          // Against the bytes read for this copy, not only the SHA-256 recorded at upload.
          signatureMatches(s, { id: d.fileId, sha256: d.file.sha256, storedSha256: copy.fileSha256 }),
          "Matches this copy's file",
        ),
      })),
    },
  };
}
