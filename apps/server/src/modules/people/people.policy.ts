import type { MembershipStatus } from '@qualis/contract';
import { organizationPolicy, passes, type OrganizationPolicy } from '../../core/policies.js';

/**
 * Only the provider's SuperAdmin onboards and manages client Admins; an Admin never sees them.
 * Users are managed by the SuperAdmin and by the organization's active Admins. The organization
 * access (membership, managed-by-client) is checked before these rules.
 */
const manageClientAdmins = organizationPolicy(() => true, { roles: ['SuperAdmin'] });
const manageClientUsers = organizationPolicy(() => true, { roles: ['SuperAdmin', 'Admin'] });

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

/** 'Delete' withdraws an open invitation: only while inactive in the organization. */
const deletePerson = (manage: OrganizationPolicy<undefined>) =>
  organizationPolicy<PersonState>(
    (access, person) => passes(access, manage) && (!person || (person.status === 'Inactive' && invitationOpen(person))),
  );

/** 'Resend Invite' while the invitation is open. */
const resendInvite = (manage: OrganizationPolicy<undefined>) =>
  organizationPolicy<PersonState>((access, person) => passes(access, manage) && (!person || invitationOpen(person)));

export const peoplePolicies = {
  'clientAdmin.manage': manageClientAdmins,
  'clientAdmin.delete': deletePerson(manageClientAdmins),
  'clientAdmin.resendInvite': resendInvite(manageClientAdmins),
  'clientUser.manage': manageClientUsers,
  'clientUser.delete': deletePerson(manageClientUsers),
  'clientUser.resendInvite': resendInvite(manageClientUsers),
};
