import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages, Permission } from '@qualis/contract';
import { newId } from '../../core/ids.js';
import { auditEvents, exportFiles, jobs, mailOutbox, memberships, organizationFiles } from '../../db/schema/index.js';
import { pdfPages, unzipped } from '../../test/exported-files.js';
import { createOrganization, linkInMail } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { testApi, type Person } from '../../test/api.js';
import { FileMissingError } from '../../core/files.js';
import { removeExpiredExportFiles } from './record-exports.js';
import { req } from '../../../../../docs/requirements/req.js';

// The large-export path with a stream limit of 2 records (RECORD_EXPORT_STREAM_MAX), so a few
// actions are "large": the request is answered with the logs export's message, a job makes the
// file, the mail links to it, and only the requester downloads it.

let t: TestContext;
const { person, call } = testApi(() => t);
let orgA: string;
let boss: Person;
let related: Person;
let outsider: Person;

async function createAction(name: string, assignerId: string, assigneeId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/tasks',
    headers: boss.headers,
    payload: { organizationId: orgA, name, description: 'Check it', dueDate: '2030-05-01', assignerId, assigneeId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; number: number };
}

beforeAll(async () => {
  t = await createTestContext({ smtp: true, env: { RECORD_EXPORT_STREAM_MAX: '2' } });
  orgA = (await createOrganization(t.db, { name: 'Alpha Devices' })).id;
  const orgB = (await createOrganization(t.db, { name: 'Beta Labs' })).id;
  boss = await person(orgA, 'Admin');
  related = await person(orgA, 'User', [Permission.ViewRelatedActions]);
  outsider = await person(orgB, 'Admin');
  await createAction('Calibrate the scale', boss.id, related.id);
  await createAction('Review the SOP', related.id, boss.id);
  await createAction('Train the team', boss.id, related.id);
  await createAction('Boss only', boss.id, boss.id);
});
afterAll(() => t.close());
beforeEach(() => {
  t.smtp!.messages.length = 0;
});

/** Asks for a large export and checks the answer: the logs export's message, no file. */
async function askLarge(path: string, who: Person, query = '') {
  const res = await call('GET', `/export/${path}?organizationId=${orgA}${query}`, who.headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json()).toEqual({
    data: { message: messages.reportBeingGenerated, messageKey: 'reportBeingGenerated' },
  });
}

/** Runs the queued job, delivers its mail and answers the mail and the file id of its link. */
async function receive(who: Person) {
  await t.runJobs();
  await t.deliverMail();
  const mail = await t.smtp!.waitForMail({ to: who.email, subject: 'Qualis: your export is ready' });
  const link = linkInMail(mail.text);
  const match = new RegExp(`^/organizations/${orgA}/exports/([0-9a-f-]{36})$`).exec(link.path);
  expect(match, link.url).not.toBeNull();
  return { mail, fileId: match![1]! };
}

const download = (fileId: string, who: Person, organizationId = orgA) =>
  call('GET', `/export/files/${fileId}?organizationId=${organizationId}`, who.headers);

describe('GET /export/files/{fileId}', () => {
  it('needs a session, answers 404 for another organization, 400 for a bad id, 404 for an unknown file', async () => {
    const id = newId();
    expect((await download(id, { ...boss, headers: {} })).statusCode).toBe(401);
    expect((await download(id, outsider)).statusCode).toBe(404);
    const bad = await call('GET', `/export/files/nope?organizationId=${orgA}`, boss.headers);
    expect(bad.statusCode).toBe(400);
    const unknown = await download(id, boss);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].message).toBe(messages.notFound);
  });
});

