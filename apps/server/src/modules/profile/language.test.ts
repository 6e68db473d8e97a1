import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@qualis/contract';
import { users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createOrganization, createUser, DEFAULT_PASSWORD, lastAudit, signIn } from '../../test/factories.js';
import { req } from '../../../../../docs/requirements/req.js';

type Headers = Record<string, string>;

let t: TestContext;
let orgId: string;
beforeAll(async () => {
  t = await createTestContext({ smtp: true });
  orgId = (await createOrganization(t.db)).id;
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, auth: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: auth, ...(payload ? { payload } : {}) });

const languageOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!.language;

describe('PATCH /users/me/profile/language', () => {
  it('needs a session', async () => {
    const res = await send('PATCH', '/users/me/profile/language', {}, { language: 'de' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a language the product does not ship, with a message and its key', async () => {
    const person = await createUser(t.db, { memberOf: [{ organizationId: orgId }] });
    const { headers } = await signIn(t.app, person.email);
    for (const body of [{ language: 'fr' }, { language: 'DE' }, {}]) {
      const res = await send('PATCH', '/users/me/profile/language', headers, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toEqual({
        code: 'VALIDATION_FAILED',
        message: messages.invalidLanguage,
        messageKey: 'invalidLanguage',
        field: 'language',
      });
    }
    expect(await languageOf(person.id)).toBe('en');
  });

  it(`stores the switch's language, answers the session user and audits the change ${req('PROF-006', 'AUD-001')}`, async () => {
    const person = await createUser(t.db, { memberOf: [{ organizationId: orgId }] });
    const { headers } = await signIn(t.app, person.email);
    const res = await send('PATCH', '/users/me/profile/language', headers, { language: 'it' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: person.id, language: 'it' });
    expect(await languageOf(person.id)).toBe('it');
    expect(await lastAudit(t.db, person.id, 'language-changed')).toMatchObject({
      before: { language: 'en' },
      after: { language: 'it' },
    });
    const profile = await send('GET', '/users/me/profile', headers);
    expect(profile.json().data.language).toBe('it');
  });
});

describe('POST /sessions with a language', () => {
  const signInWith = (email: string, language?: unknown) =>
    send(
      'POST',
      '/sessions',
      {},
      { email, password: DEFAULT_PASSWORD, ...(language === undefined ? {} : { language }) },
    );

  it('refuses a bad language before checking the password', async () => {
    const person = await createUser(t.db);
    const res = await signInWith(person.email, 'klingon');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ message: messages.invalidLanguage, field: 'language' });
    expect(await languageOf(person.id)).toBe('en');
  });

  it('stores the browser language on success, and keeps the stored one when none is sent', async () => {
    const person = await createUser(t.db);
    const res = await signInWith(person.email, 'ru');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user.language).toBe('ru');
    expect(await languageOf(person.id)).toBe('ru');
    expect((await lastAudit(t.db, person.id, 'sign-in'))?.after).toMatchObject({ language: 'ru' });

    const without = await signInWith(person.email);
    expect(without.json().data.user.language).toBe('ru');
    expect(await languageOf(person.id)).toBe('ru');
  });

  it('does not store the language of a failed sign-in', async () => {
    const person = await createUser(t.db);
    const res = await send('POST', '/sessions', {}, { email: person.email, password: 'Wr0ngPass', language: 'es' });
    expect(res.statusCode).toBe(401);
    expect(await languageOf(person.id)).toBe('en');
  });
});

