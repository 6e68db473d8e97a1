import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { AUDIT_INFO_TYPES, messages, monthsBefore } from '@qualis/contract';
import { recordAudit, sealAuditChain } from '../../core/audit.js';
import { newId } from '../../core/ids.js';
import { auditEvents, jobs, mailOutbox } from '../../db/schema/index.js';
import { mailAttachments, parseCsv } from '../../test/csv.js';
import { createOrganization, createUser, signIn } from '../../test/factories.js';
import { FileMissingError } from '../../core/files.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { req } from '../../../../../docs/requirements/req.js';

type Headers = Record<string, string>;
type Org = Awaited<ReturnType<typeof createOrganization>>;

let t: TestContext;
let superAdminEmail: string;
let superAdmin: Headers;
let admin: Headers;
let user: Headers;
const orgs: Record<string, Org> = {};
let deletedId: string;

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const TODAY = day(0);
const infoType = (name: (typeof AUDIT_INFO_TYPES)[number]) => AUDIT_INFO_TYPES.indexOf(name);

beforeAll(async () => {
  t = await createTestContext({ smtp: true });
  for (const name of ['Delta Labs', 'alpha Devices', 'Charlie Bio', 'Bravo Implants']) {
    orgs[name] = await createOrganization(t.db, { name });
  }
  orgs.inactive = await createOrganization(t.db, { name: 'Echo Closed', status: 'Inactive' });
  orgs.managed = await createOrganization(t.db, { name: 'Foxtrot Client', isManagedByClient: true });
  const sa = await createUser(t.db, { role: 'SuperAdmin' });
  superAdminEmail = sa.email;
  superAdmin = (await signIn(t.app, sa.email)).headers;
  const memberOf = [{ organizationId: orgs['Delta Labs']!.id }];
  admin = (await signIn(t.app, (await createUser(t.db, { role: 'Admin', memberOf })).email)).headers;
  user = (await signIn(t.app, (await createUser(t.db, { role: 'User', memberOf })).email)).headers;
});
afterAll(() => t.close());

const get = (url: string, headers: Headers = superAdmin) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

describe('GET /export/organizations', () => {
  const csvOf = (res: { body: string }) => parseCsv(res.body);

  it('needs a session', async () => {
    expect((await get('/export/organizations', {})).statusCode).toBe(401);
  });

  it(`answers 403 to an Admin and a User ${req('ORG-001')}`, async () => {
    for (const headers of [admin, user]) {
      const res = await get('/export/organizations', headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].message).toBe(messages.accessDenied);
    }
  });

  it('refuses an unknown sort key and a malformed selected id', async () => {
    const sort = await get('/export/organizations?Order.Key=secret');
    expect(sort.statusCode).toBe(400);
    expect(sort.json().errors[0]).toMatchObject({ message: messages.invalidSortColumn, field: 'orderBy' });
    const id = await get('/export/organizations?selectedIds=nope');
    expect(id.statusCode).toBe(400);
    expect(id.json().errors[0].field).toMatch(/selectedIds/);
  });

  it('streams every organization by name with the three columns, named after the person', async () => {
    const res = await get('/export/organizations');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`Organizations_version_${superAdminEmail}_`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(csvOf(res)).toEqual([
      ['Organizations', 'Status', 'Managed by Client'],
      ['alpha Devices', 'Active', 'No'],
      ['Bravo Implants', 'Active', 'No'],
      ['Charlie Bio', 'Active', 'No'],
      ['Delta Labs', 'Active', 'No'],
      ['Echo Closed', 'Inactive', 'No'],
      ['Foxtrot Client', 'Active', 'Yes'],
    ]);
  });

  it(`keeps the visible columns in the requested order, the selected rows, the search and the sort ${req('ORG-006', 'EXP-002')}`, async () => {
    const selected = [orgs['Delta Labs']!, orgs['alpha Devices']!, orgs.managed!, orgs.inactive!];
    const res = await get(
      `/export/organizations?columns=isManagedByClient&columns=name&Order.Key=name&Order.Direction=desc` +
        `&selectedIds=${selected[0]!.id}&selectedIds=${selected[1]!.id}&SelectedIds=${selected[2]!.id}` +
        `&SelectedIds=${selected[3]!.id}&search=a`,
    );
    expect(csvOf(res)).toEqual([
      ['Managed by Client', 'Organizations'],
      ['No', 'Delta Labs'],
      ['No', 'alpha Devices'],
    ]);
    const byStatus = await get('/export/organizations?orderBy=status&orderType=desc&columns=status');
    expect(csvOf(byStatus).slice(0, 2)).toEqual([['Status'], ['Inactive']]);
  });

  it(`answers 400 'No records to export' when nothing matches ${req('EXP-003')}`, async () => {
    const res = await get('/export/organizations?search=nothing-like-this');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(messages.noRecordsToExport);
  });
});

