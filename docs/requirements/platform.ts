import { rule } from './types.js';

/** Spec 01: sign-in and sessions, passwords and e-mail, profile, the provider's organizations. */
export const platformRequirements = [
  // Sign-in and sessions
  rule(
    'AUTH-001',
    'high',
    'spec 01 section 7',
    'Sign-in with a correct e-mail and password opens a session; a wrong password or unknown e-mail opens none.',
  ),
  rule(
    'AUTH-002',
    'high',
    'spec 01 section 4',
    'Remember-me keeps the session in persistent storage; without it the session lasts for the browser session only.',
  ),
  rule(
    'AUTH-003',
    'high',
    'spec 01 section 4',
    'A request answered 401 with a refresh token refreshes the session once and retries; a failed refresh clears the session and goes to login.',
  ),
  rule(
    'AUTH-004',
    'high',
    'spec 01 section 4',
    'Logout ends the session on the server and in the browser and goes to login.',
  ),
  rule(
    'AUTH-005',
    'medium',
    'spec 01 section 4',
    'After sign-in the user goes to the remembered page, else the SuperAdmin to the organizations, a user of several organizations to the chooser, anyone else to the first organization dashboard.',
  ),
  rule(
    'AUTH-006',
    'high',
    'spec 01 section 2',
    'Every organization and profile route needs a session; without one the user goes to login and the wanted location is remembered.',
  ),
  rule(
    'AUTH-007',
    'low',
    'spec 01 section 5',
    'The login and forgot-password buttons stay disabled until all their fields are filled.',
  ),
  rule(
    'AUTH-008',
    'high',
    'product',
    'Repeated failed sign-ins are throttled per account and per address, and the refusal is recorded in the audit trail.',
  ),
  rule(
    'AUTH-009',
    'high',
    'product',
    'Session tokens are opaque and stored only as hashes; a refresh token is rotated on every use and an old one ends the session when replayed.',
  ),
  rule('AUTH-010', 'high', 'product', 'An idle or expired session no longer authorizes any call.'),
  rule(
    'AUTH-011',
    'medium',
    'spec 01 section 2',
    'The user-organizations chooser lists the active organizations of the user as cards, each opening that organization dashboard.',
  ),
  // Passwords and e-mail
  rule(
    'AUTH-020',
    'high',
    'spec 01 section 5',
    'A new password has 8 to 50 characters with an uppercase letter, a lowercase letter and a digit, from letters, digits and !@#$%^&*(); the confirmation must match.',
  ),
  rule(
    'AUTH-021',
    'high',
    'spec 01 section 7',
    'Forgot password answers the same whether or not the e-mail has an account, and e-mails a reset link to an account holder.',
  ),
  rule(
    'AUTH-022',
    'high',
    'spec 01 section 8',
    'A reset or set-password token is single-use and expires; an invalid or expired one is refused and the page goes to login.',
  ),
  rule(
    'AUTH-023',
    'high',
    'spec 01 section 7',
    'Changing the own password needs the current password and a valid new one.',
  ),
  rule(
    'AUTH-024',
    'high',
    'spec 01 section 7',
    'Setting the first password through the invitation link activates the account e-mail and lets the user sign in.',
  ),
  rule(
    'AUTH-025',
    'high',
    'spec 01 section 4',
    'A changed e-mail takes effect only after the link sent to the new address is confirmed with the password; until then the profile shows it as not confirmed with a resend link.',
  ),
  rule(
    'AUTH-026',
    'medium',
    'spec 01 section 9',
    'An invitation can be resent at most 5 times in 24 hours and only until the password is set.',
  ),
  rule('AUTH-027', 'high', 'product', 'Passwords are stored only as argon2id hashes.'),
  // Profile
  rule(
    'PROF-001',
    'medium',
    'spec 01 section 2',
    'The profile shows name, e-mail, role and avatar; the SuperAdmin sees only the e-mail and Edit profile.',
  ),
  rule(
    'PROF-002',
    'medium',
    'spec 01 section 5',
    'First and last name have at most 100 characters each and must not be blank to save.',
  ),
  rule(
    'PROF-003',
    'medium',
    'spec 01 section 5',
    'An avatar is a JPG, JPEG, PNG or SVG image of at most 10 MB; other files are refused with the format or size message.',
  ),
  rule(
    'PROF-004',
    'low',
    'spec 01 section 2',
    'A user can turn off the e-mails about new actions with the notification switch on the profile.',
  ),
  rule(
    'PROF-005',
    'low',
    'spec 01 section 2',
    'Edit profile opens on the personal info tab, or on the e-mail tab for the SuperAdmin, who has no personal info tab.',
  ),
  rule(
    'PROF-006',
    'low',
    'spec 01 section 1',
    'The interface is offered in English, German, Greek, Italian, Russian, Serbian and Spanish, English by default.',
  ),
  // The provider's organizations
  rule(
    'ORG-001',
    'high',
    'spec 01 section 6',
    'Only the SuperAdmin creates, renames, activates, deactivates and deletes organizations.',
  ),
  rule('ORG-002', 'medium', 'spec 01 section 5', 'An organization name is required and has at most 100 characters.'),
  rule(
    'ORG-003',
    'high',
    'spec 01 section 4',
    'Deactivating an organization takes the access of all its admins and users away; activating gives it back.',
  ),
  rule('ORG-004', 'high', 'spec 01 section 4', 'The SuperAdmin cannot enter an organization managed by the client.'),
  rule(
    'ORG-005',
    'high',
    'spec 01 section 4',
    'Deleting an organization needs the acknowledgement and removes all its data.',
  ),
  rule(
    'ORG-006',
    'medium',
    'spec 01 section 2',
    'The organizations list searches, sorts, pages and exports its rows as a CSV file of the visible columns.',
  ),
  rule(
    'ORG-007',
    'high',
    'spec 01 section 5',
    'The logs export covers at most the last three months and needs a date range and either chosen info types and ids or organization changes.',
  ),
  rule(
    'ORG-008',
    'medium',
    'spec 01 section 7',
    'An organization logo is uploaded as an image and shown in the organization layout.',
  ),
  // Layout and errors
  rule(
    'UI-001',
    'high',
    'spec 01 section 2',
    'The side menu shows a user only the areas their permissions allow, and the Admins item only to the SuperAdmin.',
  ),
  rule(
    'UI-002',
    'high',
    'spec 01 section 2',
    'A user who can view neither documents nor actions sees the no-access-permissions blocking message.',
  ),
  rule(
    'UI-003',
    'medium',
    'spec 01 section 8',
    'A failed call shows the first server error message, or Request failed, in a toast; identical errors within 200 ms show once.',
  ),
  rule(
    'UI-004',
    'high',
    'spec 01 section 6',
    'A 403 answer shows the access-denied message and opens nothing of the item.',
  ),
  rule(
    'UI-005',
    'low',
    'spec 01 section 8',
    'A 404 on a list goes to the page-not-found screen with a link back to the profile.',
  ),
  rule(
    'UI-006',
    'low',
    'spec 01 section 9',
    'Lists page by 25 by default with choices 10, 25, 50 and 100, and a new search or page size goes back to the first page.',
  ),
  rule(
    'UI-007',
    'low',
    'spec 01 section 2',
    'The user menu leads to the profile, the organizations (chooser, the only organization, or the organization list), help and logout.',
  ),
  rule(
    'UI-008',
    'low',
    'spec 01 section 2',
    'Lists let the user choose and save their visible columns; Save is disabled when none is visible.',
  ),
  rule(
    'UI-009',
    'medium',
    'product',
    'The web app meets WCAG 2.1 AA on its pages (no axe violations) and works by keyboard.',
  ),
  rule(
    'UI-010',
    'low',
    'product',
    'A person whose system asks for reduced motion sees no opening, closing or sliding animations.',
  ),
  rule(
    'HELP-001',
    'low',
    'spec 01 section 6',
    'Help shows its tabs by role: the Super Admin notes to the SuperAdmin, the Admin notes to SuperAdmin and Admin.',
  ),
];
