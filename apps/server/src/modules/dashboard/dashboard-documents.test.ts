import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentRevisionSigners } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { testApi, type Person } from '../../test/api.js';
import { ACCESS_CODE, createDocument, giveAccessCode, twoOrganizations } from '../../test/factories.js';
import { WAITING_SIGNER_SQL } from '../documents/waiting-signers.js';
import { req } from '../../../../../docs/requirements/req.js';

/**
 * Issue 26: the dashboard's documents cards read the signer rows marked `waiting`
 * (modules/documents/waiting-signers.ts, migration 0043). The mark follows every write that can
 * start or end a wait, in its transaction: after each step below every signer row of the
 * organization agrees with the rule (`WAITING_SIGNER_SQL`), and the cards answer as before.
 */

let t: TestContext;
const { person, call } = testApi(() => t);
let orgA: string;
let admin: Person;
let outsider: Person;

beforeAll(async () => {
  t = await createTestContext();
  ({ orgA, admin, outsider } = await twoOrganizations(t));
  await giveAccessCode(t.db, admin.id);
});
afterAll(() => t.close());

/** A member of A with an access code (approvals are signed with it). */
async function signer() {
  const member = await person(orgA);
  await giveAccessCode(t.db, member.id);
  return member;
}

const dashboard = async (by: Person, path: string) => {
  const res = await call('GET', `/dashboard/${path}?organizationId=${orgA}`, by.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** What the cards show the person: their counters and the (document, revision) of each card's rows. */
async function cardsOf(by: Person) {
  const counters = await dashboard(by, 'counters');
  const rows = async (path: string) =>
    ((await dashboard(by, path)) as { id: string; revision: number }[]).map((r) => `${r.id}#${r.revision}`);
  return {
    toReview: counters.documentsToReview as number,
    toApprove: counters.documentsToApprove as number,
    review: await rows('documents-to-review'),
    approve: await rows('documents-to-approve'),
  };
}

/** The document's signer rows marked waiting, as `role:person#revision`. */
async function waitingOn(documentId: string, people: Record<string, Person>) {
  const nameOf = (id: string) => Object.entries(people).find(([, p]) => p.id === id)?.[0] ?? id;
  const rows = await t.db
    .select()
    .from(documentRevisionSigners)
    .where(and(eq(documentRevisionSigners.documentId, documentId), eq(documentRevisionSigners.waiting, true)))
    .orderBy(asc(documentRevisionSigners.revision), asc(documentRevisionSigners.role));
  return rows.map((r) => `${r.role}:${nameOf(r.userId)}#${r.revision}`);
}

/** Signer rows of A whose mark disagrees with the rule: none, after every write. */
async function disagreements() {
  const result = (await t.db.execute(sql`select count(*)::int as n from document_revision_signers s
    join document_revisions r on r.organization_id = s.organization_id and r.document_id = s.document_id
      and r.revision = s.revision
    where s.organization_id = ${orgA} and s.waiting is distinct from (${sql.raw(WAITING_SIGNER_SQL)})`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
}

const ok = async (response: Promise<{ statusCode: number; body: string }>, status = 200) => {
  const res = await response;
  expect(res.statusCode, res.body).toBe(status);
  expect(await disagreements()).toBe(0);
};

const sign = (kind: 'reviews' | 'approvals', by: Person, id: string, revision: number, status = 0) =>
  call('POST', `/documents/${id}/${kind}`, by.headers, {
    organizationId: orgA,
    revision,
    status,
    accessCode: ACCESS_CODE,
    ...(status === 1 ? { comment: 'Section 3 is wrong' } : {}),
  });

const saveSigners = (id: string, revision: number, reviewers: Person[], approvers: Person[]) =>
  call('PUT', `/documents/${id}/quality-tasks`, admin.headers, {
    organizationId: orgA,
    revision,
    reviewerIds: reviewers.map((p) => p.id),
    approverIds: approvers.map((p) => p.id),
  });

async function addRevision(id: string, revision: number, reviewers: Person[], approvers: Person[]) {
  const current = (await call('GET', `/documents/${id}?organizationId=${orgA}`, admin.headers)).json().data;
  return call('PUT', `/documents/${id}/revision`, admin.headers, {
    organizationId: orgA,
    typeId: current.typeId,
    submitterId: admin.id,
    name: current.name,
    revision,
    revisionDescription: `Issue ${revision}`,
    reasonForChange: `Change ${revision}`,
    fileId: current.fileId,
    reviewerIds: reviewers.map((p) => p.id),
    approverIds: approvers.map((p) => p.id),
  });
}

describe('the documents cards read the waiting signer rows', () => {
  it(`answer 401 without a session and 404 to another organization ${req('DASH-001')}`, async () => {
    for (const path of ['documents-to-review', 'documents-to-approve', 'counters']) {
      expect((await call('GET', `/dashboard/${path}?organizationId=${orgA}`, {})).statusCode).toBe(401);
      expect((await call('GET', `/dashboard/${path}?organizationId=${orgA}`, outsider.headers)).statusCode).toBe(404);
    }
  });

  it(`follow submit, review, approve, a new revision, reject, the next cycle, signer changes and withdraw ${req('DASH-001')}`, async () => {
    const [r1, a1, r2] = [await signer(), await signer(), await signer()];
    const people = { r1, a1, r2 };
    const doc = await createDocument(t.app, t.db, admin, orgA, { reviewerIds: [r1.id], approverIds: [a1.id] });
    const at = (revision: number) => `${doc.id}#${revision}`;
    expect(await disagreements()).toBe(0);

    // Submitted: the reviewer waits, the approver not yet.
    expect(await waitingOn(doc.id, people)).toEqual(['reviewer:r1#1']);
    expect(await cardsOf(r1)).toEqual({ toReview: 1, toApprove: 0, review: [at(1)], approve: [] });
    expect(await cardsOf(a1)).toEqual({ toReview: 0, toApprove: 0, review: [], approve: [] });

    // Reviewed: the approver's turn.
    await ok(sign('reviews', r1, doc.id, 1), 201);
    expect(await waitingOn(doc.id, people)).toEqual(['approver:a1#1']);
    expect(await cardsOf(r1)).toEqual({ toReview: 0, toApprove: 0, review: [], approve: [] });
    expect(await cardsOf(a1)).toEqual({ toReview: 0, toApprove: 1, review: [], approve: [at(1)] });

    // Approved (final): nobody waits.
    await ok(sign('approvals', a1, doc.id, 1), 201);
    expect(await waitingOn(doc.id, people)).toEqual([]);
    expect(await cardsOf(a1)).toEqual({ toReview: 0, toApprove: 0, review: [], approve: [] });

    // A new revision names its signers: its reviewers wait on it.
    await ok(addRevision(doc.id, 2, [r1, r2], [a1]));
    expect(await waitingOn(doc.id, people)).toEqual(['reviewer:r1#2', 'reviewer:r2#2']);
    expect(await cardsOf(r2)).toEqual({ toReview: 1, toApprove: 0, review: [at(2)], approve: [] });

    // One review of two: the other reviewer still waits, the approver not yet.
    await ok(sign('reviews', r1, doc.id, 2), 201);
    expect(await waitingOn(doc.id, people)).toEqual(['reviewer:r2#2']);

    // A rejection: nobody waits on a rejected revision.
    await ok(sign('reviews', r2, doc.id, 2, 1), 201);
    expect(await waitingOn(doc.id, people)).toEqual([]);
    expect(await cardsOf(r2)).toEqual({ toReview: 0, toApprove: 0, review: [], approve: [] });

    // Answering it (the signers changed: r2 alone reviews) starts the next cycle: r2 waits again.
    await ok(saveSigners(doc.id, 2, [r2], [a1]));
    expect(await waitingOn(doc.id, people)).toEqual(['reviewer:r2#2']);
    expect(await cardsOf(r1)).toEqual({ toReview: 0, toApprove: 0, review: [], approve: [] });

    // Without reviewers a Submitted revision waits for its approvers at once.
    await ok(saveSigners(doc.id, 2, [], [a1]));
    expect(await waitingOn(doc.id, people)).toEqual(['approver:a1#2']);
    expect(await cardsOf(a1)).toEqual({ toReview: 0, toApprove: 1, review: [], approve: [at(2)] });

    // Withdrawn: every revision Obsolete, nobody waits.
    await ok(
      call('POST', `/documents/${doc.id}/withdrawal`, admin.headers, {
        organizationId: orgA,
        reason: 'Replaced by SOP-012',
        accessCode: ACCESS_CODE,
      }),
    );
    expect(await waitingOn(doc.id, people)).toEqual([]);
    expect(await cardsOf(a1)).toEqual({ toReview: 0, toApprove: 0, review: [], approve: [] });
  });

  it(`follow the delete of a pending revision and of a document, and a revision set as final ${req('DASH-001')}`, async () => {
    const [r1, a1] = [await signer(), await signer()];
    const people = { r1, a1 };
    const doc = await createDocument(t.app, t.db, admin, orgA, { approverIds: [a1.id] });
    expect(await waitingOn(doc.id, people)).toEqual(['approver:a1#1']);
    await ok(sign('approvals', a1, doc.id, 1), 201);
    await ok(addRevision(doc.id, 2, [r1], [a1]));
    expect(await cardsOf(r1)).toEqual({ toReview: 1, toApprove: 0, review: [`${doc.id}#2`], approve: [] });

    // The pending revision deleted: its signer rows go with it.
    await ok(call('DELETE', `/documents/${doc.id}/revision?organizationId=${orgA}&revision=2`, admin.headers));
    expect(await waitingOn(doc.id, people)).toEqual([]);
    expect(await cardsOf(r1)).toEqual({ toReview: 0, toApprove: 0, review: [], approve: [] });

    // A document never released, deleted with its waiting reviewer.
    const draft = await createDocument(t.app, t.db, admin, orgA, { reviewerIds: [r1.id] });
    expect(await cardsOf(r1)).toMatchObject({ toReview: 1, review: [`${draft.id}#1`] });
    await ok(call('DELETE', `/documents?organizationId=${orgA}&documentIds=${draft.id}`, admin.headers));
    expect(await cardsOf(r1)).toEqual({ toReview: 0, toApprove: 0, review: [], approve: [] });

    // Set as final needs no signers; its signers' rows (none) and everyone else's stay right.
    const unsigned = await createDocument(t.app, t.db, admin, orgA);
    await ok(
      call('PATCH', `/documents/${unsigned.id}/revision`, admin.headers, {
        organizationId: orgA,
        revision: 1,
        reason: 'Released without review',
      }),
    );
  });
});
