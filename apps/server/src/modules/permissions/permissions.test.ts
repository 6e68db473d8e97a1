import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@qualis/contract';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createOrganization, createTraining, createUser, createUserGroup, signIn } from '../../test/factories.js';
import { req } from '../../../../../docs/requirements/req.js';

type Session = { headers: Record<string, string> };
let t: TestContext;
let orgA: string;
let orgB: string;
let admin: Session & { id: string };
let superAdmin: Session;
let member: Session & { id: string };
let outsider: Session & { id: string };
let stranger: { id: string };
let groupDocs: { id: string; name: string };
let groupTasks: { id: string; name: string };

const NO_FLAGS = {
  role: 'User',
  canViewHrRecords: false,
  canViewDocuments: false,
  canViewTasks: false,
  canViewTrainingRecords: false,
  canManageOrganization: false,
  canAddDocuments: false,
  canAddTasks: false,
  canAddTrainingRecords: false,
};
const ALL_FLAGS = { ...Object.fromEntries(Object.keys(NO_FLAGS).map((k) => [k, true])), role: 'Admin' };

beforeAll(async () => {
  t = await createTestContext();
  orgA = (await createOrganization(t.db, { name: 'Alpha Devices' })).id;
  orgB = (await createOrganization(t.db, { name: 'Beta Labs' })).id;
  const a = await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId: orgA }] });
  admin = { id: a.id, ...(await signIn(t.app, a.email)) };
  superAdmin = await signIn(t.app, (await createUser(t.db, { role: 'SuperAdmin' })).email);
  const m = await createUser(t.db, { firstName: 'Mia', lastName: 'Stone', memberOf: [{ organizationId: orgA }] });
  member = { id: m.id, ...(await signIn(t.app, m.email)) };
  const o = await createUser(t.db, { memberOf: [{ organizationId: orgA }] });
  outsider = { id: o.id, ...(await signIn(t.app, o.email)) };
  stranger = await createUser(t.db, { memberOf: [{ organizationId: orgB }] });
  groupDocs = await createUserGroup(t.db, {
    organizationId: orgA,
    name: 'Docs',
    permissions: [16, 15],
    userIds: [m.id],
  });
  groupTasks = await createUserGroup(t.db, {
    organizationId: orgA,
    name: 'Tasks',
    permissions: [22, 21, 56],
    userIds: [m.id, o.id],
  });
  // The outsider's permissions come from Tasks only; 56 is taken off below.
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

