import { rule } from './types.js';

/** Spec 02: admins, users, user groups, permissions, access codes, settings, list exports. */
export const administrationRequirements = [
  // Admins and users
  rule(
    'PEOPLE-001',
    'high',
    'spec 02 section 1',
    'Only the SuperAdmin onboards and manages client admins; an Admin cannot see or manage Admins.',
  ),
  rule('PEOPLE-002', 'high', 'spec 02 section 1', 'An e-mail address belongs to one person and one role only.'),
  rule(
    'PEOPLE-003',
    'medium',
    'spec 02 section 5',
    'Creating an admin or user needs first name, last name and a valid e-mail, none blank after trimming.',
  ),
  rule(
    'PEOPLE-004',
    'high',
    'spec 02 section 4',
    'A new user is inactive and has no access until set active; the first activation sends the welcome e-mail.',
  ),
  rule(
    'PEOPLE-005',
    'high',
    'spec 02 section 4',
    'Set Inactive takes the person access away in the chosen organizations at once, their open sessions included.',
  ),
  rule(
    'PEOPLE-006',
    'high',
    'spec 02 section 4',
    'Only an inactive person with an unconfirmed e-mail can be deleted, from at least one chosen organization.',
  ),
  rule(
    'PEOPLE-007',
    'medium',
    'spec 02 section 5',
    'The e-mail of a person can be edited only when it is confirmed, and is sent only when changed.',
  ),
  rule(
    'PEOPLE-008',
    'medium',
    'spec 02 section 6',
    'Add Existing adds chosen people of the other organizations of the actor to this organization.',
  ),
  rule(
    'PEOPLE-009',
    'medium',
    'spec 02 section 2',
    'The admins and users lists search, sort, page and export their rows.',
  ),
  // User groups
  rule(
    'GRP-001',
    'medium',
    'spec 02 section 5',
    'A user group name is required, trimmed and unique in the organization; create, rename and duplicate keep that rule.',
  ),
  rule(
    'GRP-002',
    'high',
    'spec 02 section 4',
    'Deleting a group with users needs the acknowledgement and may move its users to a replacement group.',
  ),
  rule(
    'GRP-003',
    'high',
    'spec 02 section 4',
    'Adding a user to a group assigned to trainings can assign those trainings; removing one can unassign the trainings not yet passed.',
  ),
  rule('GRP-004', 'medium', 'spec 02 section 2', 'The group page lists its users with search, export, add and remove.'),
  // Permissions
  rule(
    'PERM-001',
    'high',
    'spec 02 section 1',
    'An ordinary user gets access only from the permissions of their groups, the widest combination of them.',
  ),
  rule(
    'PERM-002',
    'high',
    'spec 02 section 1',
    'A user in no group with permissions has no permission in the organization and cannot use it.',
  ),
  rule(
    'PERM-003',
    'high',
    'spec 02 section 4',
    'Only one view option per area can be on; turning a view option off turns off the options that depend on it.',
  ),
  rule(
    'PERM-004',
    'high',
    'spec 02 section 4',
    'Among sibling options only one can be on, and one lower-level option per kind (add, edit, delete).',
  ),
  rule(
    'PERM-005',
    'high',
    'spec 02 section 6',
    'Each permission of the catalogue grants exactly its action on its artifacts (all, related, own; approved or not).',
  ),
  rule(
    'PERM-006',
    'medium',
    'spec 02 section 2',
    'The access page of a user shows their groups and combined permissions read-only.',
  ),
  rule(
    'PERM-007',
    'high',
    'product',
    'Every API route has an authorization rule for each role, checked by the authorization matrix; a call outside it is refused.',
  ),
  rule(
    'PERM-008',
    'high',
    'product',
    'Data of one organization is never visible to or changeable from another organization.',
  ),
  rule(
    'PERM-009',
    'high',
    'product',
    'A change of permissions, groups or status takes effect on the next call of the affected person.',
  ),
  // Access codes
  rule(
    'SIG-001',
    'high',
    'spec 02 section 4',
    'A person has one access code, not tied to an organization; generating a new one deactivates the previous one.',
  ),
  rule('SIG-002', 'high', 'spec 01 section 9', 'An access code is regenerated automatically every 12 months.'),
  rule(
    'SIG-003',
    'high',
    'product',
    'An access code is delivered only by e-mail to its owner and stored only as a hash.',
  ),
  // Settings
  rule(
    'SET-001',
    'high',
    'spec 02 section 4',
    'Changing the logo and creating or deleting document types and tags need Permission.ManageOrganizationSettings.',
  ),
  rule(
    'SET-002',
    'medium',
    'spec 02 section 5',
    'A document type or tag name is required, not blank, at most the shared name length, and unique in the organization.',
  ),
  rule('SET-003', 'medium', 'spec 02 section 5', 'A logo is an image of at most 10 MB.'),
  rule('SET-004', 'medium', 'product', 'A document type that a document revision uses cannot be deleted.'),
  // List exports
  rule(
    'EXP-001',
    'medium',
    'spec 02 section 2',
    'Lists export as CSV file, PDF archive, Single PDF and Attachments of chosen document types.',
  ),
  rule(
    'EXP-002',
    'medium',
    'spec 03 section 9',
    'An export holds the visible columns, search, sort and checked rows of the list.',
  ),
  rule('EXP-003', 'low', 'spec 01 section 8', 'An export with nothing in it answers No records to export.'),
  rule('EXP-004', 'high', 'product', 'Exported PDFs are PDF/A-2b and tagged, and show every record with its history.'),
  rule('EXP-005', 'high', 'product', 'An export only holds the records the exporting person may see.'),
  rule('EXP-006', 'high', 'product', 'CSV cells starting with a formula character are neutralised.'),
  rule(
    'EXP-007',
    'high',
    'product',
    'An inspection package holds the chosen records, their files, signatures and audit trail, with a manifest of checksums.',
  ),
];
