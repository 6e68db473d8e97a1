import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileTexts, jobs, users } from '../db/schema/index.js';
import type { Database } from '../db/client.js';
import { createDocumentType, createOrganization, createUser, DEFAULT_PASSWORD } from '../test/factories.js';
import { openTestDatabase } from '../test/harness.js';
import { buildServer, fetchApi, openEventStream, postFrom, startNode, type Node } from '../test/nodes.js';
import { pdfOf } from '../test/office-files.js';
import { startS3Server, type S3Server } from '../test/s3-server.js';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.js';
import { EXTRACT_FILE_TEXT_JOB } from '../modules/search/file-texts.js';
import { INSPECTION_PACKAGE_JOB } from '../modules/exports/inspection-package.js';
import { req } from '../../../../docs/requirements/req.js';

// Three server processes as `npm start` runs them, on one PostgreSQL database and one bucket, each
// with its own DATA_DIR and nothing else in common (docs/architecture.md, "Running several
// nodes"). PostgreSQL only: the embedded database belongs to one process.

const SIGN_IN_PER_MINUTE = 10;
const postgres = Boolean(process.env.TEST_DATABASE_URL);

let database: Database & { env: Record<string, string> };
let s3: S3Server;
let sink: SmtpSink;
let nodes: Node[] = [];
let organizationId: string;
let admin: { id: string; email: string; token: string };
let member: { id: string; email: string; token: string };

let packageSubject = '';
/** The inspection packages' mails the Admin received. */
const packageMails = () =>
  sink.messages.filter((m) => m.to.includes(admin.email) && m.subject === packageSubject).length;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The client: each call goes to the next node in turn, unless one is named. */
let turn = 0;
const nextNode = () => nodes[turn++ % nodes.length]!;
async function call(method: string, path: string, token: string | undefined, body?: unknown, node = nextNode()) {
  const response = await fetchApi(node, method, path, token, body);
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()), headers: response.headers };
}
const json = (answer: { bytes: Uint8Array }) => JSON.parse(Buffer.from(answer.bytes).toString('utf8')) as never;

async function signIn(email: string, node = nextNode()) {
  const answer = await call('POST', '/sessions', undefined, { email, password: DEFAULT_PASSWORD }, node);
  if (answer.status !== 201) throw new Error(`sign-in of ${email} answered ${answer.status}`);
  return (json(answer) as { data: { token: { accessToken: string } } }).data.token.accessToken;
}

beforeAll(async () => {
  if (!postgres) return;
  buildServer();
  [database, s3, sink] = await Promise.all([openTestDatabase(), startS3Server(), startSmtpSink()]);
  const env = {
    ...database.env,
    ...s3.env,
    SMTP_URL: sink.url,
    RATE_LIMIT_SIGN_IN_PER_MINUTE: String(SIGN_IN_PER_MINUTE),
    SUPERADMIN_EMAIL: '',
    SUPERADMIN_PASSWORD: '',
  };
  const started = await Promise.allSettled(['node-1', 'node-2', 'node-3'].map((name) => startNode(name, env)));
  nodes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;

  organizationId = (await createOrganization(database.db)).id;
  const adminRow = await createUser(database.db, { role: 'Admin', memberOf: [{ organizationId }] });
  const memberRow = await createUser(database.db, { memberOf: [{ organizationId }] });
  admin = { id: adminRow.id, email: adminRow.email, token: await signIn(adminRow.email) };
  member = { id: memberRow.id, email: memberRow.email, token: await signIn(memberRow.email) };
}, 90_000);

afterAll(async () => {
  // Everything stops even when a start failed half-way.
  await Promise.allSettled(nodes.map((node) => node.stop()));
  await Promise.allSettled([s3?.close(), sink?.close()]);
  await database?.close();
}, 60_000);

