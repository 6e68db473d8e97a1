import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { createUser, DEFAULT_PASSWORD, signIn } from '../test/factories.js';
import { req } from '../../../../docs/requirements/req.js';

/** Two processes of one deployment: each keeps verified sessions in its own memory. */
let a: TestContext;
let b: TestContext;
beforeAll(async () => {
  a = await createTestContext();
  b = await createTestContext({ sameDeploymentAs: a });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const profile = (t: TestContext, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/users/me/profile', headers });

describe('verified sessions kept in each process', () => {
  it('are trusted without the database for a while: only the triggers of migration 0012 keep them honest', async () => {
    const user = await createUser(a.db, {});
    const { headers } = await signIn(a.app, user.email);
    expect((await profile(b, headers)).statusCode).toBe(200);
    // A revocation that no trigger announces stays unseen by the process that trusts the token...
    await a.database.raw.exec('ALTER TABLE sessions DISABLE TRIGGER sessions_notify_change');
    try {
      await a.database.raw.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [user.id]);
      expect((await profile(b, headers)).statusCode).toBe(200);
    } finally {
      await a.database.raw.exec('ALTER TABLE sessions ENABLE TRIGGER sessions_notify_change');
    }
    // ...and is seen at once as soon as any change of the person is announced.
    await a.database.raw.query('UPDATE users SET updated_at = now() WHERE id = $1', [user.id]);
    await expect.poll(async () => (await profile(b, headers)).statusCode).toBe(401);
  });

  it(`end in every process at once when the person signs out in one ${req('AUTH-004', 'PERM-009')}`, async () => {
    const user = await createUser(a.db, {});
    const { headers } = await signIn(a.app, user.email);
    expect((await profile(a, headers)).statusCode).toBe(200);
    expect((await profile(b, headers)).statusCode).toBe(200);
    const out = await b.app.inject({ method: 'DELETE', url: '/api/v1/sessions', headers });
    expect(out.statusCode).toBeLessThan(300);
    expect((await profile(b, headers)).statusCode).toBe(401);
    await expect.poll(async () => (await profile(a, headers)).statusCode).toBe(401);
  });

  it(`end at once in every process when the password changes, and the person's new name shows at once ${req('AUTH-023', 'PERM-009')}`, async () => {
    const user = await createUser(a.db, {});
    const first = await signIn(a.app, user.email);
    const second = await signIn(a.app, user.email);
    expect((await profile(b, first.headers)).statusCode).toBe(200);
    expect((await profile(b, second.headers)).statusCode).toBe(200);

    const changed = await a.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/password',
      headers: second.headers,
      payload: { oldPassword: DEFAULT_PASSWORD, password: 'N3wPassw0rd', confirmPassword: 'N3wPassw0rd' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The other session ends everywhere; the one that changed the password goes on.
    await expect.poll(async () => (await profile(b, first.headers)).statusCode).toBe(401);
    expect((await profile(a, first.headers)).statusCode).toBe(401);
    expect((await profile(b, second.headers)).statusCode).toBe(200);

    const renamed = await a.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      headers: second.headers,
      payload: { firstName: 'Renamed', lastName: 'Person' },
    });
    expect(renamed.statusCode).toBe(200);
    await expect.poll(async () => (await profile(b, second.headers)).json().data.firstName).toBe('Renamed');
  });
});
