import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, Permission } from '@qualis/contract';
import { actionTags, actions, auditEvents, notifications, tags } from '../../db/schema/index.js';
import { newId } from '../../core/ids.js';
import { parseCsv } from '../../test/csv.js';
import { pdfPages, unzipped } from '../../test/exported-files.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { testApi, type Person, type AuthHeaders } from '../../test/api.js';
import { createOrganization, createUser, twoOrganizations } from '../../test/factories.js';
import { req } from '../../../../../docs/requirements/req.js';

let t: TestContext;
const { person, call } = testApi(() => t);
let orgA: string;
let orgB: string;
let admin: Person;
let outsider: Person;
let foreignTag: string;

beforeAll(async () => {
  t = await createTestContext();
  ({ orgA, orgB, admin, outsider } = await twoOrganizations(t));
  foreignTag = await tagIn(orgB, 'Foreign');
});
afterAll(() => t.close());

async function tagIn(organizationId: string, name: string) {
  const id = newId();
  await t.db.insert(tags).values({ organizationId, id, name });
  return id;
}

const auditOf = async (entityId: string) =>
  (await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, entityId))).sort((a, b) => a.seq - b.seq);

const payload = (organizationId: string, assignerId: string, assigneeId: string, extra: object = {}) => ({
  organizationId,
  name: 'Calibrate the scale',
  description: 'Use the reference weights',
  dueDate: '2030-05-01',
  assignerId,
  assigneeId,
  ...extra,
});

/** Creates an action through the API as `by` and answers the presented action. */
async function create(by: Person, organizationId: string, assignerId: string, assigneeId: string, extra: object = {}) {
  const res = await call('POST', '/tasks', by.headers, payload(organizationId, assignerId, assigneeId, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; number: number; [key: string]: unknown };
}

/** The edit form's payload of an action as its detail shows it, with changes. */
async function editPayload(by: Person, organizationId: string, id: string, changes: object = {}) {
  const reader = organizationId === orgA ? admin : by;
  const res = await call('GET', `/tasks/${id}/details?organizationId=${organizationId}`, reader.headers);
  const a = res.json().data;
  return {
    organizationId,
    name: a.name,
    description: a.description,
    dueDate: a.dueDate,
    assignerId: a.assigner.id,
    assigneeId: a.assignee.id,
    link: a.link,
    linkDescription: a.linkDescription,
    extraLink: a.extraLink,
    extraLinkDescription: a.extraLinkDescription,
    tagIds: a.tagIds,
    status: a.status,
    ...changes,
  };
}

const list = async (by: Person, organizationId: string, query = '') => {
  const res = await call('GET', `/tasks?organizationId=${organizationId}${query}`, by.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { id: string; number: number; name: string }[]; pagination: { totalCount: number } };
};

describe('GET /tasks', () => {
  it('needs a session, and answers 404 for an organization the person is not in', async () => {
    expect((await call('GET', `/tasks?organizationId=${orgA}`, {})).statusCode).toBe(401);
    expect((await call('GET', `/tasks?organizationId=${orgA}`, outsider.headers)).statusCode).toBe(404);
  });

  it('refuses an unknown sort key and a bad limit', async () => {
    const bad = await call('GET', `/tasks?organizationId=${orgA}&orderBy=description`, admin.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(messages.invalidSortColumn);
    expect((await call('GET', `/tasks?organizationId=${orgA}&limit=0`, admin.headers)).statusCode).toBe(400);
  });

  it(`shows "view related" exactly the rows where the person is creator, assigner or assignee, with that total ${req('ACT-005')}`, async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const related = await person(org, 'User', [Permission.ViewRelatedActions, Permission.AddActionsWithRelatedView]);
    const plain = await person(org);
    const assignedToPlain = await create(boss, org, boss.id, plain.id, { name: 'For plain' });
    const assignedByRelated = await create(boss, org, related.id, boss.id, { name: 'Assigned by related' });
    await create(boss, org, boss.id, boss.id, { name: 'Only the boss' });
    const createdByRelated = await create(related, org, boss.id, boss.id, { name: 'Created by related' });
    const assignedToRelated = await create(boss, org, boss.id, related.id, { name: 'Assigned to related' });

    const everything = await list(boss, org);
    expect(everything.pagination.totalCount).toBe(5);
    expect(everything.data.map((a) => a.number)).toEqual([5, 4, 3, 2, 1]);

    const mine = await list(related, org);
    expect(mine.data.map((a) => a.id)).toEqual([assignedToRelated.id, createdByRelated.id, assignedByRelated.id]);
    expect(mine.pagination.totalCount).toBe(3);
    // A page short of the end still counts only the visible rows.
    const page = await list(related, org, '&limit=2&offset=0');
    expect(page.data).toHaveLength(2);
    expect(page.pagination.totalCount).toBe(3);
    expect((await list(related, org, '&limit=2&offset=2')).pagination.totalCount).toBe(3);
    // Searching for another's action finds nothing.
    expect((await list(related, org, '&search=Only the boss')).pagination.totalCount).toBe(0);

    // Without any action permission: the actions assigned to them, nothing else.
    const own = await list(plain, org);
    expect(own.data.map((a) => a.id)).toEqual([assignedToPlain.id]);
    expect(own.pagination.totalCount).toBe(1);
    const other = await call('GET', `/tasks/${assignedByRelated.id}/details?organizationId=${org}`, plain.headers);
    expect(other.statusCode).toBe(404);
  });

  it(`searches number, name and description, and sorts by the spec keys ${req('ACT-006')}`, async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const ann = await createUser(t.db, { firstName: 'Ann', lastName: 'Zed', memberOf: [{ organizationId: org }] });
    const bob = await createUser(t.db, { firstName: 'Bob', lastName: 'Young', memberOf: [{ organizationId: org }] });
    await create(boss, org, boss.id, bob.id, { name: 'beta', description: 'Filter change', dueDate: '2030-01-02' });
    await create(boss, org, boss.id, ann.id, { name: 'Alpha', description: 'Torque check', dueDate: '2030-03-01' });
    expect((await list(boss, org, '&search=torque')).data.map((a) => a.name)).toEqual(['Alpha']);
    expect((await list(boss, org, '&search=1')).data.map((a) => a.name)).toEqual(['beta']);
    expect((await list(boss, org, '&orderBy=name&orderType=asc')).data.map((a) => a.name)).toEqual(['Alpha', 'beta']);
    expect((await list(boss, org, '&orderBy=assignee&orderType=asc')).data.map((a) => a.name)).toEqual([
      'Alpha',
      'beta',
    ]);
    expect((await list(boss, org, '&Order.Key=dueDate&Order.Direction=desc')).data.map((a) => a.name)).toEqual([
      'Alpha',
      'beta',
    ]);
    for (const key of ['status', 'assigner', 'creator', 'creationDate', 'number']) {
      expect((await list(boss, org, `&orderBy=${key}`)).pagination.totalCount).toBe(2);
    }
  });
});