describe('GET /users/me', () => {
  it('needs a session', async () => {
    expect((await get(`/users/me?organizationId=${orgA}`, {})).statusCode).toBe(401);
  });

  it('answers 404 for an organization the person does not belong to', async () => {
    const res = await get(`/users/me?organizationId=${orgB}`, member.headers);
    expect(res.statusCode).toBe(404);
  });

  it('needs the organization id', async () => {
    const res = await get('/users/me', member.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'organizationId' });
  });

  it(`gives a User the union of the permissions of their groups ${req('PERM-001')}`, async () => {
    const res = await get(`/users/me?organizationId=${orgA}`, member.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      role: 'User',
      canViewHrRecords: false,
      canViewDocuments: true,
      canViewTasks: true,
      canViewTrainingRecords: false,
      canManageOrganization: true,
      canAddDocuments: true,
      canAddTasks: true,
      canAddTrainingRecords: false,
    });
  });

  it(`gives a User in no group no access at all ${req('PERM-002')}`, async () => {
    const loner = await createUser(t.db, { memberOf: [{ organizationId: orgA }] });
    const res = await get(`/users/me?organizationId=${orgA}`, (await signIn(t.app, loner.email)).headers);
    expect(res.json().data).toEqual(NO_FLAGS);
  });

  it('shows Training records to a User with a training to pass, in this organization only, and to whoever reads their flags', async () => {
    const trainee = await createUser(t.db, { memberOf: [{ organizationId: orgA }, { organizationId: orgB }] });
    const session = await signIn(t.app, trainee.email);
    const mine = async (organizationId: string) =>
      (await get(`/users/me?organizationId=${organizationId}`, session.headers)).json().data;
    expect(await mine(orgA)).toEqual(NO_FLAGS);

    await createTraining(t.app, admin, orgA, { assigneeUserIds: [trainee.id] });
    expect(await mine(orgA)).toEqual({ ...NO_FLAGS, canViewTrainingRecords: true });
    expect(await mine(orgB)).toEqual(NO_FLAGS);
    const read = await get(`/client-users/${trainee.id}?organizationId=${orgA}`, admin.headers);
    expect(read.json().data).toEqual({ ...NO_FLAGS, canViewTrainingRecords: true });
  });

  it('gives Admins and the SuperAdmin every permission', async () => {
    expect((await get(`/users/me?organizationId=${orgA}`, admin.headers)).json().data).toEqual(ALL_FLAGS);
    expect((await get(`/users/me?organizationId=${orgA}`, superAdmin.headers)).json().data).toEqual({
      ...ALL_FLAGS,
      role: 'SuperAdmin',
    });
  });

  it(`shows a permission taken from a group on the next request ${req('PERM-009')}`, async () => {
    const before = await get(`/users/me?organizationId=${orgA}`, outsider.headers);
    expect(before.json().data.canManageOrganization).toBe(true);
    const toggle = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user-groups/${groupTasks.id}/settings`,
      headers: admin.headers,
      payload: { organizationId: orgA, type: 56 },
    });
    expect(toggle.json().data).toEqual([21, 22]);
    const after = await get(`/users/me?organizationId=${orgA}`, outsider.headers);
    expect(after.json().data).toMatchObject({ canManageOrganization: false, canViewTasks: true });
  });
});

describe('GET /client-users/:userId', () => {
  const flags = (userId: string, organizationId: string, headers: Record<string, string>) =>
    get(`/client-users/${userId}?organizationId=${organizationId}`, headers);

  it('needs a session', async () => {
    expect((await flags(member.id, orgA, {})).statusCode).toBe(401);
  });

  it('answers 404 for another organization and for a person outside the organization', async () => {
    expect((await flags(stranger.id, orgB, admin.headers)).statusCode).toBe(404);
    const res = await flags(stranger.id, orgA, admin.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].message).toBe(messages.notFound);
  });

  it("refuses a User another person's flags", async () => {
    const res = await flags(member.id, orgA, outsider.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].message).toBe(messages.accessDenied);
  });

  it('refuses a malformed user id', async () => {
    expect((await flags('not-a-uuid', orgA, admin.headers)).statusCode).toBe(400);
  });

  it('answers the flags to the Admin, the SuperAdmin and the person', async () => {
    for (const headers of [admin.headers, superAdmin.headers, member.headers]) {
      const res = await flags(member.id, orgA, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        canViewHrRecords: false,
        canViewDocuments: true,
        canAddTasks: true,
        canViewTrainingRecords: false,
      });
    }
  });
});

describe('GET /client-users/:userId/settings', () => {
  const settings = (userId: string, organizationId: string, headers: Record<string, string>) =>
    get(`/client-users/${userId}/settings?organizationId=${organizationId}`, headers);

  it('needs a session', async () => {
    expect((await settings(member.id, orgA, {})).statusCode).toBe(401);
  });

  it('answers 404 for another organization', async () => {
    expect((await settings(member.id, orgB, admin.headers)).statusCode).toBe(404);
  });

  it("refuses a User another person's page", async () => {
    expect((await settings(member.id, orgA, outsider.headers)).statusCode).toBe(403);
  });

  it('refuses a missing organization id', async () => {
    expect((await get(`/client-users/${member.id}/settings`, admin.headers)).statusCode).toBe(400);
  });

  it(`shows who the person is, their groups and every permission type with its state ${req('PERM-006')}`, async () => {
    const res = await settings(member.id, orgA, member.headers);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user).toEqual({
      firstName: 'Mia',
      lastName: 'Stone',
      email: expect.any(String),
      role: 'User',
      restriction: 'none',
      // The person reads their own page: only an Admin or the SuperAdmin changes a restriction.
      canChangeRestriction: false,
    });
    expect(data.userGroups).toEqual([
      { id: groupDocs.id, name: 'Docs', userCount: 1 },
      { id: groupTasks.id, name: 'Tasks', userCount: 2 },
    ]);
    expect(data.settings).toHaveLength(56);
    expect(
      data.settings.filter((s: { isSwitchedOn: boolean }) => s.isSwitchedOn).map((s: { type: number }) => s.type),
    ).toEqual([15, 16, 21, 22]);
  });
});
