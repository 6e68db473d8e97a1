import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Permission, messages, type MembershipRestriction, type Role } from '@qualis/contract';
import { memberships } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createDocument,
  createOrganization,
  createUser,
  createUserGroup,
  lastAudit,
  signIn,
} from '../../test/factories.js';
import { req } from '../../../../../docs/requirements/req.js';

/** The restricted roles of spec 03 section 6 (decision 0023): assigning them, and what each takes away. */

type Person = { id: string; headers: Record<string, string> };
let t: TestContext;
let orgA: string;
let orgB: string;
let admin: Person;
let superAdmin: Person;

beforeAll(async () => {
  t = await createTestContext();
  orgA = (await createOrganization(t.db)).id;
  orgB = (await createOrganization(t.db)).id;
  admin = await person(orgA, 'Admin');
  const sa = await createUser(t.db, { role: 'SuperAdmin' });
  superAdmin = { id: sa.id, ...(await signIn(t.app, sa.email)) };
});
afterAll(() => t.close());

async function person(
  organizationId: string,
  role: Role,
  restriction: MembershipRestriction = 'none',
  permissions: number[] = [],
): Promise<Person> {
  const user = await createUser(t.db, { role, memberOf: [{ organizationId, restriction }] });
  if (permissions.length > 0) await createUserGroup(t.db, { organizationId, permissions, userIds: [user.id] });
  return { id: user.id, ...(await signIn(t.app, user.email)) };
}

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

const restrictionOf = async (organizationId: string, userId: string) => {
  const [row] = await t.db
    .select({ restriction: memberships.restriction })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return row?.restriction;
};

const restrict = (by: Person, userId: string, restriction: string, organizationId = orgA) =>
  call('PUT', `/client-users/${userId}/restriction`, by.headers, { organizationId, restriction });

const flagsOf = async (who: Person) => (await call('GET', `/users/me?organizationId=${orgA}`, who.headers)).json().data;

describe('PUT /client-users/{id}/restriction', () => {
  it('needs a session, answers 404 to another organization and 403 to everyone but Admins over Users', async () => {
    const target = await person(orgA, 'User');
    expect((await restrict({ id: '', headers: {} }, target.id, 'client')).statusCode).toBe(401);
    expect((await restrict(await person(orgB, 'Admin'), target.id, 'client')).statusCode).toBe(404);
    expect((await restrict(await person(orgA, 'User', 'none', [56]), target.id, 'client')).statusCode).toBe(403);
    // A client Admin works as a User in the organization: no administration.
    expect((await restrict(await person(orgA, 'Admin', 'client'), target.id, 'client')).statusCode).toBe(403);
    // An Admin never manages Admins; only the SuperAdmin restricts them.
    const otherAdmin = await person(orgA, 'Admin');
    expect((await restrict(admin, otherAdmin.id, 'hrLimited')).statusCode).toBe(403);
    // A person who is not a member of the organization.
    expect((await restrict(admin, (await person(orgB, 'User')).id, 'client')).statusCode).toBe(404);
    expect(await restrictionOf(orgA, target.id)).toBe('none');
    expect(await restrictionOf(orgA, otherAdmin.id)).toBe('none');
  });

  it('refuses an unknown restriction with its message and changes nothing', async () => {
    const target = await person(orgA, 'User');
    const res = await restrict(admin, target.id, 'auditor');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'restriction', message: messages.unknownRestriction });
    expect(await restrictionOf(orgA, target.id)).toBe('none');
  });

  it("sets a User's restriction with its audit event, and the access page shows it", async () => {
    const target = await person(orgA, 'User');
    const res = await restrict(admin, target.id, 'client');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { restriction: 'client' }, message: messages.restrictionChanged });
    expect(await restrictionOf(orgA, target.id)).toBe('client');
    expect(await lastAudit(t.db, target.id, 'restriction-change')).toMatchObject({
      organizationId: orgA,
      infoType: 'Users',
      actorUserId: admin.id,
      before: { restriction: 'none' },
      after: { restriction: 'client' },
    });
    const page = await call('GET', `/client-users/${target.id}/settings?organizationId=${orgA}`, admin.headers);
    expect(page.json().data.user).toMatchObject({ restriction: 'client', canChangeRestriction: true });
  });

  it("lets the SuperAdmin restrict an Admin's membership", async () => {
    const target = await person(orgA, 'Admin');
    const res = await restrict(superAdmin, target.id, 'hrLimited');
    expect(res.statusCode, res.body).toBe(200);
    expect(await restrictionOf(orgA, target.id)).toBe('hrLimited');
    expect((await lastAudit(t.db, target.id, 'restriction-change'))?.infoType).toBe('Admins');
    const page = await call('GET', `/client-users/${target.id}/settings?organizationId=${orgA}`, admin.headers);
    expect(page.json().data.user).toMatchObject({ restriction: 'hrLimited', canChangeRestriction: false });
  });
});