describe('GET /tasks filters (status, assignee, due date range)', () => {
  it('need a session and answer 404 for another organization', async () => {
    const filtered = `/tasks?organizationId=${orgA}&status=0&assigneeId=${admin.id}&dueDateFrom=2030-01-01`;
    expect((await call('GET', filtered, {})).statusCode).toBe(401);
    expect((await call('GET', filtered, outsider.headers)).statusCode).toBe(404);
  });

  it('refuse a bad status, assignee, day or range with its message and field', async () => {
    const cases: [string, string, string][] = [
      ['&status=2', 'status.0', messages.actionStatusInvalid],
      ['&status=0&status=ToDo', 'status.1', messages.actionStatusInvalid],
      ['&assigneeId=someone', 'assigneeId', messages.actionAssigneeFilterInvalid],
      ['&dueDateFrom=2030-02-30', 'dueDateFrom', messages.invalidDate],
      ['&dueDateTo=soon', 'dueDateTo', messages.invalidDate],
      ['&dueDateFrom=2030-03-02&dueDateTo=2030-03-01', 'dueDateTo', messages.actionDueDateRangeOrder],
    ];
    for (const [query, field, message] of cases) {
      const res = await call('GET', `/tasks?organizationId=${orgA}${query}`, admin.headers);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0], query).toMatchObject({ field, message });
    }
  });

  it(`keep the rows of any chosen status, the assignee and the due days (both ends included), with that total ${req('ACT-006')}`, async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const ann = await person(org);
    await create(boss, org, boss.id, ann.id, { name: 'Ann early', dueDate: '2030-01-01' });
    const annDone = await create(boss, org, boss.id, ann.id, { name: 'Ann done', dueDate: '2030-02-01' });
    await create(boss, org, boss.id, ann.id, { name: 'Ann late', dueDate: '2030-03-01' });
    await create(boss, org, boss.id, boss.id, { name: 'Boss', dueDate: '2030-02-01' });
    await t.db.update(actions).set({ status: 'Complete', completedAt: new Date() }).where(eq(actions.id, annDone.id));
    const names = async (query: string) => {
      const answer = await list(boss, org, query);
      expect(answer.pagination.totalCount).toBe(answer.data.length);
      return answer.data.map((a) => a.name);
    };

    expect(await names('&status=1')).toEqual(['Ann done']);
    expect(await names('&status=0')).toEqual(['Boss', 'Ann late', 'Ann early']);
    expect(await names('&status=0&status=1')).toHaveLength(4);
    expect(await names(`&assigneeId=${ann.id}&status=0`)).toEqual(['Ann late', 'Ann early']);
    expect(await names('&dueDateFrom=2030-02-01&dueDateTo=2030-03-01')).toEqual(['Boss', 'Ann late', 'Ann done']);
    expect(await names(`&dueDateTo=2030-02-01&assigneeId=${ann.id}&search=ann`)).toEqual(['Ann done', 'Ann early']);
    expect(await names('&dueDateFrom=2030-03-02')).toEqual([]);
  });

  it(`filter only what the person may see: a related-only person asking for another assignee ${req('ACT-005')}`, async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const related = await person(org, 'User', [Permission.ViewRelatedActions]);
    const other = await person(org);
    const assignedByRelated = await create(boss, org, related.id, other.id, { name: 'Assigned by related' });
    await create(boss, org, boss.id, other.id, { name: 'Not theirs' });

    const theirs = await list(related, org, `&assigneeId=${other.id}`);
    expect(theirs.data.map((a) => a.id)).toEqual([assignedByRelated.id]);
    expect(theirs.pagination.totalCount).toBe(1);
    expect((await list(boss, org, `&assigneeId=${other.id}`)).pagination.totalCount).toBe(2);
    // Without a permission: only their own actions, whoever they filter by.
    expect((await list(other, org, `&assigneeId=${boss.id}`)).pagination.totalCount).toBe(0);
  });
});

