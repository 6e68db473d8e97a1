import { and, eq, sql } from 'drizzle-orm';
import { REFERENCE_TYPES } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import type { DbOrTx } from '../../db/client.js';
import {
  documentRevisions,
  documentTypes,
  documents,
  organizationFiles,
  type DocumentSignerRole,
} from '../../db/schema/index.js';
import {
  documentsVisibleTo,
  fileOfRevision,
  revisionJoin,
  revisionsVisibleTo,
  typeOfRevision,
} from './document-visibility.js';
import {
  creator,
  ofRevision,
  personFields,
  rowColumns,
  submitter,
  type DocumentPersonRow,
  type DocumentRowRecord,
} from './documents.repository.js';
import { revisionListOf, type RevisionEntryRow } from './revision-effect-columns.js';

// A document's detail: one revision with everything its screen and its rules read.

const signerIds = (role: DocumentSignerRole) => sql<string[]>`coalesce((
  select json_agg(s.user_id order by s.assigned_at, s.user_id) from document_revision_signers s
  where ${ofRevision('s')} and s.role = ${role}), '[]'::json)`;
const extraFileList = sql<{ id: string; fileName: string; fileSize: number; sha256: string }[]>`coalesce((
  select json_agg(json_build_object('id', f.id, 'fileName', f.original_name, 'fileSize', f.size_bytes, 'sha256', f.sha256)
    order by rf.position)
  from document_revision_files rf join organization_files f on f.organization_id = rf.organization_id and f.id = rf.file_id
  where ${ofRevision('rf')}), '[]'::json)`;
