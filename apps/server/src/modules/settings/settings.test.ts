import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@qualis/contract';
import { auditEvents, documentTypes, organizations, images, tags } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { testApi, type AuthHeaders } from '../../test/api.js';
import { createOrganization, createUser, createUserGroup, signIn, uploadImage } from '../../test/factories.js';
import { PNG_BYTES, multipartFile } from '../../test/multipart.js';

let t: TestContext;
const { call } = testApi(() => t);
let orgA: string;
let orgB: string;
let admin: AuthHeaders;
let superAdmin: AuthHeaders;
let manager: AuthHeaders;
let plainUser: AuthHeaders;

beforeAll(async () => {
  t = await createTestContext();
  orgA = (await createOrganization(t.db, { name: 'Alpha Devices' })).id;
  orgB = (await createOrganization(t.db, { name: 'Beta Labs' })).id;
  admin = (await signIn(t.app, (await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId: orgA }] })).email))
    .headers;
  superAdmin = (await signIn(t.app, (await createUser(t.db, { role: 'SuperAdmin' })).email)).headers;
  const m = await createUser(t.db, { memberOf: [{ organizationId: orgA }] });
  await createUserGroup(t.db, { organizationId: orgA, name: 'Settings', permissions: [56], userIds: [m.id] });
  manager = (await signIn(t.app, m.email)).headers;
  const u = await createUser(t.db, { memberOf: [{ organizationId: orgA }] });
  await createUserGroup(t.db, { organizationId: orgA, name: 'Readers', permissions: [11], userIds: [u.id] });
  plainUser = (await signIn(t.app, u.email)).headers;
});
afterAll(() => t.close());

const auditOf = async (entityId: string) =>
  (await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, entityId))).sort((a, b) => a.seq - b.seq);

for (const kind of [
  {
    path: 'document-types',
    table: documentTypes,
    infoType: 'Document Types',
    created: messages.documentTypeCreated,
    deleted: messages.documentTypeDeleted,
    taken: messages.documentTypeNameTaken,
  },
  {
    path: 'tags',
    table: tags,
    infoType: 'Tags',
    created: messages.tagCreated,
    deleted: messages.tagDeleted,
    taken: messages.tagNameTaken,
  },
] as const) {
  describe(`/organizations/:id/${kind.path}`, () => {
    const url = (org: string) => `/organizations/${org}/${kind.path}`;

    it('needs a session', async () => {
      expect((await call('GET', url(orgA), {})).statusCode).toBe(401);
      expect((await call('POST', url(orgA), {}, { name: 'SOP' })).statusCode).toBe(401);
    });

    it('answers 404 for another organization', async () => {
      expect((await call('GET', url(orgB), admin)).statusCode).toBe(404);
      expect((await call('POST', url(orgB), manager, { name: 'SOP' })).statusCode).toBe(404);
    });

    it('refuses changes to a User without Permission.ManageOrganizationSettings, who may still read them', async () => {
      const res = await call('POST', url(orgA), plainUser, { name: 'SOP' });
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].message).toBe(messages.accessDenied);
      expect((await call('GET', url(orgA), plainUser)).statusCode).toBe(200);
    });

    it('refuses a missing, blank or too long name', async () => {
      for (const body of [{}, { name: '   ' }]) {
        const res = await call('POST', url(orgA), admin, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[0]).toMatchObject({
          code: 'VALIDATION_FAILED',
          message: messages.fieldRequired,
          field: 'name',
        });
      }
      const long = await call('POST', url(orgA), admin, { name: 'x'.repeat(101) });
      expect(long.json().errors[0]).toMatchObject({ message: messages.nameTooLong, field: 'name' });
      expect(await t.db.select().from(kind.table).where(eq(kind.table.organizationId, orgA))).toEqual([]);
    });

    it('creates trimmed, unique names, lists them by name, and deletes them, audited', async () => {
      const created = [];
      for (const [headers, name] of [
        [admin, ' work instruction '],
        [manager, 'Policy'],
        [superAdmin, 'SOP'],
      ] as const) {
        const res = await call('POST', url(orgA), headers, { name });
        expect(res.statusCode).toBe(201);
        expect(res.json().message).toBe(kind.created);
        created.push(res.json().data as { id: string; name: string });
      }
      expect(created[0]!.name).toBe('work instruction');
      const taken = await call('POST', url(orgA), admin, { name: 'POLICY' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errors[0]).toMatchObject({ message: kind.taken, field: 'name' });
      expect((await call('POST', url(orgB), superAdmin, { name: 'Policy' })).statusCode).toBe(201);

      const list = await call('GET', url(orgA), plainUser);
      expect(list.json().data.map((e: { name: string }) => e.name)).toEqual(['Policy', 'SOP', 'work instruction']);
      expect(await auditOf(created[1]!.id)).toMatchObject([
        { infoType: kind.infoType, action: 'create', organizationId: orgA, after: { name: 'Policy' } },
      ]);

      const target = created[1]!.id;
      expect((await call('DELETE', `${url(orgA)}/${target}`, {})).statusCode).toBe(401);
      expect((await call('DELETE', `${url(orgB)}/${target}`, admin)).statusCode).toBe(404);
      expect((await call('DELETE', `${url(orgA)}/${target}`, plainUser)).statusCode).toBe(403);
      expect((await call('DELETE', `${url(orgA)}/not-an-id`, admin)).statusCode).toBe(400);
      const removed = await call('DELETE', `${url(orgA)}/${target}`, manager);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toMatchObject({ data: { id: target }, message: kind.deleted });
      expect(
        await t.db
          .select()
          .from(kind.table)
          .where(and(eq(kind.table.organizationId, orgA), eq(kind.table.id, target))),
      ).toEqual([]);
      expect((await auditOf(target)).at(-1)).toMatchObject({ action: 'delete', before: { name: 'Policy' } });
      expect((await call('DELETE', `${url(orgA)}/${target}`, manager)).statusCode).toBe(404);
    });
  });
}

