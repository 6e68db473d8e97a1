import type { AppContext } from '../../core/context.js';
import { renderMail } from '../../core/mail/templates.js';
import { issueVerificationToken } from '../../core/verification-tokens.js';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';

/**
 * The invitation: a set-password link (7 days, single use, bound to the address) sent in the
 * caller's transaction. Used on the first activation and by "Resend Invite".
 */
export async function sendWelcomeMail(
  ctx: AppContext,
  tx: DbOrTx,
  user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName' | 'language'>,
  organization?: { id: string; name: string },
): Promise<void> {
  const token = await issueVerificationToken(tx, { userId: user.id, purpose: 'set-password', email: user.email });
  const query = new URLSearchParams({ email: user.email, token });
  const mail = renderMail('welcome', user.language, {
    name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
    organization: organization ? ` (${organization.name})` : '',
    email: user.email,
    setPasswordUrl: `${ctx.config.publicUrl}/set-password?${query}`,
  });
  await ctx.mailer.enqueue(tx, { to: user.email, organizationId: organization?.id ?? null, ...mail });
}
