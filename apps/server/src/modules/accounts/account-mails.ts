import type { AppContext } from '../../core/context.js';
import { renderMail } from '../../core/mail/templates.js';
import { issueVerificationToken } from '../../core/verification-tokens.js';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';

type Person = Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName' | 'language'>;

export const nameOf = (person: Person) => [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email;

const linkTo = (ctx: AppContext, page: string, values: { email: string; token: string }) =>
  `${ctx.config.publicUrl}/${page}?${new URLSearchParams(values)}`;

/** A reset-password link (1 hour, single use, bound to the address) sent in the caller's transaction. */
export async function sendResetPasswordMail(ctx: AppContext, tx: DbOrTx, person: Person): Promise<void> {
  const token = await issueVerificationToken(tx, { userId: person.id, purpose: 'reset-password', email: person.email });
  const mail = renderMail('resetPassword', person.language, {
    name: nameOf(person),
    resetUrl: linkTo(ctx, 'reset-password', { email: person.email, token }),
  });
  await ctx.mailer.enqueue(tx, { to: person.email, organizationId: null, ...mail });
}

/** The confirmation link of a new e-mail (24 hours, single use), sent to the new address only. */
export async function sendConfirmEmailMail(
  ctx: AppContext,
  tx: DbOrTx,
  person: Person,
  newEmail: string,
): Promise<void> {
  const token = await issueVerificationToken(tx, { userId: person.id, purpose: 'confirm-email', email: newEmail });
  const mail = renderMail('confirmEmail', person.language, {
    name: nameOf(person),
    newEmail,
    confirmUrl: linkTo(ctx, 'confirm-email', { email: newEmail, token }),
  });
  await ctx.mailer.enqueue(tx, { to: newEmail, organizationId: null, ...mail });
}
