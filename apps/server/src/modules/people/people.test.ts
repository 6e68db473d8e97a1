import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@qualis/contract';
import { checkVerificationToken } from '../../core/verification-tokens.js';
import { auditEvents, memberships, users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createOrganization, createUser, signIn } from '../../test/factories.js';
import { req } from '../../../../../docs/requirements/req.js';

type Headers = Record<string, string>;
type Org = Awaited<ReturnType<typeof createOrganization>>;
type Person = Awaited<ReturnType<typeof createUser>>;

let t: TestContext;
let orgA: Org, orgB: Org, orgC: Org, managed: Org;
let superAdmin: Headers, adminA: Headers, adminB: Headers, userA: Headers;
let adminAPerson: Person;
let zoe: Person, bob: Person, userInB: Person, userInC: Person;

const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
const firstError = (res: { json(): unknown }) =>
  (res.json() as { errors: { message: string; field?: string }[] }).errors[0]!;
const auditOf = (entityId: string) => t.db.select().from(auditEvents).where(eq(auditEvents.entityId, entityId));
const membershipOf = async (organizationId: string, userId: string) =>
  (
    await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
  )[0];

beforeAll(async () => {
  t = await createTestContext({ smtp: true });
  orgA = await createOrganization(t.db, { name: 'Alpha Medical' });
  orgB = await createOrganization(t.db, { name: 'Beta Devices' });
  orgC = await createOrganization(t.db, { name: 'Gamma Implants' });
  managed = await createOrganization(t.db, { name: 'Client Run', isManagedByClient: true });
  superAdmin = (await signIn(t.app, (await createUser(t.db, { role: 'SuperAdmin' })).email)).headers;
  adminAPerson = await createUser(t.db, {
    role: 'Admin',
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'ada@example.test',
    memberOf: [{ organizationId: orgA.id }, { organizationId: orgC.id }],
  });
  adminA = (await signIn(t.app, adminAPerson.email)).headers;
  const adminBPerson = await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId: orgB.id }] });
  adminB = (await signIn(t.app, adminBPerson.email)).headers;
  const plain = await createUser(t.db, {
    firstName: 'Uma',
    lastName: 'User',
    email: 'uma@example.test',
    memberOf: [{ organizationId: orgA.id }],
  });
  userA = (await signIn(t.app, plain.email)).headers;
  zoe = await createUser(t.db, {
    firstName: 'Zoe',
    lastName: 'Zeta',
    email: 'zoe@example.test',
    memberOf: [{ organizationId: orgA.id, status: 'Inactive' }, { organizationId: orgB.id }],
  });
  bob = await createUser(t.db, {
    firstName: 'Bob',
    lastName: 'Brown',
    email: 'bob@example.test',
    password: null,
    memberOf: [{ organizationId: orgA.id, status: 'Inactive' }],
  });
  userInB = await createUser(t.db, {
    firstName: 'Bea',
    lastName: 'Bee',
    email: 'bea@example.test',
    memberOf: [{ organizationId: orgB.id }],
  });
  userInC = await createUser(t.db, {
    firstName: 'Cy',
    lastName: 'Sea',
    email: 'cy@example.test',
    memberOf: [{ organizationId: orgC.id }],
  });
});
afterAll(() => t.close());

