import { rule } from './types.js';

/** Issue 24: document control past approval (ISO 13485 §4.2.4 and §4.2.5). */
export const documentLifecycleRequirements = [
  // The effective revision
  rule(
    'DOC-024',
    'high',
    'ISO 13485 4.2.4',
    'A document has at most one effective revision: the latest released one whose effective date has come.',
  ),
  rule(
    'DOC-025',
    'high',
    'ISO 13485 4.2.4',
    'The list, the detail, search and the exports show the effective revision by default, with a pending revision beside it for those who may open it; exports include pending revisions only when asked.',
  ),
  // Effective dates and supersede
  rule(
    'DOC-026',
    'high',
    'ISO 13485 4.2.4',
    'Approval sets the effective date: at once, or on a future date chosen when the revision is submitted; a date in the past is refused.',
  ),
  rule(
    'DOC-027',
    'high',
    'ISO 13485 4.2.4',
    'On the effective date a daily job, idempotent, makes the previous effective revision Superseded with an audit event, and its controlled copies are stamped superseded.',
  ),
  // Withdraw (obsolete)
  rule(
    'DOC-028',
    'high',
    'ISO 13485 4.2.4',
    'A document is withdrawn by a person allowed to approve or delete it, with a reason and the access code (and the password where the organization asks for it).',
  ),
  rule(
    'DOC-029',
    'high',
    'ISO 13485 4.2.4',
    'A withdrawn document stays readable and exportable, is stamped Obsolete on its controlled copies, is hidden from the default list (a status filter shows it) and takes no new revision.',
  ),
  // Periodic review
  rule(
    'DOC-030',
    'medium',
    'ISO 13485 4.2.4',
    'Each document type has a review interval in months; a released document of that type gets its next review date from its effective date.',
  ),
  rule(
    'DOC-031',
    'medium',
    'product (issue 24)',
    'A set number of days before the next review date the responsible person gets one automatic action, with a notification and an e-mail in their language.',
  ),
  rule(
    'DOC-032',
    'high',
    'ISO 13485 4.2.4',
    "A periodic review ends 'Reviewed, no change' only when signed by the responsible person with a reason and the access code, which moves the next review date on.",
  ),
  rule(
    'DOC-033',
    'medium',
    'product (issue 24)',
    'Overdue reviews show on the dashboard card of Admins and the responsible person, and under a list filter.',
  ),
  rule(
    'DOC-036',
    'medium',
    'product (issue 24)',
    "Released revisions waiting for their training before they take effect show on the dashboard card of Admins and their Responsible person, with 'effective when training completes: 7 of 9 passed' and the day they take effect at the latest, within the documents' visibility.",
  ),
  // Reason for change
  rule(
    'DOC-034',
    'high',
    'ISO 13485 4.2.5',
    'A new revision from revision 2 on needs a reason for change, within the long text limit.',
  ),
  rule(
    'DOC-035',
    'medium',
    'ISO 13485 4.2.5',
    'The reason for change shows in the revision selector, the History, the controlled copy header and the exports.',
  ),
];
