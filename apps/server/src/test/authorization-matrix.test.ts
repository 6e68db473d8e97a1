import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { documentTypes, tags } from '../db/schema/index.js';
import { newId } from '../core/ids.js';
import { createTestContext, type TestContext } from './harness.js';
import { createOrganization, createUser, createUserGroup, signIn } from './factories.js';
import { multipartFile, PNG_BYTES } from './multipart.js';

/**
 * Every organization-level endpoint, called by every kind of caller, against organization A.
 * One table holds the expected status of each cell; a cell that answers otherwise fails.
 *
 *   anon      no session
 *   sa        the provider's SuperAdmin
 *   admin     an Admin active in A
 *   user56    a User of A in a group with "view all documents" (11) and settings (56)
 *   user      a User of A in no group
 *   inactive  a User of A whose membership is Inactive
 *   outsider  an Admin active only in organization B
 */
const ACTORS = ['anon', 'sa', 'admin', 'user56', 'user', 'inactive', 'outsider'] as const;
type ActorName = (typeof ACTORS)[number];
type Expected = Record<ActorName, number>;

// Frequent rows of the table.
const row = (
  anon: number,
  sa: number,
  admin: number,
  user56: number,
  user: number,
  inactive: number,
  outsider: number,
) => ({ anon, sa, admin, user56, user, inactive, outsider }) satisfies Expected;
const ADMINS_ONLY = (ok: number) => row(401, ok, ok, 403, 403, 422, 404);
const SUPERADMIN_ONLY = (ok: number) => row(401, ok, 403, 403, 403, 403, 403);
const SUPERADMIN_ONLY_IN_A = (ok: number) => row(401, ok, 403, 403, 403, 422, 404);
const MEMBERS = (ok: number) => row(401, ok, ok, ok, ok, 422, 404);
const SETTINGS = (ok: number) => row(401, ok, ok, ok, 403, 422, 404);

interface Fixture {
  orgA: string;
  orgB: string;
  ids: Record<ActorName | 'targetUser' | 'targetAdmin', string>;
  groupA: string;
}

interface Case {
  name: string;
  expected: Expected;
  /** Built per cell, so a cell that creates or deletes works on its own records. */
  request: (f: Fixture, t: TestContext, actor: ActorName) => Promise<InjectOptions> | InjectOptions;
}

let sequence = 0;
const fresh = (label: string) => `${label} ${++sequence}`;

