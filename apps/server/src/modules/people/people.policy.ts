import type { MembershipStatus } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import { allowInOrganization, can } from '../../core/policies.js';

/**
 * Only the provider's SuperAdmin onboards and manages client Admins; an Admin never sees them.
 * Users are managed by the SuperAdmin and by the organization's active Admins. The organization
 * access (membership, managed-by-client) is checked before these rules.
 */
allowInOrganization('clientAdmin.manage', () => true, { roles: ['SuperAdmin'] });
allowInOrganization('clientUser.manage', () => true, { roles: ['SuperAdmin', 'Admin'] });

/** What the row rules look at: the membership in one organization and the account's state. */
export interface PersonState {
  status: MembershipStatus;
  emailConfirmed: boolean;
  /** The person has set a password. */
  isActivated: boolean;
}

export const personStateOf = (person: PersonState): PersonState => ({
  status: person.status,
  emailConfirmed: person.emailConfirmed,
  isActivated: person.isActivated,
});

/** Never confirmed the e-mail nor set a password: the invitation is still open. */
const invitationOpen = (person: PersonState) => !person.emailConfirmed && !person.isActivated;

for (const resource of ['clientAdmin', 'clientUser'] as const) {
  const manages = (access: OrganizationAccess) => can(access, `${resource}.manage`);
  /** 'Delete' withdraws an open invitation: only while inactive in the organization. */
  allowInOrganization<PersonState>(
    `${resource}.delete`,
    (access, person) => manages(access) && (!person || (person.status === 'Inactive' && invitationOpen(person))),
  );
  /** 'Resend Invite' while the invitation is open. */
  allowInOrganization<PersonState>(
    `${resource}.resendInvite`,
    (access, person) => manages(access) && (!person || invitationOpen(person)),
  );
}
