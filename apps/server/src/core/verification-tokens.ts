import { and, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { verificationTokens, type VerificationPurpose } from '../db/schema/index.js';
import { newId } from './ids.js';
import { hashToken, newSecretToken } from './tokens.js';

/** How long each kind of e-mailed link works. */
export const TOKEN_LIFETIME_MS: Record<VerificationPurpose, number> = {
  'reset-password': 60 * 60_000,
  'set-password': 7 * 24 * 60 * 60_000,
  'confirm-email': 24 * 60 * 60_000,
};

/**
 * Issues a single-use link token bound to one person, one purpose and the e-mail it is sent to.
 * Earlier unused tokens of the same purpose stop working, so only the newest link is valid.
 * Returns the token itself; only its hash is stored.
 */
export async function issueVerificationToken(
  tx: DbOrTx,
  values: { userId: string; purpose: VerificationPurpose; email: string },
): Promise<string> {
  const now = new Date();
  await tx
    .update(verificationTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(verificationTokens.userId, values.userId),
        eq(verificationTokens.purpose, values.purpose),
        isNull(verificationTokens.usedAt),
      ),
    );
  const token = newSecretToken();
  await tx.insert(verificationTokens).values({
    id: newId(),
    userId: values.userId,
    purpose: values.purpose,
    email: values.email.toLowerCase(),
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[values.purpose]),
  });
  return token;
}

export type TokenCheck =
  { status: 'valid'; userId: string; tokenId: string } | { status: 'expired' } | { status: 'invalid' };

/**
 * Looks a token up without using it (the reset and set pages check on load). Without a purpose
 * any kind of link matches: the token hash alone names one link.
 */
export async function checkVerificationToken(
  db: DbOrTx,
  values: { token: string; email: string; purpose: VerificationPurpose | undefined },
): Promise<TokenCheck> {
  const [row] = await db
    .select()
    .from(verificationTokens)
    .where(
      and(
        eq(verificationTokens.tokenHash, hashToken(values.token)),
        values.purpose ? eq(verificationTokens.purpose, values.purpose) : undefined,
        eq(verificationTokens.email, values.email.toLowerCase()),
      ),
    );
  if (!row || row.usedAt) return { status: 'invalid' };
  if (row.expiresAt <= new Date()) return { status: 'expired' };
  return { status: 'valid', userId: row.userId, tokenId: row.id };
}

/**
 * Uses a token once: the conditional update makes two concurrent uses of one link impossible.
 * Call it in the transaction that does what the link allows.
 */
export async function consumeVerificationToken(
  tx: DbOrTx,
  values: { token: string; email: string; purpose: VerificationPurpose },
): Promise<TokenCheck> {
  const check = await checkVerificationToken(tx, values);
  if (check.status !== 'valid') return check;
  const used = await tx
    .update(verificationTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(verificationTokens.id, check.tokenId), isNull(verificationTokens.usedAt)))
    .returning({ id: verificationTokens.id });
  return used.length === 1 ? check : { status: 'invalid' };
}

/** How many tokens of a purpose were sent to a person since a moment (resend limits). */
export async function countTokensSince(db: DbOrTx, userId: string, purpose: VerificationPurpose, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(verificationTokens)
    .where(
      and(
        eq(verificationTokens.userId, userId),
        eq(verificationTokens.purpose, purpose),
        gte(verificationTokens.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** Ends every open link of a person (e.g. after the password changed). */
export async function revokeOpenTokens(tx: DbOrTx, userId: string, purpose: VerificationPurpose) {
  await tx
    .update(verificationTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(verificationTokens.userId, userId),
        eq(verificationTokens.purpose, purpose),
        isNull(verificationTokens.usedAt),
        gt(verificationTokens.expiresAt, new Date()),
      ),
    );
}
