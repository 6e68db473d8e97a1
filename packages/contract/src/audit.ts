/**
 * Kinds of audit records. The first eleven are the spec's "Info types" for the logs export, in
 * its order (the export sends their indexes); the rest are platform events kept in the trail.
 */
export const AUDIT_INFO_TYPES = [
  'Admins',
  'User Groups',
  'Users',
  'Access Codes',
  'Logo',
  'Tags',
  'Document Types',
  'Documents & Document Revisions',
  'Actions',
  'Training Records',
  'HR Records',
  'Organizations',
  'Sessions',
  'Files',
] as const;
export type AuditInfoType = (typeof AUDIT_INFO_TYPES)[number];