describe('PUT /organizations/:id/logo/:imageId', () => {
  const upload = (headers: AuthHeaders) => uploadImage(t.app, headers, 'logo.png');
  const setLogo = (org: string, imageId: string, headers: AuthHeaders) =>
    call('PUT', `/organizations/${org}/logo/${imageId}`, headers);

  it('needs a session', async () => {
    expect((await setLogo(orgA, await upload(admin), {})).statusCode).toBe(401);
  });

  it('answers 404 for another organization', async () => {
    expect((await setLogo(orgB, await upload(admin), admin)).statusCode).toBe(404);
  });

  it('refuses a User without Permission.ManageOrganizationSettings', async () => {
    const res = await setLogo(orgA, await upload(plainUser), plainUser);
    expect(res.statusCode).toBe(403);
  });

  it("refuses someone else's upload or a file that is not an image", async () => {
    expect((await setLogo(orgA, await upload(admin), manager)).statusCode).toBe(404);
    const { payload, headers } = multipartFile('notes.txt', Buffer.from('hello'));
    const file = await t.app.inject({
      method: 'POST',
      url: `/api/v1/upload/file?organizationId=${orgA}`,
      headers: { ...manager, ...headers },
      payload,
    });
    expect((await setLogo(orgA, file.json().data.id, manager)).statusCode).toBe(404);
    expect((await setLogo(orgA, 'nope', manager)).statusCode).toBe(400);
  });

  it('sets the logo for the SuperAdmin and for a User with Permission.ManageOrganizationSettings, audited', async () => {
    for (const headers of [superAdmin, manager]) {
      const imageId = await upload(headers);
      const res = await setLogo(orgA, imageId, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: orgA,
        logo: { originalPath: `/api/v1/images/${imageId}`, originalFileName: 'logo.png', fileSize: PNG_BYTES.length },
      });
      const [org] = await t.db.select().from(organizations).where(eq(organizations.id, orgA));
      expect(org!.logoFileId).toBe(imageId);
      const [file] = await t.db.select().from(images).where(eq(images.id, imageId));
      expect(file!.organizationId).toBe(orgA);
      expect((await auditOf(orgA)).at(-1)).toMatchObject({
        infoType: 'Logo',
        action: 'update',
        after: { logoFileId: imageId, originalFileName: 'logo.png' },
      });
    }
  });

  it('refuses an image that already belongs to another organization', async () => {
    const imageId = await upload(superAdmin);
    expect((await setLogo(orgB, imageId, superAdmin)).statusCode).toBe(200);
    expect((await setLogo(orgA, imageId, superAdmin)).statusCode).toBe(404);
  });
});

describe('PUT /organizations/:id/signing', () => {
  const url = (org: string) => `/organizations/${org}/signing`;
  const stored = async (org: string) =>
    (await t.db.select().from(organizations).where(eq(organizations.id, org)))[0]!.signingRequiresPassword;

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1${url(orgA)}`,
      payload: { signingRequiresPassword: true },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 for another organization', async () => {
    const res = await call('PUT', url(orgB), admin, { signingRequiresPassword: true });
    expect(res.statusCode).toBe(404);
  });

  it('is for Admins: a User with Permission.ManageOrganizationSettings is refused', async () => {
    const res = await call('PUT', url(orgA), manager, { signingRequiresPassword: true });
    expect(res.statusCode).toBe(403);
    expect(await stored(orgA)).toBe(false);
  });

  it('refuses a value that is not true or false', async () => {
    for (const payload of [{}, { signingRequiresPassword: 'yes' }]) {
      const res = await call('PUT', url(orgA), admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ field: 'signingRequiresPassword' });
    }
  });

  it('switches it on and off, shows it with the organization, audited', async () => {
    expect((await call('GET', `/organizations/${orgA}`, superAdmin)).json().data.signingRequiresPassword).toBe(false);
    const on = await call('PUT', url(orgA), admin, { signingRequiresPassword: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({
      data: { id: orgA, signingRequiresPassword: true },
      message: messages.signingSettingsSaved,
    });
    expect(await stored(orgA)).toBe(true);
    const off = await call('PUT', url(orgA), superAdmin, { signingRequiresPassword: false });
    expect(off.json().data.signingRequiresPassword).toBe(false);
    expect(await stored(orgA)).toBe(false);
    const events = (await auditOf(orgA)).filter((e) => e.infoType === 'Organizations' && e.action === 'update');
    expect(events.slice(-2).map((e) => [e.before, e.after])).toEqual([
      [{ signingRequiresPassword: false }, { signingRequiresPassword: true }],
      [{ signingRequiresPassword: true }, { signingRequiresPassword: false }],
    ]);
  });
});
