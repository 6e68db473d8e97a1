import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@qualis/contract';
import { mailOutbox, users, verificationTokens } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createUser, lastAudit, linkInMail, signIn } from '../../test/factories.js';
import { sendWelcomeMail } from './welcome-mail.js';
import { req } from '../../../../../docs/requirements/req.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ smtp: true });
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload });

const NEW_PASSWORD = 'N3wSecret';

/** Asks for a reset link and returns the link read from the SMTP sink. */
async function resetLinkFor(email: string) {
  const res = await call('POST', '/verifications/password', { email });
  expect(res.statusCode).toBe(200);
  await t.deliverMail();
  const mails = t.smtp!.messages.filter((m) => m.to.includes(email) && m.subject === 'Qualis: reset your password');
  return linkInMail(mails.at(-1)!.text);
}

const expireLinks = (userId: string) =>
  t.db
    .update(verificationTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(verificationTokens.userId, userId));

describe('POST /verifications/password (forgot password)', () => {
  it('refuses a missing or malformed e-mail', async () => {
    for (const email of ['', 'not-an-email']) {
      const res = await call('POST', '/verifications/password', { email });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('email');
    }
  });

  it(`answers the same for an unknown e-mail and sends nothing ${req('AUTH-021')}`, async () => {
    const res = await call('POST', '/verifications/password', { email: 'nobody@example.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { message: messages.resetLinkPromised } });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'nobody@example.test'))).toHaveLength(0);
  });

  it(`e-mails a reset link to a known address, with the same answer ${req('AUTH-021')}`, async () => {
    const person = await createUser(t.db);
    const res = await call('POST', '/verifications/password', { email: person.email.toUpperCase() });
    expect(res.json()).toMatchObject({ data: { message: messages.resetLinkPromised } });
    await t.deliverMail();
    const mail = await t.smtp!.waitForMail({ to: person.email, subject: 'Qualis: reset your password' });
    const link = linkInMail(mail.text);
    expect(link.url.startsWith('http://qualis.test/reset-password?')).toBe(true);
    expect(link.email).toBe(person.email);
    expect(mail.text).toContain('1 hour');
    const [token] = await t.db.select().from(verificationTokens).where(eq(verificationTokens.userId, person.id));
    expect(Math.abs(token!.expiresAt.getTime() - token!.createdAt.getTime() - 60 * 60_000)).toBeLessThan(5000);
    expect(await lastAudit(t.db, person.id, 'password-reset-requested')).toMatchObject({ infoType: 'Users' });
  });

  it('sends at most 5 reset mails per person and hour, silently', async () => {
    const person = await createUser(t.db);
    for (let i = 0; i < 6; i++) {
      const res = await call('POST', '/verifications/password', { email: person.email });
      expect(res.json()).toMatchObject({ data: { message: messages.resetLinkPromised } });
    }
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, person.email))).toHaveLength(5);
  });
});

