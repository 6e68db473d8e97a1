import { setTimeout as sleep } from 'node:timers/promises';
import { messages, type SessionUser, type SignInRequest, type TokenPair } from '@qualis/contract';
import type { AppContext } from '../../core/context.js';
import { recordAudit, type AuditActor } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { renderMail } from '../../core/mail/templates.js';
import { verifyPassword } from '../../core/passwords.js';
import { hashToken, newSecretToken } from '../../core/tokens.js';
import type { DbOrTx } from '../../db/client.js';
import { updateUser } from '../accounts/accounts.repository.js';
import { findUserByEmail, findUserById, type UserRow } from '../users/users.repository.js';
import { presentSessionUser } from '../users/users.presenter.js';
import {
  findLiveSessionByAccessHash,
  findLiveSessionByRefreshHash,
  findSessionByPreviousRefreshHash,
  insertSession,
  revokeSession,
  rotateSessionTokens,
} from './sessions.repository.js';
import { THROTTLE, accountKey, addressKey, clearFailures, isLocked, recordFailure } from './sign-in-throttle.js';

export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 60 * 60_000;
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60_000;

export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
  audit: AuditActor;
}

function issueTokens(now: Date) {
  const accessToken = newSecretToken();
  const refreshToken = newSecretToken();
  const accessExpiresAt = new Date(now.getTime() + ACCESS_TOKEN_TTL_MS);
  return {
    pair: { accessToken, refreshToken, accessTokenExpiresAt: accessExpiresAt.toISOString() } satisfies TokenPair,
    stored: {
      accessTokenHash: hashToken(accessToken),
      accessExpiresAt,
      refreshTokenHash: hashToken(refreshToken),
      refreshExpiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    },
  };
}

const sessionAudit = (user: Pick<UserRow, 'id'> | undefined, action: string, after?: unknown) => ({
  organizationId: null,
  infoType: 'Sessions' as const,
  action,
  entityType: 'user',
  entityId: user?.id ?? null,
  after,
});

export async function signIn(
  ctx: AppContext,
  input: SignInRequest,
  meta: RequestMeta,
): Promise<{ user: SessionUser; token: TokenPair }> {
  const { db } = ctx.database;
  const now = new Date();
  const keys = [accountKey(input.email), addressKey(meta.ip)];
  const auditActor = { ...meta.audit, email: input.email };

  if (await isLocked(db, keys, now)) {
    await db.transaction((tx) =>
      recordAudit(tx, auditActor, sessionAudit(undefined, 'sign-in-refused', { email: input.email, reason: 'locked' })),
    );
    throw new AppError('SIGN_IN_LOCKED', messages.signInLocked);
  }

  const user = await findUserByEmail(db, input.email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk) {
    const accountFailures = await db.transaction((tx) => registerFailure(ctx, tx, input.email, user, meta, now));
    if (accountFailures >= THROTTLE.slowAfterAccountFailures) await sleep(ctx.signInSlowdownMs);
    throw new AppError('INVALID_CREDENTIALS', messages.invalidCredentials);
  }

  return db.transaction(async (tx) => {
    await clearFailures(tx, accountKey(input.email));
    const { pair, stored } = issueTokens(now);
    const sessionId = newId();
    await insertSession(tx, {
      id: sessionId,
      userId: user.id,
      ...stored,
      expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    });
    // The browser's current language becomes the language of the person's e-mails.
    const language = input.language && input.language !== user.language ? input.language : undefined;
    const signedIn = language ? await updateUser(tx, user.id, { language }) : user;
    await recordAudit(
      tx,
      { ...meta.audit, userId: user.id, email: user.email },
      sessionAudit(user, 'sign-in', { sessionId, ...(language ? { language } : {}) }),
    );
    return { user: await presentSessionUser(tx, signedIn), token: pair };
  });
}

/** Counts the failure for the account and the address, audits it, and warns the owner on a lock. */
async function registerFailure(
  ctx: AppContext,
  tx: DbOrTx,
  email: string,
  user: UserRow | undefined,
  meta: RequestMeta,
  now: Date,
): Promise<number> {
  const account = await recordFailure(tx, accountKey(email), THROTTLE.lockAfterAccountFailures, now);
  await recordFailure(tx, addressKey(meta.ip), THROTTLE.lockAfterAddressFailures, now);
  await recordAudit(
    tx,
    { ...meta.audit, email },
    sessionAudit(user, 'sign-in-failed', { email, failures: account.count, locked: account.lockedNow }),
  );
  if (account.lockedNow && user) {
    const mail = renderMail('signInLocked', user.language, {
      count: account.count,
      email: user.email,
      minutes: THROTTLE.lockMinutes,
      resetUrl: `${ctx.config.publicUrl}/forgot-password`,
    });
    await ctx.mailer.enqueue(tx, { to: user.email, ...mail });
  }
  return account.count;
}

export async function refreshSession(ctx: AppContext, refreshToken: string, meta: RequestMeta): Promise<TokenPair> {
  const { db } = ctx.database;
  const now = new Date();
  const presentedHash = hashToken(refreshToken);
  const outcome = await db.transaction(async (tx) => {
    const session = await findLiveSessionByRefreshHash(tx, presentedHash, now);
    if (session) {
      const { pair, stored } = issueTokens(now);
      await rotateSessionTokens(tx, session.id, { ...stored, previousRefreshTokenHash: presentedHash });
      return { pair };
    }
    const replayed = await findSessionByPreviousRefreshHash(tx, presentedHash);
    if (replayed) {
      // The token was already exchanged once: someone holds a copy. End the session for both.
      await revokeSession(tx, replayed.id, 'refresh token reused');
      const owner = await findUserById(tx, replayed.userId);
      await recordAudit(
        tx,
        { ...meta.audit, userId: replayed.userId, email: owner?.email ?? null },
        sessionAudit(owner, 'session-revoked', { sessionId: replayed.id, reason: 'refresh token reused' }),
      );
    }
    return { pair: undefined };
  });
  if (!outcome.pair) throw new AppError('UNAUTHENTICATED', messages.sessionExpired);
  return outcome.pair;
}

/** Ends the session named by its refresh token, or else by the access token. Idempotent. */
export async function signOut(
  ctx: AppContext,
  tokens: { refreshToken?: string | undefined; accessToken?: string | undefined },
  meta: RequestMeta,
): Promise<void> {
  const { db } = ctx.database;
  await db.transaction(async (tx) => {
    const session = tokens.refreshToken
      ? await findLiveSessionByRefreshHash(tx, hashToken(tokens.refreshToken), new Date())
      : tokens.accessToken
        ? await findLiveSessionByAccessHash(tx, hashToken(tokens.accessToken))
        : undefined;
    if (!session) return;
    await revokeSession(tx, session.id, 'signed out');
    const owner = await findUserById(tx, session.userId);
    await recordAudit(
      tx,
      { ...meta.audit, userId: session.userId, email: owner?.email ?? null },
      sessionAudit(owner, 'sign-out', { sessionId: session.id }),
    );
  });
}
