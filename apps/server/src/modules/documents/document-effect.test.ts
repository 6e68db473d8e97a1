import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Permission, messages, type RevisionLifecycle } from '@qualis/contract';
import { dayOf, now, setClock } from '../../core/clock.js';
import { hashPassword } from '../../core/passwords.js';
import { newId } from '../../core/ids.js';
import { documents, userAccessCodes } from '../../db/schema/index.js';
import { auditEventsOf, revisionRowOf } from '../../test/audit-events.js';
import { testApi, type Person } from '../../test/api.js';
import { parseCsv } from '../../test/csv.js';
import { unzipped } from '../../test/exported-files.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  ACCESS_CODE,
  createDocument,
  createDocumentType,
  giveAccessCode,
  twoOrganizations,
} from '../../test/factories.js';
import { makeDueRevisionsEffective } from './revision-effect.js';
import { req } from '../../../../../docs/requirements/req.js';

/**
 * Issue 24: the effective revision. A released revision takes effect at once or on the effective
 * date its Responsible chose (the effect job, driven by core/clock.ts); the revision it replaces
 * is superseded. Lists, exports, search and the detail show the effective revision, with the
 * pending one beside it for the people who may open it.
 */

let t: TestContext;
const { person, call } = testApi(() => t);
let orgA: string;
let admin: Person;
const CODE = '246810';
const DAY_MS = 24 * 60 * 60_000;

beforeAll(async () => {
  t = await createTestContext();
  ({ orgA, admin } = await twoOrganizations(t));
  await giveAccessCode(t.db, admin.id);
});
afterEach(() => setClock());
afterAll(() => t.close());

const tomorrow = () => dayOf(new Date(now().getTime() + DAY_MS));
const runEffectJob = () => makeDueRevisionsEffective(t.app.ctx);
const detail = async (by: Person, id: string, revision?: number) =>
  call('GET', `/documents/${id}?organizationId=${orgA}${revision ? `&revision=${revision}` : ''}`, by.headers);
const lifecycles = async (id: string): Promise<Record<number, RevisionLifecycle>> => {
  const res = await detail(admin, id);
  expect(res.statusCode, res.body).toBe(200);
  const revisions = res.json().data.revisions as { revision: number; lifecycle: RevisionLifecycle }[];
  return Object.fromEntries(revisions.map((r) => [r.revision, r.lifecycle]));
};
const effectiveRevisionOf = async (id: string) =>
  (await t.db.select().from(documents).where(eq(documents.id, id)))[0]!.effectiveRevision;