describe('POST /verifications/token', () => {
  it('refuses an unknown type', async () => {
    const res = await call('POST', '/verifications/token', { email: 'a@example.test', token: 'x', type: 'other' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('type');
  });

  it(`tells valid, expired and invalid links apart without using them ${req('AUTH-022')}`, async () => {
    const person = await createUser(t.db);
    const link = await resetLinkFor(person.email);
    const check = (body: object) => call('POST', '/verifications/token', body).then((r) => r.json().data);
    const body = { email: link.email, token: link.token, type: 'reset-password' };
    expect(await check(body)).toEqual({ isValid: true, isExpired: false });
    expect(await check(body)).toEqual({ isValid: true, isExpired: false });
    expect(await check({ ...body, type: 'set-password' })).toEqual({ isValid: false, isExpired: false });
    expect(await check({ ...body, email: 'other@example.test' })).toEqual({ isValid: false, isExpired: false });
    await expireLinks(person.id);
    expect(await check(body)).toEqual({ isValid: false, isExpired: true });
  });

  it("accepts the link's data without a type, as the spec's client sends it", async () => {
    const person = await createUser(t.db);
    const link = await resetLinkFor(person.email);
    const check = (body: object) => call('POST', '/verifications/token', body);
    const res = await check({ email: link.email, token: link.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ isValid: true, isExpired: false });
    expect((await check({ email: 'other@example.test', token: link.token })).json().data).toEqual({
      isValid: false,
      isExpired: false,
    });
    expect((await check({ email: link.email, token: 'not-a-link' })).json().data).toEqual({
      isValid: false,
      isExpired: false,
    });
    await expireLinks(person.id);
    expect((await check({ email: link.email, token: link.token })).json().data).toEqual({
      isValid: false,
      isExpired: true,
    });
  });
});

describe('PUT /verifications/password (reset)', () => {
  it(`refuses passwords that break the policy, and a different confirmation ${req('AUTH-020')}`, async () => {
    const base = { email: 'a@example.test', token: 'x' };
    const cases = [
      [{ password: 'Sh0rt', confirmPassword: 'Sh0rt' }, messages.passwordTooShort, 'password'],
      [{ password: 'alllowercase1', confirmPassword: 'alllowercase1' }, messages.passwordPattern, 'password'],
      [{ password: 'Good Pass1', confirmPassword: 'Good Pass1' }, messages.passwordCharacters, 'password'],
      [{ password: 'GoodPass1?', confirmPassword: 'GoodPass1?' }, messages.passwordCharacters, 'password'],
      [{ password: NEW_PASSWORD, confirmPassword: 'N3wSecreT' }, messages.passwordMismatch, 'confirmPassword'],
    ] as const;
    for (const [passwords, message, field] of cases) {
      const res = await call('PUT', '/verifications/password', { ...base, ...passwords });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', message, field });
    }
  });

  it(`refuses an unknown link and an expired one, with the expired message ${req('AUTH-022')}`, async () => {
    const person = await createUser(t.db);
    const link = await resetLinkFor(person.email);
    const body = { email: link.email, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const unknown = await call('PUT', '/verifications/password', { ...body, token: 'made-up' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ message: messages.linkInvalid, field: 'token' });
    await expireLinks(person.id);
    const expired = await call('PUT', '/verifications/password', { ...body, token: link.token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors[0].message).toBe(messages.resetLinkExpired);
    const [row] = await t.db.select().from(users).where(eq(users.id, person.id));
    expect(row!.passwordHash).toBe(person.passwordHash);
  });

  it(`sets the password once, ends every session and writes the audit event ${req('AUTH-022', 'AUTH-027', 'AUD-001')}`, async () => {
    const person = await createUser(t.db);
    const first = await signIn(t.app, person.email);
    const second = await signIn(t.app, person.email);
    const link = await resetLinkFor(person.email);

    const body = { email: link.email, token: link.token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const res = await call('PUT', '/verifications/password', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { message: messages.passwordUpdated } });

    for (const session of [first, second]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me/profile', headers: session.headers });
      expect(me.statusCode).toBe(401);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, person.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordChangedAt).not.toBeNull();
    const oldSignIn = await call('POST', '/sessions', { email: person.email, password: person.password });
    expect(oldSignIn.statusCode).toBe(401);
    await signIn(t.app, person.email, NEW_PASSWORD);
    expect(await lastAudit(t.db, person.id, 'password-reset')).toMatchObject({
      infoType: 'Users',
      organizationId: null,
      actorUserId: person.id,
    });

    const again = await call('PUT', '/verifications/password', {
      ...body,
      password: 'An0therOne',
      confirmPassword: 'An0therOne',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].message).toBe(messages.linkInvalid);
    await signIn(t.app, person.email, NEW_PASSWORD);
  });
});

describe('POST /verifications/password/set (invitation)', () => {
  async function invite() {
    const person = await createUser(t.db, { password: null, role: 'Admin' });
    await t.db.transaction((tx) => sendWelcomeMail(t.app.ctx, tx, person));
    await t.deliverMail();
    const mail = await t.smtp!.waitForMail({ to: person.email, subject: 'Welcome to Qualis' });
    return { person, link: linkInMail(mail.text) };
  }

  it(`refuses a different confirmation and an unknown or expired link ${req('AUTH-022')}`, async () => {
    const { person, link } = await invite();
    const body = { email: link.email, token: link.token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const mismatch = await call('POST', '/verifications/password/set', { ...body, confirmPassword: 'x' });
    expect(mismatch.json().errors[0]).toMatchObject({ message: messages.passwordMismatch, field: 'confirmPassword' });
    const unknown = await call('POST', '/verifications/password/set', { ...body, token: 'made-up' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].message).toBe(messages.linkInvalid);
    await expireLinks(person.id);
    const expired = await call('POST', '/verifications/password/set', body);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors[0].message).toBe(messages.setPasswordLinkExpired);
  });

  it(`sets the first password from the welcome mail, confirms the e-mail, and works once ${req('AUTH-024', 'AUTH-022')}`, async () => {
    const { person, link } = await invite();
    expect(link.path).toBe('/set-password');
    const body = { email: link.email, token: link.token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const check = await call('POST', '/verifications/token', { ...link, type: 'set-password' });
    expect(check.json().data).toEqual({ isValid: true, isExpired: false });

    const res = await call('POST', '/verifications/password/set', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { message: messages.passwordSetUp } });
    const [row] = await t.db.select().from(users).where(eq(users.id, person.id));
    expect(row!.emailConfirmed).toBe(true);
    await signIn(t.app, person.email, NEW_PASSWORD);
    expect(await lastAudit(t.db, person.id, 'password-set')).toMatchObject({
      infoType: 'Admins',
      before: { emailConfirmed: false },
      after: { emailConfirmed: true },
    });
    const again = await call('POST', '/verifications/password/set', body);
    expect(again.json().errors[0].message).toBe(messages.linkInvalid);
  });
});
