import {
  type KeyedMessage,
  message,
  type AuditInfoType,
  type ConfirmEmailRequest,
  type PasswordWithTokenRequest,
  type Role,
  type SessionUser,
  type TokenCheckRequest,
  type UpdateAccountRequest,
} from '@qualis/contract';
import type { AppContext } from '../../core/context.js';
import { recordAudit, type AuditActor } from '../../core/audit.js';
import type { Actor } from '../../core/auth.js';
import { AppError, type PlainMessageKey } from '../../core/errors.js';
import { hashPassword, verifyPassword } from '../../core/passwords.js';
import { isUniqueViolation } from '../../core/unique-violation.js';
import { authorize } from '../policies.js';
import {
  checkVerificationToken,
  consumeVerificationToken,
  countTokensSince,
  revokeOpenTokens,
  type TokenCheck,
} from '../../core/verification-tokens.js';
import type { DbOrTx } from '../../db/client.js';
import type { VerificationPurpose, UserRow } from '../../db/schema/index.js';
import { findUserByEmail, findUserById } from '../users/users.repository.js';
import { presentSessionUser } from '../users/users.presenter.js';
import { sendConfirmEmailMail, sendResetPasswordMail } from './account-mails.js';
import { canSeeAccount } from './accounts.policy.js';
import { findAccountFor, isEmailTaken, revokeUserSessions, updateUser } from './accounts.repository.js';
import { sendWelcomeMail } from './welcome-mail.js';

const HOUR_MS = 60 * 60_000;
/** Reset links per person and hour; past it the request is answered alike and nothing is sent. */
export const RESET_MAILS_PER_HOUR = 5;
/** Invitation and e-mail confirmation links per person and 24 hours (spec 01 section 9). */
export const LINKS_PER_DAY = 5;

/** Changes to a person are filed under Admins or Users by the person's role (the SuperAdmin's under Admins). */
const infoTypeOf = (role: Role): AuditInfoType => (role === 'User' ? 'Users' : 'Admins');

/** One audit entry about a person; person-level changes belong to no organization. */
export const personAudit = (user: Pick<UserRow, 'id' | 'role'>, action: string, before?: unknown, after?: unknown) => ({
  organizationId: null,
  infoType: infoTypeOf(user.role),
  action,
  entityType: 'user',
  entityId: user.id,
  before,
  after,
});

/** The audit actor of a public call made with an e-mailed link: the link's owner. */
const asOwner = (audit: AuditActor, user: Pick<UserRow, 'id' | 'email'>): AuditActor => ({
  ...audit,
  userId: user.id,
  email: user.email,
});

/** Sends a reset link unless 5 went out within the hour (then silently nothing). */
export async function sendResetLinkWithinLimit(ctx: AppContext, tx: DbOrTx, user: UserRow, audit: AuditActor) {
  const sent = await countTokensSince(tx, user.id, 'reset-password', new Date(Date.now() - HOUR_MS));
  if (sent >= RESET_MAILS_PER_HOUR) return;
  await sendResetPasswordMail(ctx, tx, user);
  await recordAudit(tx, audit, personAudit(user, 'password-reset-requested'));
}

/** "Forgot password": the same answer whether or not the address has an account. */
export async function requestPasswordReset(ctx: AppContext, email: string, audit: AuditActor): Promise<void> {
  const { db } = ctx.database;
  const user = await findUserByEmail(db, email);
  if (!user) return;
  await db.transaction((tx) => sendResetLinkWithinLimit(ctx, tx, user, { ...audit, email }));
}

export async function checkLinkToken(ctx: AppContext, body: TokenCheckRequest) {
  const check = await checkVerificationToken(ctx.database.db, { ...body, purpose: body.type });
  return { isValid: check.status === 'valid', isExpired: check.status === 'expired' };
}

const EXPIRED_MESSAGE: Record<VerificationPurpose, PlainMessageKey> = {
  'reset-password': 'resetLinkExpired',
  'set-password': 'setPasswordLinkExpired',
  'confirm-email': 'confirmEmailLinkExpired',
};

