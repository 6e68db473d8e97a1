import type { Person } from '@qualis/contract';

export type RowAction = 'view' | 'edit' | 'setActive' | 'setInactive' | 'resendInvite' | 'accessCode' | 'delete';

/**
 * The row options of a person, in menu order (spec 02 sections 2 and 4). Whether Resend Invite
 * and Delete are offered is the server's answer (`canResendInvite`, `canBeDeleted`).
 */
export function rowActions(person: Person): RowAction[] {
  const actions: RowAction[] = ['view', 'edit', person.status === 'Active' ? 'setInactive' : 'setActive'];
  if (person.canResendInvite) actions.push('resendInvite');
  actions.push('accessCode');
  if (person.canBeDeleted) actions.push('delete');
  return actions;
}

export const fullName = (person: { firstName: string | null; lastName: string | null; email: string }) =>
  [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email;
