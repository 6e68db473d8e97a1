import { organizationPolicy } from '../../core/policies.js';

/** Who signs a document's periodic review (docs/decisions/0033-periodic-review.md). */
export const periodicReviewPolicies = {
  /**
   * 'Reviewed, no change': the responsible person of the released revision only (the one the
   * reminder asks); every member may call the route, the rule is checked on the document.
   */
  'document.periodicReview': organizationPolicy<{ responsibleId: string | null }>(
    (access, d) => !d || d.responsibleId === access.actor.userId,
  ),
};