describe('POST /tasks', () => {
  it(`needs a session, answers 404 for another organization and 403 without an add permission ${req('ACT-005')}`, async () => {
    expect((await call('POST', '/tasks', {}, payload(orgA, admin.id, admin.id))).statusCode).toBe(401);
    expect((await call('POST', '/tasks', outsider.headers, payload(orgA, admin.id, admin.id))).statusCode).toBe(404);
    const viewer = await person(orgA, 'User', [Permission.ViewAllActions]);
    const refused = await call('POST', '/tasks', viewer.headers, payload(orgA, admin.id, viewer.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].message).toBe(messages.accessDenied);
  });

  it(`refuses bad input with its message and field, and stores nothing ${req('ACT-001', 'SEC-001')}`, async () => {
    const before = (await t.db.select().from(actions).where(eq(actions.organizationId, orgA))).length;
    const inactive = await createUser(t.db, { memberOf: [{ organizationId: orgA, status: 'Inactive' }] });
    const cases: [object, string, string][] = [
      [{ name: undefined }, 'name', messages.fieldRequired],
      [{ name: '   ' }, 'name', messages.fieldRequired],
      [{ description: '  ' }, 'description', messages.fieldRequired],
      [{ dueDate: undefined }, 'dueDate', messages.fieldRequired],
      [{ dueDate: '2030-02-30' }, 'dueDate', messages.invalidDate],
      [{ dueDate: 'tomorrow' }, 'dueDate', messages.invalidDate],
      [{ assigneeId: undefined }, 'assigneeId', messages.fieldRequired],
      [{ assigneeId: outsider.id }, 'assigneeId', messages.actionAssigneeNotMember],
      [{ assigneeId: inactive.id }, 'assigneeId', messages.actionAssigneeNotMember],
      [{ assignerId: outsider.id }, 'assignerId', messages.actionAssignerNotMember],
      [{ link: 'www.example.com' }, 'link', messages.linkNotHttp],
      [{ extraLink: 'ftp://example.com/file' }, 'extraLink', messages.linkNotHttp],
      [{ link: `/organizations/${orgA}/documents/not-an-id` }, 'link', messages.linkNotHttp],
      [{ link: `/organizations/${orgA}/settings/${newId()}` }, 'link', messages.linkNotHttp],
      [{ link: `/organizations/${orgB}/tasks/${newId()}` }, 'link', messages.recordLinkOtherOrganization],
      [{ extraLink: `/organizations/${orgB}/documents/${newId()}` }, 'extraLink', messages.recordLinkOtherOrganization],
      [{ tagIds: [foreignTag] }, 'tagIds', messages.tagsUnknown],
      [{ name: 'x'.repeat(256) }, 'name', 'Must be 255 characters or fewer'],
    ];
    for (const [change, field, message] of cases) {
      const res = await call('POST', '/tasks', admin.headers, { ...payload(orgA, admin.id, admin.id), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors[0], JSON.stringify(change)).toMatchObject({ field, message });
    }
    expect((await t.db.select().from(actions).where(eq(actions.organizationId, orgA))).length).toBe(before);
  });

  it(`creates a To do action with tags and links, numbered, audited ${req('ACT-002', 'AUD-001')}`, async () => {
    const assignee = await person(orgA);
    const tag = await tagIn(orgA, `Calibration ${newId()}`);
    const res = await call(
      'POST',
      '/tasks',
      admin.headers,
      payload(orgA, admin.id, assignee.id, {
        name: '  Calibrate  ',
        link: 'https://example.com/sop',
        linkDescription: 'SOP',
        extraLink: '',
        tagIds: [tag, tag],
      }),
    );
    // A link to a record of the product (the link-to-record picker) is a path.
    const recordLink = `/organizations/${orgA}/documents/${newId()}?revision=3`;
    const internal = await call(
      'POST',
      '/tasks',
      admin.headers,
      payload(orgA, admin.id, assignee.id, { extraLink: recordLink }),
    );
    expect(internal.statusCode, internal.body).toBe(201);
    expect(internal.json().data.extraLink).toBe(recordLink);
    expect(res.statusCode).toBe(201);
    const { data, message } = res.json();
    expect(message).toBe(messages.actionCreated);
    expect(data).toMatchObject({
      name: 'Calibrate',
      status: 0,
      dueDate: '2030-05-01',
      link: 'https://example.com/sop',
      linkDescription: 'SOP',
      extraLink: null,
      tagIds: [tag],
      assignee: { id: assignee.id, email: assignee.email, role: 'User' },
      assigner: { id: admin.id },
      creator: { id: admin.id },
      kind: 'manual',
      canBeEdited: true,
      canChangeStatus: true,
      canBeDeleted: true,
    });
    expect(data.creationDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.creationTime).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(await t.db.select().from(actionTags).where(eq(actionTags.actionId, data.id))).toHaveLength(1);
    const [event] = await auditOf(data.id);
    expect(event).toMatchObject({
      organizationId: orgA,
      infoType: 'Actions',
      action: 'create',
      actorUserId: admin.id,
      after: { number: data.number, name: 'Calibrate', assigneeId: assignee.id, tagIds: [tag], status: 'ToDo' },
    });
  });

  it('numbers per organization and never reuses a number after a delete', async () => {
    const org = (await createOrganization(t.db)).id;
    const other = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const otherBoss = await person(other, 'Admin');
    const first = await create(boss, org, boss.id, boss.id);
    const second = await create(boss, org, boss.id, boss.id);
    expect([first.number, second.number]).toEqual([1, 2]);
    expect((await call('DELETE', `/tasks?organizationId=${org}&ids=${second.id}`, boss.headers)).statusCode).toBe(200);
    expect((await create(boss, org, boss.id, boss.id)).number).toBe(3);
    expect((await create(otherBoss, other, otherBoss.id, otherBoss.id)).number).toBe(1);
  });
});

describe('GET /tasks/{taskId}/details', () => {
  it('answers 401, 404 for another organization or an invisible action, and the flags of the policies', async () => {
    const mine = await create(admin, orgA, admin.id, admin.id);
    const url = `/tasks/${mine.id}/details?organizationId=${orgA}`;
    expect((await call('GET', url, {})).statusCode).toBe(401);
    expect((await call('GET', url, outsider.headers)).statusCode).toBe(404);
    expect((await call('GET', `/tasks/${mine.id}/details?organizationId=${orgB}`, outsider.headers)).statusCode).toBe(
      404,
    );
    const plain = await person(orgA);
    expect((await call('GET', url, plain.headers)).statusCode).toBe(404);
    const viewer = await person(orgA, 'User', [Permission.ViewAllActions]);
    const seen = await call('GET', url, viewer.headers);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({
      id: mine.id,
      canBeEdited: false,
      canChangeStatus: false,
      canBeDeleted: false,
    });
    expect((await call('GET', `/tasks/not-an-id/details?organizationId=${orgA}`, admin.headers)).statusCode).toBe(400);
  });
});

describe('PUT /tasks/{taskId}/details', () => {
  it('needs a session, answers 404 for another organization and for an invisible action', async () => {
    const a = await create(admin, orgA, admin.id, admin.id);
    const body = await editPayload(admin, orgA, a.id, { name: 'Renamed' });
    expect((await call('PUT', `/tasks/${a.id}/details`, {}, body)).statusCode).toBe(401);
    expect((await call('PUT', `/tasks/${a.id}/details`, outsider.headers, body)).statusCode).toBe(404);
    const plain = await person(orgA);
    expect((await call('PUT', `/tasks/${a.id}/details`, plain.headers, body)).statusCode).toBe(404);
    expect((await call('GET', `/tasks/${a.id}/details?organizationId=${orgA}`, admin.headers)).json().data.name).toBe(
      'Calibrate the scale',
    );
  });

  it(`refuses a person who sees the action but may not edit it (403), and bad input (400) ${req('ACT-005')}`, async () => {
    const viewer = await person(orgA, 'User', [Permission.ViewRelatedActions]);
    const a = await create(admin, orgA, viewer.id, admin.id);
    const refused = await call(
      'PUT',
      `/tasks/${a.id}/details`,
      viewer.headers,
      await editPayload(admin, orgA, a.id, { name: 'X' }),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].message).toBe(messages.accessDenied);
    const missingStatus = await call('PUT', `/tasks/${a.id}/details`, admin.headers, {
      ...(await editPayload(admin, orgA, a.id)),
      status: undefined,
    });
    expect(missingStatus.json().errors[0]).toMatchObject({ field: 'status', message: messages.fieldRequired });
    const badStatus = await call(
      'PUT',
      `/tasks/${a.id}/details`,
      admin.headers,
      await editPayload(admin, orgA, a.id, { status: 2 }),
    );
    expect(badStatus.json().errors[0]).toMatchObject({ field: 'status', message: messages.actionStatusInvalid });
    const badLink = await call(
      'PUT',
      `/tasks/${a.id}/details`,
      admin.headers,
      await editPayload(admin, orgA, a.id, { link: 'javascript:alert(1)' }),
    );
    expect(badLink.json().errors[0]).toMatchObject({ field: 'link', message: messages.linkNotHttp });
    const stranger = await call(
      'PUT',
      `/tasks/${a.id}/details`,
      admin.headers,
      await editPayload(admin, orgA, a.id, { assigneeId: outsider.id }),
    );
    expect(stranger.json().errors[0]).toMatchObject({ field: 'assigneeId', message: messages.actionAssigneeNotMember });
  });

  it(`saves the changed fields with their before and after in the audit trail ${req('AUD-001')}`, async () => {
    const tag = await tagIn(orgA, `Audit ${newId()}`);
    const a = await create(admin, orgA, admin.id, admin.id, { tagIds: [tag] });
    const res = await call(
      'PUT',
      `/tasks/${a.id}/details`,
      admin.headers,
      await editPayload(admin, orgA, a.id, { name: 'Recalibrate', dueDate: '2030-06-01', tagIds: [] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: messages.actionUpdated,
      data: { name: 'Recalibrate', dueDate: '2030-06-01', tagIds: [], status: 0 },
    });
    const events = await auditOf(a.id);
    expect(events.map((e) => e.action)).toEqual(['create', 'update']);
    expect(events[1]).toMatchObject({
      infoType: 'Actions',
      before: { name: 'Calibrate the scale', dueDate: '2030-05-01', tagIds: [tag] },
      after: { name: 'Recalibrate', dueDate: '2030-06-01', tagIds: [] },
    });
    expect(Object.keys(events[1]!.before as object).sort()).toEqual(['dueDate', 'name', 'tagIds']);
  });

  it("tells the new assignee and takes the action off the former assignee's bell", async () => {
    const first = await person(orgA);
    const second = await person(orgA);
    const a = await create(admin, orgA, admin.id, first.id);
    const noticesOf = (userId: string) =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.entityId, a.id), eq(notifications.userId, userId)));
    expect(await noticesOf(first.id)).toHaveLength(1);
    const res = await call(
      'PUT',
      `/tasks/${a.id}/details`,
      admin.headers,
      await editPayload(admin, orgA, a.id, { assigneeId: second.id }),
    );
    expect(res.statusCode).toBe(200);
    expect(await noticesOf(first.id)).toHaveLength(0);
    expect(await noticesOf(second.id)).toHaveLength(1);
  });

  it(`lets the assignee complete and reopen their action without an edit permission, but not rename it ${req('ACT-002')}`, async () => {
    const worker = await person(orgA);
    const a = await create(admin, orgA, admin.id, worker.id);
    const seen = await call('GET', `/tasks/${a.id}/details?organizationId=${orgA}`, worker.headers);
    expect(seen.json().data).toMatchObject({ canBeEdited: false, canChangeStatus: true, canBeDeleted: false });

    const done = await call(
      'PUT',
      `/tasks/${a.id}/details`,
      worker.headers,
      await editPayload(admin, orgA, a.id, { status: 1 }),
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 1, completedAt: expect.any(String) });
    const [row] = await t.db.select().from(actions).where(eq(actions.id, a.id));
    expect(row).toMatchObject({ status: 'Complete', completedAt: expect.any(Date) });
    expect((await auditOf(a.id)).at(-1)).toMatchObject({
      action: 'statusChange',
      actorUserId: worker.id,
      before: { status: 'ToDo' },
      after: { status: 'Complete' },
    });

    const renamed = await call(
      'PUT',
      `/tasks/${a.id}/details`,
      worker.headers,
      await editPayload(admin, orgA, a.id, { name: 'Mine now' }),
    );
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json().errors[0].message).toBe(messages.actionStatusOnly);
    // Renaming with a status change is refused as a whole.
    const both = await call(
      'PUT',
      `/tasks/${a.id}/details`,
      worker.headers,
      await editPayload(admin, orgA, a.id, { name: 'Mine now', status: 0 }),
    );
    expect(both.statusCode).toBe(403);
    expect((await t.db.select().from(actions).where(eq(actions.id, a.id)))[0]).toMatchObject({
      name: 'Calibrate the scale',
      status: 'Complete',
    });

    const reopened = await call(
      'PUT',
      `/tasks/${a.id}/details`,
      worker.headers,
      await editPayload(admin, orgA, a.id, { status: 0 }),
    );
    expect(reopened.json().data).toMatchObject({ status: 0, completedAt: null });
  });

  it(`lets 17 edit every action not completed, and nothing completed ${req('ACT-005')}`, async () => {
    const editor = await person(orgA, 'User', [Permission.ViewAllActions, Permission.EditAllNotCompletedActions]);
    const a = await create(admin, orgA, admin.id, admin.id);
    const ok = await call(
      'PUT',
      `/tasks/${a.id}/details`,
      editor.headers,
      await editPayload(admin, orgA, a.id, { name: 'By 17', status: 1 }),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'By 17', status: 1, canBeEdited: false });
    const later = await call(
      'PUT',
      `/tasks/${a.id}/details`,
      editor.headers,
      await editPayload(admin, orgA, a.id, { name: 'Again' }),
    );
    expect(later.statusCode).toBe(403);
  });
});

