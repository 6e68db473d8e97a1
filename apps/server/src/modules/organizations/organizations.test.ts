import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@qualis/contract';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createOrganization, createUser, signIn } from '../../test/factories.js';
import { req } from '../../../../../docs/requirements/req.js';

let t: TestContext;
let superAdmin: { headers: Record<string, string> };
let member: { headers: Record<string, string> };
const orgs: Record<string, Awaited<ReturnType<typeof createOrganization>>> = {};

beforeAll(async () => {
  t = await createTestContext();
  const names = ['Zeta Medical', 'alpha Devices', 'Beta 50% Labs', 'Gamma_Bio', 'Delta Implants'];
  for (const name of names) orgs[name] = await createOrganization(t.db, { name });
  orgs.inactive = await createOrganization(t.db, { name: 'Omega Closed', status: 'Inactive' });
  orgs.managed = await createOrganization(t.db, { name: 'Client Run', isManagedByClient: true });
  const sa = await createUser(t.db, { role: 'SuperAdmin' });
  superAdmin = await signIn(t.app, sa.email);
  const person = await createUser(t.db, {
    memberOf: [
      { organizationId: orgs['Zeta Medical']!.id },
      { organizationId: orgs['alpha Devices']!.id, status: 'Inactive' },
      { organizationId: orgs.inactive.id },
    ],
  });
  member = await signIn(t.app, person.email);
});
afterAll(() => t.close());

const list = (query: string, headers = superAdmin.headers) =>
  t.app.inject({ method: 'GET', url: `/api/v1/organizations${query}`, headers });
const names = (res: { json(): { data: { name: string }[] } }) => res.json().data.map((o) => o.name);

describe('GET /organizations', () => {
  it('needs a session', async () => {
    expect((await list('', {})).statusCode).toBe(401);
  });

  it('lists every organization for the SuperAdmin, by name, with the total', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    expect(res.json().pagination).toEqual({ totalCount: 7, totalCapped: false });
    expect(names(res)).toEqual([
      'alpha Devices',
      'Beta 50% Labs',
      'Client Run',
      'Delta Implants',
      'Gamma_Bio',
      'Omega Closed',
      'Zeta Medical',
    ]);
    expect(res.json().data[0]).toEqual({
      id: orgs['alpha Devices']!.id,
      name: 'alpha Devices',
      status: 'Active',
      isManagedByClient: false,
      logo: null,
      signingRequiresPassword: false,
      reviewReminderDays: 30,
    });
  });

  it(`lists only the active organizations a person is active in ${req('AUTH-011')}`, async () => {
    const res = await list('', member.headers);
    expect(names(res)).toEqual(['Zeta Medical']);
    expect(res.json().pagination.totalCount).toBe(1);
  });

  it(`pages, sorts both ways in both spellings, and searches literally ${req('ORG-006')}`, async () => {
    const page = await list('?limit=2&offset=2');
    expect(names(page)).toEqual(['Client Run', 'Delta Implants']);
    expect(page.json().pagination.totalCount).toBe(7);
    expect(names(await list('?orderBy=name&orderType=desc&limit=1'))).toEqual(['Zeta Medical']);
    expect(names(await list('?Order.Key=Name&Order.Direction=desc&limit=1'))).toEqual(['Zeta Medical']);
    expect(names(await list('?orderBy=status&orderType=desc&limit=1'))).toEqual(['Omega Closed']);
    expect(names(await list('?orderBy=isManagedByClient&orderType=desc&limit=1'))).toEqual(['Client Run']);
    expect(names(await list('?search=50%25'))).toEqual(['Beta 50% Labs']);
    expect(names(await list('?search=_'))).toEqual(['Gamma_Bio']);
    expect(names(await list('?search=DEVICES'))).toEqual(['alpha Devices']);
    const beyond = await list('?offset=100');
    expect(beyond.json()).toEqual({ data: [], pagination: { totalCount: 7, totalCapped: false } });
  });

  it('keeps the unfiltered total, which it does not count, exact through creation and deletion', async () => {
    const extra = await createOrganization(t.db, { name: 'Transient Org' });
    expect((await list('?limit=1')).json().pagination.totalCount).toBe(8);
    await t.database.raw.exec(`DELETE FROM organizations WHERE id = '${extra.id}'`);
    expect((await list('?limit=1')).json().pagination.totalCount).toBe(7);
    expect((await list('?limit=1&search=a')).json().pagination.totalCount).toBe(6);
  });

  it('refuses unknown sort columns and bad paging with a message', async () => {
    const sort = await list('?orderBy=password_hash');
    expect(sort.statusCode).toBe(400);
    expect(sort.json().errors[0]).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: messages.invalidSortColumn,
      field: 'orderBy',
    });
    const limit = await list('?limit=0');
    expect(limit.statusCode).toBe(400);
    expect(limit.json().errors[0]).toMatchObject({ message: 'limit must be at least 1', field: 'limit' });
  });
});

describe('GET /organizations/:id', () => {
  const read = (id: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/v1/organizations/${id}`, headers });

  it('needs a session', async () => {
    expect((await read(orgs['Zeta Medical']!.id, {})).statusCode).toBe(401);
  });

  it(`answers 404 for an organization the person does not belong to, as for one that does not exist ${req('PERM-008')}`, async () => {
    const other = await read(orgs['Delta Implants']!.id, member.headers);
    const missing = await read('01900000-0000-7000-8000-000000000000', member.headers);
    for (const res of [other, missing]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ errors: [{ code: 'NOT_FOUND', message: messages.notFound }] });
    }
  });

  it(`answers 422 for an inactive membership or an inactive organization, saying which ${req('ORG-003', 'PEOPLE-005')}`, async () => {
    const cases = [
      { id: orgs['alpha Devices']!.id, message: messages.membershipInactive },
      { id: orgs.inactive!.id, message: messages.organizationInactive },
    ];
    for (const { id, message } of cases) {
      const res = await read(id, member.headers);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0].message).toBe(message);
    }
  });

  it(`keeps the SuperAdmin out of an organization managed by the client ${req('ORG-004')}`, async () => {
    const res = await read(orgs.managed!.id, superAdmin.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].message).toBe(messages.accessDenied);
  });

  it('reads an organization for its active member and for the SuperAdmin', async () => {
    const mine = await read(orgs['Zeta Medical']!.id, member.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ name: 'Zeta Medical', status: 'Active' });
    expect((await read(orgs.inactive!.id, superAdmin.headers)).statusCode).toBe(200);
  });
});
