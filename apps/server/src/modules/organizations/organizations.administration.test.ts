import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { messages } from '@qualis/contract';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { testApi, type AuthHeaders } from '../../test/api.js';
import { createOrganization, createUser, signIn } from '../../test/factories.js';
import { verifyAuditChain } from '../../core/audit.js';
import { nextNumber } from '../../core/counters.js';
import { FileMissingError } from '../../core/files.js';
import { newId } from '../../core/ids.js';
import {
  auditChainHeads,
  auditEvents,
  mailOutbox,
  memberships,
  organizationCounters,
  organizations,
  images,
  organizationFiles,
  users,
} from '../../db/schema/index.js';
import { req } from '../../../../../docs/requirements/req.js';

type Org = Awaited<ReturnType<typeof createOrganization>>;

let t: TestContext;
const { call } = testApi(() => t);
let superAdmin: AuthHeaders;
let admin: AuthHeaders;
let user: AuthHeaders;
let mine: Org;
let other: Org;
const UNKNOWN = '01900000-0000-7000-8000-000000000000';

beforeAll(async () => {
  t = await createTestContext();
  mine = await createOrganization(t.db, { name: 'Acme Devices' });
  other = await createOrganization(t.db, { name: 'Other Labs' });
  const sa = await createUser(t.db, { role: 'SuperAdmin' });
  const a = await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId: mine.id }] });
  const u = await createUser(t.db, { role: 'User', memberOf: [{ organizationId: mine.id }] });
  superAdmin = (await signIn(t.app, sa.email)).headers;
  admin = (await signIn(t.app, a.email)).headers;
  user = (await signIn(t.app, u.email)).headers;
});
afterAll(() => t.close());

const eventsOf = (entityId: string, action: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, entityId), eq(auditEvents.action, action)))
    .orderBy(auditEvents.occurredAt);

/** The house order for a route on one organization: 401, 404 elsewhere, 403 for Admin and User. */
function refusesAllButTheSuperAdmin(method: 'PUT' | 'PATCH' | 'DELETE', path: (id: string) => string, body?: object) {
  it('needs a session', async () => {
    expect((await call(method, path(mine.id), {}, body)).statusCode).toBe(401);
  });

  it(`answers 403 to anyone but the SuperAdmin whatever the organization, and 404 for an unknown one ${req('ORG-001')}`, async () => {
    // Decided before the id is looked at: the answer says nothing about another organization.
    for (const id of [other.id, UNKNOWN]) {
      const res = await call(method, path(id), admin, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].message).toBe(messages.accessDenied);
    }
    const unknown = await call(method, path(UNKNOWN), superAdmin, body);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].message).toBe(messages.notFound);
  });

  it(`answers 403 to the Admin and the User of the organization, and changes nothing ${req('ORG-001')}`, async () => {
    for (const headers of [admin, user]) {
      const res = await call(method, path(mine.id), headers, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].message).toBe(messages.accessDenied);
    }
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, mine.id));
    expect(row).toMatchObject({ name: 'Acme Devices', status: 'Active', isManagedByClient: false });
  });
}

describe('POST /organizations', () => {
  const create = (headers: AuthHeaders, payload: object) => call('POST', '/organizations', headers, payload);

  it('needs a session', async () => {
    expect((await create({}, { name: 'X' })).statusCode).toBe(401);
  });

  it('answers 403 to an Admin and a User', async () => {
    for (const headers of [admin, user]) expect((await create(headers, { name: 'X' })).statusCode).toBe(403);
  });

  it(`refuses a missing, blank or too long name with its message ${req('ORG-002')}`, async () => {
    for (const [payload, message] of [
      [{}, messages.fieldRequired],
      [{ name: '   ' }, messages.fieldRequired],
      [{ name: 'x'.repeat(101) }, messages.nameTooLong],
    ] as const) {
      const res = await create(superAdmin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', message, field: 'name' });
    }
    expect(await t.db.select().from(organizations)).toHaveLength(2);
  });

  it(`creates an active organization, trimmed, and starts its audit chain ${req('AUD-003')}`, async () => {
    const res = await create(superAdmin, { name: '  Nova Implants  ' });
    expect(res.statusCode).toBe(201);
    const { data, message } = res.json();
    expect(message).toBe(messages.organizationCreated);
    expect(data).toEqual({
      id: data.id,
      name: 'Nova Implants',
      status: 'Active',
      isManagedByClient: false,
      logo: null,
      signingRequiresPassword: false,
      reviewReminderDays: 30,
    });
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, data.id));
    expect(row).toMatchObject({ name: 'Nova Implants', status: 'Active', isManagedByClient: false });
    const [event] = await eventsOf(data.id, 'create');
    expect(event).toMatchObject({
      organizationId: data.id,
      chainKey: data.id,
      seq: 1,
      infoType: 'Organizations',
      entityType: 'organization',
      after: { name: 'Nova Implants', status: 'Active', isManagedByClient: false },
    });
    expect(event!.actorEmail).toMatch(/^person-/);
    expect((await verifyAuditChain(t.db, data.id)).ok).toBe(true);
    // 100 characters exactly is allowed.
    expect((await create(superAdmin, { name: 'n'.repeat(100) })).statusCode).toBe(201);
  });
});

