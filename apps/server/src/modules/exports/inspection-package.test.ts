import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@qualis/contract';
import { newId } from '../../core/ids.js';
import { hashPassword } from '../../core/passwords.js';
import { actions, auditEvents, documentRevisions, organizationFiles, userAccessCodes } from '../../db/schema/index.js';
import { unzipped } from '../../test/exported-files.js';
import {
  createDocument,
  createTraining,
  createUser,
  linkInMail,
  signIn,
  twoOrganizations,
  uploadOrganizationFile,
  type AuthHeaders,
} from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { testApi, type Person } from '../../test/api.js';
import { req } from '../../../../../docs/requirements/req.js';

// 'Export everything' (issue 23): the request's rules, then a package made by the job, fetched by
// its link, unpacked and checked file by file against its MANIFEST.sha256.

const run = promisify(execFile);
const CODE = '012345';

let t: TestContext;
const { person, call } = testApi(() => t);
let orgA: string;
let admin: Person;
let outsider: Person;
let user: Person;
let superAdmin: AuthHeaders;
let documentId: string;
let documentNumber: number;

async function signer() {
  const member = await person(orgA, 'User');
  await t.db.insert(userAccessCodes).values({ id: newId(), userId: member.id, codeHash: await hashPassword(CODE) });
  return member;
}

beforeAll(async () => {
  t = await createTestContext({ smtp: true });
  ({ orgA, admin, outsider } = await twoOrganizations(t));
  user = await person(orgA, 'User');
  superAdmin = (await signIn(t.app, (await createUser(t.db, { role: 'SuperAdmin' })).email)).headers;
  const [reviewer, approver] = [await signer(), await signer()];
  const extra = await uploadOrganizationFile(t.app, admin.headers, orgA, 'form.txt', Buffer.from('Form A\n'));
  const document = await createDocument(t.app, t.db, admin, orgA, {
    name: 'Cleaning procedure',
    extraFileIds: [extra],
    reviewerIds: [reviewer.id],
    approverIds: [approver.id],
  });
  documentId = document.id;
  documentNumber = document.number;
  const sign = (who: Person, kind: 'reviews' | 'approvals') =>
    call('POST', `/documents/${documentId}/${kind}`, who.headers, {
      organizationId: orgA,
      revision: 1,
      status: 0,
      accessCode: CODE,
    });
  expect((await sign(reviewer, 'reviews')).statusCode).toBe(201);
  expect((await sign(approver, 'approvals')).statusCode).toBe(201);
  const action = await call('POST', '/tasks', admin.headers, {
    organizationId: orgA,
    name: 'Calibrate the scale',
    description: 'Check it',
    dueDate: '2030-05-01',
    assignerId: admin.id,
    assigneeId: user.id,
  });
  expect(action.statusCode, action.body).toBe(201);
  await createTraining(t.app, admin, orgA, { name: 'Hygiene basics' });
});
afterAll(() => t.close());
beforeEach(() => {
  t.smtp!.messages.length = 0;
});

const ask = (headers: AuthHeaders, organizationId = orgA) =>
  call('POST', `/organizations/${organizationId}/inspection-package`, headers);

/** Runs the job, delivers its mail and downloads the package its link names, unpacked. */
async function receivePackage(who: { email: string; headers: AuthHeaders }) {
  await t.runJobs();
  await t.deliverMail();
  const mail = await t.smtp!.waitForMail({ to: who.email, subject: /^Qualis: the inspection package of .+ is ready$/ });
  expect(mail.text).toMatch(/Inspection-package_version_.*\.zip\./);
  expect(mail.text).toMatch(/Documents: \d+; actions: \d+; trainings: \d+; HR records: \d+\./);
  const fileId = /\/exports\/([0-9a-f-]{36})$/.exec(linkInMail(mail.text).path)![1]!;
  const res = await call('GET', `/export/files/${fileId}?organizationId=${orgA}`, who.headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  return { fileId, bytes: res.rawPayload, entries: await unzipped(res.rawPayload) };
}

const text = (entries: { name: string; bytes: Buffer }[], name: string) =>
  entries.find((e) => e.name === name)!.bytes.toString('utf8');

async function pdfText(bytes: Buffer) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'readme-'));
  await fs.writeFile(path.join(dir, 'README.pdf'), bytes);
  const { stdout } = await run('pdftotext', ['-layout', path.join(dir, 'README.pdf'), '-']);
  await fs.rm(dir, { recursive: true });
  return stdout.replace(/\s+/g, ' ');
}