describe('GET /client-users and /client-admins', () => {
  it('needs a session', async () => {
    expect((await api('GET', `/client-users?organizationId=${orgA.id}`, {})).statusCode).toBe(401);
  });

  it('answers 404 for an organization the Admin does not belong to', async () => {
    const res = await api('GET', `/client-users?organizationId=${orgB.id}`, adminA);
    expect(res.statusCode).toBe(404);
    // Admins are never the Admin's to manage: refused before the organization is looked at.
    expect((await api('GET', `/client-admins?organizationId=${orgB.id}`, adminA)).statusCode).toBe(403);
  });

  it(`refuses Admins to an Admin, everything to a User, and client-managed organizations to the SuperAdmin ${req('PEOPLE-001')}`, async () => {
    expect((await api('GET', `/client-admins?organizationId=${orgA.id}`, adminA)).statusCode).toBe(403);
    expect((await api('GET', `/client-users?organizationId=${orgA.id}`, userA)).statusCode).toBe(403);
    expect((await api('GET', `/client-admins?organizationId=${orgA.id}`, userA)).statusCode).toBe(403);
    expect((await api('GET', `/client-users?organizationId=${managed.id}`, superAdmin)).statusCode).toBe(403);
  });

  it('refuses a missing organization and an unknown sort key', async () => {
    const missing = await api('GET', '/client-users', adminA);
    expect(missing.statusCode).toBe(400);
    expect(firstError(missing).field).toBe('organizationId');
    const sort = await api('GET', `/client-users?organizationId=${orgA.id}&orderBy=passwordHash`, adminA);
    expect(sort.statusCode).toBe(400);
    expect(firstError(sort)).toMatchObject({ message: messages.invalidSortColumn, field: 'orderBy' });
  });

  it('lists the Users of the organization by last name, with the memberships the Admin may see', async () => {
    const res = await api('GET', `/client-users?organizationId=${orgA.id}`, adminA);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ totalCount: 3, totalCapped: false });
    expect(body.data.map((p: { lastName: string }) => p.lastName)).toEqual(['Brown', 'User', 'Zeta']);
    expect(body.data[0]).toEqual({
      id: bob.id,
      firstName: 'Bob',
      lastName: 'Brown',
      email: 'bob@example.test',
      status: 'Inactive',
      isActivated: false,
      emailConfirmed: false,
      role: 'User',
      organizationUserStatuses: [
        { organizationId: orgA.id, organizationName: 'Alpha Medical', userStatus: 'Inactive' },
      ],
      // Bob's invitation is open: the row offers Delete and Resend Invite.
      canBeDeleted: true,
      canResendInvite: true,
    });
    // An activated, active person: neither.
    expect(body.data[1]).toMatchObject({
      status: 'Active',
      isActivated: true,
      canBeDeleted: false,
      canResendInvite: false,
    });
    // Zoe is also in Beta Devices, which this Admin does not manage: not shown.
    expect(body.data[2].organizationUserStatuses).toEqual([
      { organizationId: orgA.id, organizationName: 'Alpha Medical', userStatus: 'Inactive' },
    ]);
    const asSuperAdmin = await api('GET', `/client-users?organizationId=${orgA.id}&search=zoe`, superAdmin);
    expect(asSuperAdmin.json().data[0].organizationUserStatuses).toEqual([
      { organizationId: orgA.id, organizationName: 'Alpha Medical', userStatus: 'Inactive' },
      { organizationId: orgB.id, organizationName: 'Beta Devices', userStatus: 'Active' },
    ]);
  });

  it(`searches names and e-mail, sorts by each key both ways, and pages ${req('PEOPLE-009')}`, async () => {
    const list = async (query: string) =>
      (await api('GET', `/client-users?organizationId=${orgA.id}&${query}`, adminA))
        .json()
        .data.map((p: { firstName: string }) => p.firstName);
    expect(await list('search=BROWN')).toEqual(['Bob']);
    expect(await list('search=uma@')).toEqual(['Uma']);
    expect(await list('search=zoe zeta')).toEqual(['Zoe']);
    expect(await list('orderBy=firstName&orderType=desc')).toEqual(['Zoe', 'Uma', 'Bob']);
    expect(await list('Order.Key=email&Order.Direction=asc')).toEqual(['Bob', 'Uma', 'Zoe']);
    expect((await list('orderBy=status&orderType=asc'))[0]).toBe('Uma');
    expect((await list('orderBy=status&orderType=desc'))[2]).toBe('Uma');
    expect(await list('orderBy=isActivated&orderType=asc&limit=1')).toEqual(['Bob']);
    const page = await api('GET', `/client-users?organizationId=${orgA.id}&limit=1&offset=1`, adminA);
    expect(page.json()).toMatchObject({ pagination: { totalCount: 3 } });
    expect(page.json().data.map((p: { firstName: string }) => p.firstName)).toEqual(['Uma']);
  });

  it('lists Admins for the SuperAdmin', async () => {
    const res = await api('GET', `/client-admins?organizationId=${orgA.id}`, superAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { email: string }) => p.email)).toEqual(['ada@example.test']);
    expect(res.json().data[0]).toMatchObject({ role: 'Admin', status: 'Active', isActivated: true });
  });
});

