import {
  SIGNATURE_RESPONSE,
  revisionLifecycleOf,
  type DocumentApprovals,
  type DocumentDetail,
  type DocumentQualityTasks,
  type DocumentReference,
  type DocumentReferences,
  type DocumentReviews,
  type DocumentRow,
  type DocumentSignature,
  type ReferenceType,
  type SigningSectionStatus,
} from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import { can } from '../policies.js';
import { canSign, signatureMatches, type SignatureKind } from './document-signatures.policy.js';
import { canEditSection, seesGeneralSection, viewableTabs } from './documents.policy.js';
import type { DocumentPersonRow, DocumentRowRecord } from './documents.repository.js';
import type { DocumentDetailRecord, ReferenceRow } from './document-detail.repository.js';
import type { SignatureRow } from './document-signatures.repository.js';
import { documentStateOf, isRevisionLocked, revisionStateOf } from './document-states.js';
import { isoTimeOrNull as iso, personOf } from '../../core/presenting.js';

/** A revision's effect and its lifecycle state (contract `revisionLifecycleOf`). */
const effectOf = (r: {
  status: DocumentRowRecord['status'];
  isFinal: boolean;
  effectiveOn: string | null;
  effectiveAt: Date | string | null;
  supersededAt: Date | string | null;
  supersededBy: number | null;
}) => ({
  lifecycle: revisionLifecycleOf(r),
  effectiveOn: r.effectiveOn,
  effectiveAt: iso(r.effectiveAt),
  supersededAt: iso(r.supersededAt),
  supersededBy: r.supersededBy,
});

const fileOf = (f: { id: string; fileName: string; fileSize: number }) => ({
  id: f.id,
  fileName: f.fileName,
  fileSize: Number(f.fileSize),
});

/**
 * A document never released is deleted (the delete right, spec 03 section 6); a released one is
 * withdrawn (until every revision is Obsolete) by whoever may delete it or approve its released
 * revision (`document.withdraw`, withdrawn-documents.ts).
 */
const deleteOrWithdraw = (access: OrganizationAccess, doc: DocumentRowRecord) => {
  const state = documentStateOf(doc);
  const released = doc.releasedRevision !== null;
  const mayWithdraw = can(access, 'document.withdraw', { ...state, approves: doc.approvesReleased });
  return {
    canBeDeleted: can(access, 'document.delete', state) && !released,
    canWithdraw: mayWithdraw && released && !doc.isWithdrawn,
  };
};

/** A list row, with canBeDeleted and canWithdraw from the same policy and rules the writes check. */
export const presentDocumentRow =
  (access: OrganizationAccess) =>
  (row: DocumentRowRecord): DocumentRow => {
    const general = seesGeneralSection(access, row);
    return {
      id: row.id,
      type: row.type,
      typeId: row.typeId,
      typeDescription: row.typeDescription,
      name: row.name,
      number: row.number,
      revision: row.revision,
      isFinal: row.isFinal,
      status: row.status,
      lifecycle: revisionLifecycleOf(row),
      approvedAt: iso(row.approvedAt),
      effectiveOn: row.effectiveOn,
      effectiveAt: iso(row.effectiveAt),
      reviewedAt: iso(row.reviewedAt),
      pendingRevision: row.pendingRevision,
      file: general ? fileOf(row.file) : null,
      reasonForChange: general ? row.reasonForChange : null,
      ...deleteOrWithdraw(access, row),
    };
  };

const REFERENCE_AREAS: Record<ReferenceType, string> = {
  0: 'documents',
  1: 'tasks',
  2: 'training-records',
  3: 'human-resources',
};

/** An external link as given; a record as its path in the product (spec 03, "Links to records"). */
export const presentReference =
  (organizationId: string) =>
  (ref: ReferenceRow): DocumentReference => {
    const type = ref.type as ReferenceType | null;
    return {
      id: ref.id,
      type,
      link: ref.link ?? `/organizations/${organizationId}/${REFERENCE_AREAS[type ?? 0]}/${ref.linkedId ?? ''}`,
      linkDescription: ref.linkDescription ?? ref.linkedName ?? null,
      linkId: ref.linkedId,
    };
  };

/**
 * The detail of a revision with every flag of spec 03 section 3, from the policies the writes
 * check; the fields of a tab the person may not view are left out (null or empty).
 */
