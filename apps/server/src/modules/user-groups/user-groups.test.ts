import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@qualis/contract';
import { auditEvents, userGroupMembers, userGroupPermissions, userGroups } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { testApi, type AuthHeaders } from '../../test/api.js';
import { createOrganization, createUser, createUserGroup, signIn } from '../../test/factories.js';
import { req } from '../../../../../docs/requirements/req.js';

let t: TestContext;
const { call } = testApi(() => t);
let orgA: string;
let orgB: string;
let admin: AuthHeaders;
let superAdmin: AuthHeaders;
let plainUser: AuthHeaders;
let people: { id: string; email: string }[];
let adminOfA: { id: string; email: string };
let foreignGroup: { id: string };

beforeAll(async () => {
  t = await createTestContext();
  orgA = (await createOrganization(t.db, { name: 'Alpha Devices' })).id;
  orgB = (await createOrganization(t.db, { name: 'Beta Labs' })).id;
  adminOfA = await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId: orgA }] });
  admin = (await signIn(t.app, adminOfA.email)).headers;
  superAdmin = (await signIn(t.app, (await createUser(t.db, { role: 'SuperAdmin' })).email)).headers;
  const u = await createUser(t.db, { memberOf: [{ organizationId: orgA }] });
  plainUser = (await signIn(t.app, u.email)).headers;
  people = [];
  for (const [firstName, lastName] of [
    ['Ann', 'Adams'],
    ['Ben', 'Brown'],
    ['Cara', 'Cole'],
  ]) {
    people.push(
      await createUser(t.db, { firstName: firstName!, lastName: lastName!, memberOf: [{ organizationId: orgA }] }),
    );
  }
  foreignGroup = await createUserGroup(t.db, { organizationId: orgB, name: 'Foreign' });
});
afterAll(() => t.close());

const lastAudit = async (entityId: string) => {
  const rows = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, entityId));
  return rows.sort((a, b) => a.seq - b.seq).at(-1);
};
const permissionsOf = async (groupId: string) =>
  (await t.db.select().from(userGroupPermissions).where(eq(userGroupPermissions.groupId, groupId)))
    .map((r) => r.type)
    .sort((a, b) => a - b);
const membersOf = async (groupId: string) =>
  (await t.db.select().from(userGroupMembers).where(eq(userGroupMembers.groupId, groupId))).map((r) => r.userId).sort();

describe('GET /user-groups', () => {
  it('needs a session', async () => {
    expect((await call('GET', `/user-groups?organizationId=${orgA}`, {})).statusCode).toBe(401);
  });

  it("answers 404 to an Admin of another organization, also for that organization's group ids", async () => {
    expect((await call('GET', `/user-groups?organizationId=${orgB}`, admin)).statusCode).toBe(404);
    const res = await call('GET', `/user-groups/${foreignGroup.id}/settings?organizationId=${orgA}`, admin);
    expect(res.statusCode).toBe(404);
  });

  it(`refuses a User, even one in no group ${req('PERM-007')}`, async () => {
    const res = await call('GET', `/user-groups?organizationId=${orgA}`, plainUser);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].message).toBe(messages.accessDenied);
  });

  it('refuses an unknown sort column', async () => {
    const res = await call('GET', `/user-groups?organizationId=${orgA}&orderBy=id`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(messages.invalidSortColumn);
  });

  it('lists, searches and sorts by name and user count', async () => {
    const org = (await createOrganization(t.db)).id;
    const member = await createUser(t.db, { memberOf: [{ organizationId: org }] });
    const other = await createUser(t.db, { memberOf: [{ organizationId: org }] });
    await createUserGroup(t.db, { organizationId: org, name: 'quality', userIds: [member.id, other.id] });
    await createUserGroup(t.db, { organizationId: org, name: 'Auditors', userIds: [member.id] });
    await createUserGroup(t.db, { organizationId: org, name: 'Managers' });
    const list = async (query: string) =>
      (await call('GET', `/user-groups?organizationId=${org}${query}`, superAdmin)).json() as {
        data: { name: string; userCount: number }[];
        pagination: { totalCount: number };
      };
    const all = await list('');
    expect(all.data.map((g) => [g.name, g.userCount])).toEqual([
      ['Auditors', 1],
      ['Managers', 0],
      ['quality', 2],
    ]);
    expect(all.pagination.totalCount).toBe(3);
    expect((await list('&orderBy=userCount&orderType=desc')).data.map((g) => g.name)).toEqual([
      'quality',
      'Auditors',
      'Managers',
    ]);
    expect((await list('&search=MAN')).data.map((g) => g.name)).toEqual(['Managers']);
    expect((await list('&limit=1&offset=1')).pagination.totalCount).toBe(3);
  });
});