describe("the assignee's notification of an action", () => {
  const unreadOf = (actionId: string, userId: string) =>
    t.db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(and(eq(notifications.entityId, actionId), eq(notifications.userId, userId)))
      .then((rows) => rows.map((r) => r.readAt === null));
  const countOf = async (by: Person) =>
    (await call('GET', `/system-notifications/count?organizationId=${orgA}`, by.headers)).json().data.count;
  const readEvents = async (userId: string) =>
    (await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'readNotifications'))).filter(
      (e) => e.actorUserId === userId,
    );

  it('is read when the assignee opens the action, not when someone else does or the action is not visible', async () => {
    const worker = await person(orgA);
    const a = await create(admin, orgA, admin.id, worker.id);
    expect(await unreadOf(a.id, worker.id)).toEqual([true]);
    expect(await countOf(worker)).toBe(1);
    // Nothing changes on a refused request or when another person opens it.
    expect((await call('GET', `/tasks/${a.id}/details?organizationId=${orgA}`, {})).statusCode).toBe(401);
    expect((await call('GET', `/tasks/${a.id}/details?organizationId=${orgA}`, outsider.headers)).statusCode).toBe(404);
    expect((await call('GET', `/tasks/${a.id}/details?organizationId=${orgA}`, admin.headers)).statusCode).toBe(200);
    expect(await unreadOf(a.id, worker.id)).toEqual([true]);

    const opened = await call('GET', `/tasks/${a.id}/details?organizationId=${orgA}`, worker.headers);
    expect(opened.statusCode).toBe(200);
    expect(await unreadOf(a.id, worker.id)).toEqual([false]);
    expect(await countOf(worker)).toBe(0);
    const listed = await call('GET', `/system-notifications?organizationId=${orgA}`, worker.headers);
    expect(listed.json().data[0]).toMatchObject({ status: 'Read', task: { id: a.id } });
    const events = await readEvents(worker.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ organizationId: orgA, infoType: 'Actions', entityType: 'notification' });
    expect(events[0]!.after).toMatchObject({ actionIds: [a.id] });

    // Opening it again reads nothing new and writes no event.
    await call('GET', `/tasks/${a.id}/details?organizationId=${orgA}`, worker.headers);
    expect(await readEvents(worker.id)).toHaveLength(1);
  });

  it('is read when the assignee completes the action, and stays unread when a save is refused', async () => {
    const worker = await person(orgA);
    const a = await create(admin, orgA, admin.id, worker.id);
    const other = await create(admin, orgA, admin.id, worker.id, { name: 'Another action' });
    const refused = await call(
      'PUT',
      `/tasks/${a.id}/details`,
      worker.headers,
      await editPayload(admin, orgA, a.id, { name: 'Mine now', status: 1 }),
    );
    expect(refused.statusCode).toBe(403);
    expect(await unreadOf(a.id, worker.id)).toEqual([true]);

    const done = await call(
      'PUT',
      `/tasks/${a.id}/details`,
      worker.headers,
      await editPayload(admin, orgA, a.id, { status: 1 }),
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(await unreadOf(a.id, worker.id)).toEqual([false]);
    expect(await unreadOf(other.id, worker.id)).toEqual([true]);
    expect(await countOf(worker)).toBe(1);
    expect((await readEvents(worker.id))[0]!.after).toMatchObject({ actionIds: [a.id] });
  });
});