describe('GET /client-users/all and /client-admins/all', () => {
  it('needs a session, membership and the right role', async () => {
    expect((await api('GET', `/client-users/all?organizationId=${orgA.id}`, {})).statusCode).toBe(401);
    expect((await api('GET', `/client-users/all?organizationId=${orgB.id}`, adminA)).statusCode).toBe(404);
    expect((await api('GET', `/client-admins/all?organizationId=${orgA.id}`, adminA)).statusCode).toBe(403);
    expect((await api('GET', `/client-users/all?organizationId=${orgA.id}`, userA)).statusCode).toBe(403);
  });

  it('refuses a malformed organization id', async () => {
    const res = await api('GET', `/client-users/all?organizationId=${orgA.id}&organizationIds=nope`, adminA);
    expect(res.statusCode).toBe(400);
  });

  it("offers the Admin's other organizations' Users not yet in this one", async () => {
    const res = await api('GET', `/client-users/all?organizationId=${orgA.id}`, adminA);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ id: userInC.id, firstName: 'Cy', lastName: 'Sea', email: 'cy@example.test' }]);
  });

  it('offers the SuperAdmin every organization, or those named, searchable', async () => {
    const all = await api('GET', `/client-users/all?organizationId=${orgA.id}`, superAdmin);
    expect(all.json().data.map((p: { firstName: string }) => p.firstName)).toEqual(['Bea', 'Cy']);
    const named = await api(
      'GET',
      `/client-users/all?organizationId=${orgA.id}&organizationIds=${orgB.id}`,
      superAdmin,
    );
    expect(named.json().data.map((p: { firstName: string }) => p.firstName)).toEqual(['Bea']);
    const searched = await api('GET', `/client-users/all?organizationId=${orgA.id}&search=sea`, superAdmin);
    expect(searched.json().data.map((p: { firstName: string }) => p.firstName)).toEqual(['Cy']);
  });
});

describe('POST /client-users and /client-admins', () => {
  const body = (values: object = {}) => ({
    organizationId: orgA.id,
    firstName: '  Nina ',
    lastName: 'New',
    email: ' Nina.New@Example.test ',
    ...values,
  });

  it('needs a session, membership and the right role', async () => {
    expect((await api('POST', '/client-users', {}, body())).statusCode).toBe(401);
    expect((await api('POST', '/client-users', adminA, body({ organizationId: orgB.id }))).statusCode).toBe(404);
    expect((await api('POST', '/client-admins', adminA, body())).statusCode).toBe(403);
    expect((await api('POST', '/client-users', userA, body())).statusCode).toBe(403);
  });

  it(`refuses blank or long names and a bad e-mail, creating nothing ${req('PEOPLE-003')}`, async () => {
    const cases: [object, string, string][] = [
      [{ firstName: '   ' }, 'firstName', messages.fieldRequired],
      [{ lastName: undefined }, 'lastName', messages.fieldRequired],
      [{ lastName: 'x'.repeat(101) }, 'lastName', messages.nameTooLong],
      [{ email: 'not-an-email' }, 'email', messages.invalidEmail],
      [{ email: '' }, 'email', messages.fieldRequired],
    ];
    for (const [values, field, message] of cases) {
      const res = await api('POST', '/client-users', adminA, body(values));
      expect(res.statusCode).toBe(400);
      expect(firstError(res)).toMatchObject({ field, message });
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'nina.new@example.test'))).toEqual([]);
  });

  it(`refuses an e-mail used by anyone, of any role, or waiting as a new e-mail ${req('PEOPLE-002')}`, async () => {
    await t.db.update(users).set({ newEmail: 'pending@example.test' }).where(eq(users.id, userInB.id));
    for (const email of ['ADA@example.test', 'zoe@example.test', 'pending@example.test']) {
      const res = await api('POST', '/client-users', adminA, body({ email }));
      expect(res.statusCode).toBe(409);
      expect(firstError(res)).toMatchObject({ code: 'CONFLICT', message: messages.emailTaken, field: 'email' });
    }
    const asAdmin = await api('POST', '/client-admins', superAdmin, body({ email: 'uma@example.test' }));
    expect(asAdmin.statusCode).toBe(409);
  });

  it(`creates an inactive User without a password, audited ${req('PEOPLE-004', 'AUD-001')}`, async () => {
    const res = await api('POST', '/client-users', adminA, body());
    expect(res.statusCode).toBe(201);
    const { data, message } = res.json();
    expect(message).toBe(messages.userCreated);
    expect(data).toMatchObject({
      firstName: 'Nina',
      lastName: 'New',
      email: 'nina.new@example.test',
      status: 'Inactive',
      isActivated: false,
      emailConfirmed: false,
      role: 'User',
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, data.id));
    expect(row).toMatchObject({ role: 'User', passwordHash: null, emailConfirmed: false });
    expect(await membershipOf(orgA.id, data.id)).toMatchObject({ status: 'Inactive', firstActivatedAt: null });
    const [event] = await auditOf(data.id);
    expect(event).toMatchObject({
      organizationId: orgA.id,
      infoType: 'Users',
      action: 'create',
      actorUserId: adminAPerson.id,
      after: { firstName: 'Nina', lastName: 'New', email: 'nina.new@example.test', role: 'User', status: 'Inactive' },
    });
  });

  it(`creates an Admin for the SuperAdmin ${req('PEOPLE-001')}`, async () => {
    const res = await api('POST', '/client-admins', superAdmin, body({ email: 'new.admin@example.test' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: messages.adminCreated, data: { role: 'Admin' } });
    const [event] = await auditOf(res.json().data.id);
    expect(event).toMatchObject({ infoType: 'Admins', action: 'create', organizationId: orgA.id });
  });
});