function assertLinkValid(
  check: TokenCheck,
  purpose: VerificationPurpose,
): asserts check is TokenCheck & { status: 'valid' } {
  if (check.status === 'expired') throw AppError.badRequest(EXPIRED_MESSAGE[purpose], 'token');
  if (check.status === 'invalid') throw AppError.badRequest('linkInvalid', 'token');
}

/**
 * Stores a new password: ends the person's sessions (all, or all but the one kept) and the
 * password links still open.
 */
export async function applyNewPassword(
  tx: DbOrTx,
  user: UserRow,
  password: string,
  options: { confirmEmail: boolean; keepSessionId?: string; reason: string },
): Promise<UserRow> {
  const updated = await updateUser(tx, user.id, {
    passwordHash: await hashPassword(password),
    passwordChangedAt: new Date(),
    ...(options.confirmEmail ? { emailConfirmed: true } : {}),
  });
  await revokeUserSessions(tx, user.id, options.reason, options.keepSessionId);
  await revokeOpenTokens(tx, user.id, 'reset-password');
  await revokeOpenTokens(tx, user.id, 'set-password');
  return updated;
}

/**
 * Reset (forgot password) or first set (invitation) of a password by an e-mailed link. The link
 * proves the mailbox, so the e-mail counts as confirmed.
 */
export async function setPasswordByLink(
  ctx: AppContext,
  purpose: 'reset-password' | 'set-password',
  body: PasswordWithTokenRequest,
  audit: AuditActor,
): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const check = await consumeVerificationToken(tx, { token: body.token, email: body.email, purpose });
    assertLinkValid(check, purpose);
    const user = await findUserById(tx, check.userId);
    if (!user) throw AppError.badRequest('linkInvalid', 'token');
    const action = purpose === 'reset-password' ? 'password-reset' : 'password-set';
    const updated = await applyNewPassword(tx, user, body.password, { confirmEmail: true, reason: action });
    await recordAudit(
      tx,
      asOwner(audit, user),
      personAudit(user, action, { emailConfirmed: user.emailConfirmed }, { emailConfirmed: updated.emailConfirmed }),
    );
  });
}