describe('DELETE /tasks', () => {
  it('needs a session, answers 404 for another organization, 403 without a delete permission, 400 without ids', async () => {
    const a = await create(admin, orgA, admin.id, admin.id);
    expect((await call('DELETE', `/tasks?organizationId=${orgA}&ids=${a.id}`, {})).statusCode).toBe(401);
    expect((await call('DELETE', `/tasks?organizationId=${orgA}&ids=${a.id}`, outsider.headers)).statusCode).toBe(404);
    const viewer = await person(orgA, 'User', [Permission.ViewAllActions]);
    expect((await call('DELETE', `/tasks?organizationId=${orgA}&ids=${a.id}`, viewer.headers)).statusCode).toBe(403);
    const none = await call('DELETE', `/tasks?organizationId=${orgA}`, admin.headers);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0]).toMatchObject({ field: 'ids', message: messages.chooseActions });
  });

  it(`deletes all or nothing: an invisible id answers 404, an undeletable one 403, and nothing goes ${req('ACT-005')}`, async () => {
    const owner = await person(orgA, 'User', [
      Permission.ViewRelatedActions,
      Permission.AddActionsWithRelatedView,
      Permission.DeleteRelatedActions,
    ]);
    const narrow = await person(orgA, 'User', [
      Permission.ViewAllActions,
      Permission.DeleteOwnOrAssignedNotCompletedActions,
    ]);
    const ownOpen = await create(admin, orgA, narrow.id, admin.id);
    const ownDone = await create(admin, orgA, narrow.id, admin.id);
    await call(
      'PUT',
      `/tasks/${ownDone.id}/details`,
      admin.headers,
      await editPayload(admin, orgA, ownDone.id, { status: 1 }),
    );
    const notTheirs = await create(admin, orgA, admin.id, admin.id);

    const mixed = await call(
      'DELETE',
      `/tasks?organizationId=${orgA}&ids=${ownOpen.id}&ids=${ownDone.id}`,
      narrow.headers,
    );
    expect(mixed.statusCode).toBe(403);
    const invisible = await call('DELETE', `/tasks?organizationId=${orgA}&ids=${notTheirs.id}`, owner.headers);
    expect(invisible.statusCode).toBe(404);
    for (const id of [ownOpen.id, ownDone.id, notTheirs.id]) {
      expect(await t.db.select().from(actions).where(eq(actions.id, id))).toHaveLength(1);
    }

    const res = await call('DELETE', `/tasks?organizationId=${orgA}&ids=${ownOpen.id}`, narrow.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: messages.actionDeleted, data: { ids: [ownOpen.id] } });
    expect(await t.db.select().from(actions).where(eq(actions.id, ownOpen.id))).toHaveLength(0);
    expect((await auditOf(ownOpen.id)).at(-1)).toMatchObject({
      action: 'delete',
      infoType: 'Actions',
      actorUserId: narrow.id,
      before: { number: ownOpen.number, name: 'Calibrate the scale', status: 'ToDo', tagIds: [] },
    });

    const bulk = await call(
      'DELETE',
      `/tasks?organizationId=${orgA}&ids=${ownDone.id}&ids=${notTheirs.id}`,
      admin.headers,
    );
    expect(bulk.statusCode).toBe(200);
    expect(await t.db.select().from(actions).where(eq(actions.id, notTheirs.id))).toHaveLength(0);
  });

  it('reads ids and organizationId from a JSON body too (spec 03 section 7), with the same checks', async () => {
    const a = await create(admin, orgA, admin.id, admin.id);
    const b = await create(admin, orgA, admin.id, admin.id);
    expect((await call('DELETE', '/tasks', {}, { organizationId: orgA, ids: [a.id] })).statusCode).toBe(401);
    expect((await call('DELETE', '/tasks', outsider.headers, { organizationId: orgA, ids: [a.id] })).statusCode).toBe(
      404,
    );
    const viewer = await person(orgA, 'User', [Permission.ViewAllActions]);
    expect((await call('DELETE', '/tasks', viewer.headers, { organizationId: orgA, ids: [a.id] })).statusCode).toBe(
      403,
    );
    const none = await call('DELETE', '/tasks', admin.headers, { organizationId: orgA, ids: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0]).toMatchObject({ field: 'ids', message: messages.chooseActions });
    const bad = await call('DELETE', '/tasks', admin.headers, { organizationId: orgA, ids: ['nope'] });
    expect(bad.statusCode).toBe(400);
    expect(await t.db.select().from(actions).where(eq(actions.id, a.id))).toHaveLength(1);

    const res = await call('DELETE', '/tasks', admin.headers, { organizationId: orgA, ids: [a.id, b.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: messages.actionDeleted, data: { ids: [a.id, b.id] } });
    expect(await t.db.select().from(actions).where(eq(actions.id, b.id))).toHaveLength(0);
    expect((await auditOf(a.id)).at(-1)).toMatchObject({ action: 'delete', actorUserId: admin.id });

    // The organization in the query, the ids in the body.
    const c = await create(admin, orgA, admin.id, admin.id);
    const mixed = await call('DELETE', `/tasks?organizationId=${orgA}`, admin.headers, { ids: [c.id] });
    expect(mixed.statusCode, mixed.body).toBe(200);
  });
});