const CASES: Case[] = [
  // Foundation
  {
    // Everyone lists their own organizations: the inactive member gets none, the outsider only B.
    name: 'GET /organizations',
    expected: row(401, 200, 200, 200, 200, 200, 200),
    request: () => ({ method: 'GET', url: '/api/v1/organizations' }),
  },
  {
    name: 'GET /organizations/{A}',
    expected: MEMBERS(200),
    request: (f) => ({ method: 'GET', url: `/api/v1/organizations/${f.orgA}` }),
  },
  {
    name: 'GET /users/me/profile',
    expected: row(401, 200, 200, 200, 200, 200, 200),
    request: () => ({ method: 'GET', url: '/api/v1/users/me/profile' }),
  },
  // Provider administration
  {
    name: 'POST /organizations',
    expected: SUPERADMIN_ONLY(201),
    request: () => ({ method: 'POST', url: '/api/v1/organizations', payload: { name: fresh('Org') } }),
  },
  {
    name: 'PUT /organizations/{A}/name',
    expected: SUPERADMIN_ONLY(200),
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/organizations/${f.orgA}/name`,
      payload: { name: 'Alpha Medical' },
    }),
  },
  {
    name: 'GET /export/organizations',
    expected: SUPERADMIN_ONLY(200),
    request: () => ({ method: 'GET', url: '/api/v1/export/organizations' }),
  },
  {
    name: 'DELETE /organizations/{new}',
    expected: SUPERADMIN_ONLY(200),
    request: async (_f, t) => ({
      method: 'DELETE',
      url: `/api/v1/organizations/${(await createOrganization(t.db)).id}`,
    }),
  },
  // People
  {
    name: 'GET /client-admins',
    expected: SUPERADMIN_ONLY_IN_A(200),
    request: (f) => ({ method: 'GET', url: '/api/v1/client-admins', query: { organizationId: f.orgA } }),
  },
  {
    name: 'POST /client-admins',
    expected: SUPERADMIN_ONLY_IN_A(201),
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/client-admins',
      payload: { organizationId: f.orgA, firstName: 'Ada', lastName: 'Min', email: `${newId()}@example.test` },
    }),
  },
  {
    name: 'GET /client-users',
    expected: ADMINS_ONLY(200),
    request: (f) => ({ method: 'GET', url: '/api/v1/client-users', query: { organizationId: f.orgA } }),
  },
  {
    name: 'POST /client-users',
    expected: ADMINS_ONLY(201),
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/client-users',
      payload: { organizationId: f.orgA, firstName: 'Use', lastName: 'R', email: `${newId()}@example.test` },
    }),
  },
  {
    name: 'GET /export/users',
    expected: ADMINS_ONLY(200),
    request: (f) => ({ method: 'GET', url: '/api/v1/export/users', query: { organizationId: f.orgA } }),
  },
  {
    name: 'PATCH /client-users/{target}/status',
    expected: ADMINS_ONLY(200),
    request: (f) => ({
      method: 'PATCH',
      url: `/api/v1/client-users/${f.ids.targetUser}/status`,
      payload: { ids: [f.orgA], status: 'Inactive' },
    }),
  },
  // Access and groups
  {
    name: 'GET /users/me (flags)',
    expected: MEMBERS(200),
    request: (f) => ({ method: 'GET', url: '/api/v1/users/me', query: { organizationId: f.orgA } }),
  },
  {
    name: 'GET /client-users/{user56} (flags)',
    expected: row(401, 200, 200, 200, 403, 422, 404),
    request: (f) => ({ method: 'GET', url: `/api/v1/client-users/${f.ids.user56}`, query: { organizationId: f.orgA } }),
  },
  {
    name: 'GET /user-groups',
    expected: ADMINS_ONLY(200),
    request: (f) => ({ method: 'GET', url: '/api/v1/user-groups', query: { organizationId: f.orgA } }),
  },
  {
    name: 'POST /user-groups',
    expected: ADMINS_ONLY(201),
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/user-groups',
      payload: { organizationId: f.orgA, name: fresh('Group') },
    }),
  },
  {
    name: 'PUT /user-groups/{A}/settings',
    expected: ADMINS_ONLY(200),
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/user-groups/${f.groupA}/settings`,
      payload: { organizationId: f.orgA, type: 22 },
    }),
  },
  {
    name: 'GET /user-groups/{A}/users',
    expected: ADMINS_ONLY(200),
    request: (f) => ({
      method: 'GET',
      url: `/api/v1/user-groups/${f.groupA}/users`,
      query: { organizationId: f.orgA },
    }),
  },
  {
    name: 'DELETE /user-groups/{new}',
    expected: ADMINS_ONLY(200),
    request: async (f, t) => {
      const group = await createUserGroup(t.db, { organizationId: f.orgA });
      return { method: 'DELETE', url: `/api/v1/user-groups/${group.id}`, query: { organizationId: f.orgA } };
    },
  },
  // Settings
  {
    name: 'GET /organizations/{A}/document-types',
    expected: MEMBERS(200),
    request: (f) => ({ method: 'GET', url: `/api/v1/organizations/${f.orgA}/document-types` }),
  },
  {
    name: 'POST /organizations/{A}/document-types',
    expected: SETTINGS(201),
    request: (f) => ({
      method: 'POST',
      url: `/api/v1/organizations/${f.orgA}/document-types`,
      payload: { name: fresh('SOP') },
    }),
  },
  {
    name: 'DELETE /organizations/{A}/tags/{new}',
    expected: SETTINGS(200),
    request: async (f, t) => {
      const [tag] = await t.db
        .insert(tags)
        .values({ organizationId: f.orgA, id: newId(), name: fresh('tag') })
        .returning();
      return { method: 'DELETE', url: `/api/v1/organizations/${f.orgA}/tags/${tag!.id}` };
    },
  },
  {
    name: 'DELETE /organizations/{A}/document-types/{new}',
    expected: SETTINGS(200),
    request: async (f, t) => {
      const [type] = await t.db
        .insert(documentTypes)
        .values({ organizationId: f.orgA, id: newId(), name: fresh('type') })
        .returning();
      return { method: 'DELETE', url: `/api/v1/organizations/${f.orgA}/document-types/${type!.id}` };
    },
  },
  {
    name: 'PUT /organizations/{A}/logo/{own upload}',
    expected: SETTINGS(200),
    request: async (f, t, actor) => {
      // Each caller uploads its own image first (uploads are per person).
      const body = multipartFile('logo.png', PNG_BYTES);
      const uploaded = await t.app.inject({
        method: 'POST',
        url: '/api/v1/upload/image',
        payload: body.payload,
        headers: { ...sessions[actor], ...body.headers },
      });
      const imageId = uploaded.statusCode === 201 ? uploaded.json().data.id : newId();
      return { method: 'PUT', url: `/api/v1/organizations/${f.orgA}/logo/${imageId}` };
    },
  },
  {
    name: 'GET /system-notifications/count',
    expected: MEMBERS(200),
    request: (f) => ({ method: 'GET', url: '/api/v1/system-notifications/count', query: { organizationId: f.orgA } }),
  },
  {
    name: 'PUT /users/{targetUser} (names)',
    expected: row(401, 200, 200, 403, 403, 404, 404),
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/users/${f.ids.targetUser}`,
      payload: { firstName: 'Ted', lastName: 'User' },
    }),
  },
  {
    name: 'PUT /users/{targetAdmin} (names)',
    expected: row(401, 200, 403, 403, 403, 404, 404),
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/users/${f.ids.targetAdmin}`,
      payload: { firstName: 'Ann', lastName: 'Admin' },
    }),
  },
  {
    name: 'PATCH /verifications/user-access-code/{targetUser}',
    expected: row(401, 200, 200, 403, 403, 404, 404),
    request: (f) => ({ method: 'PATCH', url: `/api/v1/verifications/user-access-code/${f.ids.targetUser}` }),
  },
  {
    name: 'GET /client-users/{user56}/settings',
    expected: row(401, 200, 200, 200, 403, 422, 404),
    request: (f) => ({
      method: 'GET',
      url: `/api/v1/client-users/${f.ids.user56}/settings`,
      query: { organizationId: f.orgA },
    }),
  },
  {
    name: 'GET /export/groups',
    expected: ADMINS_ONLY(200),
    request: (f) => ({ method: 'GET', url: '/api/v1/export/groups', query: { organizationId: f.orgA } }),
  },
  {
    name: 'GET /organizations/{A}/tags',
    expected: MEMBERS(200),
    request: (f) => ({ method: 'GET', url: `/api/v1/organizations/${f.orgA}/tags` }),
  },
  {
    name: 'GET /system-notifications',
    expected: MEMBERS(200),
    request: (f) => ({ method: 'GET', url: '/api/v1/system-notifications', query: { organizationId: f.orgA } }),
  },
];