const tagList = sql<{ id: string; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', tg.id, 'name', tg.name) order by lower(tg.name), tg.id)
  from document_revision_tags rt join tags tg on tg.organization_id = rt.organization_id and tg.id = rt.tag_id
  where ${ofRevision('rt')}), '[]'::json)`;
// An HR record's reference carries the person's name, for a link saved without a description.
const referenceList = sql<ReferenceRow[]>`coalesce((
  select json_agg(json_build_object('id', ref.id, 'type', ref.type, 'linkedId', ref.linked_id, 'link', ref.link,
    'linkDescription', ref.link_description, 'linkedName', coalesce((
      select nullif(concat_ws(' ', u.first_name, u.last_name), '') from hr_records h join users u on u.id = h.user_id
      where ref.type = ${sql.raw(String(REFERENCE_TYPES.HumanResource))} and h.organization_id = ref.organization_id
        and h.id = ref.linked_id), (
      select '#' || t.number || ' ' || t.name from training_records t
      where ref.type = ${sql.raw(String(REFERENCE_TYPES.TrainingRecord))} and t.organization_id = ref.organization_id
        and t.id = ref.linked_id))) order by ref.created_at, ref.id)
  from document_references ref where ${ofRevision('ref')}), '[]'::json)`;
const isSignerSql = (access: OrganizationAccess, role: DocumentSignerRole) => sql<boolean>`exists (
  select 1 from document_revision_signers s where ${ofRevision('s')} and s.role = ${role}
    and s.user_id = ${access.actor.userId})`;
/** A review or approval in progress: a response of the current cycle that is not a rejection. */
const lockedBySignatureSql = sql<boolean>`exists (
  select 1 from document_signatures sg where ${ofRevision('sg')}
    and sg.signature_cycle = document_revisions.signature_cycle and sg.meaning <> 'Rejected')`;
/** The training the revision links (Requires Training), by name. */
const linkedTrainingSql = sql<{ id: string; name: string } | null>`(select json_build_object('id', t.id, 'name', t.name)
  from training_records t
  where t.organization_id = document_revisions.organization_id and t.id = document_revisions.training_record_id)`;
/** The withdrawal of the revision (Obsolete): when, by whom (printed name), why. */
const withdrawalSql = sql<{ at: string; by: string; reason: string } | null>`(select json_build_object(
    'at', sg.signed_at, 'by', sg.signer_name, 'reason', sg.comment)
  from document_signatures sg where ${ofRevision('sg')} and sg.kind = 'withdrawal'
  order by sg.signed_at desc limit 1)`;
const hasSignatureSql = sql<boolean>`exists (select 1 from document_signatures sg where ${ofRevision('sg')})`;
const revisionCountSql = sql<number>`(select count(*)::int from document_revisions r2
  where r2.organization_id = documents.organization_id and r2.document_id = documents.id)`;
export interface ReferenceRow {
  id: string;
  type: number | null;
  linkedId: string | null;
  link: string | null;
  linkDescription: string | null;
  /** The person's name of a referenced HR record. */
  linkedName?: string | null;
}
const detailColumns = (access: OrganizationAccess) => ({
  ...rowColumns(access),
  revisionName: documentRevisions.revisionName,
  revisionDescription: documentRevisions.revisionDescription,
  fileId: documentRevisions.fileId,
  submitterId: documentRevisions.submitterId,
  signatureCycle: documentRevisions.signatureCycle,
  finalAt: documentRevisions.finalAt,
  requiresTraining: documentRevisions.requiresTraining,
  trainingRecordId: documentRevisions.trainingRecordId,
  trainingRecord: linkedTrainingSql,
  submitter: personFields(submitter),
  creator: personFields(creator),
  reviewerIds: signerIds('reviewer'),
  approverIds: signerIds('approver'),
  extraFiles: extraFileList,
  tags: tagList,
  references: referenceList,
  revisions: revisionListOf(access),
  revisionCount: revisionCountSql,
  isReviewer: isSignerSql(access, 'reviewer'),
  isApprover: isSignerSql(access, 'approver'),
  lockedBySignature: lockedBySignatureSql,
  hasSignature: hasSignatureSql,
  withdrawal: withdrawalSql,
});

export interface DocumentDetailRecord extends DocumentRowRecord {
  revisionName: string | null;
  revisionDescription: string;
  fileId: string;
  submitterId: string;
  signatureCycle: number;
  finalAt: Date | null;
  requiresTraining: boolean;
  trainingRecordId: string | null;
  trainingRecord: { id: string; name: string } | null;
  submitter: DocumentPersonRow;
  creator: DocumentPersonRow;
  reviewerIds: string[];
  approverIds: string[];
  extraFiles: { id: string; fileName: string; fileSize: number; sha256: string }[];
  tags: { id: string; name: string }[];
  references: ReferenceRow[];
  revisions: RevisionEntryRow[];
  revisionCount: number;
  isReviewer: boolean;
  isApprover: boolean;
  lockedBySignature: boolean;
  hasSignature: boolean;
  withdrawal: { at: string; by: string; reason: string } | null;
}

/**
 * One revision of a document the person may see, with everything its detail and rules read:
 * `revision` or, left out, the person's default revision. Undefined when the document or that
 * revision is not theirs to see (the caller answers 404).
 */
export async function findVisibleRevision(
  db: DbOrTx,
  access: OrganizationAccess,
  documentId: string,
  revision?: number,
): Promise<DocumentDetailRecord | undefined> {
  const [row] = await db
    .select(detailColumns(access))
    .from(documents)
    .innerJoin(documentRevisions, revisionJoin(access, revision))
    .innerJoin(documentTypes, typeOfRevision)
    .innerJoin(organizationFiles, fileOfRevision)
    .innerJoin(submitter, eq(submitter.id, documentRevisions.submitterId))
    .innerJoin(creator, eq(creator.id, documents.creatorId))
    .where(
      and(
        documentsVisibleTo(access),
        eq(documents.id, documentId),
        revision === undefined ? undefined : revisionsVisibleTo(access, documentRevisions.effectiveAt),
      ),
    );
  return row as DocumentDetailRecord | undefined;
}
