import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@qualis/contract';
import { hrRecordTags, hrRecords, tags } from '../../db/schema/index.js';
import { nextNumber } from '../../core/counters.js';
import { newId } from '../../core/ids.js';
import { parseCsv } from '../../test/csv.js';
import { pdfPages, unzipped } from '../../test/exported-files.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { auditEventsOf } from '../../test/audit-events.js';
import { testApi, type Person } from '../../test/api.js';
import {
  createDocument,
  createOrganization,
  createUser,
  createUserGroup,
  signIn,
  twoOrganizations,
  uploadOrganizationFile,
} from '../../test/factories.js';
import { req } from '../../../../../docs/requirements/req.js';

let t: TestContext;
const { person, call } = testApi(() => t);
let orgA: string;
let orgB: string;
let admin: Person;
let superAdmin: Person;
let user: Person;
let outsider: Person;

beforeAll(async () => {
  t = await createTestContext();
  ({ orgA, orgB, admin, outsider } = await twoOrganizations(t, { admin: { firstName: 'Ada', lastName: 'Admin' } }));
  user = await person(orgA, 'User', [], { firstName: 'Uma', lastName: 'User' });
  const sa = await createUser(t.db, { role: 'SuperAdmin' });
  superAdmin = { id: sa.id, email: sa.email, role: 'SuperAdmin', headers: (await signIn(t.app, sa.email)).headers };
});
afterAll(() => t.close());

const recordOf = async (organizationId: string, userId: string) => {
  const [row] = await t.db
    .select()
    .from(hrRecords)
    .where(and(eq(hrRecords.organizationId, organizationId), eq(hrRecords.userId, userId)));
  return row;
};

const auditOf = (entityId: string, action?: string) => auditEventsOf(t, entityId, action);

async function tagIn(organizationId: string, name: string) {
  const id = newId();
  await t.db.insert(tags).values({ organizationId, id, name });
  return id;
}