export function presentDocumentDetail(access: OrganizationAccess, rec: DocumentDetailRecord): DocumentDetail {
  const state = revisionStateOf(rec, access.actor.userId);
  const locked = isRevisionLocked(rec);
  const mayEditGeneral = canEditSection(access, 'general', state);
  const { canBeDeleted, canWithdraw } = deleteOrWithdraw(access, rec);
  const mayDelete = can(access, 'document.delete', documentStateOf(rec));
  const mayWithdraw = can(access, 'document.withdraw', { ...documentStateOf(rec), approves: rec.isApprover });
  const tabs = viewableTabs(access, state);
  const general = tabs.general;
  const quality = tabs.qualityTasks;
  return {
    id: rec.id,
    type: rec.type,
    typeId: rec.typeId,
    typeDescription: rec.typeDescription,
    number: rec.number,
    name: rec.name,
    revision: rec.revision,
    revisionName: general ? rec.revisionName : null,
    revisionDescription: general ? rec.revisionDescription : null,
    reasonForChange: general ? rec.reasonForChange : null,
    fileId: general ? rec.fileId : null,
    file: general ? fileOf(rec.file) : null,
    extraFileIds: general ? rec.extraFiles.map((f) => f.id) : [],
    extraFiles: general ? rec.extraFiles.map(fileOf) : [],
    submitterId: general ? rec.submitterId : null,
    submitter: general ? personOf(rec.submitter) : null,
    creator: personOf(rec.creator),
    reviewerIds: quality ? rec.reviewerIds : [],
    approverIds: quality ? rec.approverIds : [],
    references: tabs.references ? rec.references.map(presentReference(access.organization.id)) : [],
    tags: general ? rec.tags : [],
    tagIds: general ? rec.tags.map((t) => t.id) : [],
    requiresTraining: quality ? rec.requiresTraining : null,
    trainingRecordId: quality ? rec.trainingRecordId : null,
    trainingRecord: quality ? rec.trainingRecord : null,
    setAsFinal: rec.isFinal,
    isFinal: rec.isFinal,
    status: rec.status,
    reviewedAt: iso(rec.reviewedAt),
    approvedAt: iso(rec.approvedAt),
    finalAt: iso(rec.finalAt),
    ...effectOf(rec),
    trainingEffectDays: general ? rec.trainingEffectDays : null,
    trainingEffect: rec.trainingEffect,
    createdAt: iso(rec.createdAt)!,
    latestRevision: rec.latestRevision,
    releasedRevision: rec.releasedRevision,
    effectiveRevision: rec.effectiveRevision,
    revisions: rec.revisions.map((r) => ({
      ...r,
      ...effectOf(r),
      revisionName: general ? r.revisionName : null,
      reasonForChange: general ? r.reasonForChange : null,
    })),
    canBeEdited: mayEditGeneral && !locked,
    canBeDeleted,
    canDeleteRevision: mayDelete && !rec.isFinal && rec.revisionCount > 1 && !rec.hasSignature,
    canWithdraw,
    canWithdrawRevision: mayWithdraw && rec.isFinal && rec.status !== 'Obsolete',
    withdrawal: rec.withdrawal && { ...rec.withdrawal, at: iso(rec.withdrawal.at)! },
    canAddRevision: can(access, 'document.addRevision', documentStateOf(rec)) && !rec.isWithdrawn,
    canViewGeneral: general,
    canViewQualityTasks: quality,
    canViewConnectToEmployee: tabs.references,
    canViewReviews: tabs.reviews,
    canViewApprovals: tabs.approvals,
    canViewDocumentGeneral: general,
    canViewDocumentQualityTasks: quality,
    canViewDocumentReferences: tabs.references,
    isLocked: locked,
    canSetAsFinal: mayEditGeneral && !rec.isFinal && rec.reviewerIds.length === 0 && rec.approverIds.length === 0,
  };
}

type Signer = DocumentPersonRow & { signerRole: 'reviewer' | 'approver' };

/** A final revision that requires training may get its training linked (the 'link-training' work). */
const mayLinkTraining = (access: OrganizationAccess, rec: DocumentDetailRecord) =>
  rec.isFinal &&
  rec.status !== 'Obsolete' &&
  rec.requiresTraining &&
  can(access, 'document.linkTraining', revisionStateOf(rec, access.actor.userId));

export function presentQualityTasks(
  access: OrganizationAccess,
  rec: DocumentDetailRecord,
  signers: Signer[],
): DocumentQualityTasks {
  const mayEdit = canEditSection(access, 'qualityTasks', revisionStateOf(rec, access.actor.userId));
  const of = (role: Signer['signerRole']) => signers.filter((s) => s.signerRole === role);
  return {
    revision: rec.revision,
    reviewers: of('reviewer').map(personOf),
    approvers: of('approver').map(personOf),
    reviewerIds: of('reviewer').map((s) => s.id),
    approverIds: of('approver').map((s) => s.id),
    canBeEdited: mayEdit && !rec.isFinal && rec.status !== 'Obsolete',
    canEditTraining: (mayEdit && !rec.isFinal && rec.status !== 'Obsolete') || mayLinkTraining(access, rec),
    requiresTraining: rec.requiresTraining,
    trainingRecordId: rec.trainingRecordId,
    trainingRecord: rec.trainingRecord,
  };
}