describe('GET /export/Tasks', () => {
  it('needs a session and answers 404 for another organization', async () => {
    expect((await call('GET', `/export/Tasks?organizationId=${orgA}`, {})).statusCode).toBe(401);
    expect((await call('GET', `/export/Tasks?organizationId=${orgA}`, outsider.headers)).statusCode).toBe(404);
  });

  it(`exports the visible rows only, in the visible columns, order and selection ${req('EXP-002', 'EXP-005')}`, async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const related = await person(org, 'User', [Permission.ViewRelatedActions]);
    const a = await create(boss, org, boss.id, related.id, { name: 'Theirs A', link: 'https://a.test' });
    const b = await create(boss, org, related.id, boss.id, { name: 'Theirs B' });
    await create(boss, org, boss.id, boss.id, { name: 'Boss only' });

    const res = await call('GET', `/export/Tasks?organizationId=${org}`, related.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`Tasks_version_${related.email}`);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(['System #', 'Name', 'Assignee', 'Status', 'Due date', 'Link']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['Theirs B', 'Theirs A']);
    expect(rows[2]).toEqual(['1', 'Theirs A', 'Pat Doe', 'To do', '2030-05-01', 'https://a.test']);

    const byName = parseCsv(
      (await call('GET', `/export/Tasks?organizationId=${org}&columns=name&columns=creator`, boss.headers)).body,
    );
    expect(byName).toEqual([
      ['Name', 'Creator'],
      ['Boss only', 'Pat Doe'],
      ['Theirs A', 'Pat Doe'],
      ['Theirs B', 'Pat Doe'],
    ]);

    const selected = parseCsv(
      (
        await call(
          'GET',
          `/export/Tasks?organizationId=${org}&selectedIds=${a.id}&selectedIds=${b.id}&search=B&columns=number`,
          boss.headers,
        )
      ).body,
    );
    expect(selected).toEqual([['System #'], ['2']]);

    for (const key of ['assignee', 'assigner', 'creator', 'creationDate', 'dueDate', 'status']) {
      const sorted = await call('GET', `/export/Tasks?organizationId=${org}&orderBy=${key}&columns=name`, boss.headers);
      expect(parseCsv(sorted.body), key).toHaveLength(4);
    }

    const plain = await person(org);
    const nothing = await call('GET', `/export/Tasks?organizationId=${org}`, plain.headers);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors[0].message).toBe(messages.noRecordsToExport);
  });
});

