import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages } from '@qualis/contract';
import { auditEvents, mailOutbox, sessions, signInFailures } from '../../db/schema/index.js';
import { verifyAuditChain, PROVIDER_CHAIN } from '../../core/audit.js';
import { hashToken, unsealWithToken } from '../../core/tokens.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createOrganization, createUser, signIn, DEFAULT_PASSWORD } from '../../test/factories.js';
import { THROTTLE } from './sign-in-throttle.js';
import { REFRESH_REUSE_GRACE_MS } from './sessions.service.js';
import { req } from '../../../../../docs/requirements/req.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ smtp: true });
});
afterAll(() => t.close());

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/sessions', payload: payload as object, headers });

const auditOf = (action: string, entityId?: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), ...(entityId ? [eq(auditEvents.entityId, entityId)] : [])));

describe('POST /sessions (sign in)', () => {
  it(`refuses bad input with a message naming the field, and changes nothing ${req('SEC-001')}`, async () => {
    const missing = await post({ password: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      errors: [{ code: 'VALIDATION_FAILED', message: messages.fieldRequired, field: 'email' }],
    });
    const badEmail = await post({ email: 'not-an-email', password: 'x' });
    expect(badEmail.json().errors[0]).toMatchObject({ message: messages.invalidEmail, field: 'email' });
    const emptyPassword = await post({ email: 'a@b.test', password: '' });
    expect(emptyPassword.json().errors[0]).toMatchObject({ message: messages.fieldRequired, field: 'password' });
    expect(await t.db.select().from(signInFailures)).toHaveLength(0);
  });

  it('refuses malformed JSON, other content types and oversize bodies with clear errors', async () => {
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().errors[0]).toMatchObject({ code: 'BAD_REQUEST', message: messages.invalidJson });

    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().errors[0].message).toBe(messages.unsupportedMediaType);

    const huge = await post({ email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().errors[0].message).toBe(messages.bodyTooLarge);
  });

  it(`gives one message for an unknown e-mail and a wrong password, and audits each failure ${req('AUTH-001', 'AUD-006')}`, async () => {
    const person = await createUser(t.db);
    const unknown = await post({ email: 'nobody@example.test', password: DEFAULT_PASSWORD });
    const wrong = await post({ email: person.email, password: 'Wrong1234' });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        errors: [{ code: 'INVALID_CREDENTIALS', message: messages.invalidCredentials }],
      });
    }
    const [failure] = await auditOf('sign-in-failed', person.id);
    expect(failure).toMatchObject({ infoType: 'Sessions', actorEmail: person.email, actorIp: '127.0.0.1' });
    expect(failure!.after).toMatchObject({ email: person.email, failures: 1, locked: false });
    expect(await auditOf('sign-in-failed')).toHaveLength(2);
  });

  it(`signs in: answers the user and tokens, stores only token hashes, audits the sign-in ${req('AUTH-001', 'AUTH-009', 'AUD-006')}`, async () => {
    const org = await createOrganization(t.db, { name: 'Beta Devices' });
    const first = await createOrganization(t.db, { name: 'Alpha Devices' });
    const person = await createUser(t.db, {
      role: 'Admin',
      email: 'Mixed.Case@Example.test',
      memberOf: [{ organizationId: org.id }, { organizationId: first.id }],
    });
    const res = await post({ email: '  mixed.case@example.TEST ', password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(201);
    const { user, token } = res.json().data;
    expect(user).toMatchObject({
      id: person.id,
      email: person.email,
      role: 'Admin',
      organizationCount: 2,
      firstOrganizationId: first.id,
      avatar: null,
    });
    expect(token.accessToken).not.toBe(token.refreshToken);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, person.id));
    expect(row!.accessTokenHash).toBe(hashToken(token.accessToken));
    expect(JSON.stringify(row)).not.toContain(token.accessToken);
    expect(await auditOf('sign-in', person.id)).toHaveLength(1);
    expect((await verifyAuditChain(t.db, PROVIDER_CHAIN)).ok).toBe(true);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me/profile',
      headers: { authorization: `Bearer ${token.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toEqual(user);
  });

  it(`locks an account after 5 failures, refuses even the right password for 15 minutes, and warns the owner ${req('AUTH-008')}`, async () => {
    const person = await createUser(t.db);
    for (let i = 1; i <= THROTTLE.lockAfterAccountFailures; i++) {
      expect((await post({ email: person.email, password: `Wrong${i}xx` })).statusCode).toBe(401);
    }
    const locked = await post({ email: person.email, password: DEFAULT_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errors[0]).toMatchObject({ code: 'SIGN_IN_LOCKED', message: messages.signInLocked });
    expect(await auditOf('sign-in-refused')).not.toHaveLength(0);

    await t.deliverMail();
    const mail = await t.smtp!.waitForMail({ to: person.email, subject: 'Qualis: sign-in to your account paused' });
    expect(mail.text).toContain('There were 5 failed sign-in attempts');
    expect(mail.text).toContain('http://qualis.test/forgot-password');

    // After the lock time the right password works again and clears the count.
    await t.db
      .update(signInFailures)
      .set({ lockedUntil: new Date(Date.now() - 1000), windowStartedAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(signInFailures.key, `email:${person.email}`));
    expect((await post({ email: person.email, password: DEFAULT_PASSWORD })).statusCode).toBe(201);
  });

  it(`refuses parallel guesses like sequential ones: at most 5 of 40 are evaluated ${req('AUTH-008')}`, async () => {
    const person = await createUser(t.db);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post({ email: person.email, password: `Wrong${i}xx` })),
    );
    const evaluated = answers.filter((r) => r.statusCode === 401);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(evaluated).toHaveLength(THROTTLE.lockAfterAccountFailures);
    expect(refused).toHaveLength(40 - THROTTLE.lockAfterAccountFailures);
    for (const res of refused) {
      expect(res.json()).toMatchObject({ errors: [{ code: 'SIGN_IN_LOCKED', message: messages.signInLocked }] });
    }
    expect(await auditOf('sign-in-failed', person.id)).toHaveLength(THROTTLE.lockAfterAccountFailures);
    const [row] = await t.db
      .select()
      .from(signInFailures)
      .where(eq(signInFailures.key, `email:${person.email}`));
    expect(row).toMatchObject({ failureCount: THROTTLE.lockAfterAccountFailures });
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it('refuses the right password sent in a burst after 30 wrong ones', async () => {
    const person = await createUser(t.db);
    const answers = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => post({ email: person.email, password: `Wrong${i}xx` })),
      post({ email: person.email, password: DEFAULT_PASSWORD }),
    ]);
    const right = answers.at(-1)!;
    expect(right.statusCode).toBe(429);
    expect(right.json().errors[0].code).toBe('SIGN_IN_LOCKED');
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(THROTTLE.lockAfterAccountFailures);
    expect(await auditOf('sign-in', person.id)).toHaveLength(0);
  });

  it('does not count successful sign-ins against the address', async () => {
    const person = await createUser(t.db);
    for (let i = 0; i < THROTTLE.lockAfterAddressFailures + 2; i++) {
      expect((await post({ email: person.email, password: DEFAULT_PASSWORD })).statusCode).toBe(201);
    }
    expect(
      await t.db
        .select()
        .from(signInFailures)
        .where(eq(signInFailures.key, `email:${person.email}`)),
    ).toEqual([]);
  });

  it(`locks a client address after 20 failures across accounts ${req('AUTH-008')}`, async () => {
    const headers = { 'x-forwarded-for': 'ignored' };
    const ipContext = await createTestContext();
    try {
      const people = await Promise.all(Array.from({ length: 4 }, () => createUser(ipContext.db)));
      for (let i = 0; i < THROTTLE.lockAfterAddressFailures; i++) {
        const who = people[i % people.length]!;
        await ipContext.app.inject({
          method: 'POST',
          url: '/api/v1/sessions',
          headers,
          payload: { email: `${i}-${who.email}`, password: 'Wrong123' },
        });
      }
      const res = await ipContext.app.inject({
        method: 'POST',
        url: '/api/v1/sessions',
        payload: { email: people[0]!.email, password: DEFAULT_PASSWORD },
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await ipContext.close();
    }
  });

  it('slows failures down from the third one', async () => {
    const slow = await createTestContext({ signInSlowdownMs: 400 });
    try {
      const person = await createUser(slow.db);
      const timeOf = async () => {
        const started = performance.now();
        await slow.app.inject({
          method: 'POST',
          url: '/api/v1/sessions',
          payload: { email: person.email, password: 'Wrong123' },
        });
        return performance.now() - started;
      };
      await timeOf();
      await timeOf();
      expect(await timeOf()).toBeGreaterThanOrEqual(400);
    } finally {
      await slow.close();
    }
  });
});

describe('PUT /sessions (refresh)', () => {
  it('refuses a missing or unknown refresh token', async () => {
    const missing = await t.app.inject({ method: 'PUT', url: '/api/v1/sessions', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe('refreshToken');
    const unknown = await t.app.inject({ method: 'PUT', url: '/api/v1/sessions', payload: { refreshToken: 'nope' } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().errors[0].message).toBe(messages.sessionExpired);
  });

  it(`rotates both tokens; the old access token stops working ${req('AUTH-009')}`, async () => {
    const person = await createUser(t.db);
    const first = await signIn(t.app, person.email);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/sessions',
      payload: { refreshToken: first.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    const next = res.json().data;
    expect(next.refreshToken).not.toBe(first.refreshToken);
    const profile = (accessToken: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/users/me/profile',
        headers: { authorization: `Bearer ${accessToken}` },
      });
    expect((await profile(first.accessToken)).statusCode).toBe(401);
    expect((await profile(next.accessToken)).statusCode).toBe(200);
  });

  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/sessions', payload: { refreshToken } });
  const profileWith = (accessToken: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me/profile',
      headers: { authorization: `Bearer ${accessToken}` },
    });

  it('answers 20 parallel refreshes of one token with the same new pair, and the session stays', async () => {
    const person = await createUser(t.db);
    const first = await signIn(t.app, person.email);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(first.refreshToken)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const pairs = answers.map((r) => r.json().data);
    expect(new Set(pairs.map((p) => p.refreshToken)).size).toBe(1);
    expect(new Set(pairs.map((p) => p.accessToken)).size).toBe(1);
    expect(pairs[0].refreshToken).not.toBe(first.refreshToken);
    expect((await profileWith(pairs[0].accessToken)).statusCode).toBe(200);
    // The new refresh token rotates normally.
    const next = await refresh(pairs[0].refreshToken);
    expect(next.statusCode).toBe(200);
    expect((await profileWith(next.json().data.accessToken)).statusCode).toBe(200);
    expect(await auditOf('session-revoked', person.id)).toHaveLength(0);
  });

  it(`ends the session when a used refresh token is presented after the grace window ${req('AUTH-009')}`, async () => {
    const person = await createUser(t.db);
    const first = await signIn(t.app, person.email);
    const rotated = await refresh(first.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const [row] = await t.db
      .update(sessions)
      .set({ previousRefreshRotatedAt: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1000) })
      .where(eq(sessions.previousRefreshTokenHash, hashToken(first.refreshToken)))
      .returning();
    expect(row).toBeDefined();
    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().errors[0].message).toBe(messages.sessionExpired);
    expect((await profileWith(rotated.json().data.accessToken)).statusCode).toBe(401);
    expect((await refresh(rotated.json().data.refreshToken)).statusCode).toBe(401);
    expect(await auditOf('session-revoked', person.id)).toHaveLength(1);
  });

  it('stores the grace answer sealed: a token that is not the previous one cannot read it', async () => {
    const person = await createUser(t.db);
    const first = await signIn(t.app, person.email);
    const rotated = (await refresh(first.refreshToken)).json().data;
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.refreshTokenHash, hashToken(rotated.refreshToken)));
    expect(row!.previousRefreshAnswer).not.toContain(rotated.refreshToken);
    expect(row!.previousRefreshAnswer).not.toContain(rotated.accessToken);
    expect(unsealWithToken(first.refreshToken, row!.previousRefreshAnswer!)).toContain(rotated.refreshToken);
    expect(unsealWithToken(rotated.refreshToken, row!.previousRefreshAnswer!)).toBeUndefined();
  });

  it(`treats an expired access token as no session ${req('AUTH-010')}`, async () => {
    const person = await createUser(t.db);
    const s = await signIn(t.app, person.email);
    await t.db
      .update(sessions)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.accessTokenHash, hashToken(s.accessToken)));
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/me/profile', headers: s.headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].code).toBe('UNAUTHENTICATED');
  });
});

describe('DELETE /sessions (sign out)', () => {
  it(`revokes the session and audits it; signing out twice is harmless ${req('AUTH-004', 'AUD-006')}`, async () => {
    const person = await createUser(t.db);
    const s = await signIn(t.app, person.email);
    const out = await t.app.inject({ method: 'DELETE', url: '/api/v1/sessions', headers: s.headers });
    expect(out.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/users/me/profile', headers: s.headers })).statusCode,
    ).toBe(401);
    const refresh = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/sessions',
      payload: { refreshToken: s.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect(await auditOf('sign-out', person.id)).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/sessions', headers: s.headers })).statusCode).toBe(
      204,
    );
    expect(await auditOf('sign-out', person.id)).toHaveLength(1);
  });

  it('signs out by refresh token when the access token has expired', async () => {
    const person = await createUser(t.db);
    const s = await signIn(t.app, person.email);
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/sessions',
      payload: { refreshToken: s.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    const refresh = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/sessions',
      payload: { refreshToken: s.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });
});

describe('GET /users/me/profile', () => {
  it('needs a session', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/users/me/profile' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ errors: [{ code: 'UNAUTHENTICATED', message: messages.accessDenied }] });
    const garbage = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me/profile',
      headers: { authorization: 'Bearer x' },
    });
    expect(garbage.statusCode).toBe(401);
  });

  it('queues no mail for a successful sign-in', async () => {
    const person = await createUser(t.db);
    await signIn(t.app, person.email);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, person.email))).toHaveLength(0);
  });
});
