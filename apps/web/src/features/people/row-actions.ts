import type { Person } from '@qualis/contract';
import type { PeopleKind } from './people.api';

export type RowAction = 'view' | 'edit' | 'setActive' | 'setInactive' | 'resendInvite' | 'accessCode' | 'delete';

/** The row options of a person, in menu order (spec 02 sections 2 and 4). */
export function rowActions(kind: PeopleKind, person: Person): RowAction[] {
  const actions: RowAction[] = [];
  if (kind === 'users') actions.push('view');
  actions.push('edit', person.status === 'Active' ? 'setInactive' : 'setActive');
  // Resend Invite: not activated and the e-mail not confirmed.
  if (!person.isActivated && !person.emailConfirmed) actions.push('resendInvite');
  actions.push('accessCode');
  // Delete: only an Inactive person who has not confirmed the e-mail.
  if (person.status === 'Inactive' && !person.emailConfirmed) actions.push('delete');
  return actions;
}

export const fullName = (person: { firstName: string | null; lastName: string | null; email: string }) =>
  [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email;