describe('PUT /organizations/:id/name', () => {
  const path = (id: string) => `/organizations/${id}/name`;
  refusesAllButTheSuperAdmin('PUT', path, { name: 'Renamed' });

  it(`refuses a blank or too long name ${req('ORG-002')}`, async () => {
    for (const [name, message] of [
      ['', messages.fieldRequired],
      ['x'.repeat(101), messages.nameTooLong],
    ] as const) {
      const res = await call('PUT', path(mine.id), superAdmin, { name });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ message, field: 'name' });
    }
  });

  it(`renames, audited with before and after; the same name again changes nothing ${req('AUD-001')}`, async () => {
    const org = await createOrganization(t.db, { name: 'Old Name' });
    const res = await call('PUT', path(org.id), superAdmin, { name: ' New Name ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { id: org.id, name: 'New Name' }, message: messages.organizationRenamed });
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, org.id));
    expect(row!.name).toBe('New Name');
    expect(await eventsOf(org.id, 'rename')).toMatchObject([
      { organizationId: org.id, infoType: 'Organizations', before: { name: 'Old Name' }, after: { name: 'New Name' } },
    ]);
    expect((await call('PUT', path(org.id), superAdmin, { name: 'New Name' })).statusCode).toBe(200);
    expect(await eventsOf(org.id, 'rename')).toHaveLength(1);
  });
});

describe('PATCH and PUT /organizations/:id/status', () => {
  const path = (id: string) => `/organizations/${id}/status`;
  refusesAllButTheSuperAdmin('PATCH', path);

  it(`deactivates at once for every member, and activation gives access back (PATCH, then PUT) ${req('ORG-003')}`, async () => {
    const org = await createOrganization(t.db, { name: 'Toggle Co' });
    const member = await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId: org.id }] });
    const memberHeaders = (await signIn(t.app, member.email)).headers;
    const listed = async () => (await call('GET', '/organizations', memberHeaders)).json().data.map((o: Org) => o.id);
    expect((await call('GET', `/organizations/${org.id}`, memberHeaders)).statusCode).toBe(200);

    const off = await call('PATCH', path(org.id), superAdmin);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      data: { id: org.id, status: 'Inactive' },
      message: messages.organizationStatusChanged,
    });
    const locked = await call('GET', `/organizations/${org.id}`, memberHeaders);
    expect(locked.statusCode).toBe(422);
    expect(locked.json().errors[0].message).toBe(messages.organizationInactive);
    expect(await listed()).not.toContain(org.id);

    const on = await call('PUT', path(org.id), superAdmin);
    expect(on.json().data.status).toBe('Active');
    expect((await call('GET', `/organizations/${org.id}`, memberHeaders)).statusCode).toBe(200);
    expect(await listed()).toContain(org.id);

    expect(await eventsOf(org.id, 'change-status')).toMatchObject([
      {
        organizationId: org.id,
        infoType: 'Organizations',
        before: { status: 'Active' },
        after: { status: 'Inactive' },
      },
      { before: { status: 'Inactive' }, after: { status: 'Active' } },
    ]);
  });
});

describe('PATCH and PUT /organizations/:id/managed-by-client', () => {
  const path = (id: string) => `/organizations/${id}/managed-by-client`;
  refusesAllButTheSuperAdmin('PUT', path);

  it(`keeps the SuperAdmin out while on, still listed, and toggles back (PATCH, then PUT) ${req('ORG-004')}`, async () => {
    const org = await createOrganization(t.db, { name: 'Client Owned' });
    const on = await call('PATCH', path(org.id), superAdmin);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ data: { id: org.id, isManagedByClient: true } });
    const enter = await call('GET', `/organizations/${org.id}`, superAdmin);
    expect(enter.statusCode).toBe(403);
    const list = await call('GET', '/organizations?search=Client%20Owned', superAdmin);
    expect(list.json().data).toMatchObject([{ id: org.id, isManagedByClient: true }]);

    const off = await call('PUT', path(org.id), superAdmin);
    expect(off.json()).toEqual({ data: { id: org.id, isManagedByClient: false } });
    expect((await call('GET', `/organizations/${org.id}`, superAdmin)).statusCode).toBe(200);
    expect(await eventsOf(org.id, 'change-managed-by-client')).toMatchObject([
      { organizationId: org.id, before: { isManagedByClient: false }, after: { isManagedByClient: true } },
      { before: { isManagedByClient: true }, after: { isManagedByClient: false } },
    ]);
  });
});