const setFinal = async (id: string, revision: number) => {
  const res = await call('PATCH', `/documents/${id}/revision`, admin.headers, {
    organizationId: orgA,
    revision,
    reason: 'Released without review',
  });
  expect(res.statusCode, res.body).toBe(200);
};
async function addRevision(id: string, revision: number, fields: object = {}) {
  const current = (await detail(admin, id, revision - 1)).json().data;
  return call('PUT', `/documents/${id}/revision`, admin.headers, {
    organizationId: orgA,
    typeId: current.typeId,
    submitterId: admin.id,
    name: current.name,
    revision,
    revisionDescription: `Issue ${revision}`,
    reasonForChange: `Why issue ${revision}`,
    fileId: current.fileId,
    ...fields,
  });
}
async function setEffectiveOn(id: string, effectiveOn: string) {
  const current = (await detail(admin, id)).json().data;
  const saved = await call('PUT', `/documents/${id}/general`, admin.headers, {
    organizationId: orgA,
    revision: current.revision,
    typeId: current.typeId,
    submitterId: current.submitterId,
    name: current.name,
    revisionDescription: current.revisionDescription,
    fileId: current.fileId,
    effectiveOn,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}
const withdrawRevision = (id: string, revision: number) =>
  call('POST', `/documents/${id}/withdrawal`, admin.headers, {
    organizationId: orgA,
    revision,
    reason: 'Replaced',
    accessCode: ACCESS_CODE,
  });

describe('the lifecycle, a table of transitions', () => {
  it(`released, effective, pending until its date, effective with the clock moved, superseded, obsolete ${req('DOC-024', 'DOC-027')}`, async () => {
    const doc = await createDocument(t.app, t.db, admin, orgA);
    let effectiveOn = '';
    const steps: { step: string; run: () => Promise<unknown>; expected: Record<number, RevisionLifecycle> }[] = [
      { step: 'created', run: async () => undefined, expected: { 1: 'Pending' } },
      { step: 'rev 1 set final: effective at once', run: () => setFinal(doc.id, 1), expected: { 1: 'Effective' } },
      {
        step: 'rev 2 added with an effective date tomorrow',
        run: async () => {
          effectiveOn = tomorrow();
          const res = await addRevision(doc.id, 2, { effectiveOn });
          expect(res.statusCode, res.body).toBe(200);
        },
        expected: { 1: 'Effective', 2: 'Pending' },
      },
      {
        step: 'rev 2 released: pending until its date',
        run: () => setFinal(doc.id, 2),
        expected: { 1: 'Effective', 2: 'Pending' },
      },
      {
        step: 'the job today: nothing due',
        run: async () => expect(await runEffectJob()).toBe(0),
        expected: { 1: 'Effective', 2: 'Pending' },
      },
      {
        step: 'the clock moved to the date: the job makes rev 2 effective',
        run: async () => {
          setClock(new Date(`${effectiveOn}T00:30:00Z`));
          expect(await runEffectJob()).toBe(1);
        },
        expected: { 1: 'Superseded', 2: 'Effective' },
      },
      {
        step: 'the job again: idempotent',
        run: async () => expect(await runEffectJob()).toBe(0),
        expected: { 1: 'Superseded', 2: 'Effective' },
      },
      {
        step: 'rev 3 set final without a date: effective at once',
        run: async () => {
          expect((await addRevision(doc.id, 3)).statusCode).toBe(200);
          await setFinal(doc.id, 3);
        },
        expected: { 1: 'Superseded', 2: 'Superseded', 3: 'Effective' },
      },
      {
        step: 'rev 3 withdrawn: obsolete, none effective',
        run: async () => expect((await withdrawRevision(doc.id, 3)).statusCode).toBe(200),
        expected: { 1: 'Superseded', 2: 'Superseded', 3: 'Obsolete' },
      },
    ];
    for (const { step, run, expected } of steps) {
      await run();
      expect(await lifecycles(doc.id), step).toEqual(expected);
    }

    const rev1 = await revisionRowOf(t, doc.id, 1);
    const rev2 = await revisionRowOf(t, doc.id, 2);
    expect(rev1).toMatchObject({ supersededBy: 2 });
    expect(rev1.supersededAt!.toISOString()).toBe(`${effectiveOn}T00:30:00.000Z`);
    expect(rev2).toMatchObject({ effectiveOn, supersededBy: 3 });
    expect(rev2.effectiveAt!.toISOString()).toBe(`${effectiveOn}T00:30:00.000Z`);
    // The pointer stays on the revision last made effective, withdrawn or not.
    expect(await effectiveRevisionOf(doc.id)).toBe(3);

    const effective = await auditEventsOf(t, doc.id, 'effective');
    expect(effective.map((e) => [(e.after as { revision: number }).revision, e.actorUserId])).toEqual([
      [1, admin.id],
      [2, null],
      [3, admin.id],
    ]);
    const superseded = await auditEventsOf(t, doc.id, 'supersede');
    expect(superseded.map((e) => e.after)).toMatchObject([
      { revision: 1, supersededBy: 2 },
      { revision: 2, supersededBy: 3 },
    ]);
  });

  it(`a released revision waiting for its date is superseded when a later one takes effect first ${req('DOC-024', 'DOC-027')}`, async () => {
    const doc = await createDocument(t.app, t.db, admin, orgA);
    await setFinal(doc.id, 1);
    expect(
      (await addRevision(doc.id, 2, { effectiveOn: dayOf(new Date(now().getTime() + 10 * DAY_MS)) })).statusCode,
    ).toBe(200);
    await setFinal(doc.id, 2);
    expect((await addRevision(doc.id, 3)).statusCode).toBe(200);
    await setFinal(doc.id, 3);
    expect(await lifecycles(doc.id)).toEqual({ 1: 'Superseded', 2: 'Superseded', 3: 'Effective' });
    setClock(new Date(now().getTime() + 11 * DAY_MS));
    expect(await runEffectJob()).toBe(0);
    expect(await lifecycles(doc.id)).toEqual({ 1: 'Superseded', 2: 'Superseded', 3: 'Effective' });
  });

  it(`approval releases the revision: effective on its date ${req('DOC-026')}`, async () => {
    const approver = await person(orgA, 'User', [Permission.ViewAllDocuments]);
    await t.db.insert(userAccessCodes).values({ id: newId(), userId: approver.id, codeHash: await hashPassword(CODE) });
    const doc = await createDocument(t.app, t.db, admin, orgA, { approverIds: [approver.id] });
    const effectiveOn = tomorrow();
    await setEffectiveOn(doc.id, effectiveOn);
    const approved = await call('POST', `/documents/${doc.id}/approvals`, approver.headers, {
      organizationId: orgA,
      revision: 1,
      status: 0,
      accessCode: CODE,
    });
    expect(approved.statusCode, approved.body).toBe(201);
    expect((await detail(admin, doc.id)).json().data).toMatchObject({
      status: 'Approved',
      isFinal: true,
      lifecycle: 'Pending',
      effectiveOn,
      effectiveAt: null,
      effectiveRevision: null,
    });
    setClock(new Date(`${effectiveOn}T08:00:00Z`));
    expect(await runEffectJob()).toBe(1);
    expect((await detail(admin, doc.id)).json().data).toMatchObject({ lifecycle: 'Effective', effectiveRevision: 1 });
  });

  it(`refuses an effective date in the past or not a date (400), creating nothing ${req('DOC-026')}`, async () => {
    const doc = await createDocument(t.app, t.db, admin, orgA);
    await setFinal(doc.id, 1);
    const past = await addRevision(doc.id, 2, { effectiveOn: '2020-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0]).toMatchObject({ field: 'effectiveOn', message: messages.documentEffectiveDatePast });
    const bad = await addRevision(doc.id, 2, { effectiveOn: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: 'effectiveOn', message: messages.invalidDate });
    expect((await detail(admin, doc.id)).json().data.latestRevision).toBe(1);
  });
});

describe('what each viewer sees of an effective revision with a pending one', () => {
  let typeId: string;
  let related: Person;
  let releasedOnly: Person;
  let doc: { id: string; number: number };
  let pendingOnly: { id: string; number: number };

  beforeAll(async () => {
    typeId = (await createDocumentType(t.db, orgA, `Effect ${newId().slice(0, 6)}`)).id;
    related = await person(orgA);
    releasedOnly = await person(orgA, 'User', [Permission.ViewApprovedAndRelatedDocuments, 48]);
    doc = await createDocument(t.app, t.db, admin, orgA, { typeId, name: 'Cleaning procedure' });
    await setFinal(doc.id, 1);
    const added = await addRevision(doc.id, 2, { submitterId: related.id, effectiveOn: tomorrow() });
    expect(added.statusCode, added.body).toBe(200);
    pendingOnly = await createDocument(t.app, t.db, admin, orgA, { typeId, name: 'Waiting procedure' });
    await setEffectiveOn(pendingOnly.id, tomorrow());
    await setFinal(pendingOnly.id, 1);
  });

  const listOf = async (by: Person) => {
    const res = await call('GET', `/documents?organizationId=${orgA}&docTypeIds=${typeId}`, by.headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      id: string;
      revision: number;
      lifecycle: string;
      pendingRevision: { revision: number } | null;
    }[];
  };

  it(`the list and the detail show the effective revision; the pending one beside it for those who may open it ${req('DOC-025')}`, async () => {
    for (const [who, by, pending] of [
      ['admin', admin, 2],
      ['related', related, 2],
      ['released only', releasedOnly, null],
    ] as const) {
      const rows = await listOf(by);
      const row = rows.find((r) => r.id === doc.id);
      expect(row, who).toMatchObject({ revision: 1, lifecycle: 'Effective' });
      expect(row!.pendingRevision?.revision ?? null, who).toBe(pending);
      expect((await detail(by, doc.id)).json().data, who).toMatchObject({ revision: 1, lifecycle: 'Effective' });
      const second = await detail(by, doc.id, 2);
      expect(second.statusCode, who).toBe(pending === null ? 404 : 200);
      // Released, waiting for its date: Pending for the Admin; not shown to someone who sees released ones only.
      const waiting = rows.find((r) => r.id === pendingOnly.id);
      if (by === admin)
        expect(waiting, who).toMatchObject({ revision: 1, lifecycle: 'Pending', pendingRevision: null });
      else expect(waiting, who).toBeUndefined();
    }
  });

  it(`CSV, attachments (with and without pending revisions) and search agree ${req('DOC-025')}`, async () => {
    const csv = parseCsv(
      (await call('GET', `/export/Documents?organizationId=${orgA}&selectedIds=${doc.id}`, admin.headers)).body,
    );
    const header = csv[0]!;
    const row = csv[1]!;
    expect(row[header.indexOf('Revision')]).toBe('1');
    expect(row[header.indexOf('State')]).toBe('Effective');

    const zip = async (by: Person, extra = '') => {
      const res = await call(
        'GET',
        `/export/document-attachments?organizationId=${orgA}&docTypeIds=${typeId}&selectedIds=${doc.id}${extra}`,
        by.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (await unzipped(res.rawPayload)).map((e) => e.name).sort();
    };
    expect(await zip(admin)).toEqual([`${doc.number} Cleaning procedure/procedure (rev 1).txt`]);
    expect(await zip(admin, '&includePending=true')).toEqual([
      `${doc.number} Cleaning procedure/procedure (rev 1).txt`,
      `${doc.number} Cleaning procedure/procedure (rev 2, pending).txt`,
    ]);
    expect(await zip(releasedOnly, '&includePending=true')).toEqual([
      `${doc.number} Cleaning procedure/procedure (rev 1).txt`,
    ]);

    for (const by of [admin, related, releasedOnly]) {
      const res = await call(
        'GET',
        `/${orgA}/global-search?search=${encodeURIComponent('Cleaning procedure')}`,
        by.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      const hit = (res.json().data as { id: string; revision: number }[]).find((h) => h.id === doc.id);
      expect(hit, by.email).toBeDefined();
    }
  });
});
