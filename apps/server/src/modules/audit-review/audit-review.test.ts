import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_TRAIL_CSV_COLUMNS, messages } from '@qualis/contract';
import { recordAudit, type AuditActor } from '../../core/audit.js';
import { auditEvents, auditReviews } from '../../db/schema/index.js';
import { parseCsv } from '../../test/csv.js';
import { pdfPages } from '../../test/exported-files.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { testApi, type Person } from '../../test/api.js';
import { createOrganization, createUser, signIn, twoOrganizations } from '../../test/factories.js';
import { req } from '../../../../../docs/requirements/req.js';

let t: TestContext;
const { person, call } = testApi(() => t);
let orgA: string;
let admin: Person;
let user: Person;
let outsider: Person;
let superAdmin: Person;

const day = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const actorOf = (p: Person): AuditActor => ({ userId: p.id, email: p.email, ip: '10.1.1.1', requestId: null });

/** Three events of organization A: the Admin makes a group with the User in it and renames it; the User signs a document. */
async function seedEvents() {
  await t.db.transaction(async (tx) => {
    await recordAudit(tx, actorOf(admin), {
      organizationId: orgA,
      infoType: 'User Groups',
      action: 'create',
      entityType: 'user-group',
      entityId: 'group-1',
      after: { name: 'Calibration', userIds: [user.id] },
    });
    await recordAudit(tx, actorOf(admin), {
      organizationId: orgA,
      infoType: 'User Groups',
      action: 'rename',
      entityType: 'user-group',
      entityId: 'group-1',
      before: { name: 'Calibration' },
      after: { name: 'Calibration team' },
    });
    await recordAudit(tx, actorOf(user), {
      organizationId: orgA,
      infoType: 'Documents & Document Revisions',
      action: 'sign',
      entityType: 'document',
      entityId: 'doc-1',
      after: { meaning: 'Approved' },
      reason: 'Looks right',
    });
  });
}

beforeAll(async () => {
  t = await createTestContext();
  ({ orgA, admin, outsider } = await twoOrganizations(t, { admin: { firstName: 'Ada', lastName: 'Admin' } }));
  user = await person(orgA, 'User', [], { firstName: 'Uma', lastName: 'User' });
  const sa = await createUser(t.db, { role: 'SuperAdmin' });
  superAdmin = { id: sa.id, email: sa.email, role: 'SuperAdmin', headers: (await signIn(t.app, sa.email)).headers };
  await seedEvents();
});
afterAll(() => t.close());

const trail = (query = '', org = orgA) => `/audit-trail?organizationId=${org}${query}`;
const chainOf = (chainKey: string) => t.db.select().from(auditEvents).where(eq(auditEvents.chainKey, chainKey));

describe('who may review an organization audit trail', () => {
  const reads = (org: string) => [
    trail('', org),
    `/audit-trail/verification?organizationId=${org}`,
    `/audit-trail/reviews?organizationId=${org}`,
    `/export/audit-trail?organizationId=${org}`,
    `/export/audit-trail-pdf?organizationId=${org}`,
  ];

  it(`needs a session, answers 404 for another organization and 403 to a User ${req('AUD-004')}`, async () => {
    for (const url of reads(orgA)) {
      expect((await call('GET', url, {})).statusCode, url).toBe(401);
      expect((await call('GET', url, outsider.headers)).statusCode, url).toBe(404);
      const refused = await call('GET', url, user.headers);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().errors[0].message).toBe(messages.accessDenied);
    }
    const body = { organizationId: orgA, upToSeq: 1 };
    expect((await call('POST', '/audit-trail/reviews', {}, body)).statusCode).toBe(401);
    expect((await call('POST', '/audit-trail/reviews', outsider.headers, body)).statusCode).toBe(404);
    expect((await call('POST', '/audit-trail/reviews', user.headers, body)).statusCode).toBe(403);
    expect(await t.db.select().from(auditReviews).where(eq(auditReviews.chainKey, orgA))).toEqual([]);
  });

  it("keeps the provider's trail to the SuperAdmin", async () => {
    for (const url of ['/provider/audit-trail', '/provider/audit-trail/verification', '/export/provider-audit-trail']) {
      expect((await call('GET', url, {})).statusCode, url).toBe(401);
      expect((await call('GET', url, admin.headers)).statusCode, url).toBe(403);
    }
    expect((await call('POST', '/provider/audit-trail/reviews', admin.headers, { upToSeq: 1 })).statusCode).toBe(403);
  });
});

