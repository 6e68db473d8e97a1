import { type ChangePasswordRequest, type Language, type SessionUser } from '@qualis/contract';
import type { AppContext } from '../../core/context.js';
import { recordAudit, type AuditActor } from '../../core/audit.js';
import type { Actor } from '../../core/auth.js';
import { AppError } from '../../core/errors.js';
import { verifyPassword } from '../../core/passwords.js';
import type { DbOrTx } from '../../db/client.js';
import { applyNewPassword, personAudit, sendResetLinkWithinLimit } from '../accounts/accounts.service.js';
import { updateUser } from '../accounts/accounts.repository.js';
import type { UserRow } from '../../db/schema/index.js';
import { findUserById } from '../users/users.repository.js';
import { presentSessionUser } from '../users/users.presenter.js';
import { findOwnImage } from './profile.repository.js';

async function loadSelf(db: DbOrTx, actor: Actor): Promise<UserRow> {
  const user = await findUserById(db, actor.userId);
  if (!user) throw AppError.unauthenticated();
  return user;
}

/** Changes the password knowing the current one; other sessions end, this one stays. */
export async function changeOwnPassword(
  ctx: AppContext,
  actor: Actor,
  body: ChangePasswordRequest,
  audit: AuditActor,
): Promise<void> {
  const { db } = ctx.database;
  const user = await loadSelf(db, actor);
  if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
    throw AppError.badRequest('currentPasswordIncorrect', 'oldPassword');
  }
  await db.transaction(async (tx) => {
    await applyNewPassword(tx, user, body.password, {
      confirmEmail: false,
      keepSessionId: actor.sessionId,
      reason: 'password-changed',
    });
    await recordAudit(tx, audit, personAudit(user, 'password-changed'));
  });
}

/** Sends a reset link to the person's own address (same hourly limit as "Forgot password"). */
export async function sendOwnResetLink(ctx: AppContext, actor: Actor, email: string, audit: AuditActor) {
  const { db } = ctx.database;
  const user = await loadSelf(db, actor);
  if (email !== user.email.toLowerCase()) throw AppError.badRequest('notOwnEmail', 'email');
  await db.transaction((tx) => sendResetLinkWithinLimit(ctx, tx, user, audit));
}

async function changeSelf(
  ctx: AppContext,
  actor: Actor,
  audit: AuditActor,
  change: (user: UserRow) => Promise<Partial<Pick<UserRow, 'avatarFileId' | 'emailNotificationState' | 'language'>>>,
  action: string,
): Promise<SessionUser> {
  const { db } = ctx.database;
  const user = await loadSelf(db, actor);
  const values = await change(user);
  return db.transaction(async (tx) => {
    const updated = await updateUser(tx, user.id, values);
    const before = Object.fromEntries(Object.keys(values).map((key) => [key, user[key as keyof typeof values]]));
    await recordAudit(tx, audit, personAudit(user, action, before, values));
    return presentSessionUser(tx, updated);
  });
}

/** The avatar is an image the person uploaded (POST /upload/image); anything else answers 404. */
export const setAvatar = (ctx: AppContext, actor: Actor, imageId: string, audit: AuditActor) =>
  changeSelf(
    ctx,
    actor,
    audit,
    async () => {
      const image = await findOwnImage(ctx.database.db, imageId, actor.userId);
      if (!image) throw AppError.notFound();
      return { avatarFileId: image.id };
    },
    'avatar-changed',
  );

export const removeAvatar = (ctx: AppContext, actor: Actor, audit: AuditActor) =>
  changeSelf(ctx, actor, audit, async () => ({ avatarFileId: null }), 'avatar-removed');

/** Toggles the e-mails about new Actions, or sets them when the state is given. */
export const setEmailNotifications = (ctx: AppContext, actor: Actor, state: boolean | undefined, audit: AuditActor) =>
  changeSelf(
    ctx,
    actor,
    audit,
    async (user) => ({ emailNotificationState: state ?? !user.emailNotificationState }),
    'email-notifications-changed',
  );

/** The language of the person's e-mails, chosen with the web's language switch. */
export const setLanguage = (ctx: AppContext, actor: Actor, language: Language, audit: AuditActor) =>
  changeSelf(ctx, actor, audit, async () => ({ language }), 'language-changed');