describe('POST /client-users/add and /client-admins/add', () => {
  it('needs a session, membership and the right role', async () => {
    const payload = { organizationId: orgA.id, ids: [userInC.id] };
    expect((await api('POST', '/client-users/add', {}, payload)).statusCode).toBe(401);
    expect((await api('POST', '/client-users/add', adminA, { ...payload, organizationId: orgB.id })).statusCode).toBe(
      404,
    );
    expect((await api('POST', '/client-admins/add', adminA, payload)).statusCode).toBe(403);
    expect((await api('POST', '/client-users/add', userA, payload)).statusCode).toBe(403);
  });

  it('refuses an empty choice', async () => {
    const res = await api('POST', '/client-users/add', adminA, { organizationId: orgA.id, ids: [] });
    expect(res.statusCode).toBe(400);
    expect(firstError(res)).toMatchObject({ field: 'ids', message: messages.choosePeople });
  });

  it(`refuses, all or nothing, people the Admin cannot see or of the wrong role ${req('PEOPLE-008')}`, async () => {
    for (const ids of [
      [userInC.id, userInB.id],
      [userInC.id, adminAPerson.id],
    ]) {
      const res = await api('POST', '/client-users/add', adminA, { organizationId: orgA.id, ids });
      expect(res.statusCode).toBe(404);
    }
    expect(await membershipOf(orgA.id, userInC.id)).toBeUndefined();
  });

  it(`adds visible Users as inactive members, audited ${req('PEOPLE-008')}`, async () => {
    const res = await api('POST', '/client-users/add', adminA, { organizationId: orgA.id, ids: [userInC.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { ids: [userInC.id] }, message: messages.usersAdded });
    expect(await membershipOf(orgA.id, userInC.id)).toMatchObject({ status: 'Inactive' });
    const events = await auditOf(userInC.id);
    expect(events).toEqual([expect.objectContaining({ infoType: 'Users', action: 'add', organizationId: orgA.id })]);
    const again = await api('POST', '/client-users/add', adminA, { organizationId: orgA.id, ids: [userInC.id] });
    expect(again.json().data.ids).toEqual([]);
  });

  it('adds an Admin of another organization for the SuperAdmin', async () => {
    const other = await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId: orgB.id }] });
    const res = await api('POST', '/client-admins/add', superAdmin, { organizationId: orgA.id, ids: [other.id] });
    expect(res.json()).toMatchObject({ data: { ids: [other.id] }, message: messages.adminsAdded });
  });
});

