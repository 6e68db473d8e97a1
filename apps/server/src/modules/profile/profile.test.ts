import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@qualis/contract';
import { users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createOrganization, createUser, lastAudit, linkInMail, signIn } from '../../test/factories.js';
import { multipartFile, PNG_BYTES } from '../../test/multipart.js';
import { req } from '../../../../../docs/requirements/req.js';

type Headers = Record<string, string>;

let t: TestContext;
let orgId: string;
beforeAll(async () => {
  t = await createTestContext({ smtp: true });
  orgId = (await createOrganization(t.db)).id;
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, auth: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: auth, ...(payload ? { payload } : {}) });

const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

async function member(role: 'Admin' | 'User' = 'User') {
  const person = await createUser(t.db, { role, memberOf: [{ organizationId: orgId }] });
  return { person, session: await signIn(t.app, person.email) };
}

async function uploadImage(auth: Headers, fileName = 'me.png', bytes = PNG_BYTES, url = '/api/v1/upload/image') {
  const body = multipartFile(fileName, bytes);
  const res = await t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...auth, ...body.headers } });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as string;
}

describe('PUT /users/me/password', () => {
  const NEW = 'Chang3dPass';

  it('needs a session', async () => {
    const res = await send('PUT', '/users/me/password', {}, { oldPassword: 'x', password: NEW, confirmPassword: NEW });
    expect(res.statusCode).toBe(401);
  });

  it(`refuses a missing current password, the policy, a different confirmation and a wrong current password ${req('AUTH-023', 'AUTH-020')}`, async () => {
    const { person, session } = await member();
    const cases = [
      [{ oldPassword: '', password: NEW, confirmPassword: NEW }, messages.fieldRequired, 'oldPassword'],
      [
        { oldPassword: person.password, password: 'a'.repeat(51), confirmPassword: 'x' },
        messages.passwordTooLong,
        'password',
      ],
      [
        { oldPassword: person.password, password: NEW, confirmPassword: `${NEW}x` },
        messages.passwordMismatch,
        'confirmPassword',
      ],
      [
        { oldPassword: 'Wr0ngPass', password: NEW, confirmPassword: NEW },
        messages.currentPasswordIncorrect,
        'oldPassword',
      ],
    ] as const;
    for (const [body, message, field] of cases) {
      const res = await send('PUT', '/users/me/password', session.headers, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', message, field });
    }
    expect((await userRow(person.id)).passwordHash).toBe(person.passwordHash);
  });

  it(`changes the password, keeps this session and ends the others ${req('AUTH-023')}`, async () => {
    const { person, session } = await member();
    const other = await signIn(t.app, person.email);
    const res = await send('PUT', '/users/me/password', session.headers, {
      oldPassword: person.password,
      password: NEW,
      confirmPassword: NEW,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { message: messages.passwordChanged } });
    expect((await send('GET', '/users/me/profile', session.headers)).statusCode).toBe(200);
    expect((await send('GET', '/users/me/profile', other.headers)).statusCode).toBe(401);
    await signIn(t.app, person.email, NEW);
    expect(await lastAudit(t.db, person.id, 'password-changed')).toMatchObject({
      infoType: 'Users',
      actorUserId: person.id,
    });
  });
});

describe('POST /users/me/password (reset link to oneself)', () => {
  it('needs a session', async () => {
    expect((await send('POST', '/users/me/password', {}, { email: 'a@example.test' })).statusCode).toBe(401);
  });

  it('refuses a bad e-mail and somebody else’s', async () => {
    const { session } = await member();
    const bad = await send('POST', '/users/me/password', session.headers, { email: 'x' });
    expect(bad.json().errors[0]).toMatchObject({ message: messages.invalidEmail, field: 'email' });
    const other = await send('POST', '/users/me/password', session.headers, { email: 'someone@example.test' });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors[0]).toMatchObject({ message: messages.notOwnEmail, field: 'email' });
  });

  it('mails a reset link to the person’s own address, and the link works', async () => {
    const { person, session } = await member('Admin');
    const res = await send('POST', '/users/me/password', session.headers, { email: person.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { message: messages.resetLinkSentToMailbox } });
    await t.deliverMail();
    const mail = await t.smtp!.waitForMail({ to: person.email, subject: 'Qualis: reset your password' });
    const link = linkInMail(mail.text);
    expect(link.path).toBe('/reset-password');
    const password = 'Res3tByMe';
    const reset = await send('PUT', '/verifications/password', {}, { ...link, password, confirmPassword: password });
    expect(reset.statusCode).toBe(200);
    await signIn(t.app, person.email, password);
    expect(await lastAudit(t.db, person.id, 'password-reset')).toMatchObject({ infoType: 'Admins' });
  });
});

