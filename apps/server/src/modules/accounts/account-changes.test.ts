import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@qualis/contract';
import { mailOutbox, users, verificationTokens } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createOrganization, createUser, lastAudit, linkInMail, signIn } from '../../test/factories.js';
import { req } from '../../../../../docs/requirements/req.js';

type Person = Awaited<ReturnType<typeof createUser>>;
type Headers = Record<string, string>;

let t: TestContext;
let orgA: string;
let orgB: string;
let superAdmin: Person;
let otherSuperAdmin: Person;
let adminA: Person;
let otherAdminA: Person;
let userA: Person;
let userB: Person;
const headers: Record<string, Headers> = {};

beforeAll(async () => {
  t = await createTestContext({ smtp: true });
  orgA = (await createOrganization(t.db)).id;
  orgB = (await createOrganization(t.db)).id;
  superAdmin = await createUser(t.db, { role: 'SuperAdmin' });
  otherSuperAdmin = await createUser(t.db, { role: 'SuperAdmin' });
  adminA = await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId: orgA }] });
  otherAdminA = await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId: orgA }] });
  userA = await createUser(t.db, { memberOf: [{ organizationId: orgA }] });
  userB = await createUser(t.db, { memberOf: [{ organizationId: orgB }] });
  for (const [name, person] of Object.entries({ superAdmin, adminA, userA, userB })) {
    headers[name] = (await signIn(t.app, person.email)).headers;
  }
});
afterAll(() => t.close());