describe('bad filters', () => {
  it('answer 400 with the reason', async () => {
    const cases: [string, string][] = [
      ['&actorUserId=nobody', 'actorUserId'],
      ['&from=2026-13-01', 'from'],
      [`&from=${day(1)}&to=${day()}`, 'to'],
      ['&orderBy=name', 'orderBy'],
      ['&limit=0', 'limit'],
    ];
    for (const [query, field] of cases) {
      const res = await call('GET', trail(query), admin.headers);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json().errors), query).toContain(field);
    }
    const order = await call('GET', trail(`&from=${day(1)}&to=${day()}`), admin.headers);
    expect(order.json().errors[0].message).toBe(messages.auditTrailDateRangeOrder);
  });

  it("refuse a review past the chain's last event, and store nothing", async () => {
    const before = (await chainOf(orgA)).length;
    for (const upToSeq of [0, before + 1, 'x']) {
      const res = await call('POST', '/audit-trail/reviews', admin.headers, { organizationId: orgA, upToSeq });
      expect(res.statusCode, String(upToSeq)).toBe(400);
    }
    const beyond = await call('POST', '/audit-trail/reviews', admin.headers, {
      organizationId: orgA,
      upToSeq: before + 1,
    });
    expect(beyond.json().errors[0].message).toBe(messages.auditTrailReviewBeyondChain);
    expect(await t.db.select().from(auditReviews).where(eq(auditReviews.chainKey, orgA))).toEqual([]);
    expect(await chainOf(orgA)).toHaveLength(before);
  });
});

