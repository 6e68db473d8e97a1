import { type DocumentStatus, type SignatureMeaning } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import { AppError } from '../../core/errors.js';
import { organizationPolicy, passes } from '../../core/policies.js';

/**
 * Who may respond to a revision, and when: the one rule behind both the POST
 * /documents/{id}/reviews (approvals) and the `canAddReview` / `canAddApproval` flags of the
 * Review and Approval tabs (documents.presenter.ts).
 */

export type SignatureKind = 'review' | 'approval';

/** What decides whether a person may respond to a revision now. */
export interface SigningState {
  status: DocumentStatus;
  isFinal: boolean;
  reviewerIds: readonly string[];
  approverIds: readonly string[];
  /** Every response of the revision's current signature cycle, of both kinds. */
  signatures: readonly { signerId: string; kind: SignatureKind | 'withdrawal'; meaning: SignatureMeaning }[];
}

/**
 * Only the reviewers (approvers) named on the revision; every member may call the route, the
 * named-signer rule is checked on the revision.
 */
export const documentSignaturePolicies = {
  'document.review': organizationPolicy<SigningState>((access, s) => !s || s.reviewerIds.includes(access.actor.userId)),
  'document.approve': organizationPolicy<SigningState>(
    (access, s) => !s || s.approverIds.includes(access.actor.userId),
  ),
};

/**
 * Why the person may not give a response of `kind` now, or undefined when they may:
 * - only a reviewer (approver) named on the revision (403, the policy `document.review` / `.approve`);
 * - not on a withdrawn (Obsolete) or final revision, not on a rejected one (until its next
 *   cycle), once per cycle (409);
 * - an approval only once every reviewer has Reviewed, when the revision has reviewers (409).
 */
export function signingRefusal(access: OrganizationAccess, kind: SignatureKind, state: SigningState) {
  const userId = access.actor.userId;
  if (!passes(access, documentSignaturePolicies[kind === 'review' ? 'document.review' : 'document.approve'], state)) {
    return AppError.forbidden(kind === 'review' ? 'reviewNotReviewer' : 'approvalNotApprover');
  }
  if (state.status === 'Obsolete') return AppError.conflict('documentRevisionObsolete');
  if (state.isFinal) return AppError.conflict('documentRevisionFinal');
  if (state.status === 'Rejected' || state.signatures.some((s) => s.meaning === 'Rejected')) {
    return AppError.conflict('signatureRevisionRejected');
  }
  if (state.signatures.some((s) => s.kind === kind && s.signerId === userId)) {
    return AppError.conflict('signatureAlreadyGiven');
  }
  const reviewed = (id: string) =>
    state.signatures.some((s) => s.kind === 'review' && s.signerId === id && s.meaning === 'Reviewed');
  if (kind === 'approval' && !state.reviewerIds.every(reviewed)) {
    return AppError.conflict('approvalBeforeReviews');
  }
  return undefined;
}

/** `canAddReview` / `canAddApproval`: the person may respond now (the same rule as the POST). */
export const canSign = (access: OrganizationAccess, kind: SignatureKind, state: SigningState) =>
  signingRefusal(access, kind, state) === undefined;

/**
 * A signature is valid only while the revision's controlled file is the one signed, with the
 * SHA-256 it had at signing, and its stored bytes still have that SHA-256 (`storedSha256`,
 * uploads/file-integrity.ts; null when they are gone): 21 CFR 11.70, the signature stays linked
 * to its record.
 */
export const signatureMatches = (
  signature: { fileId: string; fileSha256: string },
  file: { id: string; sha256: string; storedSha256: string | null },
) => signature.fileId === file.id && signature.fileSha256 === file.sha256 && file.storedSha256 === file.sha256;