let t: TestContext;
let fixture: Fixture;
const sessions = {} as Record<ActorName, Record<string, string>>;

beforeAll(async () => {
  t = await createTestContext();
  const orgA = (await createOrganization(t.db, { name: 'Alpha' })).id;
  const orgB = (await createOrganization(t.db, { name: 'Beta' })).id;
  const people = {
    sa: await createUser(t.db, { role: 'SuperAdmin' }),
    admin: await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId: orgA }] }),
    user56: await createUser(t.db, { memberOf: [{ organizationId: orgA }] }),
    user: await createUser(t.db, { memberOf: [{ organizationId: orgA }] }),
    inactive: await createUser(t.db, { memberOf: [{ organizationId: orgA, status: 'Inactive' }] }),
    outsider: await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId: orgB }] }),
    targetUser: await createUser(t.db, { password: null, memberOf: [{ organizationId: orgA }] }),
    targetAdmin: await createUser(t.db, { role: 'Admin', password: null, memberOf: [{ organizationId: orgA }] }),
  };
  const group = await createUserGroup(t.db, {
    organizationId: orgA,
    permissions: [11, 56],
    userIds: [people.user56.id],
  });
  sessions.anon = {};
  for (const actor of ACTORS.filter((a) => a !== 'anon')) {
    sessions[actor] = (await signIn(t.app, people[actor as Exclude<ActorName, 'anon'>].email)).headers;
  }
  fixture = {
    orgA,
    orgB,
    groupA: group.id,
    ids: { anon: '', ...Object.fromEntries(Object.entries(people).map(([k, v]) => [k, v.id])) } as Fixture['ids'],
  };
});
afterAll(() => t.close());

describe('authorization matrix', () => {
  it('answers every cell as the table says', async () => {
    const mismatches: string[] = [];
    let cells = 0;
    for (const c of CASES) {
      for (const actor of ACTORS) {
        const options = await c.request(fixture, t, actor);
        const res = await t.app.inject({ ...options, headers: { ...options.headers, ...sessions[actor] } });
        cells += 1;
        if (res.statusCode !== c.expected[actor]) {
          mismatches.push(
            `${c.name} as ${actor}: expected ${c.expected[actor]}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
        }
        // Nothing the outsider receives carries organization A's data.
        if (actor === 'outsider') expect(res.body, c.name).not.toContain('Alpha');
      }
    }
    console.log(`authorization matrix: ${cells} cells checked (${CASES.length} endpoints x ${ACTORS.length} callers)`);
    expect(mismatches).toEqual([]);
  });
});