describe('a PDF archive of more records than the stream limit', () => {
  it(`is made in the background with the visible records, e-mailed as a link only the requester downloads ${req('EXP-005')}`, async () => {
    await askLarge('many-Tasks', related);
    const [queued] = await t.db.select().from(jobs).where(eq(jobs.kind, 'record-export'));
    expect(queued).toMatchObject({ status: 'pending', organizationId: orgA });
    const [audited] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, queued!.id), eq(auditEvents.action, 'export')));
    expect(audited).toMatchObject({
      organizationId: orgA,
      infoType: 'Actions',
      entityType: 'actions-export',
      actorEmail: related.email,
      after: { format: 'zip', selectedIds: [] },
    });

    const { mail, fileId } = await receive(related);
    expect(mail.text).toContain('Alpha Devices');
    expect(mail.text).toContain('3 records');
    expect(mail.text).toContain('7 days');
    expect(mail.text).toContain(`http://qualis.test/organizations/${orgA}/exports/${fileId}`);

    const [file] = await t.db.select().from(organizationFiles).where(eq(organizationFiles.id, fileId));
    expect(file).toMatchObject({ organizationId: orgA, uploadedBy: related.id, contentType: 'application/zip' });
    expect(file!.originalName).toMatch(new RegExp(`^Tasks_version_${related.email}_[\\d_-]+\\.zip$`));

    const res = await download(fileId, related);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`attachment; filename="${file!.originalName}"`);
    expect(res.rawPayload.length).toBe(file!.sizeBytes);
    // The related User sees three of the four actions: 'Boss only' is not in their file.
    const entries = await unzipped(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([
      '3 Train the team.pdf',
      '2 Review the SOP.pdf',
      '1 Calibrate the scale.pdf',
    ]);
    const [page] = await pdfPages(entries[0]!.bytes);
    expect(page).toContain('Action #3: Train the team');
    expect(page).toContain(`by ${related.email}`);

    // Nobody else gets it: not an Admin of the organization, not the SuperAdmin's answer either.
    const admin = await download(fileId, boss);
    expect(admin.statusCode).toBe(404);
    expect(admin.body).not.toContain('Train');
    expect((await download(fileId, outsider)).statusCode).toBe(404);
    expect((await download(fileId, outsider, outsider.id)).statusCode).toBe(404);
  });

  it('makes a Single PDF the same way, with the search and order of the list', async () => {
    await askLarge('one-task', boss, '&search=the&orderBy=name&orderType=asc');
    const { fileId } = await receive(boss);
    const res = await download(fileId, boss);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/Tasks_version_.*\.pdf"/);
    const text = (await pdfPages(res.rawPayload)).join('\n');
    const titles = [...text.matchAll(/Action #\d: [A-Za-z ]+/g)].map((m) => m[0].trim());
    expect(titles).toEqual([
      'Action #1: Calibrate the scale',
      'Action #2: Review the SOP',
      'Action #3: Train the team',
    ]);
  });

  it('still streams an export within the limit, as before', async () => {
    const jobsBefore = (await t.db.select().from(jobs)).length;
    const res = await call('GET', `/export/many-Tasks?organizationId=${orgA}&search=SOP`, related.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect((await unzipped(res.rawPayload)).map((e) => e.name)).toEqual(['2 Review the SOP.pdf']);
    const none = await call('GET', `/export/one-task?organizationId=${orgA}&search=nothing-like-it`, related.headers);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].message).toBe(messages.noRecordsToExport);
    expect((await t.db.select().from(jobs)).length).toBe(jobsBefore);
  });

  it(`makes nothing for a requester who lost access before the job ran: the job fails without retrying ${req('EXP-005')}`, async () => {
    const leaving = await person(orgA, 'User', [Permission.ViewRelatedActions]);
    await createAction('Leaving A', leaving.id, leaving.id);
    await createAction('Leaving B', leaving.id, leaving.id);
    await createAction('Leaving C', leaving.id, leaving.id);
    await askLarge('many-Tasks', leaving);
    await t.db
      .update(memberships)
      .set({ status: 'Inactive' })
      .where(and(eq(memberships.organizationId, orgA), eq(memberships.userId, leaving.id)));
    await t.runJobs();
    const [failed] = await t.db.select().from(jobs).where(eq(jobs.status, 'failed'));
    expect(failed).toMatchObject({ kind: 'record-export', attempts: 1 });
    expect(failed!.lastError).toContain('the requester may no longer export here (422');
    expect(await t.db.select().from(organizationFiles).where(eq(organizationFiles.uploadedBy, leaving.id))).toEqual([]);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, leaving.email));
    expect(mails.map((m) => m.subject).filter((s) => s.includes('export'))).toEqual([]);
  });

  it('refuses an expired link with a message, and the clean-up removes expired files and their bytes', async () => {
    await askLarge('many-Tasks', related);
    const { fileId } = await receive(related);
    const [file] = await t.db.select().from(organizationFiles).where(eq(organizationFiles.id, fileId));
    await t.db
      .update(exportFiles)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(exportFiles.fileId, fileId));
    const expired = await download(fileId, related);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().errors[0].message).toBe(messages.exportFileExpired);

    const kept = await t.db.select({ id: exportFiles.fileId }).from(exportFiles);
    expect(await removeExpiredExportFiles(t.app.ctx)).toBe(1);
    expect(await t.db.select().from(organizationFiles).where(eq(organizationFiles.id, fileId))).toEqual([]);
    await expect(t.app.ctx.storage.read(file!.storageKey)).rejects.toBeInstanceOf(FileMissingError);
    expect((await t.db.select({ id: exportFiles.fileId }).from(exportFiles)).length).toBe(kept.length - 1);
  });

  it("keeps the actions list's filters in a queued export (issue 20)", async () => {
    const ann = await person(orgA);
    for (const name of ['Ann one', 'Ann two', 'Ann three']) await createAction(name, boss.id, ann.id);
    await askLarge(
      'one-task',
      boss,
      `&status=0&assigneeId=${ann.id}&dueDateFrom=2030-05-01&orderBy=name&orderType=asc`,
    );
    const { fileId } = await receive(boss);
    const text = (await pdfPages((await download(fileId, boss)).rawPayload)).join('\n');
    const titles = [...text.matchAll(/Action #\d+: [A-Za-z ]+/g)].map((m) => m[0].replace(/^Action #\d+: /, '').trim());
    expect(titles).toEqual(['Ann one', 'Ann three', 'Ann two']);
  });
});

describe('an export file of a list whose right the requester lost', () => {
  // The HR records' list is an Admin's; an Admin whose membership becomes 'hrLimited' loses it:
  // the download checks the list's policy again.
  it('answers 403 to its requester', async () => {
    const keeper = await person(orgA, 'Admin');
    const fileId = newId();
    const storageKey = `exports/${orgA}/${fileId}.pdf`;
    await t.app.ctx.storage.put(storageKey, Buffer.from('%PDF-1.7 test'));
    await t.db.insert(organizationFiles).values({
      organizationId: orgA,
      id: fileId,
      storageKey,
      originalName: 'HR records.pdf',
      contentType: 'application/pdf',
      sizeBytes: 13,
      sha256: 'a'.repeat(64),
      uploadedBy: keeper.id,
    });
    await t.db.insert(exportFiles).values({
      organizationId: orgA,
      fileId,
      source: 'hr-records',
      format: 'pdf',
      recordCount: 1,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await download(fileId, keeper)).statusCode).toBe(200);
    await t.db
      .update(memberships)
      .set({ restriction: 'hrLimited' })
      .where(and(eq(memberships.organizationId, orgA), eq(memberships.userId, keeper.id)));
    const refused = await download(fileId, keeper);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].message).toBe(messages.accessDenied);
  });
});