describe.skipIf(!postgres)(`three nodes on one database and one bucket ${req('OPS-001')}`, () => {
  it('create one SuperAdmin when started together on a new database', async () => {
    const superAdmins = await database.db.select({ id: users.id }).from(users).where(eq(users.role, 'SuperAdmin'));
    expect(superAdmins).toHaveLength(1);
  });

  it(`serve a file uploaded on one node from the others, the same bytes ${req('FILE-003')}`, async () => {
    const bytes = await pdfOf(['Cleaning procedure shared by three nodes.', 'Rinse twice.']);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'cleaning.pdf');
    const uploaded = await fetch(`${nodes[0]!.url}/api/v1/upload/file?organizationId=${organizationId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const fileId = ((await uploaded.json()) as { data: { id: string } }).data.id;
    const typeId = (await createDocumentType(database.db, organizationId)).id;
    const created = await call(
      'POST',
      '/documents',
      admin.token,
      {
        organizationId,
        typeId,
        submitterId: admin.id,
        name: 'Cleaning',
        revision: 1,
        revisionDescription: 'First issue',
        typeDescription: null,
        fileId,
        extraFileIds: [],
        tagIds: [],
      },
      nodes[0],
    );
    expect(created.status).toBe(201);
    const documentId = (json(created) as { data: { id: string } }).data.id;

    for (const node of nodes.slice(1)) {
      const content = `/documents/${documentId}/file/${fileId}/content?organizationId=${organizationId}&revision=1`;
      const download = await call('GET', content, admin.token, undefined, node);
      expect(download.status).toBe(200);
      expect(sha256(download.bytes)).toBe(sha256(bytes));
      expect(download.headers.get('x-qualis-file-integrity')).toBe('match');
      const copy = await call(
        'GET',
        `/documents/${documentId}/controlled-copy?organizationId=${organizationId}`,
        admin.token,
        undefined,
        node,
      );
      expect(copy.status).toBe(200);
      expect(Buffer.from(copy.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    }

    // The text of the file is read once, by one node, from the bucket.
    const extraction = () =>
      database.db
        .select({ status: jobs.status, attempts: jobs.attempts })
        .from(jobs)
        .where(and(eq(jobs.kind, EXTRACT_FILE_TEXT_JOB), eq(jobs.organizationId, organizationId)));
    await expect.poll(extraction, { timeout: 15_000 }).toEqual([{ status: 'done', attempts: 1 }]);
    const texts = await database.db
      .select({ status: fileTexts.status, content: fileTexts.content })
      .from(fileTexts)
      .where(eq(fileTexts.fileId, fileId));
    expect(texts).toEqual([{ status: 'extracted', content: expect.stringContaining('Rinse twice') }]);
  });

  it(`bring a notice created through one node to a bell held open on another, and mail it once ${req('NOTIF-001', 'NOTIF-003', 'NOTIF-006')}`, async () => {
    const stream = await openEventStream(
      `${nodes[2]!.url}/api/v1/system-notifications/stream?organizationId=${organizationId}`,
      member.token,
    );
    try {
      expect(await stream.next()).toEqual({ event: 'count', data: { count: 0 } });
      const task = await call(
        'POST',
        '/tasks',
        admin.token,
        {
          organizationId,
          name: 'Calibrate the scale',
          description: 'Before the audit',
          dueDate: '2031-03-01',
          assignerId: admin.id,
          assigneeId: member.id,
        },
        nodes[0],
      );
      expect(task.status).toBe(201);
      expect(await stream.next()).toEqual({ event: 'count', data: { count: 1 } });
    } finally {
      stream.close();
    }
    const mail = await sink.waitForMail({ to: member.email, timeoutMs: 15_000 });
    await sleep(2500);
    expect(sink.messages.filter((m) => m.to.includes(member.email) && m.subject === mail.subject)).toHaveLength(1);
  });

  it(`run a queued export once and mail its link once ${req('SEC-004')}`, async () => {
    const asked = await call('POST', `/organizations/${organizationId}/inspection-package`, admin.token);
    expect(asked.status).toBe(200);
    const mail = await sink.waitForMail({ to: admin.email, timeoutMs: 20_000 });
    packageSubject = mail.subject;
    const packages = () =>
      database.db
        .select({ status: jobs.status, attempts: jobs.attempts })
        .from(jobs)
        .where(and(eq(jobs.kind, INSPECTION_PACKAGE_JOB), eq(jobs.organizationId, organizationId)));
    await expect.poll(packages).toEqual([{ status: 'done', attempts: 1 }]);
    // Another node's poll or wake has come and gone: still one mail.
    await sleep(2500);
    expect(packageMails()).toBe(1);
  });

  it(`end a session signed out through one node on the others at once ${req('AUTH-004', 'PERM-009')}`, async () => {
    const person = await createUser(database.db, { memberOf: [{ organizationId }] });
    const token = await signIn(person.email);
    const profile = (node: Node) => call('GET', '/users/me/profile', token, undefined, node).then((a) => a.status);
    // Every node has the session in its cache now.
    for (const node of nodes) expect(await profile(node)).toBe(200);
    expect((await call('DELETE', '/sessions', token, undefined, nodes[1])).status).toBe(204);
    for (const node of nodes) await expect.poll(() => profile(node), { timeout: 2000, interval: 20 }).toBe(401);
  });

  it(`refuse a person deactivated through one node on the others at once ${req('PEOPLE-005')}`, async () => {
    const person = await createUser(database.db, { memberOf: [{ organizationId }] });
    const token = await signIn(person.email);
    const notices = (node: Node) =>
      call('GET', `/system-notifications?organizationId=${organizationId}`, token, undefined, node).then(
        (a) => a.status,
      );
    for (const node of nodes) expect(await notices(node)).toBe(200);
    const changed = await call(
      'PATCH',
      `/client-users/${person.id}/status`,
      admin.token,
      { ids: [organizationId], status: 'Inactive' },
      nodes[2],
    );
    expect(changed.status).toBe(200);
    for (const node of nodes) await expect.poll(() => notices(node), { timeout: 2000, interval: 20 }).toBe(422);
  });

  it(`count the sign-ins of one address across the three nodes ${req('SEC-008')}`, async () => {
    // Another loopback address than the rest of this file's calls: its own count.
    const address = '127.0.0.23';
    const attempt = (node: Node) =>
      postFrom(address, `${node.url}/api/v1/sessions`, { email: member.email, password: DEFAULT_PASSWORD });
    const answers: number[] = [];
    for (let i = 0; i < SIGN_IN_PER_MINUTE; i++) answers.push(await attempt(nextNode()));
    expect(answers).toEqual(Array.from({ length: SIGN_IN_PER_MINUTE }, () => 201));
    // The limit is reached on the nodes together: each of them refuses the next one.
    for (const node of nodes) expect(await attempt(node)).toBe(429);
  });

  it(`let the other nodes take the jobs of a node stopped by SIGTERM ${req('OPS-001')}`, async () => {
    const [first, second, stopped] = nodes as [Node, Node, Node];
    const others = [first, second];
    const PACKAGES = 6;
    const packageJobs = () =>
      database.db
        .select({ status: jobs.status, attempts: jobs.attempts, lockedBy: jobs.lockedBy })
        .from(jobs)
        .where(and(eq(jobs.kind, INSPECTION_PACKAGE_JOB), eq(jobs.organizationId, organizationId)));
    const heldByStopped = (row: { lockedBy: string | null }) => row.lockedBy?.includes(`/${stopped.child.pid}/`);
    // Only the node to stop works meanwhile: the others are paused (SIGSTOP), so it holds the batch.
    for (const node of others) node.child.kill('SIGSTOP');
    try {
      for (let i = 0; i < PACKAGES; i++) {
        const path = `/organizations/${organizationId}/inspection-package`;
        expect((await call('POST', path, admin.token, undefined, stopped)).status).toBe(200);
      }
      // Its first wake claimed one package; the next claim takes the rest as one batch.
      await expect
        .poll(async () => (await packageJobs()).filter(heldByStopped).length, { timeout: 15_000, interval: 10 })
        .toBeGreaterThan(1);
      expect(await stopped.stop()).toBe(0);
      nodes = others;
      // It finished the package in hand and handed the batch's others back: pending, unheld, no attempt counted.
      const left = await packageJobs();
      expect(left.filter((row) => row.status === 'running')).toEqual([]);
      const handedBack = left.filter((row) => row.status === 'pending');
      expect(handedBack.length).toBeGreaterThan(0);
      expect(handedBack).toEqual(handedBack.map(() => ({ status: 'pending', attempts: 0, lockedBy: null })));
    } finally {
      for (const node of others) node.child.kill('SIGCONT');
    }
    await expect
      .poll(async () => (await packageJobs()).map((row) => `${row.status} ${row.attempts}`), { timeout: 30_000 })
      .toEqual(Array.from({ length: PACKAGES + 1 }, () => 'done 1'));
    await expect.poll(packageMails, { timeout: 10_000 }).toBe(PACKAGES + 1);
    expect(await call('GET', '/health', undefined).then((a) => a.status)).toBe(200);
  });
});

describe.skipIf(postgres)('three nodes', () => {
  it.skip('need PostgreSQL (TEST_DATABASE_URL): the embedded database belongs to one process', () => undefined);
});
