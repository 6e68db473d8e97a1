/** Periodic review of released documents (issue 24; docs/decisions/0033-periodic-review.md). */
export const periodicReviewMessages = {
  reviewIntervalInvalid: 'The review interval is a whole number of months from 1 to 120, or none.',
  reviewIntervalSaved: 'The review interval is saved',
  reviewReminderDaysInvalid: 'The reminder is a whole number of days from 0 to 365.',
  reviewReminderSaved: 'The review reminder is saved',
  periodicReviewReasonRequired: 'Please, give the reason: what you checked and why nothing changes.',
  periodicReviewNotResponsible: 'Only the responsible person of the released revision can sign its periodic review.',
  periodicReviewNotScheduled: 'This document has no periodic review: its type has no review interval.',
  periodicReviewSigned: 'Reviewed, no change: the next review is on {date}',
} as const;
