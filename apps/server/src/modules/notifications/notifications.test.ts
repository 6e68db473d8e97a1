import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@qualis/contract';
import { newId } from '../../core/ids.js';
import { actions, auditEvents, notifications } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createOrganization, createUser, signIn } from '../../test/factories.js';
import { req } from '../../../../../docs/requirements/req.js';

let t: TestContext;
let orgA: string;
let orgB: string;
let strangerOrg: string;
let inactiveOrg: string;
let headers: Record<string, string>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext();
  orgA = (await createOrganization(t.db)).id;
  orgB = (await createOrganization(t.db)).id;
  strangerOrg = (await createOrganization(t.db)).id;
  inactiveOrg = (await createOrganization(t.db, { status: 'Inactive' })).id;
  const person = await createUser(t.db, {
    memberOf: [{ organizationId: orgA }, { organizationId: orgB }, { organizationId: inactiveOrg }],
  });
  const colleague = await createUser(t.db, { memberOf: [{ organizationId: orgA }] });
  headers = (await signIn(t.app, person.email)).headers;

  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  let number = 0;
  const notice = async (key: string, organizationId: string, userId: string, minutesAgo: number, read = false) => {
    ids[key] = newId();
    const actionId = newId();
    await t.db.insert(actions).values({
      organizationId,
      id: actionId,
      number: ++number,
      name: `Action ${key}`,
      description: 'Check the scale',
      dueDate: '2030-01-15',
      assignerId: userId,
      assigneeId: userId,
      creatorId: userId,
    });
    return {
      organizationId,
      id: ids[key],
      userId,
      kind: 'ActionAssigned' as const,
      entityId: actionId,
      payload: { number: minutesAgo, name: `Action ${key}`, dueDate: '2030-01-15' },
      readAt: read ? at(1) : null,
      createdAt: at(minutesAgo),
    };
  };
  await t.db
    .insert(notifications)
    .values([
      await notice('oldest', orgA, person.id, 30),
      await notice('read', orgA, person.id, 20, true),
      await notice('newest', orgA, person.id, 10),
      await notice('colleague', orgA, colleague.id, 5),
      await notice('inB', orgB, person.id, 1),
    ]);
});
afterAll(() => t.close());

const get = (url: string, auth = headers) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: auth });
const dismiss = (payload: object, auth = headers) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/system-notifications', headers: auth, payload });
const readAtOf = async (key: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.id, ids[key]!)))[0]!.readAt;

describe('GET /system-notifications', () => {
  it('needs a session', async () => {
    expect((await get(`/system-notifications?organizationId=${orgA}`, {})).statusCode).toBe(401);
  });

  it('answers 404 for an organization the person does not belong to', async () => {
    expect((await get(`/system-notifications?organizationId=${strangerOrg}`)).statusCode).toBe(404);
  });

  it('answers 422 for an inactive organization', async () => {
    const res = await get(`/system-notifications?organizationId=${inactiveOrg}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].message).toBe(messages.organizationInactive);
  });

  it('refuses a missing organization and bad paging', async () => {
    const missing = await get('/system-notifications');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe('organizationId');
    const limit = await get(`/system-notifications?organizationId=${orgA}&limit=0`);
    expect(limit.json().errors[0]).toMatchObject({ message: 'limit must be at least 1', field: 'limit' });
  });

  it(`lists only the person’s own notifications in that organization, newest first, paged ${req('NOTIF-001')}`, async () => {
    const res = await get(`/system-notifications?organizationId=${orgA}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().pagination).toEqual({ totalCount: 3, totalCapped: false });
    expect(res.json().data.map((n: { id: string }) => n.id)).toEqual([ids.newest, ids.read, ids.oldest]);
    expect(res.json().data[0]).toMatchObject({
      id: ids.newest,
      kind: 'ActionAssigned',
      status: 'Unread',
      task: { number: 10, name: 'Action newest', dueDate: '2030-01-15' },
    });
    expect(res.json().data[1].status).toBe('Read');

    const dropdown = await get(`/system-notifications?organizationId=${orgA}&limit=1&offset=1`);
    expect(dropdown.json().data.map((n: { id: string }) => n.id)).toEqual([ids.read]);
    expect(dropdown.json().pagination.totalCount).toBe(3);
    const beyond = await get(`/system-notifications?organizationId=${orgA}&offset=10`);
    expect(beyond.json()).toEqual({ data: [], pagination: { totalCount: 3, totalCapped: false } });
    const inB = await get(`/system-notifications?organizationId=${orgB}`);
    expect(inB.json().data.map((n: { id: string }) => n.id)).toEqual([ids.inB]);
  });
});