describe('POST /user-groups and PUT /user-groups/:id/name', () => {
  it('needs a session', async () => {
    expect((await call('POST', '/user-groups', {}, { organizationId: orgA, name: 'X' })).statusCode).toBe(401);
  });

  it('answers 404 for another organization', async () => {
    expect((await call('POST', '/user-groups', admin, { organizationId: orgB, name: 'X' })).statusCode).toBe(404);
  });

  it('refuses a User', async () => {
    expect((await call('POST', '/user-groups', plainUser, { organizationId: orgA, name: 'X' })).statusCode).toBe(403);
  });

  it(`refuses a blank or too long name ${req('GRP-001')}`, async () => {
    const blank = await call('POST', '/user-groups', admin, { organizationId: orgA, name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0]).toMatchObject({ message: messages.fieldRequired, field: 'name' });
    const long = await call('POST', '/user-groups', admin, { organizationId: orgA, name: 'x'.repeat(101) });
    expect(long.json().errors[0]).toMatchObject({ message: messages.nameTooLong, field: 'name' });
  });

  it(`creates a group with a trimmed name, audited, and refuses the same name in any case ${req('GRP-001', 'AUD-001')}`, async () => {
    const res = await call('POST', '/user-groups', admin, { organizationId: orgA, name: '  Reviewers ' });
    expect(res.statusCode).toBe(201);
    const { data, message } = res.json();
    expect(message).toBe(messages.userGroupCreated);
    expect(data).toEqual({ id: expect.any(String), name: 'Reviewers', userCount: 0 });
    const [row] = await t.db.select().from(userGroups).where(eq(userGroups.id, data.id));
    expect(row).toMatchObject({ organizationId: orgA, name: 'Reviewers' });
    expect(await lastAudit(data.id)).toMatchObject({
      infoType: 'User Groups',
      action: 'create',
      organizationId: orgA,
      after: { name: 'Reviewers' },
    });
    const again = await call('POST', '/user-groups', admin, { organizationId: orgA, name: 'REVIEWERS' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatchObject({ message: messages.userGroupNameTaken, field: 'name' });
    // The same name is free in another organization.
    expect(
      (await call('POST', '/user-groups', superAdmin, { organizationId: orgB, name: 'Reviewers' })).statusCode,
    ).toBe(201);
  });

  it(`renames a group, audited, and refuses a taken name ${req('GRP-001')}`, async () => {
    const group = await createUserGroup(t.db, { organizationId: orgA, name: 'Old name' });
    await createUserGroup(t.db, { organizationId: orgA, name: 'Taken' });
    expect(
      (await call('PUT', `/user-groups/${group.id}/name`, {}, { organizationId: orgA, name: 'N' })).statusCode,
    ).toBe(401);
    expect(
      (await call('PUT', `/user-groups/${foreignGroup.id}/name`, admin, { organizationId: orgA, name: 'N' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', `/user-groups/${group.id}/name`, plainUser, { organizationId: orgA, name: 'N' })).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/user-groups/${group.id}/name`, admin, { organizationId: orgA, name: '' })).statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', `/user-groups/${group.id}/name`, admin, { organizationId: orgA, name: 'taken' })).statusCode,
    ).toBe(409);
    const res = await call('PUT', `/user-groups/${group.id}/name`, admin, { organizationId: orgA, name: 'New name' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { id: group.id, name: 'New name', userCount: 0 },
      message: messages.userGroupEdited,
      messageKey: 'userGroupEdited',
    });
    expect(await lastAudit(group.id)).toMatchObject({
      action: 'rename',
      before: { name: 'Old name' },
      after: { name: 'New name' },
    });
  });
});

describe('POST /user-groups/duplicate', () => {
  it(`copies the permissions but not the users, audited ${req('GRP-001')}`, async () => {
    const source = await createUserGroup(t.db, {
      organizationId: orgA,
      name: 'Source',
      permissions: [11, 1, 39, 56],
      userIds: [people[0]!.id],
    });
    const body = { organizationId: orgA, sourceGroupId: source.id, name: 'Copy' };
    expect((await call('POST', '/user-groups/duplicate', {}, body)).statusCode).toBe(401);
    expect(
      (await call('POST', '/user-groups/duplicate', admin, { ...body, sourceGroupId: foreignGroup.id })).statusCode,
    ).toBe(404);
    expect((await call('POST', '/user-groups/duplicate', plainUser, body)).statusCode).toBe(403);
    expect((await call('POST', '/user-groups/duplicate', admin, { ...body, name: ' ' })).statusCode).toBe(400);
    expect((await call('POST', '/user-groups/duplicate', admin, { ...body, name: 'source' })).statusCode).toBe(409);
    const res = await call('POST', '/user-groups/duplicate', admin, body);
    expect(res.statusCode).toBe(201);
    const { data, message } = res.json();
    expect(message).toBe(messages.userGroupDuplicated);
    expect(await permissionsOf(data.id)).toEqual([1, 11, 39, 56]);
    expect(await membersOf(data.id)).toEqual([]);
    expect(await lastAudit(data.id)).toMatchObject({
      action: 'duplicate',
      after: { sourceGroupId: source.id, permissions: [1, 11, 39, 56] },
    });
  });
});

describe('PUT /user-groups/:id/settings and GET /user-groups/:groupId/settings', () => {
  it(`applies the catalogue rules, refuses a dependent without its view option, and is audited ${req('PERM-003', 'PERM-004', 'AUD-001')}`, async () => {
    const group = await createUserGroup(t.db, { organizationId: orgA, name: 'Toggles' });
    const toggle = (type: unknown, headers = admin) =>
      call('PUT', `/user-groups/${group.id}/settings`, headers, { organizationId: orgA, type });
    expect((await toggle(11, {})).statusCode).toBe(401);
    expect(
      (await call('PUT', `/user-groups/${group.id}/settings`, admin, { organizationId: orgB, type: 11 })).statusCode,
    ).toBe(404);
    expect((await toggle(11, plainUser)).statusCode).toBe(403);
    for (const bad of [0, 57, 1.5, 'x']) {
      const res = await toggle(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ message: messages.unknownPermissionType, field: 'type' });
    }
    const refused = await toggle(1);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({
      message: 'Please, switch on "View all documents" first.',
      field: 'type',
    });
    expect(await permissionsOf(group.id)).toEqual([]);

    // A view option comes on with its five sections (spec 02 section 6), which go off one by one.
    const sections = [34, 35, 36, 37, 38];
    expect((await toggle(11)).json().data).toEqual([11, ...sections]);
    expect(await lastAudit(group.id)).toMatchObject({
      action: 'permissionOn',
      before: { permissions: [] },
      after: { permissions: [11, ...sections], type: 11 },
    });
    expect((await toggle(37)).json().data).toEqual([11, 34, 35, 36, 38]);
    expect((await toggle(37)).json().data).toEqual([11, ...sections]);
    expect((await toggle(1)).json().data).toEqual([1, 11, ...sections]);
    expect((await toggle(39)).json().data).toEqual([1, 11, ...sections, 39]);
    expect((await toggle(2)).json().data).toEqual([2, 11, ...sections]);
    expect((await toggle(16)).json().data).toEqual([16, 48, 49, 50, 51, 52]);
    expect((await toggle(16)).json().data).toEqual([]);
    await toggle(56);
    expect(await permissionsOf(group.id)).toEqual([56]);
    expect(await lastAudit(group.id)).toMatchObject({
      infoType: 'User Groups',
      action: 'permissionOn',
      before: { permissions: [] },
      after: { permissions: [56], type: 56 },
    });
    const read = await call('GET', `/user-groups/${group.id}/settings?organizationId=${orgA}`, superAdmin);
    expect(read.json()).toEqual({ data: [56] });
    expect((await call('GET', `/user-groups/${group.id}/settings?organizationId=${orgA}`, plainUser)).statusCode).toBe(
      403,
    );
  });
});

describe('group members', () => {
  it(`adds Users of the organization only, lists them, offers the others, and removes them ${req('GRP-004')}`, async () => {
    const group = await createUserGroup(t.db, { organizationId: orgA, name: 'Members' });
    await createUserGroup(t.db, { organizationId: orgA, name: 'Other', userIds: [people[0]!.id] });
    const add = (users: unknown, headers = admin) =>
      call('POST', `/user-groups/${group.id}/add`, headers, { organizationId: orgA, users });
    const [ann, ben, cara] = [people[0]!, people[1]!, people[2]!];
    expect((await add([{ userId: ann.id, trainingIds: [] }], {})).statusCode).toBe(401);
    expect(
      (
        await call('POST', `/user-groups/${foreignGroup.id}/add`, admin, {
          organizationId: orgA,
          users: [{ userId: ann.id }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await add([{ userId: ann.id, trainingIds: [] }], plainUser)).statusCode).toBe(403);
    const none = await add([]);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].message).toBe(messages.choosePeople);
    const trainings = await add([{ userId: ann.id, trainingIds: [foreignGroup.id] }]);
    expect(trainings.json().errors[0].message).toBe(messages.trainingNotOfGroup);
    const anAdmin = await add([{ userId: adminOfA.id, trainingIds: [] }]);
    expect(anAdmin.statusCode).toBe(400);
    expect(anAdmin.json().errors[0]).toMatchObject({ message: messages.groupUsersOnlyUsers, field: 'users' });
    const stranger = await createUser(t.db, { memberOf: [{ organizationId: orgB }] });
    expect((await add([{ userId: ann.id }, { userId: stranger.id }])).statusCode).toBe(400);
    expect(await membersOf(group.id)).toEqual([]);

    const options = await call('GET', `/user-groups/${group.id}/all?organizationId=${orgA}&search=ann%20adams`, admin);
    expect(options.statusCode).toBe(200);
    expect(options.json().data.map((o: { firstName: string }) => o.firstName)).toEqual(['Ann']);
    const byLastName = await call('GET', `/user-groups/${group.id}/all?organizationId=${orgA}&search=COLE`, admin);
    expect(byLastName.json().data.map((o: { id: string }) => o.id)).toEqual([people[2]!.id]);

    const res = await add([{ userId: ann.id, trainingIds: [] }, { userId: ben.id }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.usersAdded);
    expect(await membersOf(group.id)).toEqual([ann.id, ben.id].sort());
    expect(await lastAudit(group.id)).toMatchObject({ action: 'addUsers', after: { userIds: [ann.id, ben.id] } });
    const after = await call('GET', `/user-groups/${group.id}/all?organizationId=${orgA}`, admin);
    expect(after.json().data.map((o: { id: string }) => o.id)).not.toContain(ann.id);
    expect(after.json().data.map((o: { id: string }) => o.id)).toContain(cara.id);

    // Ann is in Source (duplicate test), Other and Members.
    const list = await call(
      'GET',
      `/user-groups/${group.id}/users?organizationId=${orgA}&orderBy=groupCount&orderType=desc`,
      admin,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      data: {
        users: [
          {
            id: ann.id,
            firstName: 'Ann',
            lastName: 'Adams',
            email: people[0]!.email,
            status: 'Active',
            isActivated: true,
            groupCount: 3,
            trainings: [],
          },
          {
            id: ben.id,
            firstName: 'Ben',
            lastName: 'Brown',
            email: people[1]!.email,
            status: 'Active',
            isActivated: true,
            groupCount: 1,
            trainings: [],
          },
        ],
        group: { name: 'Members' },
        assignedToTrainings: false,
      },
      pagination: { totalCount: 2, totalCapped: false },
    });
    expect((await call('GET', `/user-groups/${group.id}/users?organizationId=${orgA}`, plainUser)).statusCode).toBe(
      403,
    );

    const remove = (userId: string, headers = admin) =>
      call('DELETE', `/user-groups/${group.id}/users/${userId}?organizationId=${orgA}`, headers);
    expect((await remove(ben.id, {})).statusCode).toBe(401);
    expect((await remove(ben.id, plainUser)).statusCode).toBe(403);
    expect((await remove(cara.id)).statusCode).toBe(404);
    const removed = await remove(ben.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(messages.groupUserRemoved);
    expect(await membersOf(group.id)).toEqual([ann.id]);
    expect(await lastAudit(group.id)).toMatchObject({ action: 'removeUser', before: { userId: ben.id } });
  });
});

describe('DELETE /user-groups/:id', () => {
  it(`needs acknowledge for a group with users, moves them to the receiver, and is audited ${req('GRP-002')}`, async () => {
    const [ann, ben] = [people[0]!, people[1]!];
    const group = await createUserGroup(t.db, {
      organizationId: orgA,
      name: 'Leaving',
      permissions: [22],
      userIds: [ann.id, ben.id],
    });
    const receiver = await createUserGroup(t.db, { organizationId: orgA, name: 'Receiver', userIds: [ann.id] });
    const del = (query: string, headers = admin) =>
      call('DELETE', `/user-groups/${group.id}?organizationId=${orgA}${query}`, headers);
    expect((await del('', {})).statusCode).toBe(401);
    expect((await call('DELETE', `/user-groups/${foreignGroup.id}?organizationId=${orgA}`, admin)).statusCode).toBe(
      404,
    );
    expect((await del('', plainUser)).statusCode).toBe(403);
    const unacknowledged = await del('');
    expect(unacknowledged.statusCode).toBe(400);
    expect(unacknowledged.json().errors[0]).toMatchObject({
      message: messages.userGroupAcknowledge,
      field: 'acknowledge',
    });
    expect((await del(`&acknowledge=true&groupReceiverId=${group.id}`)).statusCode).toBe(400);
    expect((await del(`&acknowledge=true&groupReceiverId=${foreignGroup.id}`)).statusCode).toBe(404);
    expect(await membersOf(group.id)).toHaveLength(2);

    const res = await del(`&acknowledge=true&groupReceiverId=${receiver.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.userGroupDeleted);
    expect(
      await t.db
        .select()
        .from(userGroups)
        .where(and(eq(userGroups.organizationId, orgA), eq(userGroups.id, group.id))),
    ).toEqual([]);
    expect(await permissionsOf(group.id)).toEqual([]);
    expect(await membersOf(receiver.id)).toEqual([ann.id, ben.id].sort());
    expect(await lastAudit(group.id)).toMatchObject({
      action: 'delete',
      before: { name: 'Leaving', permissions: [22] },
      after: { usersMovedTo: { id: receiver.id, name: 'Receiver' } },
    });
  });

  it('deletes an empty group at once', async () => {
    const group = await createUserGroup(t.db, { organizationId: orgA, name: 'Empty' });
    expect((await call('DELETE', `/user-groups/${group.id}?organizationId=${orgA}`, admin)).statusCode).toBe(200);
  });
});

describe('exports', () => {
  it(`streams the groups CSV with the visible columns and the checked rows ${req('EXP-002')}`, async () => {
    const org = (await createOrganization(t.db)).id;
    const person = await createUser(t.db, { memberOf: [{ organizationId: org }] });
    const g1 = await createUserGroup(t.db, { organizationId: org, name: 'Alpha', userIds: [person.id] });
    await createUserGroup(t.db, { organizationId: org, name: 'Beta' });
    expect((await call('GET', `/export/groups?organizationId=${org}`, {})).statusCode).toBe(401);
    expect((await call('GET', `/export/groups?organizationId=${org}`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/export/groups?organizationId=${orgA}`, plainUser)).statusCode).toBe(403);
    const empty = await call('GET', `/export/groups?organizationId=${org}&search=zzz`, superAdmin);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].message).toBe(messages.noRecordsToExport);
    const all = await call('GET', `/export/groups?organizationId=${org}&columns=userCount&columns=name`, superAdmin);
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toContain('text/csv');
    expect(
      all.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toEqual(['Users,Group', '1,Alpha', '0,Beta']);
    const checked = await call('GET', `/export/groups?organizationId=${org}&selectedIds=${g1.id}`, superAdmin);
    expect(
      checked.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toEqual(['Group,Users', 'Alpha,1']);

    const users = await call(
      'GET',
      `/export/group-users?organizationId=${org}&groupId=${g1.id}&columns=lastName&columns=isActivated`,
      superAdmin,
    );
    expect(users.statusCode).toBe(200);
    expect(
      users.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toEqual(['Last Name,Activated', 'Doe,Yes']);
    expect(
      (await call('GET', `/export/group-users?organizationId=${org}&groupId=${foreignGroup.id}`, superAdmin))
        .statusCode,
    ).toBe(404);
  });
});