describe('the actions exports with the list filters (issue 20)', () => {
  it('refuse a bad filter with its message and field, as the list does', async () => {
    for (const path of ['Tasks', 'one-task', 'many-Tasks']) {
      const res = await call('GET', `/export/${path}?organizationId=${orgA}&status=2`, admin.headers);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors[0], path).toMatchObject({ field: 'status.0', message: messages.actionStatusInvalid });
      const range = `&dueDateFrom=2030-03-02&dueDateTo=2030-03-01`;
      const reversed = await call('GET', `/export/${path}?organizationId=${orgA}${range}`, admin.headers);
      expect(reversed.json().errors[0], path).toMatchObject({ field: 'dueDateTo' });
    }
  });

  it('export only the rows the filters show: CSV, Single PDF and PDF archive', async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const ann = await person(org);
    await create(boss, org, boss.id, ann.id, { name: 'Ann early', dueDate: '2030-01-01' });
    const annDone = await create(boss, org, boss.id, ann.id, { name: 'Ann done', dueDate: '2030-02-01' });
    await create(boss, org, boss.id, ann.id, { name: 'Ann late', dueDate: '2030-03-01' });
    await create(boss, org, boss.id, boss.id, { name: 'Boss', dueDate: '2030-02-01' });
    await t.db.update(actions).set({ status: 'Complete', completedAt: new Date() }).where(eq(actions.id, annDone.id));
    const filters = `&status=0&assigneeId=${ann.id}&dueDateTo=2030-02-28`;

    const csv = await call('GET', `/export/Tasks?organizationId=${org}${filters}&columns=name`, boss.headers);
    expect(parseCsv(csv.body)).toEqual([['Name'], ['Ann early']]);
    const statuses = `&status=0&status=1&dueDateFrom=2030-02-01&orderBy=name&orderType=asc&columns=name`;
    const both = await call('GET', `/export/Tasks?organizationId=${org}${statuses}`, boss.headers);
    expect(parseCsv(both.body)).toEqual([['Name'], ['Ann done'], ['Ann late'], ['Boss']]);

    const single = await call('GET', `/export/one-task?organizationId=${org}${filters}`, boss.headers);
    const text = (await pdfPages(single.rawPayload)).join('\n');
    expect(text).toContain('Ann early');
    expect(text).not.toMatch(/Ann done|Ann late|Boss/);
    const archive = await call('GET', `/export/many-Tasks?organizationId=${org}&status=1`, boss.headers);
    expect((await unzipped(archive.rawPayload)).map((e) => e.name)).toEqual(['2 Ann done.pdf']);
  });
});