describe('GET /system-notifications/count', () => {
  it('needs a session', async () => {
    expect((await get(`/system-notifications/count?organizationId=${orgA}`, {})).statusCode).toBe(401);
  });

  it('answers 404 outside the person’s organizations and 422 for an inactive one', async () => {
    expect((await get(`/system-notifications/count?organizationId=${strangerOrg}`)).statusCode).toBe(404);
    expect((await get(`/system-notifications/count?organizationId=${inactiveOrg}`)).statusCode).toBe(422);
  });

  it('refuses a malformed organization id', async () => {
    const res = await get('/system-notifications/count?organizationId=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('organizationId');
  });

  it(`counts the person’s unread notifications in that organization ${req('NOTIF-001')}`, async () => {
    const res = await get(`/system-notifications/count?organizationId=${orgA}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { count: 2 } });
    expect((await get(`/system-notifications/count?organizationId=${orgB}`)).json()).toEqual({ data: { count: 1 } });
  });
});

// Runs last: it dismisses the notices the tests above count.
describe('PATCH /system-notifications', () => {
  it('needs a session, and answers 404 outside the person’s organizations and 422 for an inactive one', async () => {
    expect((await dismiss({ organizationId: orgA }, {})).statusCode).toBe(401);
    expect((await dismiss({ organizationId: strangerOrg })).statusCode).toBe(404);
    expect((await dismiss({ organizationId: inactiveOrg })).statusCode).toBe(422);
  });

  it('refuses a missing organization and a malformed id', async () => {
    const missing = await dismiss({ id: ids.newest });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe('organizationId');
    const malformed = await dismiss({ organizationId: orgA, id: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].field).toBe('id');
  });

  it('answers 404 for another person’s notification, one of another organization and an unknown one, and changes nothing', async () => {
    for (const id of [ids.colleague, ids.inB, newId()]) {
      const res = await dismiss({ organizationId: orgA, id });
      expect(res.statusCode, id).toBe(404);
    }
    expect(await readAtOf('colleague')).toBeNull();
    expect(await readAtOf('inB')).toBeNull();
  });

  it(`dismisses one unread notification; a second time answers 409 ${req('NOTIF-002')}`, async () => {
    const res = await dismiss({ organizationId: orgA, id: ids.newest });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.notificationDismissed, messageKey: 'notificationDismissed' });
    expect(await readAtOf('newest')).toBeInstanceOf(Date);
    expect(await readAtOf('oldest')).toBeNull();
    expect((await get(`/system-notifications/count?organizationId=${orgA}`)).json()).toEqual({ data: { count: 1 } });
    const listed = await get(`/system-notifications?organizationId=${orgA}&limit=1`);
    expect(listed.json().data[0]).toMatchObject({ id: ids.newest, status: 'Read' });

    const [audited] = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, ids.newest!));
    expect(audited).toMatchObject({
      organizationId: orgA,
      infoType: 'Actions',
      action: 'dismissNotification',
      entityType: 'notification',
      after: { dismissed: [ids.newest] },
    });

    const again = await dismiss({ organizationId: orgA, id: ids.newest });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].message).toBe(messages.notificationAlreadyDismissed);
  });

  it(`dismisses all of the person’s notifications in that organization only ${req('NOTIF-002')}`, async () => {
    const res = await dismiss({ organizationId: orgA });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.notificationsDismissed);
    expect((await get(`/system-notifications/count?organizationId=${orgA}`)).json()).toEqual({ data: { count: 0 } });
    expect((await get(`/system-notifications/count?organizationId=${orgB}`)).json()).toEqual({ data: { count: 1 } });
    expect(await readAtOf('colleague')).toBeNull();
    const audited = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'dismissAllNotifications'));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ organizationId: orgA, after: { dismissed: [ids.oldest] } });
    // Nothing left to dismiss is no error, and nothing to audit.
    expect((await dismiss({ organizationId: orgA })).statusCode).toBe(200);
    expect(await t.db.$count(auditEvents, eq(auditEvents.action, 'dismissAllNotifications'))).toBe(1);
  });
});

/** The events of a server-sent event stream, parsed as they arrive. */
async function* eventsOf(stream: NodeJS.ReadableStream): AsyncGenerator<{ event: string; data: unknown }> {
  let buffer = '';
  for await (const chunk of stream) {
    buffer += chunk.toString();
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const lines = buffer.slice(0, end).split('\n');
      buffer = buffer.slice(end + 2);
      const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
      const event = field('event');
      if (event) yield { event, data: JSON.parse(field('data') ?? 'null') };
    }
  }
}

describe('GET /system-notifications/stream', () => {
  const stream = (organizationId: string, auth = headers) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/system-notifications/stream?organizationId=${organizationId}`,
      headers: auth,
      payloadAsStream: true,
    });

  it('needs a session, and answers 404 outside the person’s organizations and 422 for an inactive one', async () => {
    expect((await stream(orgA, {})).statusCode).toBe(401);
    expect((await stream(strangerOrg)).statusCode).toBe(404);
    expect((await stream(inactiveOrg)).statusCode).toBe(422);
  });

  it('sends the unread count at once and on every change of the person’s notices there, and ends on sign-out', async () => {
    const person = await createUser(t.db, { memberOf: [{ organizationId: orgA }, { organizationId: orgB }] });
    const session = await signIn(t.app, person.email);
    const res = await stream(orgA, session.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['content-encoding']).toBeUndefined();
    const events = eventsOf(res.stream());
    expect((await events.next()).value).toEqual({ event: 'count', data: { count: 0 } });

    const assign = async (organizationId: string) => {
      const actionId = newId();
      await t.db.insert(actions).values({
        organizationId,
        id: actionId,
        number: 1000 + Math.floor(Math.random() * 1e6),
        name: 'Review SOP-7',
        description: 'Read and review',
        dueDate: '2030-01-15',
        assignerId: person.id,
        assigneeId: person.id,
        creatorId: person.id,
      });
      await t.db.insert(notifications).values({
        organizationId,
        id: newId(),
        userId: person.id,
        kind: 'ActionAssigned',
        entityId: actionId,
        payload: { number: 1, name: 'Review SOP-7', dueDate: '2030-01-15' },
      });
    };
    // Another organization's notice is not this stream's; the next event is the one of A.
    await assign(orgB);
    await assign(orgA);
    expect((await events.next()).value).toEqual({ event: 'count', data: { count: 1 } });

    const out = await t.app.inject({ method: 'DELETE', url: '/api/v1/sessions', headers: session.headers });
    expect(out.statusCode).toBe(204);
    expect((await events.next()).done).toBe(true);
  });
});

describe('the stream ends on every process as soon as the person may no longer see it', () => {
  let second: TestContext;
  beforeAll(async () => {
    second = await createTestContext({ sameDeploymentAs: t });
  });
  afterAll(() => second.close());

  /** A member of a new organization, its Admin, and the member's stream there, open on the second process. */
  async function streamOnSecond() {
    const organizationId = (await createOrganization(t.db)).id;
    const member = await createUser(t.db, { memberOf: [{ organizationId }] });
    const admin = await createUser(t.db, { role: 'Admin', memberOf: [{ organizationId }] });
    const session = await signIn(t.app, member.email);
    const res = await second.app.inject({
      method: 'GET',
      url: `/api/v1/system-notifications/stream?organizationId=${organizationId}`,
      headers: session.headers,
      payloadAsStream: true,
    });
    expect(res.statusCode).toBe(200);
    const events = eventsOf(res.stream());
    expect((await events.next()).value).toEqual({ event: 'count', data: { count: 0 } });
    const adminHeaders = (await signIn(t.app, admin.email)).headers;
    return { organizationId, member, session, adminHeaders, events };
  }

  /** Sends a request to the first process. */
  const onFirst = (method: 'PATCH' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: headers as Record<string, string>, payload });

  /** Whether the stream ends within a second (the heartbeat that checks too comes only every 20 s). */
  const endsWithinASecond = (events: AsyncGenerator<unknown>) =>
    Promise.race([
      events.next().then((next) => (next.done ? 'ended' : 'sent an event')),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 1000)),
    ]);

  it(`when their membership is deactivated ${req('PEOPLE-005')}`, async () => {
    const { organizationId, member, adminHeaders, events } = await streamOnSecond();
    const res = await onFirst('PATCH', `/client-users/${member.id}/status`, adminHeaders, {
      ids: [organizationId],
      status: 'Inactive',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await endsWithinASecond(events)).toBe('ended');
  });

  it(`when their organization is deactivated ${req('ORG-003')}`, async () => {
    const { organizationId, events } = await streamOnSecond();
    const superAdmin = await createUser(t.db, { role: 'SuperAdmin' });
    const res = await onFirst(
      'PATCH',
      `/organizations/${organizationId}/status`,
      (await signIn(t.app, superAdmin.email)).headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await endsWithinASecond(events)).toBe('ended');
  });

  it('when they sign out on another process', async () => {
    const { session, events } = await streamOnSecond();
    expect((await onFirst('DELETE', '/sessions', session.headers)).statusCode).toBe(204);
    expect(await endsWithinASecond(events)).toBe('ended');
  });

  it('when they change their password in another session', async () => {
    const { member, events } = await streamOnSecond();
    const other = await signIn(t.app, member.email);
    const password = 'AnotherPassw0rd!';
    const res = await onFirst('PUT', '/users/me/password', other.headers, {
      oldPassword: member.password,
      password,
      confirmPassword: password,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await endsWithinASecond(events)).toBe('ended');
  });
});
