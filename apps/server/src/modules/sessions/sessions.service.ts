import { setTimeout as sleep } from 'node:timers/promises';
import { type SessionUser, type SignInRequest, type TokenPair } from '@qualis/contract';
import type { AppContext } from '../../core/context.js';
import { recordAudit, type AuditActor } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { renderMail } from '../../core/mail/templates.js';
import { verifyPassword } from '../../core/passwords.js';
import { hashToken, newSecretToken, sealWithToken, unsealWithToken } from '../../core/tokens.js';
import type { DbOrTx } from '../../db/client.js';
import { updateUser } from '../accounts/accounts.repository.js';
import type { UserRow } from '../../db/schema/index.js';
import { findUserByEmail, findUserById } from '../users/users.repository.js';
import { presentSessionUser } from '../users/users.presenter.js';
import {
  findLiveSessionByAccessHash,
  findLiveSessionByRefreshHash,
  insertSession,
  lockSessionForRefresh,
  revokeSession,
  rotateSessionTokens,
} from './sessions.repository.js';
import { THROTTLE, accountKey, addressKey, giveBackAttempt, lockIfReached, takeAttempt } from './sign-in-throttle.js';

export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 60 * 60_000;
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60_000;
/** How long after a rotation the previous refresh token still answers the same new pair. */
export const REFRESH_REUSE_GRACE_MS = 10_000;

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
  const account = accountKey(input.email);
  const address = addressKey(meta.ip);
  const auditActor = { ...meta.audit, email: input.email };

  // Counted before the password is checked, so parallel guesses are refused like sequential ones.
  const counts = await takeAttempt(db, [account, address], now);
  if (!counts) {
    await db.transaction((tx) =>
      recordAudit(tx, auditActor, sessionAudit(undefined, 'sign-in-refused', { email: input.email, reason: 'locked' })),
    );
    throw new AppError('SIGN_IN_LOCKED', 'signInLocked');
  }
  const [accountAttempts = 0, addressAttempts = 0] = counts;

  const user = await findUserByEmail(db, input.email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk) {
    await db.transaction(async (tx) => {
      const lockedNow = await lockIfReached(tx, account, accountAttempts, now);
      await lockIfReached(tx, address, addressAttempts, now);
      await registerFailure(ctx, tx, input.email, user, meta, { count: accountAttempts, lockedNow });
    });
    if (accountAttempts >= THROTTLE.slowAfterAccountFailures) await sleep(ctx.signInSlowdownMs);
    throw new AppError('INVALID_CREDENTIALS', 'invalidCredentials');
  }

  return db.transaction(async (tx) => {
    await giveBackAttempt(tx, account, address);
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

/** Audits a failed sign-in, and warns the owner when it locked the account. */
async function registerFailure(
  ctx: AppContext,
  tx: DbOrTx,
  email: string,
  user: UserRow | undefined,
  meta: RequestMeta,
  account: { count: number; lockedNow: boolean },
): Promise<void> {
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
}

/**
 * Exchanges a refresh token for a new pair; the refresh token rotates. Presenting the previous
 * token again within REFRESH_REUSE_GRACE_MS of its rotation (two tabs refreshing at once) answers
 * the same new pair; later, it means the token was copied, and the session ends for everyone.
 */
export async function refreshSession(ctx: AppContext, refreshToken: string, meta: RequestMeta): Promise<TokenPair> {
  const { db } = ctx.database;
  const now = new Date();
  const presentedHash = hashToken(refreshToken);
  const pair = await db.transaction(async (tx): Promise<TokenPair | undefined> => {
    const session = await lockSessionForRefresh(tx, presentedHash);
    if (!session || session.revokedAt || session.expiresAt <= now) return undefined;
    if (session.refreshTokenHash === presentedHash) {
      if (session.refreshExpiresAt <= now) return undefined;
      const { pair, stored } = issueTokens(now);
      await rotateSessionTokens(tx, session.id, {
        ...stored,
        previousRefreshTokenHash: presentedHash,
        previousRefreshRotatedAt: now,
        previousRefreshAnswer: sealWithToken(refreshToken, JSON.stringify(pair)),
      });
      return pair;
    }
    const rotatedAt = session.previousRefreshRotatedAt?.getTime() ?? 0;
    const sealed = session.previousRefreshAnswer;
    const answer =
      now.getTime() - rotatedAt < REFRESH_REUSE_GRACE_MS && sealed ? unsealWithToken(refreshToken, sealed) : undefined;
    if (answer) return JSON.parse(answer) as TokenPair;
    // The token was already exchanged a while ago: someone holds a copy. End the session for both.
    await revokeSession(tx, session.id, 'refresh token reused');
    const owner = await findUserById(tx, session.userId);
    await recordAudit(
      tx,
      { ...meta.audit, userId: session.userId, email: owner?.email ?? null },
      sessionAudit(owner, 'session-revoked', { sessionId: session.id, reason: 'refresh token reused' }),
    );
    return undefined;
  });
  if (!pair) throw new AppError('UNAUTHENTICATED', 'sessionExpired');
  return pair;
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