describe('GET /export/one-task and /export/many-Tasks', () => {
  it('need a session and answer 404 for another organization', async () => {
    for (const path of ['one-task', 'many-Tasks']) {
      expect((await call('GET', `/export/${path}?organizationId=${orgA}`, {})).statusCode).toBe(401);
      expect((await call('GET', `/export/${path}?organizationId=${orgA}`, outsider.headers)).statusCode).toBe(404);
    }
  });

  it(`print the visible actions with their fields and audit history, one PDF or a ZIP of PDFs ${req('EXP-004', 'AUD-007', 'EXP-005')}`, async () => {
    const org = (await createOrganization(t.db, { name: 'Gamma Ωmega' })).id;
    const boss = await person(org, 'Admin');
    const related = await person(org, 'User', [Permission.ViewRelatedActions]);
    const first = await create(boss, org, boss.id, related.id, { name: 'Calibrate Ζ scale', link: 'https://a.test' });
    const renamed = await call('PUT', `/tasks/${first.id}/details`, boss.headers, {
      ...(await editPayload(boss, org, first.id)),
      dueDate: '2030-06-01',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await create(boss, org, related.id, boss.id, { name: 'Review/approve SOP' });
    await create(boss, org, boss.id, boss.id, { name: 'Boss only' });

    const single = await t.app.inject({
      method: 'GET',
      url: `/api/v1/export/one-task?organizationId=${org}`,
      headers: related.headers,
    });
    expect(single.statusCode).toBe(200);
    expect(single.headers['content-type']).toBe('application/pdf');
    expect(single.headers['content-disposition']).toContain(`Tasks_version_${related.email}`);
    const pages = await pdfPages(single.rawPayload);
    expect(pages).toHaveLength(2);
    const all = pages.join('\n');
    expect(all).toContain('Gamma Ωmega');
    expect(all).toContain('Action #1: Calibrate Ζ scale');
    expect(all).toContain('Action #2: Review/approve SOP');
    expect(all).not.toContain('Boss only');
    // Newest number first (the export's default order); lines wrap where the page ends.
    expect(pages[1]!.replace(/\s+/g, ' ')).toContain('Edited: Due date: 2030-05-01 → 2030-06-01');
    expect(pages[0]).toContain(`Page 1`);
    expect(pages[0]).toContain(`by ${related.email}`);

    const archive = await t.app.inject({
      method: 'GET',
      url: `/api/v1/export/many-Tasks?organizationId=${org}&selectedIds=${first.id}`,
      headers: boss.headers,
    });
    expect(archive.statusCode).toBe(200);
    expect(archive.headers['content-type']).toBe('application/zip');
    const entries = await unzipped(archive.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['1 Calibrate Ζ scale.pdf']);
    const [page] = await pdfPages(entries[0]!.bytes);
    expect(page).toContain('https://a.test');
    expect(page).toContain('Created');

    const plain = await person(org);
    const nothing = await call('GET', `/export/many-Tasks?organizationId=${org}`, plain.headers);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors[0].message).toBe(messages.noRecordsToExport);
  });
});

describe('GET /organizations/{organizationId}/member-options', () => {
  it('needs a session and answers 404 for another organization', async () => {
    expect((await call('GET', `/organizations/${orgA}/member-options`, {})).statusCode).toBe(401);
    expect((await call('GET', `/organizations/${orgA}/member-options`, outsider.headers)).statusCode).toBe(404);
  });

  it('answers at most 20 active members matching the search, by name', async () => {
    const org = (await createOrganization(t.db)).id;
    const asker = await person(org);
    await createUser(t.db, { firstName: 'Zoe', lastName: 'Quality', memberOf: [{ organizationId: org }] });
    await createUser(t.db, {
      firstName: 'Ina',
      lastName: 'Quality',
      memberOf: [{ organizationId: org, status: 'Inactive' }],
    });
    await createUser(t.db, {
      role: 'Admin',
      firstName: 'Al',
      lastName: 'Quality',
      memberOf: [{ organizationId: org }],
    });
    await createUser(t.db, { firstName: 'Ot', lastName: 'Quality', memberOf: [{ organizationId: orgB }] });
    for (let i = 0; i < 22; i++) await createUser(t.db, { lastName: `Many${i}`, memberOf: [{ organizationId: org }] });
    const found = await call('GET', `/organizations/${org}/member-options?search=quality`, asker.headers);
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((p: { firstName: string; role: string }) => [p.firstName, p.role])).toEqual([
      ['Al', 'Admin'],
      ['Zoe', 'User'],
    ]);
    expect((await call('GET', `/organizations/${org}/member-options`, asker.headers)).json().data).toHaveLength(20);
    expect(
      (await call('GET', `/organizations/${org}/member-options?search=al%20qual`, asker.headers)).json().data,
    ).toHaveLength(1);
  });
});

describe('GET /tasks/available', () => {
  const options = (organizationId: string, headers: AuthHeaders, search = '') =>
    call('GET', `/tasks/available?organizationId=${organizationId}${search ? `&search=${search}` : ''}`, headers);

  it('needs a session and answers 404 for another organization', async () => {
    expect((await options(orgA, {})).statusCode).toBe(401);
    expect((await options(orgA, outsider.headers)).statusCode).toBe(404);
  });

  it('offers at most 20 actions the person may see, matching number or name, newest first', async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const plain = await person(org);
    const mine = await create(boss, org, boss.id, plain.id, { name: 'Clean the bench' });
    await create(boss, org, boss.id, boss.id, { name: 'Clean the lab' });
    for (let i = 0; i < 21; i++) await create(boss, org, boss.id, boss.id, { name: `Filler ${i}` });

    const all = (await options(org, boss.headers)).json().data as { number: number; name: string }[];
    expect(all).toHaveLength(20);
    expect(all[0]).toMatchObject({ number: 23, name: 'Filler 20' });
    expect((await options(org, boss.headers, 'clean')).json().data.map((a: { name: string }) => a.name)).toEqual([
      'Clean the lab',
      'Clean the bench',
    ]);
    expect((await options(org, boss.headers, '2')).json().data.map((a: { number: number }) => a.number)).toContain(2);
    // A person who sees only their own actions is offered only those.
    expect((await options(org, plain.headers, 'clean')).json().data).toEqual([
      { id: mine.id, number: 1, name: 'Clean the bench' },
    ]);
  });
});