describe('reading the trail', () => {
  it(`lists the events newest first with readable changes, counted and paged in SQL ${req('AUD-004')}`, async () => {
    const res = await call('GET', trail(), admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const { data, pagination } = res.json();
    expect(pagination.totalCount).toBe((await chainOf(orgA)).length);
    expect(data[0]).toMatchObject({ action: 'sign', actorEmail: user.email, reason: 'Looks right' });
    const created = data.find(
      (e: { action: string; entityId: string | null }) => e.action === 'create' && e.entityId === 'group-1',
    );
    expect(created.changes).toEqual(
      expect.arrayContaining([{ field: 'userIds', label: 'People', before: null, after: 'Uma User' }]),
    );
    const renamed = data.find((e: { action: string }) => e.action === 'rename');
    expect(renamed.changes).toEqual([
      { field: 'name', label: 'Name', before: 'Calibration', after: 'Calibration team' },
    ]);

    const page = await call('GET', trail('&limit=1&offset=1&orderType=asc'), admin.headers);
    expect(page.json().data.map((e: { seq: number }) => e.seq)).toEqual([2]);
    expect(page.json().pagination.totalCount).toBe(pagination.totalCount);
  });

  it(`filters by person, record kind, record, action and days ${req('AUD-004')}`, async () => {
    const seqs = async (query: string) =>
      ((await call('GET', trail(query), admin.headers)).json().data as { seq: number; action: string }[]).map(
        (e) => e.action,
      );
    expect(await seqs(`&actorUserId=${user.id}`)).toEqual(['sign']);
    expect(await seqs('&entityType=user-group&orderType=asc')).toEqual(['create', 'rename']);
    expect(await seqs('&entityId=doc-1')).toEqual(['sign']);
    expect(await seqs('&action=rename')).toEqual(['rename']);
    expect(await seqs(`&entityType=user-group&from=${day()}&to=${day()}`)).toHaveLength(2);
    expect(await seqs(`&from=${day(1)}`)).toEqual([]);
    const empty = await call('GET', trail(`&from=${day(1)}`), admin.headers);
    expect(empty.json().pagination.totalCount).toBe(0);
  });

  it(`tells the verification: count, intact, verified when ${req('AUD-003')}`, async () => {
    const res = await call('GET', `/audit-trail/verification?organizationId=${orgA}`, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const count = (await chainOf(orgA)).length;
    expect(res.json().data).toMatchObject({ count, intact: true, brokenAtSeq: null, seal: null });
    expect(res.json().data.text).toMatch(
      new RegExp(`^${count} events, chain intact \\(no seal yet\\), verified \\d{4}`),
    );
  });
});

describe('Mark reviewed', () => {
  it(`records who reviewed which range and when, itself an audit event ${req('AUD-005')}`, async () => {
    const last = (await chainOf(orgA)).length;
    const res = await call('POST', '/audit-trail/reviews', admin.headers, {
      organizationId: orgA,
      filters: { entityType: 'user-group', action: '' },
      upToSeq: last,
      comment: '  Group changes checked ',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(messages.auditTrailReviewed);
    const review = res.json().data;
    expect(review).toMatchObject({
      reviewerUserId: admin.id,
      reviewerEmail: admin.email,
      filters: { entityType: 'user-group' },
      upToSeq: last,
      eventCount: 2,
      comment: 'Group changes checked',
    });
    const [stored] = await t.db.select().from(auditReviews).where(eq(auditReviews.id, review.id));
    expect(stored).toMatchObject({ chainKey: orgA, organizationId: orgA, eventCount: 2 });
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'audit-trail'), eq(auditEvents.entityId, review.id)));
    expect(event).toMatchObject({
      chainKey: orgA,
      seq: last + 1,
      action: 'review',
      actorUserId: admin.id,
      after: { entityType: 'user-group', upToSeq: last, eventCount: 2, comment: 'Group changes checked' },
    });

    const reviews = await call('GET', `/audit-trail/reviews?organizationId=${orgA}`, admin.headers);
    expect(reviews.json()).toMatchObject({ data: [{ id: review.id }], pagination: { totalCount: 1 } });
    const asSuperAdmin = await call('GET', `/audit-trail/reviews?organizationId=${orgA}`, superAdmin.headers);
    expect(asSuperAdmin.statusCode).toBe(200);
  });
});

describe('the event of a review', () => {
  it('reads as the History does: the person filtered by name, the range by its last event', async () => {
    const marked = await call('POST', '/audit-trail/reviews', admin.headers, {
      organizationId: orgA,
      filters: { actorUserId: user.id },
      upToSeq: 3,
    });
    expect(marked.statusCode, marked.body).toBe(201);
    expect(marked.json().data).toMatchObject({ filters: { actorUserId: user.id }, eventCount: 1 });
    const res = await call('GET', trail(`&entityId=${marked.json().data.id}`), admin.headers);
    expect(res.json().data[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'userId', label: 'Person', before: null, after: 'Uma User' },
        { field: 'upToSeq', label: 'Up to event', before: null, after: '3' },
      ]),
    );
  });
});

