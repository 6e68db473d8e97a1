import { allowInOrganization } from '../../core/policies.js';
import type { SigningState } from './document-signatures.service.js';

/**
 * Who may respond to a revision: only the reviewers (approvers) named on it; every member may
 * call the route, the named-signer rule is checked on the revision (signingRefusal, which also
 * gives the canAddReview / canAddApproval flags).
 */
allowInOrganization<SigningState>('document.review', (access, s) => !s || s.reviewerIds.includes(access.actor.userId));
allowInOrganization<SigningState>('document.approve', (access, s) => !s || s.approverIds.includes(access.actor.userId));