describe('PATCH /client-users/{id}/status and /client-admins/{id}/status', () => {
  it('needs a session, membership and the right role', async () => {
    const url = `/client-users/${bob.id}/status`;
    expect((await api('PATCH', url, {}, { ids: [orgA.id] })).statusCode).toBe(401);
    expect((await api('PATCH', url, adminA, { ids: [orgA.id, orgB.id] })).statusCode).toBe(404);
    expect(
      (await api('PATCH', `/client-admins/${adminAPerson.id}/status`, adminA, { ids: [orgA.id] })).statusCode,
    ).toBe(403);
    expect((await api('PATCH', url, userA, { ids: [orgA.id] })).statusCode).toBe(403);
    expect((await api('PATCH', url, adminB, { ids: [orgA.id] })).statusCode).toBe(404);
  });

  it('refuses no organizations or a bad status, and a person who is not a member', async () => {
    const none = await api('PATCH', `/client-users/${bob.id}/status`, adminA, { ids: [] });
    expect(none.statusCode).toBe(400);
    expect(firstError(none)).toMatchObject({ field: 'ids', message: messages.chooseOrganizations });
    const bad = await api('PATCH', `/client-users/${bob.id}/status`, adminA, { ids: [orgA.id], status: 'Gone' });
    expect(bad.statusCode).toBe(400);
    expect(firstError(bad).field).toBe('status');
    const notMember = await api('PATCH', `/client-users/${bob.id}/status`, adminA, { ids: [orgA.id, orgC.id] });
    expect(notMember.statusCode).toBe(404);
    expect(await membershipOf(orgA.id, bob.id)).toMatchObject({ status: 'Inactive' });
  });

  it(`sends the welcome mail with a set-password link on the first activation only ${req('PEOPLE-004')}`, async () => {
    const created = await api('POST', '/client-users', adminA, {
      organizationId: orgA.id,
      firstName: 'Wes',
      lastName: 'Welcome',
      email: 'wes@example.test',
    });
    const id = created.json().data.id as string;
    await api('POST', '/client-users/add', superAdmin, { organizationId: orgC.id, ids: [id] });

    const res = await api('PATCH', `/client-users/${id}/status`, adminA, { ids: [orgA.id], status: 'Active' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, status: 'Active' });
    expect(await membershipOf(orgA.id, id)).toMatchObject({ status: 'Active', firstActivatedAt: expect.any(Date) });
    await t.deliverMail();
    const mail = await t.smtp!.waitForMail({ to: 'wes@example.test', subject: 'Welcome to Qualis' });
    expect(mail.text).toContain('(Alpha Medical)');
    const link = new URL(/http:\/\/qualis\.test\/set-password\?\S+/.exec(mail.text)![0]);
    expect(link.searchParams.get('email')).toBe('wes@example.test');
    const check = await checkVerificationToken(t.db, {
      token: link.searchParams.get('token')!,
      email: 'wes@example.test',
      purpose: 'set-password',
    });
    expect(check.status).toBe('valid');
    const [event] = (await auditOf(id)).filter((e) => e.action === 'status-change');
    expect(event).toMatchObject({
      organizationId: orgA.id,
      infoType: 'Users',
      before: { status: 'Inactive' },
      after: { status: 'Active', welcomeMailSent: true },
    });

    // Toggle off and on again, and a first activation in another organization: no second mail.
    await api('PUT', `/client-users/${id}/status`, adminA, { ids: [orgA.id] });
    expect(await membershipOf(orgA.id, id)).toMatchObject({ status: 'Inactive' });
    await api('PATCH', `/client-users/${id}/status`, adminA, { ids: [orgA.id, orgC.id] });
    expect(await membershipOf(orgC.id, id)).toMatchObject({ status: 'Active' });
    await t.deliverMail();
    expect(t.smtp!.messages.filter((m) => m.to.includes('wes@example.test'))).toHaveLength(1);
    expect((await auditOf(id)).filter((e) => e.action === 'status-change')).toHaveLength(4);
  });

  it(`takes effect at once: a person set inactive gets 422 on the next request ${req('PEOPLE-005', 'PERM-009')}`, async () => {
    const person = await createUser(t.db, { memberOf: [{ organizationId: orgA.id }] });
    const { headers } = await signIn(t.app, person.email);
    expect((await api('GET', `/organizations/${orgA.id}`, headers)).statusCode).toBe(200);
    const res = await api('PATCH', `/client-users/${person.id}/status`, adminA, { ids: [orgA.id], status: 'Inactive' });
    expect(res.statusCode).toBe(200);
    const after = await api('GET', `/organizations/${orgA.id}`, headers);
    expect(after.statusCode).toBe(422);
    expect(firstError(after).message).toBe(messages.membershipInactive);
  });

  it('lets the SuperAdmin set an Admin active (no mail: the password is set)', async () => {
    const res = await api('PATCH', `/client-admins/${adminAPerson.id}/status`, superAdmin, {
      ids: [orgC.id],
      status: 'Inactive',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.organizationUserStatuses).toEqual([
      { organizationId: orgA.id, organizationName: 'Alpha Medical', userStatus: 'Active' },
      { organizationId: orgC.id, organizationName: 'Gamma Implants', userStatus: 'Inactive' },
    ]);
    await api('PATCH', `/client-admins/${adminAPerson.id}/status`, superAdmin, { ids: [orgC.id], status: 'Active' });
    expect(await membershipOf(orgC.id, adminAPerson.id)).toMatchObject({ status: 'Active' });
  });
});

describe('DELETE /client-users/{id} and /client-admins/{id}', () => {
  let dora: string;
  beforeAll(async () => {
    const res = await api('POST', '/client-users', superAdmin, {
      organizationId: orgA.id,
      firstName: 'Dora',
      lastName: 'Delete',
      email: 'dora@example.test',
    });
    dora = res.json().data.id;
    await api('POST', '/client-users/add', superAdmin, { organizationId: orgC.id, ids: [dora] });
  });

  it('needs a session, membership and the right role', async () => {
    expect((await api('DELETE', `/client-users/${dora}?organizationIds=${orgA.id}`, {})).statusCode).toBe(401);
    expect((await api('DELETE', `/client-users/${dora}?organizationIds=${orgA.id}`, adminB)).statusCode).toBe(404);
    expect((await api('DELETE', `/client-admins/${dora}?ids=${orgA.id}`, adminA)).statusCode).toBe(403);
    expect((await api('DELETE', `/client-users/${dora}?organizationIds=${orgA.id}`, userA)).statusCode).toBe(403);
  });

  it(`refuses no organization, and a person who is active, confirmed or has a password ${req('PEOPLE-006')}`, async () => {
    const none = await api('DELETE', `/client-users/${dora}`, adminA);
    expect(none.statusCode).toBe(400);
    expect(firstError(none)).toMatchObject({ field: 'organizationIds', message: messages.chooseOrganizations });
    const uma = (await t.db.select().from(users).where(eq(users.email, 'uma@example.test')))[0]!;
    for (const id of [uma.id, zoe.id]) {
      const res = await api('DELETE', `/client-users/${id}?organizationIds=${orgA.id}`, adminA);
      expect(res.statusCode).toBe(400);
      expect(firstError(res).message).toBe(messages.personNotDeletable);
    }
    expect(await membershipOf(orgA.id, zoe.id)).toBeDefined();
  });

  it(`removes the chosen memberships, and the account with the last one, audited ${req('PEOPLE-006')}`, async () => {
    const first = await api('DELETE', `/client-users/${dora}?organizationIds=${orgA.id}`, adminA);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ data: { id: dora }, message: messages.userDeleted });
    expect(await membershipOf(orgA.id, dora)).toBeUndefined();
    expect(await t.db.select().from(users).where(eq(users.id, dora))).toHaveLength(1);

    const last = await api('DELETE', `/client-users/${dora}?ids=${orgC.id}`, adminA);
    expect(last.statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, dora))).toEqual([]);
    const deletions = (await auditOf(dora)).filter((e) => e.action === 'delete');
    expect(deletions).toEqual([
      expect.objectContaining({ organizationId: orgA.id, infoType: 'Users', after: { accountDeleted: false } }),
      expect.objectContaining({ organizationId: orgC.id, infoType: 'Users', after: { accountDeleted: true } }),
    ]);
    expect(deletions[0]!.before).toMatchObject({ email: 'dora@example.test', status: 'Inactive' });
  });

  it('keeps, inactive, a person that an action still names, and says why', async () => {
    const created = await api('POST', '/client-users', adminA, {
      organizationId: orgA.id,
      firstName: 'Ned',
      lastName: 'Named',
      email: 'ned.named@example.test',
    });
    const ned = created.json().data.id as string;
    // Active (never signed in), assigned an action, inactive again: still an open invitation.
    await api('PATCH', `/client-users/${ned}/status`, adminA, { ids: [orgA.id], status: 'Active' });
    const action = await api('POST', '/tasks', adminA, {
      organizationId: orgA.id,
      name: 'Read the SOP',
      description: 'Read it',
      dueDate: '2030-01-01',
      assignerId: adminAPerson.id,
      assigneeId: ned,
    });
    expect(action.statusCode, action.body).toBe(201);
    await api('PATCH', `/client-users/${ned}/status`, adminA, { ids: [orgA.id], status: 'Inactive' });

    const res = await api('DELETE', `/client-users/${ned}?organizationIds=${orgA.id}`, adminA);
    expect(res.statusCode).toBe(400);
    expect(firstError(res).message).toBe(messages.personHasRecords);
    expect(await membershipOf(orgA.id, ned)).toMatchObject({ status: 'Inactive' });
    expect((await auditOf(ned)).filter((e) => e.action === 'delete')).toEqual([]);
  });

  it('deletes an unconfirmed Admin for the SuperAdmin', async () => {
    const created = await api('POST', '/client-admins', superAdmin, {
      organizationId: orgB.id,
      firstName: 'Al',
      lastName: 'Gone',
      email: 'al.gone@example.test',
    });
    const id = created.json().data.id;
    const res = await api('DELETE', `/client-admins/${id}?ids=${orgB.id}`, superAdmin);
    expect(res.json()).toMatchObject({ data: { id }, message: messages.adminDeleted });
  });
});