describe('POST /organizations/{id}/inspection-package', () => {
  it('needs a session, answers 404 for another organization and 403 to a User', async () => {
    expect((await ask({})).statusCode).toBe(401);
    expect((await ask(outsider.headers)).statusCode).toBe(404);
    const refused = await ask(user.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].message).toBe(messages.accessDenied);
  });

  it('answers 400 for an id that is no id, and queues nothing', async () => {
    const res = await ask(admin.headers, 'nope');
    expect(res.statusCode).toBe(400);
    const queued = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'export-package'));
    expect(queued).toHaveLength(0);
  });

  it(`makes the Admin's package: every file listed in MANIFEST.sha256 with its hash, each kind of record, signatures that match ${req('EXP-007', 'SIG-015')}`, async () => {
    const res = await ask(admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.message).toBe(messages.reportBeingGenerated);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, orgA), eq(auditEvents.action, 'export-package')));
    expect(event).toMatchObject({
      infoType: 'Organizations',
      entityType: 'inspection-package',
      actorEmail: admin.email,
    });

    const { fileId, entries } = await receivePackage(admin);
    const manifest = text(entries, 'MANIFEST.sha256').trim().split('\n');
    const others = entries.filter((e) => e.name !== 'MANIFEST.sha256');
    expect(manifest).toHaveLength(others.length);
    for (const line of manifest) {
      const [, hash, name] = /^([0-9a-f]{64}) {2}(.+)$/.exec(line)!;
      const entry = others.find((e) => e.name === name);
      expect(entry, name).toBeDefined();
      expect(createHash('sha256').update(entry!.bytes).digest('hex'), name).toBe(hash);
    }

    const folder = `Documents/${documentNumber} Cleaning procedure`;
    const names = entries.map((e) => e.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'README.pdf',
        'Documents/Documents.csv',
        `${folder}/${documentNumber} Cleaning procedure.pdf`,
        `${folder}/Revision 1/Extra files/form.txt`,
        'Actions/Actions.csv',
        'Trainings/Trainings.csv',
        'HR records/HR records.csv',
        'Audit trail.csv',
        'Signatures.csv',
      ]),
    );
    expect(names.filter((n) => n.startsWith(`${folder}/Revision 1/`) && !n.includes('Extra files'))).toHaveLength(1);
    expect(text(entries, `${folder}/Revision 1/Extra files/form.txt`)).toBe('Form A\n');
    for (const kind of ['Actions', 'Trainings', 'HR records']) {
      expect(
        names.some((n) => n.startsWith(`${kind}/`) && n.endsWith('.pdf')),
        kind,
      ).toBe(true);
    }
    expect(text(entries, 'Actions/Actions.csv')).toContain('Calibrate the scale');
    expect(text(entries, 'Trainings/Trainings.csv')).toContain('Hygiene basics');
    const trail = text(entries, 'Audit trail.csv');
    expect(trail).toContain('Changes');
    expect(trail).toContain('export-package');
    expect(trail).toMatch(/Audit chain,verification,audit-chain .*chain intact/);
    const signatures = text(entries, 'Signatures.csv').trim().split('\n');
    expect(signatures[0]).toContain('Signer,Signer e-mail,Meaning,Signed at');
    expect(signatures.slice(1).map((l) => l.split(',').at(-1))).toEqual(['yes', 'yes']);

    const readme = await pdfText(entries.find((e) => e.name === 'README.pdf')!.bytes);
    expect(readme).toContain('Alpha Devices');
    expect(readme).toContain(`Exported by: ${admin.email}`);
    expect(readme).toContain('Documents: 1');
    // The review, approval and training made actions too; each record has its PDF beside its list's CSV.
    const pdfs = (folder: string) => names.filter((n) => n.startsWith(`${folder}/`) && n.endsWith('.pdf')).length;
    expect(readme).toContain(`Actions: ${pdfs('Actions')}`);
    expect(pdfs('Actions')).toBe((await t.db.select().from(actions).where(eq(actions.organizationId, orgA))).length);
    expect(readme).toContain('Trainings: 1');
    expect(readme).toContain(`HR records: ${pdfs('HR records')}`);
    expect(readme).toContain('Signatures: 2');
    expect(readme).toContain('Signatures whose file no longer matches: 0');
    expect(readme).toMatch(/Audit chain verification: \d+ events, chain intact/);
    expect(readme).toContain(`Files in the package (besides the manifest): ${others.length}`);

    // Only its requester downloads it.
    const other = await call('GET', `/export/files/${fileId}?organizationId=${orgA}`, superAdmin);
    expect(other.statusCode).toBe(404);
  });

  it(`is the SuperAdmin's too; a controlled file replaced on disk shows as match=no, a lost one as a note ${req('EXP-007', 'DOC-021')}`, async () => {
    const [revision] = await t.db.select().from(documentRevisions).where(eq(documentRevisions.documentId, documentId));
    const [file] = await t.db.select().from(organizationFiles).where(eq(organizationFiles.id, revision!.fileId));
    const stored = path.join(t.dataDir, 'files', file!.storageKey);
    await fs.writeFile(stored, 'Tampered procedure\n');
    const later = new Date(Date.now() + 5_000);
    await fs.utimes(stored, later, later);
    const [extraFile] = await t.db
      .select()
      .from(organizationFiles)
      .where(eq(organizationFiles.originalName, 'form.txt'));
    await fs.rm(path.join(t.dataDir, 'files', extraFile!.storageKey));

    expect((await ask(superAdmin)).statusCode).toBe(200);
    const sa = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'export-package'));
    const email = sa.at(-1)!.actorEmail!;
    const { entries } = await receivePackage({ email, headers: superAdmin });
    const signatures = text(entries, 'Signatures.csv').trim().split('\n').slice(1);
    expect(signatures.map((l) => l.split(',').at(-1))).toEqual(['no', 'no']);
    const readme = await pdfText(entries.find((e) => e.name === 'README.pdf')!.bytes);
    expect(readme).toContain('Signatures whose file no longer matches: 2');
    const folder = `Documents/${documentNumber} Cleaning procedure/Revision 1/`;
    const controlled = entries.find((e) => e.name.startsWith(folder) && !e.name.includes('Extra files'))!;
    expect(controlled.bytes.toString()).toBe('Tampered procedure\n');
    const note = entries.find((e) => e.name === `${folder}Extra files/form (missing).txt`)!;
    expect(note.bytes.toString()).toContain('could not be read from the file storage');
    expect(text(entries, 'MANIFEST.sha256')).toContain(`  ${folder}Extra files/form (missing).txt\n`);
  });
});