/** The new e-mail becomes the sign-in e-mail once its owner proves the link and the password. */
export async function confirmNewEmail(ctx: AppContext, body: ConfirmEmailRequest, audit: AuditActor): Promise<void> {
  const { db } = ctx.database;
  const link = { token: body.token, email: body.email, purpose: 'confirm-email' as const };
  const check = await checkVerificationToken(db, link);
  assertLinkValid(check, 'confirm-email');
  const user = await findUserById(db, check.userId);
  if (!user?.newEmail || user.newEmail.toLowerCase() !== body.email) {
    throw AppError.badRequest('linkInvalid', 'token');
  }
  if (!(await verifyPassword(user.passwordHash, body.password))) {
    throw AppError.badRequest('passwordIncorrect', 'password');
  }
  try {
    await db.transaction(async (tx) => {
      assertLinkValid(await consumeVerificationToken(tx, link), 'confirm-email');
      await updateUser(tx, user.id, { email: user.newEmail!, newEmail: null, emailConfirmed: true });
      // Links sent to the old address stop working.
      await revokeOpenTokens(tx, user.id, 'reset-password');
      await recordAudit(
        tx,
        asOwner(audit, user),
        personAudit(user, 'email-confirmed', { email: user.email }, { email: user.newEmail }),
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict('emailTaken', 'email');
    throw error;
  }
}

/** The person named by id or e-mail, if the actor may see them (else 404). */
async function loadVisibleAccount(db: DbOrTx, actor: Actor, which: { id: string } | { email: string }) {
  const found = await findAccountFor(db, actor.userId, which);
  if (!found) throw AppError.notFound();
  const target = { id: found.user.id, role: found.user.role, sharesOrganization: found.sharesOrganization };
  if (!canSeeAccount(actor, target)) throw AppError.notFound();
  return { user: found.user, target };
}

/** PUT /users/{id}: first and last name, and/or a new e-mail waiting for its confirmation. */
export async function updateAccount(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  body: UpdateAccountRequest,
  audit: AuditActor,
): Promise<SessionUser> {
  const { db } = ctx.database;
  const { user, target } = await loadVisibleAccount(db, actor, { id: userId });
  authorize(actor, 'account.edit', target);
  const newEmail = body.email;
  if (newEmail !== undefined) {
    if (newEmail === user.email.toLowerCase()) throw AppError.badRequest('emailUnchanged', 'email');
    if (!user.emailConfirmed) throw AppError.badRequest('emailNotConfirmed', 'email');
    if (await isEmailTaken(db, newEmail, user.id)) throw AppError.conflict('emailTaken', 'email');
  }
  try {
    return await db.transaction(async (tx) => {
      let updated = user;
      if (body.firstName !== undefined && body.lastName !== undefined) {
        updated = await updateUser(tx, user.id, { firstName: body.firstName, lastName: body.lastName });
        await recordAudit(
          tx,
          audit,
          personAudit(
            user,
            'name-changed',
            { firstName: user.firstName, lastName: user.lastName },
            { firstName: updated.firstName, lastName: updated.lastName },
          ),
        );
      }
      if (newEmail !== undefined) {
        await assertWithinDailyLimit(tx, user.id, 'confirm-email');
        updated = await updateUser(tx, user.id, { newEmail });
        await sendConfirmEmailMail(ctx, tx, updated, newEmail);
        await recordAudit(
          tx,
          audit,
          personAudit(user, 'email-change-requested', { newEmail: user.newEmail }, { newEmail }),
        );
      }
      return presentSessionUser(tx, updated);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict('emailTaken', 'email');
    throw error;
  }
}

async function assertWithinDailyLimit(db: DbOrTx, userId: string, purpose: VerificationPurpose) {
  const sent = await countTokensSince(db, userId, purpose, new Date(Date.now() - 24 * HOUR_MS));
  if (sent >= LINKS_PER_DAY) throw new AppError('RATE_LIMITED', 'linkResendLimit');
}

/** "Resend Link" of a pending new e-mail; `email` is the person's current or new e-mail. */
export async function resendConfirmEmail(ctx: AppContext, actor: Actor, email: string, audit: AuditActor) {
  const { db } = ctx.database;
  const { user, target } = await loadVisibleAccount(db, actor, { email });
  authorize(actor, 'account.edit', target);
  const newEmail = user.newEmail;
  if (!newEmail) throw AppError.badRequest('noPendingEmail', 'email');
  await db.transaction(async (tx) => {
    await assertWithinDailyLimit(tx, user.id, 'confirm-email');
    await sendConfirmEmailMail(ctx, tx, user, newEmail);
    await recordAudit(tx, audit, personAudit(user, 'confirmation-link-resent', undefined, { newEmail }));
  });
}

/** "Resend Invite": a new set-password link while the person has not set a password. */
export async function resendInvite(
  ctx: AppContext,
  actor: Actor,
  email: string,
  audit: AuditActor,
): Promise<KeyedMessage> {
  const { db } = ctx.database;
  const { user, target } = await loadVisibleAccount(db, actor, { email });
  authorize(actor, 'account.resend-invite', target);
  if (user.passwordHash) throw AppError.badRequest('passwordAlreadySet', 'email');
  await db.transaction(async (tx) => {
    await assertWithinDailyLimit(tx, user.id, 'set-password');
    await sendWelcomeMail(ctx, tx, user);
    await recordAudit(tx, audit, personAudit(user, 'welcome-mail-resent'));
  });
  return message('welcomeMailSent', { role: user.role === 'User' ? 'User' : 'Admin', email: user.email });
}