describe('GET /export/users and /export/admins', () => {
  const rowsOf = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');

  it('needs a session, membership and the right role', async () => {
    expect((await api('GET', `/export/users?organizationId=${orgA.id}`, {})).statusCode).toBe(401);
    expect((await api('GET', `/export/users?organizationId=${orgB.id}`, adminA)).statusCode).toBe(404);
    expect((await api('GET', `/export/admins?organizationId=${orgA.id}`, adminA)).statusCode).toBe(403);
    expect((await api('GET', `/export/users?organizationId=${orgA.id}`, userA)).statusCode).toBe(403);
  });

  it('refuses an export with nothing in it', async () => {
    const res = await api('GET', `/export/users?organizationId=${orgA.id}&search=nobody-like-this`, adminA);
    expect(res.statusCode).toBe(400);
    expect(firstError(res).message).toBe(messages.noRecordsToExport);
  });

  it(`writes the visible columns in their order, for the checked rows, sorted ${req('PEOPLE-009', 'EXP-002')}`, async () => {
    const res = await api(
      'GET',
      `/export/users?organizationId=${orgA.id}&columns=isActivated&columns=email&columns=firstName&selectedIds=${bob.id}&selectedIds=${zoe.id}&orderBy=email&orderType=desc`,
      adminA,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/Users_version_ada@example\.test_.*\.csv/);
    expect(rowsOf(res.body)).toEqual([
      'Activated,Email,First Name',
      'Yes,zoe@example.test,Zoe',
      'No,bob@example.test,Bob',
    ]);
  });

  it('writes every column and row matching the search when none is chosen', async () => {
    const res = await api('GET', `/export/admins?organizationId=${orgA.id}&ids=${adminAPerson.id}`, superAdmin);
    expect(rowsOf(res.body)).toEqual([
      'First Name,Last Name,Email,Status,Activated',
      'Ada,Admin,ada@example.test,Active,Yes',
    ]);
  });
});