describe('exports of the filtered view', () => {
  it(`writes the CSV with readable changes, in the list order ${req('AUD-004')}`, async () => {
    const res = await call('GET', `/export/audit-trail?organizationId=${orgA}&entityType=user-group`, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/Audit_trail_version_.*\.csv/);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(Object.values(AUDIT_TRAIL_CSV_COLUMNS));
    expect(rows.map((r) => r[7])).toEqual(['rename', 'create']);
    expect(rows[0]![8]).toBe('Name: Calibration → Calibration team');
    expect(rows[1]![2]).toBe(admin.email);

    const none = await call('GET', `/export/audit-trail?organizationId=${orgA}&from=${day(1)}`, admin.headers);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].message).toBe(messages.noRecordsToExport);
  });

  it(`makes the PDF headed by the filters and the verification ${req('AUD-004')}`, async () => {
    await t.db.transaction((tx) =>
      recordAudit(tx, actorOf(admin), {
        organizationId: orgA,
        infoType: 'Users',
        action: 'update',
        entityType: 'user',
        entityId: user.id,
        after: { firstName: 'Uma' },
      }),
    );
    const res = await call('GET', `/export/audit-trail-pdf?organizationId=${orgA}&orderType=asc`, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // pdfkit wraps long lines: read the text as one line.
    const text = (await pdfPages(res.rawPayload)).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Alpha Devices');
    expect(text).toContain('Audit trail: events 1 to');
    expect(text).toContain('All events');
    expect(text).toMatch(/events, chain intact/);
    expect(text).toContain('Name: Calibration → Calibration team');
    // Each event's record by its name (a record the trail names by an id that is not found keeps the id).
    expect(text).toMatch(/#\d+ Uma User: Edited: First name: Uma/);
    expect(text).not.toContain(user.id);
    expect(text).toContain('document doc-1: Signed');
    expect(text).toContain('Audit trail review up to event 3: Marked reviewed');
  });
});

describe('a broken chain', () => {
  it(`shows where it breaks ${req('AUD-003')}`, async () => {
    const org = (await createOrganization(t.db, { name: 'Gamma' })).id;
    const gammaAdmin = await person(org, 'Admin');
    await t.db.transaction(async (tx) => {
      for (const action of ['one', 'two', 'three']) {
        await recordAudit(tx, actorOf(gammaAdmin), {
          organizationId: org,
          infoType: 'Tags',
          action,
          entityType: 'tag',
        });
      }
    });
    await t.database.raw.exec('ALTER TABLE audit_events DISABLE TRIGGER USER');
    await t.database.raw.query(`UPDATE audit_events SET action = 'edited' WHERE chain_key = $1 AND seq = 2`, [org]);
    await t.database.raw.exec('ALTER TABLE audit_events ENABLE TRIGGER USER');
    const res = await call('GET', `/audit-trail/verification?organizationId=${org}`, gammaAdmin.headers);
    expect(res.json().data).toMatchObject({ count: 3, intact: false, brokenAtSeq: 2 });
    expect(res.json().data.text).toMatch(/^3 events, chain BROKEN at event 2 \(no seal yet\), verified /);
  });
});

describe("the provider's trail", () => {
  it('lists, verifies and marks reviewed the events outside any organization', async () => {
    await t.db.transaction((tx) =>
      recordAudit(tx, actorOf(superAdmin), {
        organizationId: null,
        infoType: 'Organizations',
        action: 'create',
        entityType: 'organization',
        entityId: orgA,
        after: { name: 'Alpha Devices' },
      }),
    );
    const list = await call('GET', '/provider/audit-trail?action=create&entityType=organization', superAdmin.headers);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data[0]).toMatchObject({ entityId: orgA, actorEmail: superAdmin.email });
    const verification = await call('GET', '/provider/audit-trail/verification', superAdmin.headers);
    expect(verification.json().data.intact).toBe(true);
    const upToSeq = verification.json().data.count;

    const marked = await call('POST', '/provider/audit-trail/reviews', superAdmin.headers, { upToSeq });
    expect(marked.statusCode, marked.body).toBe(201);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, marked.json().data.id));
    expect(event).toMatchObject({ chainKey: 'provider', organizationId: null, action: 'review' });
    const reviews = await call('GET', '/provider/audit-trail/reviews', superAdmin.headers);
    expect(reviews.json().data[0]).toMatchObject({ id: marked.json().data.id, upToSeq });

    const csv = await call('GET', '/export/provider-audit-trail?entityType=organization', superAdmin.headers);
    expect(csv.statusCode).toBe(200);
    const pdf = await call('GET', '/export/provider-audit-trail-pdf?entityType=organization', superAdmin.headers);
    expect(pdf.statusCode).toBe(200);
    expect((await pdfPages(pdf.rawPayload)).join('\n')).toContain('Qualis (provider)');
  });
});
