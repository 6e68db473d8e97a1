/** The audit trail review (docs/api.md "Audit trail review"). */
export const auditTrailMessages = {
  auditTrailDateRangeOrder: 'The date "from" must not be after the date "to".',
  auditTrailReviewUpTo: 'Please, choose the event up to which the audit trail was reviewed.',
  auditTrailReviewBeyondChain: 'The reviewed range must end at an event of the audit trail.',
  auditTrailReviewed: 'The audit trail is marked as reviewed',
} as const;
