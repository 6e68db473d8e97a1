import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { verificationTokens } from '../db/schema/index.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { createUser } from '../test/factories.js';
import {
  checkVerificationToken,
  consumeVerificationToken,
  countTokensSince,
  issueVerificationToken,
} from './verification-tokens.js';
import { req } from '../../../../docs/requirements/req.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('verification tokens', () => {
  it(`are single-use and bound to the purpose and the e-mail they were sent to ${req('AUTH-022')}`, async () => {
    const person = await createUser(t.db);
    const token = await issueVerificationToken(t.db, {
      userId: person.id,
      purpose: 'reset-password',
      email: person.email,
    });
    const stored = await t.db.select().from(verificationTokens).where(eq(verificationTokens.userId, person.id));
    expect(stored[0]!.tokenHash).not.toBe(token);

    expect(
      (await checkVerificationToken(t.db, { token, email: 'other@example.test', purpose: 'reset-password' })).status,
    ).toBe('invalid');
    expect((await checkVerificationToken(t.db, { token, email: person.email, purpose: 'set-password' })).status).toBe(
      'invalid',
    );
    expect(
      (await checkVerificationToken(t.db, { token, email: person.email.toUpperCase(), purpose: 'reset-password' }))
        .status,
    ).toBe('valid');

    const use = () => consumeVerificationToken(t.db, { token, email: person.email, purpose: 'reset-password' });
    expect(await use()).toMatchObject({ status: 'valid', userId: person.id });
    expect((await use()).status).toBe('invalid');
  });

  it(`expire, and a newer link replaces the older one ${req('AUTH-022')}`, async () => {
    const person = await createUser(t.db);
    const first = await issueVerificationToken(t.db, {
      userId: person.id,
      purpose: 'set-password',
      email: person.email,
    });
    const second = await issueVerificationToken(t.db, {
      userId: person.id,
      purpose: 'set-password',
      email: person.email,
    });
    const check = (token: string) =>
      checkVerificationToken(t.db, { token, email: person.email, purpose: 'set-password' });
    expect((await check(first)).status).toBe('invalid');
    expect((await check(second)).status).toBe('valid');
    await t.db
      .update(verificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(verificationTokens.userId, person.id));
    expect((await check(second)).status).toBe('expired');
    expect(await countTokensSince(t.db, person.id, 'set-password', new Date(Date.now() - 60_000))).toBe(2);
  });
});