describe('the client restriction', () => {
  it(`takes an Admin's rights down to the client access settings: no add, no delete, tabs from the settings ${req('DOC-013')}`, async () => {
    // A client Admin whose groups allow viewing every document and its General section only.
    const client = await person(orgA, 'Admin', 'client', [
      Permission.ViewAllDocuments,
      Permission.ViewAllDocumentsGeneralSection,
    ]);
    const doc = await createDocument(t.app, t.db, admin, orgA);
    // The web picks the layout and menu of a User from the role here.
    expect(await flagsOf(client)).toMatchObject({
      role: 'User',
      canViewDocuments: true,
      canAddDocuments: false,
      canAddTasks: false,
      canAddTrainingRecords: false,
      canViewHrRecords: false,
    });

    const detail = await call('GET', `/documents/${doc.id}?organizationId=${orgA}`, client.headers);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({
      canBeDeleted: false,
      canViewGeneral: true,
      canViewQualityTasks: false,
      canViewConnectToEmployee: false,
    });
    const tab = await call('GET', `/documents/${doc.id}/quality-tasks?organizationId=${orgA}`, client.headers);
    expect(tab.statusCode).toBe(403);
    const removed = await call('DELETE', `/documents?organizationId=${orgA}&documentIds=${doc.id}`, client.headers);
    expect(removed.statusCode).toBe(403);
    const action = await call('POST', '/tasks', client.headers, {
      organizationId: orgA,
      name: 'Calibrate the scale',
      description: 'Use the reference weights',
      dueDate: '2030-05-01',
      assignerId: client.id,
      assigneeId: client.id,
    });
    expect(action.statusCode).toBe(403);
    // The same Admin without the restriction may do all of it.
    expect((await call('GET', `/documents/${doc.id}?organizationId=${orgA}`, admin.headers)).json().data).toMatchObject(
      { canBeDeleted: true, canViewQualityTasks: true },
    );
  });

  it('gives a client what the settings grant: add actions with canAddTasks', async () => {
    const client = await person(orgA, 'Admin', 'client', [Permission.ViewAllActions, Permission.AddActions]);
    expect(await flagsOf(client)).toMatchObject({ canViewTasks: true, canAddTasks: true });
    const action = await call('POST', '/tasks', client.headers, {
      organizationId: orgA,
      name: 'Calibrate the scale',
      description: 'Use the reference weights',
      dueDate: '2030-05-01',
      assignerId: client.id,
      assigneeId: client.id,
    });
    expect(action.statusCode, action.body).toBe(201);
  });
});

describe('the HR-limited restriction', () => {
  it('keeps the Admin rights but offers no HR record to link, list or open', async () => {
    const limited = await person(orgA, 'Admin', 'hrLimited');
    expect(await flagsOf(limited)).toMatchObject({
      role: 'Admin',
      canAddTasks: true,
      canViewDocuments: true,
      canViewHrRecords: false,
    });
    expect(await flagsOf(admin)).toMatchObject({ role: 'Admin', canViewHrRecords: true });
    expect(await flagsOf(superAdmin)).toMatchObject({ role: 'SuperAdmin', canViewHrRecords: true });
    const options = await call('GET', `/human-resource-records/available?organizationId=${orgA}`, limited.headers);
    expect(options.statusCode).toBe(403);
    expect((await call('GET', `/human-resource-records?organizationId=${orgA}`, limited.headers)).statusCode).toBe(403);
    const adminOptions = await call('GET', `/human-resource-records/available?organizationId=${orgA}`, admin.headers);
    expect(adminOptions.statusCode).toBe(200);
    expect(adminOptions.json().data.length).toBeGreaterThan(0);
  });

  it("answers a person's flags by the same rule (GET /client-users/{id})", async () => {
    const limited = await person(orgA, 'Admin', 'hrLimited');
    const res = await call('GET', `/client-users/${limited.id}?organizationId=${orgA}`, superAdmin.headers);
    expect(res.json().data).toMatchObject({ role: 'Admin', canViewHrRecords: false, canAddTasks: true });
    const client = await person(orgA, 'Admin', 'client');
    const asClient = await call('GET', `/client-users/${client.id}?organizationId=${orgA}`, superAdmin.headers);
    expect(asClient.json().data).toMatchObject({ role: 'User', canViewHrRecords: false, canAddTasks: false });
  });
});
