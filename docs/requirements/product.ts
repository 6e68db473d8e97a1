import { rule } from './types.js';

/** Qualis' own rules: the audit trail, record retention and the platform's safeguards. */
export const productRequirements = [
  // Audit trail
  rule(
    'AUD-001',
    'high',
    '21 CFR 11.10(e)',
    'Every change of a record writes an audit event in the same transaction: who, when (UTC), what, the old and new values.',
  ),
  rule(
    'AUD-002',
    'high',
    'product',
    'Audit events cannot be changed or deleted through the application; the database refuses updates and deletes of them.',
  ),
  rule(
    'AUD-003',
    'high',
    'product',
    'Audit events of an organization form a hash chain sealed daily; a changed, removed or inserted event is detected by audit:verify.',
  ),
  rule(
    'AUD-004',
    'high',
    'Annex 11 §9',
    'The audit trail of an organization can be searched, filtered and read by those allowed, and exported.',
  ),
  rule(
    'AUD-005',
    'high',
    'Annex 11 §9',
    'Audit trail review is recorded: who reviewed which events when, with their comment.',
  ),
  rule(
    'AUD-006',
    'high',
    'product',
    'Sign-ins, sign-in refusals, sign-outs and access denials are recorded in the audit trail.',
  ),
  rule(
    'AUD-007',
    'high',
    'product',
    'Each record shows its history from the audit trail, and its PDF export prints it.',
  ),
  // Record retention
  rule(
    'REC-001',
    'high',
    '21 CFR 11.10(c)',
    'Records, their files and their audit events stay readable and exportable for as long as the organization exists.',
  ),
  rule(
    'REC-002',
    'high',
    'product',
    'Approved revisions and their signatures cannot be deleted by ordinary permissions.',
  ),
  // Platform safeguards
  rule(
    'SEC-001',
    'high',
    'product',
    'Every input is validated against its schema; a bad input answers 400 with a clear message and changes nothing.',
  ),
  rule('SEC-002', 'high', 'product', 'Calls are rate limited per person and per address.'),
  rule(
    'SEC-003',
    'high',
    'product',
    'Responses carry security headers (CSP, frame, content type, HSTS on https) and no caching of personal data.',
  ),
  rule(
    'SEC-004',
    'medium',
    'product',
    'Background jobs (mails, exports, seals, file texts) run once each, retried after a failure, on any number of servers.',
  ),
  rule('SEC-005', 'high', 'product', 'The server refuses to start with a bad configuration, naming the variable.'),
  rule('SEC-006', 'medium', 'product', 'The API follows its published OpenAPI document, which lints clean.'),
  rule(
    'SEC-007',
    'high',
    'product',
    'The database schema is set up and upgraded by ordered migrations at start, the same on PGlite and PostgreSQL.',
  ),
  rule(
    'SEC-008',
    'high',
    'product',
    'Rate limits hold across the nodes of a deployment; while their shared counts cannot be reached, each node still limits on its own and the API stays up.',
  ),
  rule(
    'SEC-009',
    'high',
    'product (issue 27)',
    "Behind the proxies named in TRUST_PROXY, the per-address limits and the audit trail use the client's forwarded address; a forwarded address from anyone else is ignored.",
  ),
  rule(
    'OPS-001',
    'high',
    'product (issue 27)',
    'Several nodes on one database and bucket serve as one: a file, a notice, a sign-out and a rate limit hold on every node, background work runs once, and a node stopped mid-job leaves its work to the others.',
  ),
  rule(
    'VAL-001',
    'medium',
    'Annex 11 §4',
    'Each build carries its validation report, and the SuperAdmin downloads the report of the running version.',
  ),
];