const post = (url: string, payload: object, auth: Headers = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers: auth });
const putUser = (id: string, payload: object, auth: Headers) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/users/${id}`, payload, headers: auth });

const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const mailsTo = (email: string) => t.smtp!.messages.filter((m) => m.to.includes(email));

describe('PUT /users/:id', () => {
  it('needs a session', async () => {
    expect((await putUser(userA.id, { firstName: 'A', lastName: 'B' }, {})).statusCode).toBe(401);
  });

  it('answers 404 for a person who shares no organization with the caller', async () => {
    for (const [target, auth] of [
      [userB, headers.adminA],
      [userB, headers.userA],
      [superAdmin, headers.adminA],
    ] as const) {
      const res = await putUser(target.id, { firstName: 'X', lastName: 'Y' }, auth!);
      expect(res.statusCode).toBe(404);
    }
  });

  it(`answers 403 to an Admin for another Admin, a User for anyone else, a SuperAdmin for another ${req('PEOPLE-001')}`, async () => {
    for (const [target, auth] of [
      [otherAdminA, headers.adminA],
      [adminA, headers.userA],
      [otherSuperAdmin, headers.superAdmin],
    ] as const) {
      const res = await putUser(target.id, { firstName: 'X', lastName: 'Y' }, auth!);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].message).toBe(messages.accessDenied);
    }
    expect((await userRow(otherAdminA.id)).firstName).toBe(otherAdminA.firstName);
  });

  it(`refuses blank, missing and too long names, an empty body and a bad e-mail ${req('PROF-002')}`, async () => {
    const cases = [
      [{ firstName: '   ', lastName: 'Lee' }, messages.fieldRequired, 'firstName'],
      [{ firstName: 'Ann', lastName: null }, messages.fieldRequired, 'lastName'],
      [{ firstName: 'Ann' }, messages.fieldRequired, 'lastName'],
      [{ firstName: 'A'.repeat(101), lastName: 'Lee' }, messages.nameTooLong, 'firstName'],
      [{}, messages.accountUpdateEmpty, 'email'],
      [{ email: 'not-an-email' }, messages.invalidEmail, 'email'],
      [{ email: userA.email.toUpperCase() }, messages.emailUnchanged, 'email'],
    ] as const;
    for (const [body, message, field] of cases) {
      const res = await putUser(userA.id, body, headers.userA!);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', message, field });
    }
    expect(await userRow(userA.id)).toMatchObject({ firstName: userA.firstName, newEmail: null });
  });

  it(`changes the e-mail only when the current one is confirmed ${req('PEOPLE-007')}`, async () => {
    const invited = await createUser(t.db, { password: null, memberOf: [{ organizationId: orgA }] });
    const res = await putUser(invited.id, { email: 'later@example.test' }, headers.adminA!);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ message: messages.emailNotConfirmed, field: 'email' });
  });

  it(`answers 409 for an e-mail used by anyone, also as a pending new e-mail ${req('PEOPLE-002')}`, async () => {
    const waiting = await createUser(t.db);
    await t.db.update(users).set({ newEmail: 'reserved@example.test' }).where(eq(users.id, waiting.id));
    for (const email of [userB.email, 'RESERVED@example.test']) {
      const res = await putUser(userA.id, { email }, headers.userA!);
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0]).toMatchObject({ code: 'CONFLICT', message: messages.emailTaken, field: 'email' });
    }
    expect((await userRow(userA.id)).newEmail).toBeNull();
  });

  it(`saves trimmed names for the person themself and audits them ${req('PROF-002', 'AUD-001')}`, async () => {
    const res = await putUser(userA.id, { firstName: '  Ann ', lastName: 'Lee' }, headers.userA!);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: userA.id, firstName: 'Ann', lastName: 'Lee', email: userA.email });
    expect(await userRow(userA.id)).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
    expect(await lastAudit(t.db, userA.id, 'name-changed')).toMatchObject({
      infoType: 'Users',
      organizationId: null,
      actorUserId: userA.id,
      before: { firstName: userA.firstName, lastName: userA.lastName },
      after: { firstName: 'Ann', lastName: 'Lee' },
    });
  });

  it('lets an Admin edit a User of a shared organization and the SuperAdmin edit an Admin', async () => {
    const byAdmin = await putUser(userA.id, { firstName: 'Anna', lastName: 'Lee' }, headers.adminA!);
    expect(byAdmin.statusCode).toBe(200);
    expect(await lastAudit(t.db, userA.id, 'name-changed')).toMatchObject({
      actorUserId: adminA.id,
      infoType: 'Users',
    });
    const bySuperAdmin = await putUser(otherAdminA.id, { firstName: 'Otto', lastName: 'Berg' }, headers.superAdmin!);
    expect(bySuperAdmin.statusCode).toBe(200);
    expect(await lastAudit(t.db, otherAdminA.id, 'name-changed')).toMatchObject({
      actorUserId: superAdmin.id,
      infoType: 'Admins',
    });
  });
});

describe('e-mail change and POST /verifications/email', () => {
  let person: Person;
  let session: { headers: Headers };
  const newEmail = 'moved@example.test';
  let link: ReturnType<typeof linkInMail>;

  beforeAll(async () => {
    person = await createUser(t.db, { memberOf: [{ organizationId: orgA }] });
    session = await signIn(t.app, person.email);
  });

  it(`keeps the old e-mail and mails a confirmation link to the new one ${req('AUTH-025')}`, async () => {
    const res = await putUser(person.id, { email: ` ${newEmail.toUpperCase()} ` }, session.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: person.email, newEmail });
    expect(await lastAudit(t.db, person.id, 'email-change-requested')).toMatchObject({ after: { newEmail } });

    await t.deliverMail();
    const mail = await t.smtp!.waitForMail({ to: newEmail, subject: 'Qualis: confirm your new e-mail' });
    link = linkInMail(mail.text);
    expect(link.url.startsWith('http://qualis.test/confirm-email?')).toBe(true);
    expect(link.email).toBe(newEmail);
    expect(mailsTo(person.email)).toHaveLength(0);
    const check = await post('/verifications/token', { ...link, type: 'confirm-email' });
    expect(check.json().data).toEqual({ isValid: true, isExpired: false });

    await signIn(t.app, person.email);
    expect((await post('/sessions', { email: newEmail, password: person.password })).statusCode).toBe(401);
  });

  it(`refuses a wrong password and an unknown link, changing nothing ${req('AUTH-025')}`, async () => {
    const wrong = await post('/verifications/email', { email: link.email, token: link.token, password: 'Wr0ngPass' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: messages.passwordIncorrect,
      field: 'password',
    });
    const unknown = await post('/verifications/email', { email: link.email, token: 'nope', password: person.password });
    expect(unknown.json().errors[0]).toMatchObject({ message: messages.linkInvalid, field: 'token' });
    const missing = await post('/verifications/email', { email: link.email, token: link.token, password: '' });
    expect(missing.json().errors[0]).toMatchObject({ message: messages.fieldRequired, field: 'password' });
    expect(await userRow(person.id)).toMatchObject({ email: person.email, newEmail });
    const check = await post('/verifications/token', { ...link, type: 'confirm-email' });
    expect(check.json().data.isValid).toBe(true);
  });

  it(`confirms with the password: the new address signs in, the old one not, sessions stay ${req('AUTH-025')}`, async () => {
    const res = await post('/verifications/email', { email: link.email, token: link.token, password: person.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { message: messages.newEmailConfirmed } });
    expect(await userRow(person.id)).toMatchObject({ email: newEmail, newEmail: null, emailConfirmed: true });
    await signIn(t.app, newEmail);
    expect((await post('/sessions', { email: person.email, password: person.password })).statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me/profile', headers: session.headers });
    expect(me.json().data).toMatchObject({ email: newEmail, newEmail: null });
    expect(await lastAudit(t.db, person.id, 'email-confirmed')).toMatchObject({
      infoType: 'Users',
      actorUserId: person.id,
      before: { email: person.email },
      after: { email: newEmail },
    });
    const again = await post('/verifications/email', {
      email: link.email,
      token: link.token,
      password: person.password,
    });
    expect(again.json().errors[0].message).toBe(messages.linkInvalid);
  });

  it(`answers the expired message for an expired link ${req('AUTH-022')}`, async () => {
    const other = await createUser(t.db);
    const otherSession = await signIn(t.app, other.email);
    await putUser(other.id, { email: 'late@example.test' }, otherSession.headers);
    await t.db
      .update(verificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationTokens.userId, other.id));
    await t.deliverMail();
    const mail = await t.smtp!.waitForMail({ to: 'late@example.test' });
    const late = linkInMail(mail.text);
    const res = await post('/verifications/email', { email: late.email, token: late.token, password: other.password });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(messages.confirmEmailLinkExpired);
  });
});

describe('POST /verifications/resend-confirm-email', () => {
  let pending: Person;
  const pendingNew = 'pending-new@example.test';

  beforeAll(async () => {
    pending = await createUser(t.db, { memberOf: [{ organizationId: orgA }] });
    const res = await putUser(pending.id, { email: pendingNew }, headers.adminA!);
    expect(res.statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await post('/verifications/resend-confirm-email', { email: pending.email })).statusCode).toBe(401);
  });

  it('answers 404 for a person outside the caller’s organizations', async () => {
    const res = await post('/verifications/resend-confirm-email', { email: pending.email }, headers.userB);
    expect(res.statusCode).toBe(404);
  });

  it('answers 403 to an Admin for another Admin', async () => {
    const res = await post('/verifications/resend-confirm-email', { email: otherAdminA.email }, headers.adminA);
    expect(res.statusCode).toBe(403);
  });

  it('refuses a bad e-mail and a person with no pending e-mail', async () => {
    const bad = await post('/verifications/resend-confirm-email', { email: 'x' }, headers.adminA);
    expect(bad.json().errors[0]).toMatchObject({ message: messages.invalidEmail, field: 'email' });
    const none = await post('/verifications/resend-confirm-email', { email: userA.email }, headers.userA);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].message).toBe(messages.noPendingEmail);
  });

  it(`sends the link again to the new address, at most 5 links in 24 hours ${req('AUTH-025')}`, async () => {
    // The change itself sent the first link; four more may follow.
    for (let i = 0; i < 4; i++) {
      const res = await post('/verifications/resend-confirm-email', { email: pending.email }, headers.adminA);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: { message: messages.confirmationLinkSent } });
    }
    const sixth = await post('/verifications/resend-confirm-email', { email: pendingNew }, headers.adminA);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().errors[0]).toMatchObject({ code: 'RATE_LIMITED', message: messages.linkResendLimit });
    const change = await putUser(pending.id, { email: 'yet-another@example.test' }, headers.adminA!);
    expect(change.statusCode).toBe(429);
    expect((await userRow(pending.id)).newEmail).toBe(pendingNew);
    await t.deliverMail();
    const links = mailsTo(pendingNew).map((m) => linkInMail(m.text));
    expect(links).toHaveLength(5);
    const newest = await post('/verifications/token', { ...links.at(-1)!, type: 'confirm-email' });
    expect(newest.json().data.isValid).toBe(true);
    const oldest = await post('/verifications/token', { ...links[0]!, type: 'confirm-email' });
    expect(oldest.json().data.isValid).toBe(false);
    expect(await lastAudit(t.db, pending.id, 'confirmation-link-resent')).toMatchObject({ actorUserId: adminA.id });
  });
});

describe('POST /verifications/resend-invite', () => {
  let invitedUser: Person;
  let invitedAdmin: Person;
  let invitedB: Person;

  beforeAll(async () => {
    invitedUser = await createUser(t.db, { password: null, memberOf: [{ organizationId: orgA, status: 'Inactive' }] });
    invitedAdmin = await createUser(t.db, {
      role: 'Admin',
      password: null,
      memberOf: [{ organizationId: orgA, status: 'Inactive' }],
    });
    invitedB = await createUser(t.db, { password: null, memberOf: [{ organizationId: orgB }] });
  });

  it('needs a session', async () => {
    expect((await post('/verifications/resend-invite', { email: invitedUser.email })).statusCode).toBe(401);
  });

  it('answers 404 for a person outside the caller’s organizations', async () => {
    const res = await post('/verifications/resend-invite', { email: invitedB.email }, headers.adminA);
    expect(res.statusCode).toBe(404);
  });

  it('answers 403 to an Admin for an Admin, and to a User', async () => {
    expect((await post('/verifications/resend-invite', { email: invitedAdmin.email }, headers.adminA)).statusCode).toBe(
      403,
    );
    expect((await post('/verifications/resend-invite', { email: invitedUser.email }, headers.userA)).statusCode).toBe(
      403,
    );
  });

  it('refuses a bad e-mail and a person whose password is set', async () => {
    const bad = await post('/verifications/resend-invite', { email: '' }, headers.adminA);
    expect(bad.json().errors[0]).toMatchObject({ message: messages.fieldRequired, field: 'email' });
    const set = await post('/verifications/resend-invite', { email: userA.email }, headers.adminA);
    expect(set.statusCode).toBe(400);
    expect(set.json().errors[0].message).toBe(messages.passwordAlreadySet);
  });

  it(`sends the welcome mail with a set-password link that works ${req('AUTH-024')}`, async () => {
    const res = await post('/verifications/resend-invite', { email: invitedAdmin.email }, headers.superAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        message: `The Welcome Email is sent to the Admin email ${invitedAdmin.email}`,
        messageKey: 'welcomeMailSent',
        messageParams: { role: 'Admin', email: invitedAdmin.email },
      },
    });
    expect(await lastAudit(t.db, invitedAdmin.id, 'welcome-mail-resent')).toMatchObject({
      infoType: 'Admins',
      actorUserId: superAdmin.id,
    });
    await t.deliverMail();
    const mail = await t.smtp!.waitForMail({ to: invitedAdmin.email, subject: 'Welcome to Qualis' });
    const link = linkInMail(mail.text);
    const password = 'Welc0meIn';
    const set = await post('/verifications/password/set', { ...link, password, confirmPassword: password });
    expect(set.statusCode).toBe(200);
    await signIn(t.app, invitedAdmin.email, password);
  });

  it(`lets an Admin resend to a User, at most 5 times in 24 hours ${req('AUTH-026')}`, async () => {
    for (let i = 0; i < 5; i++) {
      const res = await post('/verifications/resend-invite', { email: invitedUser.email }, headers.adminA);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.message).toBe(`The Welcome Email is sent to the User email ${invitedUser.email}`);
    }
    const sixth = await post('/verifications/resend-invite', { email: invitedUser.email }, headers.adminA);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().errors[0].message).toBe(messages.linkResendLimit);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, invitedUser.email))).toHaveLength(5);
  });
});