describe('avatar', () => {
  it('needs a session', async () => {
    const id = '01900000-0000-7000-8000-000000000000';
    expect((await send('PATCH', `/users/me/profile/avatar/${id}`, {})).statusCode).toBe(401);
    expect((await send('DELETE', '/users/me/profile/avatar', {})).statusCode).toBe(401);
  });

  it('answers 404 for an image of someone else, a file that is no image, or no such image', async () => {
    const { person, session } = await member();
    const stranger = await member();
    const theirs = await uploadImage(stranger.session.headers);
    const pdf = await uploadImage(
      session.headers,
      'sop.pdf',
      Buffer.from('%PDF-1.7 body'),
      `/api/v1/upload/file?organizationId=${orgId}`,
    );
    for (const id of [theirs, pdf, '01900000-0000-7000-8000-000000000000']) {
      const res = await send('PATCH', `/users/me/profile/avatar/${id}`, session.headers, { imageId: id });
      expect(res.statusCode).toBe(404);
    }
    expect((await userRow(person.id)).avatarFileId).toBeNull();
  });

  it('refuses a body naming another image than the address', async () => {
    const { session } = await member();
    const mine = await uploadImage(session.headers);
    const res = await send('PATCH', `/users/me/profile/avatar/${mine}`, session.headers, {
      imageId: '01900000-0000-7000-8000-000000000000',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ message: messages.imageIdMismatch, field: 'imageId' });
  });

  it(`sets the avatar to an own image, and removes it ${req('PROF-003')}`, async () => {
    const { person, session } = await member();
    const image = await uploadImage(session.headers);
    const set = await send('PATCH', `/users/me/profile/avatar/${image}`, session.headers, { imageId: image });
    expect(set.statusCode).toBe(200);
    const path = `/api/v1/images/${image}`;
    expect(set.json().data).toMatchObject({ id: person.id, avatar: { compactPath: path, originalPath: path } });
    expect((await userRow(person.id)).avatarFileId).toBe(image);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    expect(await lastAudit(t.db, person.id, 'avatar-changed')).toMatchObject({
      infoType: 'Users',
      before: { avatarFileId: null },
      after: { avatarFileId: image },
    });

    const removed = await send('DELETE', '/users/me/profile/avatar', session.headers);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.avatar).toBeNull();
    expect((await userRow(person.id)).avatarFileId).toBeNull();
    expect(await lastAudit(t.db, person.id, 'avatar-removed')).toMatchObject({ before: { avatarFileId: image } });
  });
});

describe('PATCH /users/me/Profile/email-notifications', () => {
  it('needs a session', async () => {
    expect((await send('PATCH', '/users/me/Profile/email-notifications', {})).statusCode).toBe(401);
  });

  it('answers 403 to the SuperAdmin', async () => {
    const superAdmin = await createUser(t.db, { role: 'SuperAdmin' });
    const session = await signIn(t.app, superAdmin.email);
    const res = await send('PATCH', '/users/me/Profile/email-notifications', session.headers);
    expect(res.statusCode).toBe(403);
    expect((await userRow(superAdmin.id)).emailNotificationState).toBe(true);
  });

  it('refuses a state that is not true or false', async () => {
    const { session } = await member();
    const res = await send('PATCH', '/users/me/Profile/email-notifications', session.headers, {
      emailNotificationState: 'off',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('emailNotificationState');
  });

  it(`toggles the e-mails about new Actions, under both spellings, and audits it ${req('PROF-004', 'AUD-001')}`, async () => {
    const { person, session } = await member('Admin');
    const off = await send('PATCH', '/users/me/Profile/email-notifications', session.headers);
    expect(off.statusCode).toBe(200);
    expect(off.json().data.emailNotificationState).toBe(false);
    expect((await userRow(person.id)).emailNotificationState).toBe(false);
    expect(await lastAudit(t.db, person.id, 'email-notifications-changed')).toMatchObject({
      infoType: 'Admins',
      before: { emailNotificationState: true },
      after: { emailNotificationState: false },
    });
    const on = await send('PATCH', '/users/me/profile/email-notifications', session.headers);
    expect(on.json().data.emailNotificationState).toBe(true);
    const explicit = await send('PATCH', '/users/me/profile/email-notifications', session.headers, {
      emailNotificationState: true,
    });
    expect(explicit.json().data.emailNotificationState).toBe(true);
  });
});