/** A person of `organizationId` and of another organization, never activated (the people module may remove them). */
async function leaver(organizationId: string, firstName: string) {
  const other = (await createOrganization(t.db)).id;
  const created = await createUser(t.db, {
    firstName,
    lastName: 'Gone',
    password: null,
    memberOf: [
      { organizationId, status: 'Inactive' },
      { organizationId: other, status: 'Inactive' },
    ],
  });
  const res = await call(
    'DELETE',
    `/client-users/${created.id}?organizationIds=${organizationId}`,
    organizationId === orgA ? admin.headers : superAdmin.headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  return created;
}

/** A training of the organization assigned to `userId`, with attempts as given (round 1 unless said). */
async function training(
  organizationId: string,
  name: string,
  userId: string,
  attempts: { passed: boolean; cycle?: number; at: string; documentId?: string; revision?: number }[] = [],
  round: { cycle: number; documentId: string; revision: number } | undefined = undefined,
) {
  const id = newId();
  const number = await nextNumber(t.db, organizationId, 'training');
  await t.db.execute(sql`insert into training_records (organization_id, id, number, name, description, due_date,
      assigner_id, creator_id, cycle, cycle_document_id, cycle_revision)
    values (${organizationId}, ${id}, ${number}, ${name}, 'Read the procedure', '2030-01-01', ${admin.id}, ${admin.id},
      ${round?.cycle ?? 1}, ${round?.documentId ?? null}, ${round?.revision ?? null})`);
  await t.db.execute(sql`insert into training_assignments (organization_id, training_id, user_id)
    values (${organizationId}, ${id}, ${userId})`);
  for (const a of attempts) {
    await t.db.execute(sql`insert into training_attempts (organization_id, id, training_id, user_id, cycle,
        quiz_version, document_id, revision, answers, passed, attempted_at)
      values (${organizationId}, ${newId()}, ${id}, ${userId}, ${a.cycle ?? 1}, 1, ${a.documentId ?? null},
        ${a.revision ?? null}, '[]'::jsonb, ${a.passed}, ${a.at})`);
  }
  return { id, number };
}

describe('the record of a person', () => {
  it(`is made when they join through the people module, and kept with status Removed when they leave ${req('HR-001', 'REC-001')}`, async () => {
    const org = (await createOrganization(t.db)).id;
    const created = await call('POST', '/client-users', superAdmin.headers, {
      organizationId: org,
      firstName: 'Nia',
      lastName: 'New',
      email: `nia-${newId()}@example.test`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const userId = created.json().data.id as string;
    const record = await recordOf(org, userId);
    expect(record).toBeDefined();
    const detail = await call('GET', `/human-resource-records/${record!.id}?organizationId=${org}`, superAdmin.headers);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({
      userId,
      firstName: 'Nia',
      role: 'User',
      status: 'Inactive',
      activated: false,
      canBeEdited: true,
      canBeDeleted: false,
    });

    const gone = await leaver(org, 'Lee');
    const kept = await recordOf(org, gone.id);
    expect(kept).toBeDefined();
    const after = await call('GET', `/human-resource-records/${kept!.id}?organizationId=${org}`, superAdmin.headers);
    expect(after.json().data).toMatchObject({ status: 'Removed', role: 'User', canBeDeleted: true, userGroups: [] });
  });
});

describe('GET /human-resource-records', () => {
  it(`needs a session, answers 404 for another organization and 403 to a User ${req('HR-001')}`, async () => {
    const url = `/human-resource-records?organizationId=${orgA}`;
    expect((await call('GET', url, {})).statusCode).toBe(401);
    expect((await call('GET', url, outsider.headers)).statusCode).toBe(404);
    const refused = await call('GET', url, user.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].message).toBe(messages.accessDenied);
  });

  it('refuses an unknown sort key', async () => {
    const bad = await call('GET', `/human-resource-records?organizationId=${orgA}&orderBy=trainings`, admin.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(messages.invalidSortColumn);
  });

  it(`lists every person of the organization with role, status, groups, trainings and tags; searches, sorts and pages in SQL ${req('HR-002', 'HR-003')}`, async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin', [], { firstName: 'Bea', lastName: 'Boss' });
    const carl = await person(org, 'User', [], { firstName: 'Carl', lastName: 'Cole' });
    const dina = await person(org, 'User', [], { firstName: 'Dina', lastName: 'Dorn' });
    const gone = await leaver(org, 'Eve');
    const group = await createUserGroup(t.db, { organizationId: org, name: 'Assembly', userIds: [carl.id, dina.id] });
    const passed = await training(org, 'Gowning', carl.id, [{ passed: true, at: '2026-02-01T10:00:00Z' }]);
    const pending = await training(org, 'Cleaning', carl.id, [{ passed: false, at: '2026-02-02T10:00:00Z' }]);
    const tag = await tagIn(org, 'Night shift');
    await t.db
      .insert(hrRecordTags)
      .values({ organizationId: org, hrRecordId: (await recordOf(org, carl.id))!.id, tagId: tag });

    const list = async (query = '') => {
      const res = await call('GET', `/human-resource-records?organizationId=${org}${query}`, boss.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: Record<string, unknown>[]; pagination: { totalCount: number } };
    };
    const all = await list();
    expect(all.pagination.totalCount).toBe(4);
    expect(all.data.map((r) => r.lastName)).toEqual(['Boss', 'Cole', 'Dorn', 'Gone']);
    expect(all.data[1]).toMatchObject({
      firstName: 'Carl',
      role: 'User',
      status: 'Active',
      userGroups: [{ id: group.id, name: 'Assembly', userCount: 2 }],
      trainings: [
        { id: passed.id, name: 'Gowning', trainingStatus: 1 },
        { id: pending.id, name: 'Cleaning', trainingStatus: 0 },
      ],
      tags: [{ id: tag, name: 'Night shift' }],
      canBeEdited: true,
      canBeDeleted: false,
    });
    expect(all.data[0]).toMatchObject({ role: 'Admin', status: 'Active' });
    expect(all.data[3]).toMatchObject({ userId: gone.id, firstName: 'Eve', status: 'Removed', canBeDeleted: true });
    expect(all.data[1]).not.toHaveProperty('documents');

    expect((await list('&search=dina')).data.map((r) => r.id)).toEqual([(await recordOf(org, dina.id))!.id]);
    expect((await list(`&search=${encodeURIComponent(carl.email)}`)).pagination.totalCount).toBe(1);
    expect((await list('&search=Carl Cole')).pagination.totalCount).toBe(1);
    expect((await list('&orderBy=status&orderType=desc')).data.map((r) => r.status)).toEqual([
      'Removed',
      'Active',
      'Active',
      'Active',
    ]);
    expect((await list('&orderBy=firstName&orderType=desc')).data.map((r) => r.firstName)).toEqual([
      'Eve',
      'Dina',
      'Carl',
      'Bea',
    ]);
    const page = await list('&limit=2&offset=2');
    expect(page.data.map((r) => r.lastName)).toEqual(['Dorn', 'Gone']);
    expect(page.pagination.totalCount).toBe(4);

    // The SuperAdmin sees the same records; no row of another organization ever shows.
    const seen = await call('GET', `/human-resource-records?organizationId=${org}`, superAdmin.headers);
    expect(seen.json().pagination.totalCount).toBe(4);
  });
});

describe('GET /human-resource-records/{resourceId}', () => {
  it('answers 401, 404 for a record of another organization, 403 to a User', async () => {
    const record = (await recordOf(orgA, user.id))!;
    const url = `/human-resource-records/${record.id}?organizationId=${orgA}`;
    expect((await call('GET', url, {})).statusCode).toBe(401);
    expect((await call('GET', url, outsider.headers)).statusCode).toBe(404);
    const foreign = (await recordOf(orgB, outsider.id))!;
    expect(
      (await call('GET', `/human-resource-records/${foreign.id}?organizationId=${orgA}`, admin.headers)).statusCode,
    ).toBe(404);
    expect((await call('GET', url, user.headers)).statusCode).toBe(403);
    expect(
      (await call('GET', `/human-resource-records/not-an-id?organizationId=${orgA}`, admin.headers)).statusCode,
    ).toBe(400);
  });

  it(`shows the person's documents (latest revision where named), trainings with pass date and revision, and groups ${req('HR-002')}`, async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const pia = await person(org, 'User', [], { firstName: 'Pia', lastName: 'Park' });
    const reviewed = await createDocument(t.app, t.db, boss, org, { name: 'Cleaning SOP', reviewerIds: [pia.id] });
    const owned = await createDocument(t.app, t.db, boss, org, {
      name: 'Gowning SOP',
      submitterId: pia.id,
      approverIds: [pia.id],
    });
    await createDocument(t.app, t.db, boss, org, { name: 'Not hers' });
    await createUserGroup(t.db, { organizationId: org, name: 'Cleanroom', userIds: [pia.id] });
    const round2 = await training(
      org,
      'Cleaning',
      pia.id,
      [
        { passed: true, cycle: 1, at: '2026-01-05T08:00:00Z' },
        { passed: false, cycle: 2, at: '2026-03-01T08:00:00Z', documentId: reviewed.id, revision: 2 },
        { passed: true, cycle: 2, at: '2026-03-02T09:30:00Z', documentId: reviewed.id, revision: 2 },
      ],
      { cycle: 2, documentId: reviewed.id, revision: 2 },
    );
    const stale = await training(org, 'Gowning', pia.id, [{ passed: true, cycle: 1, at: '2026-01-06T08:00:00Z' }], {
      cycle: 2,
      documentId: owned.id,
      revision: 2,
    });

    const record = (await recordOf(org, pia.id))!;
    const res = await call('GET', `/human-resource-records/${record.id}?organizationId=${org}`, boss.headers);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.documents).toEqual([
      { id: reviewed.id, number: reviewed.number, name: 'Cleaning SOP', revision: 1, roles: ['reviewer'] },
      { id: owned.id, number: owned.number, name: 'Gowning SOP', revision: 1, roles: ['responsible', 'approver'] },
    ]);
    expect(data.trainings).toEqual([
      {
        id: round2.id,
        name: 'Cleaning',
        number: round2.number,
        trainingStatus: 1,
        passedAt: '2026-03-02T09:30:00.000Z',
        revision: 2,
      },
      // Passed in an earlier round only: pending for the current one.
      { id: stale.id, name: 'Gowning', number: stale.number, trainingStatus: 0, passedAt: null, revision: null },
    ]);
    expect(data.userGroups).toMatchObject([{ name: 'Cleanroom', userCount: 1 }]);
    expect(data).toMatchObject({ file: null, tags: [], tagIds: [], status: 'Active', activated: true });
  });
});