describe('GET /export/Organization-logs', () => {
  const range = `DateRange.Start=${day(-7)}&DateRange.End=${TODAY}T23:50:00Z`;
  const request = (query: string, headers: Headers = superAdmin, path = '/export/Organization-logs') =>
    get(`${path}?${query}`, headers);

  /** Request → job → outbox → SMTP: the mail the requester receives and its CSV rows. */
  async function exportAndReceive(query: string, path?: string) {
    const res = await request(query, superAdmin, path);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { message: messages.reportBeingGenerated } });
    await t.runJobs();
    await t.deliverMail();
    const mail = await t.smtp!.waitForMail({ to: superAdminEmail, subject: 'Qualis: your organization logs report' });
    const [attachment] = mailAttachments(mail.raw);
    const all = attachment ? parseCsv(attachment.content.toString('utf8')) : [];
    // The rows that close the file: one per chain, its verification and latest seal.
    const isChain = (row: string[]) => row[2] === 'Audit chain';
    return { mail, attachment, rows: all.filter((r) => !isChain(r)), chains: all.filter(isChain), all };
  }

  beforeAll(async () => {
    const [alpha, bravo, charlie] = [orgs['alpha Devices']!, orgs['Bravo Implants']!, orgs['Charlie Bio']!];
    const actor = { userId: null, email: 'someone@example.test', ip: '10.0.0.7', requestId: null };
    const otto = await createUser(t.db, { firstName: 'Otto', lastName: 'Reviewer' });
    await t.db.transaction(async (tx) => {
      const event = (organizationId: string, type: (typeof AUDIT_INFO_TYPES)[number], after: object) =>
        recordAudit(tx, actor, {
          organizationId,
          infoType: type,
          action: 'create',
          entityType: 'x',
          entityId: 'r1',
          after,
        });
      // A person by name, a file removed since (never stored) as removed.
      await event(alpha.id, 'Users', { firstName: 'Ann, "the first"', creatorId: otto.id, fileId: newId() });
      await event(alpha.id, 'Tags', { name: 'tag-a' });
      await event(bravo.id, 'Users', { firstName: 'Bob' });
      await event(charlie.id, 'Users', { firstName: '=cmd' });
    });
    await t.app.inject({ method: 'PATCH', url: `/api/v1/organizations/${bravo.id}/status`, headers: superAdmin });
    await t.app.inject({ method: 'PATCH', url: `/api/v1/organizations/${bravo.id}/status`, headers: superAdmin });
    const doomed = await createOrganization(t.db, { name: 'Gone Away' });
    deletedId = doomed.id;
    await t.app.inject({ method: 'DELETE', url: `/api/v1/organizations/${doomed.id}`, headers: superAdmin });
  });
  beforeEach(() => {
    t.smtp!.messages.length = 0;
  });

  it('needs a session', async () => {
    expect((await request(`IncludeOrganizationChanges=true&${range}`, {})).statusCode).toBe(401);
  });

  it('answers 403 to an Admin and a User', async () => {
    for (const headers of [admin, user]) {
      expect((await request(`IncludeOrganizationChanges=true&${range}`, headers)).statusCode).toBe(403);
    }
  });

  it(`refuses what the export panel would not enable, with a message ${req('ORG-007')}`, async () => {
    const a = orgs['alpha Devices']!.id;
    const cases: [string, string, string][] = [
      [range, messages.logsExportSelectionRequired, 'SelectedIds'],
      [`InfoTypes=2&${range}`, messages.logsExportSelectionRequired, 'SelectedIds'],
      [`SelectedIds=${a}&${range}`, messages.logsExportSelectionRequired, 'SelectedIds'],
      [`IncludeOrganizationChanges=false&${range}`, messages.logsExportSelectionRequired, 'SelectedIds'],
      [`InfoTypes=2&SelectedIds=${a}`, messages.logsExportDateRangeRequired, 'DateRange.Start'],
      [
        `IncludeOrganizationChanges=true&DateRange.Start=${TODAY}`,
        messages.logsExportDateRangeRequired,
        'DateRange.End',
      ],
      [
        `IncludeOrganizationChanges=true&DateRange.Start=${TODAY}&DateRange.End=${day(-1)}`,
        messages.logsExportDateRangeOrder,
        'DateRange.Start',
      ],
      [
        `IncludeOrganizationChanges=true&DateRange.Start=${monthsBefore(TODAY, 4)}&DateRange.End=${TODAY}`,
        messages.logsExportDateRangeLimit,
        'DateRange.Start',
      ],
      [
        `IncludeOrganizationChanges=true&DateRange.Start=${TODAY}&DateRange.End=${day(5)}`,
        messages.logsExportDateRangeLimit,
        'DateRange.Start',
      ],
      [
        `IncludeOrganizationChanges=true&DateRange.Start=2026-02-30&DateRange.End=${TODAY}`,
        messages.invalidDate,
        'DateRange.Start',
      ],
      [
        `IncludeOrganizationChanges=true&DateRange.Start=yesterday&DateRange.End=${TODAY}`,
        messages.invalidDate,
        'DateRange.Start',
      ],
      [`InfoTypes=99&SelectedIds=${a}&${range}`, messages.invalidInfoType, 'InfoTypes.0'],
      [`IncludeOrganizationChanges=maybe&${range}`, messages.invalidFlag, 'IncludeOrganizationChanges'],
    ];
    for (const [query, message, field] of cases) {
      const res = await request(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0], query).toMatchObject({ code: 'VALIDATION_FAILED', message, field });
    }
    expect(await t.db.select().from(jobs)).toEqual([]);
  });

  it(`mails the chosen info types of the chosen organizations as a CSV attachment, and audits the request ${req('ORG-007', 'AUD-004')}`, async () => {
    const alpha = orgs['alpha Devices']!;
    const charlie = orgs['Charlie Bio']!;
    const query = `InfoTypes=${infoType('Users')}&SelectedIds=${alpha.id}&SelectedIds=${charlie.id}&${range}`;
    const seal = (await sealAuditChain(t.db, alpha.id, new Date('2026-11-25T21:03:30Z')))!;
    const { mail, attachment, rows, chains, all } = await exportAndReceive(query);
    expect(mail.text).toContain('2 records');
    expect(attachment!.fileName).toContain(`Organization-logs_version_${superAdminEmail}_`);
    expect(attachment!.contentType).toBe('text/csv');
    expect(rows[0]).toEqual([
      'Date',
      'Organization',
      'Info type',
      'Action',
      'Record',
      'Changed by',
      'From address',
      'Before',
      'After',
      'Changes',
      'Reason',
    ]);
    expect(rows.slice(1).map((r) => r.slice(1))).toEqual([
      [
        'alpha Devices',
        'Users',
        'create',
        'x r1',
        'someone@example.test',
        '10.0.0.7',
        '',
        expect.stringContaining('"firstName":"Ann, \\"the first\\""'),
        expect.any(String),
        '',
      ],
      [
        'Charlie Bio',
        'Users',
        'create',
        'x r1',
        'someone@example.test',
        '10.0.0.7',
        '',
        '{"firstName":"=cmd"}',
        'First name: =cmd',
        '',
      ],
    ]);
    expect(rows[1]![9]!.split('; ').sort()).toEqual([
      'Controlled file: (removed)',
      'Creator: Otto Reviewer',
      'First name: Ann, "the first"',
    ]);
    expect(rows[1]![0]).toMatch(new RegExp(`^${TODAY}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$`));

    // The file closes with each chain's verification in the file's snapshot and its latest seal,
    // in the same columns: a CSV reader sees one table.
    expect(all.slice(-2)).toEqual(chains);
    expect(chains.map((r) => r.slice(1))).toEqual([
      [
        'alpha Devices',
        'Audit chain',
        'verification',
        `audit-chain ${alpha.id}`,
        '',
        '',
        '',
        JSON.stringify({
          events: seal.lastSeq,
          intact: true,
          brokenAtSeq: null,
          latestSeal: { lastSeq: seal.lastSeq, lastHash: seal.lastHash, sealedAt: '2026-11-25T21:03:30.000Z' },
        }),
        `${seal.lastSeq} events, chain intact up to seal of 2026-11-25 21:03 UTC (event ${seal.lastSeq}); sealed hash ${seal.lastHash}`,
        '',
      ],
      [
        'Charlie Bio',
        'Audit chain',
        'verification',
        `audit-chain ${charlie.id}`,
        '',
        '',
        '',
        // Not sealed yet: a deployment's first daily seal comes a day after its start.
        JSON.stringify({ events: 1, intact: true, brokenAtSeq: null, latestSeal: null }),
        '1 events, chain intact (no seal yet)',
        '',
      ],
    ]);
    expect(chains[0]![0]).toMatch(new RegExp(`^${TODAY}T`));

    const [requested] = await t.db
      .select()
      .from(auditEvents)
      .where(and(isNull(auditEvents.organizationId), eq(auditEvents.action, 'export-logs')));
    expect(requested).toMatchObject({
      infoType: 'Organizations',
      actorEmail: superAdminEmail,
      after: { infoTypes: ['Users'], organizationIds: [alpha.id, charlie.id], start: day(-7), end: TODAY },
    });
    // The generated file is not kept once the mail is sent.
    const [sent] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'sent'), eq(mailOutbox.subject, 'Qualis: your organization logs report')));
    expect(sent!.attachments).toMatchObject([{ contentType: 'text/csv; charset=utf-8', removeAfterSend: true }]);
    await expect(t.app.ctx.storage.read(sent!.attachments[0]!.storageKey)).rejects.toBeInstanceOf(FileMissingError);
  });

  it('includes the organization changes of the selected organizations', async () => {
    const bravo = orgs['Bravo Implants']!;
    const { rows } = await exportAndReceive(`IncludeOrganizationChanges=true&SelectedIds=${bravo.id}&${range}`);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3], r[7], r[8]])).toEqual([
      ['Bravo Implants', 'Organizations', 'change-status', '{"status":"Active"}', '{"status":"Inactive"}'],
      ['Bravo Implants', 'Organizations', 'change-status', '{"status":"Inactive"}', '{"status":"Active"}'],
    ]);
  });

  it("includes every organization's changes, deleted ones too, when none is selected (lower-case path)", async () => {
    const { rows, chains } = await exportAndReceive(
      `IncludeOrganizationChanges=True&${range}`,
      '/export/organization-logs',
    );
    const changes = rows.slice(1).map((r) => [r[1], r[3], r[4]]);
    expect(changes).toEqual([
      ['Bravo Implants', 'change-status', `organization ${orgs['Bravo Implants']!.id}`],
      ['Bravo Implants', 'change-status', `organization ${orgs['Bravo Implants']!.id}`],
      ['Gone Away', 'delete', `organization ${deletedId}`],
    ]);
    // A deletion is in the provider's chain: it is verified too.
    expect(chains.map((r) => [r[1], r[4], r[9]!.includes('chain intact')])).toEqual([
      ['Bravo Implants', `audit-chain ${orgs['Bravo Implants']!.id}`, true],
      ['Qualis (provider)', 'audit-chain provider', true],
    ]);
  });

  it('narrows organization changes to the list search when none is selected', async () => {
    const { rows } = await exportAndReceive(`IncludeOrganizationChanges=true&search=BRAVO&${range}`);
    expect(rows.slice(1).map((r) => [r[1], r[3]])).toEqual([
      ['Bravo Implants', 'change-status'],
      ['Bravo Implants', 'change-status'],
    ]);
  });

  it('says where a chain breaks in its closing row', async () => {
    const delta = orgs['Delta Labs']!;
    await t.db.transaction((tx) =>
      recordAudit(
        tx,
        { userId: null, email: null, ip: null, requestId: null },
        {
          organizationId: delta.id,
          infoType: 'Users',
          action: 'create',
          entityType: 'x',
          entityId: 'r2',
          after: { firstName: 'Dee' },
        },
      ),
    );
    // A database owner edits an event with the triggers off.
    await t.database.raw.exec('ALTER TABLE audit_events DISABLE TRIGGER USER');
    await t.database.raw.query(`UPDATE audit_events SET reason = 'edited' WHERE chain_key = $1 AND seq = 1`, [
      delta.id,
    ]);
    await t.database.raw.exec('ALTER TABLE audit_events ENABLE TRIGGER USER');
    const { chains } = await exportAndReceive(`InfoTypes=${infoType('Users')}&SelectedIds=${delta.id}&${range}`);
    expect(chains.map((r) => [r[1], r[8], r[9]])).toEqual([
      [
        'Delta Labs',
        expect.stringContaining('"intact":false,"brokenAtSeq":1'),
        expect.stringMatching(/^\d+ events, chain BROKEN at event 1 \(/),
      ],
    ]);
  });

  it("mails 'No records to export' without an attachment when nothing is in the range", async () => {
    const yesterday = `DateRange.Start=${day(-1)}&DateRange.End=${day(-1)}T23:50:00Z`;
    const { mail, attachment } = await exportAndReceive(`IncludeOrganizationChanges=true&${yesterday}`);
    expect(attachment).toBeUndefined();
    expect(mail.text).toContain(messages.noRecordsToExport);
  });
});