describe("mails in the recipient's language", () => {
  it('sends the reset link in German to a person whose language is de', async () => {
    const person = await createUser(t.db, { language: 'de' });
    const res = await send('POST', '/verifications/password', {}, { email: person.email });
    expect(res.statusCode).toBe(200);
    await t.deliverMail();
    const mail = await t.smtp!.waitForMail({ to: person.email, subject: 'Qualis: Passwort zurücksetzen' });
    expect(mail.text).toContain('Wählen Sie hier ein neues Passwort');
  });

  it('sends the access code in the language chosen with the switch', async () => {
    const admin = await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId: orgId }] });
    const person = await createUser(t.db, { memberOf: [{ organizationId: orgId }] });
    const own = await signIn(t.app, person.email);
    expect((await send('PATCH', '/users/me/profile/language', own.headers, { language: 'es' })).statusCode).toBe(200);
    const { headers } = await signIn(t.app, admin.email);
    const res = await send('PATCH', `/verifications/user-access-code/${person.id}`, headers, { organizationId: orgId });
    expect(res.statusCode).toBe(200);
    await t.deliverMail();
    const mail = await t.smtp!.waitForMail({ to: person.email, subject: 'Qualis: su código de acceso' });
    expect(mail.text).toMatch(/Su nuevo código de acceso .*\n\n\d{6}\n/);
  });

  it("sends the confirmation of a new e-mail in the person's language", async () => {
    const person = await createUser(t.db, { language: 'el', memberOf: [{ organizationId: orgId }] });
    const { headers } = await signIn(t.app, person.email);
    const res = await send('PUT', `/users/${person.id}`, headers, { email: 'new-greek@example.test' });
    expect(res.statusCode).toBe(200);
    await t.deliverMail();
    const mail = await t.smtp!.waitForMail({
      to: 'new-greek@example.test',
      subject: 'Qualis: επιβεβαιώστε το νέο σας e-mail',
    });
    expect(mail.text).toContain('new-greek@example.test');
  });

  it('invites a new person in the language of the admin who created them, until they choose one', async () => {
    const admin = await createUser(t.db, { role: 'Admin', language: 'de', memberOf: [{ organizationId: orgId }] });
    const { headers } = await signIn(t.app, admin.email);
    const created = await send('POST', '/client-users', headers, {
      organizationId: orgId,
      firstName: 'Greta',
      lastName: 'Gast',
      email: 'greta@example.test',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    expect(await languageOf(id)).toBe('de');
    expect(await lastAudit(t.db, id, 'create')).toMatchObject({ after: { language: 'de' } });
    const activated = await send('PATCH', `/client-users/${id}/status`, headers, { ids: [orgId], status: 'Active' });
    expect(activated.statusCode).toBe(200);
    await t.deliverMail();
    const mail = await t.smtp!.waitForMail({ to: 'greta@example.test', subject: 'Willkommen bei Qualis' });
    expect(mail.text).toContain('Hallo Greta Gast');
  });
});

describe('message keys', () => {
  it('names the catalogue key of an error next to its English text', async () => {
    const res = await send('POST', '/sessions', {}, { email: 'nobody@example.test', password: 'Wr0ngPass' });
    expect(res.json()).toEqual({
      errors: [{ code: 'INVALID_CREDENTIALS', message: messages.invalidCredentials, messageKey: 'invalidCredentials' }],
    });
  });

  it('names the key and the placeholder values of a success message', async () => {
    const admin = await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId: orgId }] });
    const person = await createUser(t.db, { email: 'keyed@example.test', memberOf: [{ organizationId: orgId }] });
    const { headers } = await signIn(t.app, admin.email);
    const res = await send('PATCH', `/verifications/user-access-code/${person.id}`, headers, { organizationId: orgId });
    expect(res.json()).toEqual({
      data: {
        message: 'The access code has been sent to keyed@example.test',
        messageKey: 'accessCodeSent',
        messageParams: { email: 'keyed@example.test' },
      },
    });
  });

  it('keys a top-level message too, and leaves a text outside the catalogue without a key', async () => {
    const admin = await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId: orgId }] });
    const { headers } = await signIn(t.app, admin.email);
    const created = await send('POST', '/client-users', headers, {
      organizationId: orgId,
      firstName: 'Kay',
      lastName: 'Keyed',
      email: 'kay@example.test',
    });
    expect(created.json()).toMatchObject({ message: messages.userCreated, messageKey: 'userCreated' });
    const unknownType = await send('POST', '/verifications/token', {}, { email: 'a@b.test', token: 'x', type: 'x' });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().errors[0].messageKey).toBeUndefined();
  });
});