describe('PUT /human-resource-records/{resourceId}', () => {
  it(`answers 401, 404, 403, refuses a file or tag of another organization and a mismatched id, then saves with its audit event ${req('HR-001', 'AUD-001')}`, async () => {
    const record = (await recordOf(orgA, user.id))!;
    const url = `/human-resource-records/${record.id}`;
    const body = (extra: object = {}) => ({ organizationId: orgA, id: record.id, fileId: null, tagIds: [], ...extra });
    expect((await call('PUT', url, {}, body())).statusCode).toBe(401);
    expect((await call('PUT', url, outsider.headers, body())).statusCode).toBe(404);
    expect((await call('PUT', url, user.headers, body())).statusCode).toBe(403);
    const foreign = (await recordOf(orgB, outsider.id))!;
    expect(
      (await call('PUT', `/human-resource-records/${foreign.id}`, admin.headers, body({ id: foreign.id }))).statusCode,
    ).toBe(404);

    const foreignFile = await uploadOrganizationFile(t.app, outsider.headers, orgB, 'cv.txt');
    const badFile = await call('PUT', url, admin.headers, body({ fileId: foreignFile }));
    expect(badFile.statusCode).toBe(400);
    expect(badFile.json().errors[0]).toMatchObject({ message: messages.hrRecordCvUnknown, field: 'fileId' });
    const badTag = await call('PUT', url, admin.headers, body({ tagIds: [await tagIn(orgB, 'Foreign')] }));
    expect(badTag.statusCode).toBe(400);
    expect(badTag.json().errors[0].message).toBe(messages.tagsUnknown);
    const mismatch = await call('PUT', url, admin.headers, body({ id: newId() }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors[0].message).toBe(messages.hrRecordIdMismatch);
    expect(await auditOf(record.id, 'update')).toHaveLength(0);

    const cv = await uploadOrganizationFile(t.app, admin.headers, orgA, 'Uma CV.txt');
    const tag = await tagIn(orgA, 'Line 2');
    const saved = await call('PUT', url, admin.headers, body({ fileId: cv, tagIds: [tag] }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: messages.hrRecordEdited,
      data: { id: record.id, file: { id: cv, fileName: 'Uma CV.txt' }, tags: [{ id: tag, name: 'Line 2' }] },
    });
    const [event] = await auditOf(record.id, 'update');
    expect(event).toMatchObject({
      infoType: 'HR Records',
      entityType: 'hr-record',
      actorEmail: admin.email,
      before: { fileId: null, fileName: null, tagIds: [], tags: [] },
      after: { fileId: cv, fileName: 'Uma CV.txt', tagIds: [tag], tags: ['Line 2'] },
    });

    // The CV is served as documents serve their files; another file id is not the record's.
    const link = await call(
      'GET',
      `/human-resource-records/${record.id}/file/${cv}?organizationId=${orgA}`,
      admin.headers,
    );
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().data.fileName).toBe('Uma CV.txt');
    const bytes = await call('GET', link.json().data.path.replace('/api/v1', ''), admin.headers);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-disposition']).toContain('attachment');
    expect(
      (
        await call(
          'GET',
          `/human-resource-records/${record.id}/file/${foreignFile}?organizationId=${orgA}`,
          admin.headers,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/human-resource-records/${record.id}/file/${cv}?organizationId=${orgA}`, user.headers))
        .statusCode,
    ).toBe(403);

    // Removing the CV: only the change is audited.
    const removed = await call('PUT', url, admin.headers, body({ tagIds: [tag] }));
    expect(removed.json().data.file).toBeNull();
    expect((await auditOf(record.id, 'update')).at(-1)).toMatchObject({
      before: { fileId: cv, fileName: 'Uma CV.txt' },
      after: { fileId: null, fileName: null },
    });
    expect((await auditOf(record.id, 'update')).at(-1)!.after).not.toHaveProperty('tagIds');
  });
});

describe('DELETE /human-resource-records', () => {
  it('deletes only records of people who left, all or nothing, each with its audit event', async () => {
    const memberRecord = (await recordOf(orgA, user.id))!;
    const gone = await leaver(orgA, 'Ivo');
    const goneRecord = (await recordOf(orgA, gone.id))!;
    const url = (ids: string[], organizationId = orgA) =>
      `/human-resource-records?organizationId=${organizationId}&${ids.map((id) => `ids=${id}`).join('&')}`;
    expect((await call('DELETE', url([goneRecord.id]), {})).statusCode).toBe(401);
    expect((await call('DELETE', url([goneRecord.id]), outsider.headers)).statusCode).toBe(404);
    expect((await call('DELETE', url([goneRecord.id]), user.headers)).statusCode).toBe(403);
    const none = await call('DELETE', `/human-resource-records?organizationId=${orgA}`, admin.headers);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].message).toBe(messages.chooseHrRecords);

    const refused = await call('DELETE', url([goneRecord.id, memberRecord.id]), admin.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].message).toBe(messages.hrRecordOfMember.replace('{name}', 'Uma User'));
    expect(await recordOf(orgA, gone.id)).toBeDefined();
    expect((await call('DELETE', url([goneRecord.id, newId()]), admin.headers)).statusCode).toBe(404);

    const deleted = await call('DELETE', url([goneRecord.id]), admin.headers);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ message: messages.hrRecordDeleted, data: { ids: [goneRecord.id] } });
    expect(await recordOf(orgA, gone.id)).toBeUndefined();
    expect(await auditOf(goneRecord.id, 'delete')).toMatchObject([
      { infoType: 'HR Records', before: { userId: gone.id, email: gone.email, firstName: 'Ivo', fileId: null } },
    ]);
  });

  it('reads ids and organizationId from a JSON body too (spec 03 section 7), with the same checks', async () => {
    const gone = await leaver(orgA, 'Ada');
    const goneRecord = (await recordOf(orgA, gone.id))!;
    const body = { organizationId: orgA, ids: [goneRecord.id] };
    const url = '/human-resource-records';
    expect((await call('DELETE', url, {}, body)).statusCode).toBe(401);
    expect((await call('DELETE', url, outsider.headers, body)).statusCode).toBe(404);
    expect((await call('DELETE', url, user.headers, body)).statusCode).toBe(403);
    const none = await call('DELETE', url, admin.headers, { organizationId: orgA, ids: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0]).toMatchObject({ field: 'ids', message: messages.chooseHrRecords });
    expect(await recordOf(orgA, gone.id)).toBeDefined();

    const deleted = await call('DELETE', url, admin.headers, body);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ message: messages.hrRecordDeleted, data: { ids: [goneRecord.id] } });
    expect(await recordOf(orgA, gone.id)).toBeUndefined();
    expect(await auditOf(goneRecord.id, 'delete')).toHaveLength(1);
  });
});

describe('GET /human-resource-records/available', () => {
  it("is the Admins' lookup of people by name, at most 20", async () => {
    const url = `/human-resource-records/available?organizationId=${orgA}&search=uma`;
    expect((await call('GET', url, {})).statusCode).toBe(401);
    expect((await call('GET', url, outsider.headers)).statusCode).toBe(404);
    expect((await call('GET', url, user.headers)).statusCode).toBe(403);
    const res = await call('GET', url, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([{ id: (await recordOf(orgA, user.id))!.id, name: 'Uma User' }]);
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    for (let i = 0; i < 21; i += 1) await createUser(t.db, { memberOf: [{ organizationId: org }] });
    const many = await call('GET', `/human-resource-records/available?organizationId=${org}`, boss.headers);
    expect(many.json().data).toHaveLength(20);
  });
});

describe('documents: references to HR records', () => {
  it('accepts a record of the organization, shows it by the person name, and refuses an unknown one', async () => {
    const doc = await createDocument(t.app, t.db, admin, orgA, {});
    const record = (await recordOf(orgA, user.id))!;
    const put = (newReferences: object[]) =>
      call('PUT', `/documents/${doc.id}/references`, admin.headers, {
        organizationId: orgA,
        revision: 1,
        newReferences,
      });
    const foreign = (await recordOf(orgB, outsider.id))!;
    const refused = await put([{ type: 3, linkId: foreign.id }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].message).toBe(messages.referenceRecordUnknown);
    const saved = await put([{ type: 3, linkId: record.id }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.references).toMatchObject([
      {
        type: 3,
        linkId: record.id,
        link: `/organizations/${orgA}/human-resources/${record.id}`,
        linkDescription: 'Uma User',
      },
    ]);
  });
});

describe('exports', () => {
  it('answer 401, 404 and 403 like the list', async () => {
    for (const path of ['human-resource-records', 'one-human-resource-record', 'many-human-resource-records']) {
      const url = `/export/${path}?organizationId=${orgA}`;
      expect((await call('GET', url, {})).statusCode).toBe(401);
      expect((await call('GET', url, outsider.headers)).statusCode).toBe(404);
      expect((await call('GET', url, user.headers)).statusCode).toBe(403);
    }
  });

  it(`write the list as CSV and each person's training file as PDF ${req('HR-003')}`, async () => {
    const org = (await createOrganization(t.db, { name: 'Gamma Medical' })).id;
    const boss = await person(org, 'Admin', [], { firstName: 'Bo', lastName: 'Boss' });
    const kim = await person(org, 'User', [], { firstName: 'Kim', lastName: 'Kern' });
    const gone = await leaver(org, 'Lou');
    await createUserGroup(t.db, { organizationId: org, name: 'QA team', userIds: [kim.id] });
    const sop = await createDocument(t.app, t.db, boss, org, { name: 'Line clearance', reviewerIds: [kim.id] });
    await training(
      org,
      'Line clearance training',
      kim.id,
      [
        { passed: false, at: '2026-04-01T07:00:00Z', documentId: sop.id, revision: 1 },
        { passed: true, at: '2026-04-01T07:15:00Z', documentId: sop.id, revision: 1 },
      ],
      { cycle: 1, documentId: sop.id, revision: 1 },
    );
    await training(org, 'Hygiene', kim.id);
    const kimRecord = (await recordOf(org, kim.id))!;
    const cv = await uploadOrganizationFile(t.app, boss.headers, org, 'Kim Kern CV.txt');
    const tag = await tagIn(org, 'Packaging');
    expect(
      (
        await call('PUT', `/human-resource-records/${kimRecord.id}`, boss.headers, {
          organizationId: org,
          fileId: cv,
          tagIds: [tag],
        })
      ).statusCode,
    ).toBe(200);

    const csv = await call('GET', `/export/human-resource-records?organizationId=${org}`, boss.headers);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toContain('Human-resources_version_');
    expect(parseCsv(csv.body)).toEqual([
      ['First name', 'Last name', 'Role', 'User groups', 'Trainings'],
      ['Bo', 'Boss', 'Admin', '', ''],
      ['Lou', 'Gone', 'User', '', ''],
      [
        'Kim',
        'Kern',
        'User',
        'QA team',
        expect.stringMatching(/^#\d+ Line clearance training \(Passed\); #\d+ Hygiene \(Pending\)$/),
      ],
    ]);
    const chosen = await call(
      'GET',
      `/export/human-resource-records?organizationId=${org}&columns=lastName&columns=status&columns=tags&orderBy=lastName&orderType=desc&selectedIds=${kimRecord.id}&selectedIds=${(await recordOf(org, gone.id))!.id}`,
      boss.headers,
    );
    expect(parseCsv(chosen.body)).toEqual([
      ['Last name', 'Status', 'Tags'],
      ['Kern', 'Active', 'Packaging'],
      ['Gone', 'Removed', ''],
    ]);
    const nothing = await call(
      'GET',
      `/export/human-resource-records?organizationId=${org}&search=nobody`,
      boss.headers,
    );
    expect(nothing.statusCode).toBe(400);

    const pdf = await call(
      'GET',
      `/export/one-human-resource-record?organizationId=${org}&selectedIds=${kimRecord.id}`,
      boss.headers,
    );
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join('\n').replace(/\s+/g, ' ');
    for (const expected of [
      'Gamma Medical',
      'HR record: Kim Kern',
      kim.email,
      'Kim Kern CV.txt',
      'Packaging',
      'Training file',
      'Line clearance training',
      'Passed at: 2026-04-01 07:15:00 UTC',
      `document #${sop.number} "Line clearance", revision 1`,
      '2026-04-01 07:00:00 UTC · failed',
      'Hygiene',
      'Pending',
      'QA team',
      `Document #${sop.number}: Line clearance`,
      'Reviewer',
      'History',
      'File name: — → Kim Kern CV.txt',
      'Tags: — → Packaging',
    ]) {
      expect(text).toContain(expected);
    }

    const zip = await call('GET', `/export/many-human-resource-records?organizationId=${org}`, boss.headers);
    expect(zip.statusCode, zip.body).toBe(200);
    const entries = await unzipped(zip.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['Bo Boss.pdf', 'Lou Gone.pdf', 'Kim Kern.pdf']);
    const louText = (await pdfPages(entries[1]!.bytes)).join('\n');
    expect(louText).toContain('Status: Removed');
    expect(louText).toContain('No trainings yet.');
  });

  it('over the stream limit, are made in the background and e-mailed as a link', async () => {
    const big = await createTestContext({ smtp: true, env: { RECORD_EXPORT_STREAM_MAX: '1' } });
    try {
      const org = (await createOrganization(big.db)).id;
      const boss = await createUser(big.db, {
        role: 'Admin',
        firstName: 'Ann',
        lastName: 'Able',
        memberOf: [{ organizationId: org }],
      });
      await createUser(big.db, { firstName: 'Ben', lastName: 'Bond', memberOf: [{ organizationId: org }] });
      const headers = (await signIn(big.app, boss.email)).headers;
      const asked = await big.app.inject({
        method: 'GET',
        url: `/api/v1/export/many-human-resource-records?organizationId=${org}`,
        headers,
      });
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json().data.message).toBe(messages.reportBeingGenerated);
      await big.runJobs();
      await big.deliverMail();
      const mail = await big.smtp!.waitForMail({ to: boss.email, subject: 'Qualis: your export is ready' });
      const fileId = /\/exports\/([0-9a-f-]{36})/.exec(mail.text)![1]!;
      const file = await big.app.inject({
        method: 'GET',
        url: `/api/v1/export/files/${fileId}?organizationId=${org}`,
        headers,
      });
      expect(file.statusCode, file.body).toBe(200);
      expect((await unzipped(file.rawPayload)).map((e) => e.name)).toEqual(['Ann Able.pdf', 'Ben Bond.pdf']);
    } finally {
      await big.close();
    }
  });
});