describe('DELETE /organizations/:id', () => {
  refusesAllButTheSuperAdmin('DELETE', (id) => `/organizations/${id}`);

  const storedRow = (key: string) => ({
    id: newId(),
    storageKey: key,
    sizeBytes: 10,
    sha256: 'a'.repeat(64),
  });

  /** An organization file, with its bytes. */
  async function storeFile(organizationId: string, key: string) {
    await t.app.ctx.storage.put(key, Buffer.from(`bytes of ${key}`));
    const row = { ...storedRow(key), organizationId, originalName: 'f.pdf', contentType: 'application/pdf' };
    await t.db.insert(organizationFiles).values(row);
    return row.id;
  }

  /** A person's image (a logo before it is set), with its bytes. */
  async function storeImage(key: string) {
    await t.app.ctx.storage.put(key, Buffer.from(`bytes of ${key}`));
    const row = { ...storedRow(key), originalName: 'f.png', contentType: 'image/png' };
    await t.db.insert(images).values(row);
    return row.id;
  }

  it(`removes the organization with its rows, files, bytes and audit events; people stay ${req('ORG-005')}`, async () => {
    const create = await call('POST', '/organizations', superAdmin, { name: 'Doomed Inc' });
    const id = create.json().data.id as string;
    await call('PUT', `/organizations/${id}/name`, superAdmin, { name: 'Doomed Ltd' });
    const person = await createUser(t.db, { memberOf: [{ organizationId: id }, { organizationId: other.id }] });
    await nextNumber(t.db, id, 'documents');
    await nextNumber(t.db, other.id, 'documents');
    await storeFile(id, `test/${id}/document`);
    const logo = await storeImage(`test/${id}/logo`);
    const keptFile = await storeFile(other.id, `test/${other.id}/document`);
    await t.db.update(organizations).set({ logoFileId: logo }).where(eq(organizations.id, id));
    await t.db.transaction((tx) =>
      t.app.ctx.mailer.enqueue(tx, { to: person.email, subject: 'S', text: 'T', organizationId: id }),
    );
    await call('PATCH', `/organizations/${other.id}/status`, superAdmin);
    await call('PATCH', `/organizations/${other.id}/status`, superAdmin);

    const res = await call('DELETE', `/organizations/${id}`, superAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { message: messages.organizationDeleted } });

    expect(await t.db.select().from(organizations).where(eq(organizations.id, id))).toEqual([]);
    expect(await t.db.select().from(memberships).where(eq(memberships.organizationId, id))).toEqual([]);
    expect(await t.db.select().from(organizationCounters).where(eq(organizationCounters.organizationId, id))).toEqual(
      [],
    );
    expect(await t.db.select().from(auditEvents).where(eq(auditEvents.organizationId, id))).toEqual([]);
    expect(await t.db.select().from(auditChainHeads).where(eq(auditChainHeads.chainKey, id))).toEqual([]);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.organizationId, id))).toEqual([]);
    const files = await t.db.select({ id: organizationFiles.id }).from(organizationFiles);
    expect(files.map((f) => f.id)).toEqual([keptFile]);
    expect(await t.db.select().from(images)).toEqual([]);
    await expect(t.app.ctx.storage.read(`test/${id}/document`)).rejects.toBeInstanceOf(FileMissingError);
    await expect(t.app.ctx.storage.read(`test/${id}/logo`)).rejects.toBeInstanceOf(FileMissingError);
    await expect(t.app.ctx.storage.read(`test/${other.id}/document`)).resolves.toBeDefined();

    // The person and the other organization's data stay.
    expect(await t.db.select().from(users).where(eq(users.id, person.id))).toHaveLength(1);
    expect(await t.db.select().from(memberships).where(eq(memberships.userId, person.id))).toHaveLength(1);
    expect(
      await t.db.select().from(organizationCounters).where(eq(organizationCounters.organizationId, other.id)),
    ).toHaveLength(1);
    expect((await verifyAuditChain(t.db, other.id)).ok).toBe(true);

    const deletion = await t.db
      .select()
      .from(auditEvents)
      .where(and(isNull(auditEvents.organizationId), eq(auditEvents.action, 'delete'), eq(auditEvents.entityId, id)));
    expect(deletion).toMatchObject([
      {
        chainKey: 'provider',
        infoType: 'Organizations',
        entityType: 'organization',
        before: { id, name: 'Doomed Ltd', status: 'Active', isManagedByClient: false },
        after: { removed: { memberships: 1, files: 2, auditEvents: 2, mails: 1, jobs: 0 } },
      },
    ]);
    expect((await verifyAuditChain(t.db, 'provider')).ok).toBe(true);

    expect((await call('DELETE', `/organizations/${id}`, superAdmin)).statusCode).toBe(404);
  });

  it('deletes an organization managed by the client too', async () => {
    const org = await createOrganization(t.db, { isManagedByClient: true });
    expect((await call('DELETE', `/organizations/${org.id}`, superAdmin)).statusCode).toBe(200);
    expect(await t.db.select().from(organizations).where(eq(organizations.id, org.id))).toEqual([]);
  });
});