export function presentReferences(access: OrganizationAccess, rec: DocumentDetailRecord): DocumentReferences {
  return {
    revision: rec.revision,
    references: rec.references.map(presentReference(access.organization.id)),
    canBeEdited:
      canEditSection(access, 'references', revisionStateOf(rec, access.actor.userId)) && !isRevisionLocked(rec),
  };
}

/** The revision's controlled file, with the SHA-256 of its stored bytes (null when they are gone). */
type SignedFile = DocumentDetailRecord['file'] & { storedSha256: string | null };

const presentSignature =
  (file: SignedFile) =>
  (s: SignatureRow): DocumentSignature => ({
    id: s.id,
    userId: s.signerId,
    firstName: s.firstName,
    lastName: s.lastName,
    signerName: s.signerName,
    email: s.signerEmail,
    comment: s.comment,
    responseStatus: s.meaning === 'Rejected' ? SIGNATURE_RESPONSE.Rejected : SIGNATURE_RESPONSE.Accepted,
    meaning: s.meaning,
    signedAt: iso(s.signedAt)!,
    fileSha256: s.fileSha256,
    signatureMatches: signatureMatches(s, file),
  });

/** Not Started: no response in the cycle; Completed: every named signer responded; else In Progress. */
function sectionStatus(named: Signer[], responses: SignatureRow[]): SigningSectionStatus {
  if (responses.length === 0) return 'NotStarted';
  return named.length > 0 && named.every((p) => responses.some((r) => r.signerId === p.id))
    ? 'Completed'
    : 'InProgress';
}

/**
 * The Review or Approval tab of a revision: the responses of its current cycle with their
 * signature manifestation, who is still to respond, whether the person may respond now (canSign,
 * the rule the POST checks, with every response of the current cycle: an approval waits for the
 * reviews), and the responses of the earlier cycles, oldest first. `signatures` are the
 * revision's responses of every cycle and both kinds.
 */
function signingSection(
  access: OrganizationAccess,
  rec: DocumentDetailRecord,
  signers: Signer[],
  signatures: SignatureRow[],
  file: SignedFile,
  kind: SignatureKind,
) {
  const role = kind === 'review' ? 'reviewer' : 'approver';
  const named = signers.filter((s) => s.signerRole === role);
  const current = signatures.filter((s) => s.signatureCycle === rec.signatureCycle);
  const responses = current.filter((s) => s.kind === kind);
  const earlier = signatures.filter((s) => s.signatureCycle < rec.signatureCycle && s.kind === kind);
  const responded = (id: string) => responses.some((r) => r.signerId === id);
  const { status, isFinal, reviewerIds, approverIds } = rec;
  return {
    status: sectionStatus(named, responses),
    mayRespond: canSign(access, kind, { status, isFinal, reviewerIds, approverIds, signatures: current }),
    pending: named.filter((p) => !responded(p.id)).map(personOf),
    responses: responses.map(presentSignature(file)),
    earlierSignatures: earlier.map((s) => ({ ...presentSignature(file)(s), cycle: s.signatureCycle })),
  };
}

export function presentReviews(
  access: OrganizationAccess,
  rec: DocumentDetailRecord,
  signers: Signer[],
  signatures: SignatureRow[],
  file: SignedFile,
): DocumentReviews {
  const section = signingSection(access, rec, signers, signatures, file, 'review');
  return {
    revision: rec.revision,
    status: section.status,
    reviewedAt: iso(rec.reviewedAt),
    canAddReview: section.mayRespond,
    pending: section.pending,
    reviews: section.responses,
    earlierSignatures: section.earlierSignatures,
  };
}

export function presentApprovals(
  access: OrganizationAccess,
  rec: DocumentDetailRecord,
  signers: Signer[],
  signatures: SignatureRow[],
  file: SignedFile,
  hasValidAccessCode: boolean,
): DocumentApprovals {
  const section = signingSection(access, rec, signers, signatures, file, 'approval');
  return {
    revision: rec.revision,
    status: section.status,
    approvedAt: iso(rec.approvedAt),
    canAddApproval: section.mayRespond,
    hasValidAccessCode,
    pending: section.pending,
    approvals: section.responses,
    earlierSignatures: section.earlierSignatures,
  };
}
