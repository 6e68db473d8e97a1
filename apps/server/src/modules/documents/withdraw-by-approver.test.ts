import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@qualis/contract';
import { documentSignatures, organizations } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { auditEventsOf, revisionRowOf } from '../../test/audit-events.js';
import { testApi, type Person } from '../../test/api.js';
import { parseCsv } from '../../test/csv.js';
import {
  ACCESS_CODE,
  DEFAULT_PASSWORD,
  createDocument,
  giveAccessCode,
  twoOrganizations,
} from '../../test/factories.js';
import { req } from '../../../../../docs/requirements/req.js';

/**
 * Issue 24, withdraw (obsolete): a person allowed to approve the document withdraws it too, signed
 * as an approval is (the access code, and the password where the organization asks for it); a
 * withdrawn document leaves the default list, its count and its exports, and the Obsolete status
 * brings it back.
 */

let t: TestContext;
const { person, call } = testApi(() => t);
let orgA: string;
let admin: Person;

beforeAll(async () => {
  t = await createTestContext();
  ({ orgA, admin } = await twoOrganizations(t));
});
afterAll(() => t.close());

const withdraw = (by: Person, documentId: string, body: object = {}) =>
  call('POST', `/documents/${documentId}/withdrawal`, by.headers, {
    organizationId: orgA,
    reason: 'Replaced by SOP-020',
    accessCode: ACCESS_CODE,
    ...body,
  });
const withdrawalsOf = (documentId: string) =>
  t.db
    .select()
    .from(documentSignatures)
    .where(and(eq(documentSignatures.documentId, documentId), eq(documentSignatures.kind, 'withdrawal')));
const requirePassword = (on: boolean) =>
  t.db.update(organizations).set({ signingRequiresPassword: on }).where(eq(organizations.id, orgA));

/** A User without document permissions, with an access code. */
async function signer() {
  const someone = await person(orgA);
  await giveAccessCode(t.db, someone.id);
  return someone;
}

/** A document of A whose revision 1 `approver` approved (it is released), named as its only approver. */
async function approvedBy(approver: Person, name?: string) {
  const doc = await createDocument(t.app, t.db, admin, orgA, { approverIds: [approver.id], ...(name ? { name } : {}) });
  const approval = await call('POST', `/documents/${doc.id}/approvals`, approver.headers, {
    organizationId: orgA,
    revision: 1,
    status: 0,
    accessCode: ACCESS_CODE,
  });
  expect(approval.statusCode, approval.body).toBe(201);
  return doc;
}

describe('POST /documents/{id}/withdrawal by an approver', () => {
  it(`lets the approver of the released revision withdraw it with the access code; an approver of a draft only may not (403) ${req('DOC-028')}`, async () => {
    const approver = await signer();
    const doc = await approvedBy(approver);
    const seen = (await call('GET', `/documents/${doc.id}?organizationId=${orgA}`, approver.headers)).json().data;
    expect(seen).toMatchObject({ canWithdraw: true, canWithdrawRevision: true, canBeDeleted: false });

    // Revision 2 names another approver: they approve nothing released yet.
    const draftApprover = await signer();
    const added = await call('PUT', `/documents/${doc.id}/revision`, admin.headers, {
      organizationId: orgA,
      typeId: seen.typeId,
      submitterId: admin.id,
      name: seen.name,
      revision: 2,
      revisionDescription: 'Second issue',
      reasonForChange: 'New supplier',
      fileId: seen.fileId,
      approverIds: [draftApprover.id],
    });
    expect(added.statusCode, added.body).toBe(200);
    const refused = await withdraw(draftApprover, doc.id);
    expect(refused.statusCode).toBe(403);
    expect(await withdrawalsOf(doc.id)).toEqual([]);

    const res = await withdraw(approver, doc.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await revisionRowOf(t, doc.id, 1)).toMatchObject({ status: 'Obsolete', isFinal: true });
    expect(await revisionRowOf(t, doc.id, 2)).toMatchObject({ status: 'Obsolete' });
    const [signature] = await withdrawalsOf(doc.id);
    expect(signature).toMatchObject({ signerId: approver.id, meaning: 'Withdrawn', passwordConfirmed: false });
    const events = await auditEventsOf(t, doc.id, 'withdraw');
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ actorUserId: approver.id, reason: 'Replaced by SOP-020' });
  });

  it(`asks for the password too where the organization asks for it: missing or wrong is refused (audited), right is recorded ${req('DOC-028')}`, async () => {
    const approver = await signer();
    const doc = await approvedBy(approver);
    await requirePassword(true);
    try {
      const missing = await withdraw(approver, doc.id);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors[0]).toMatchObject({ field: 'password', message: messages.signingPasswordRequired });
      const wrong = await withdraw(approver, doc.id, { password: 'not it' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors[0]).toMatchObject({ field: 'password', message: messages.passwordIncorrect });
      expect((await auditEventsOf(t, doc.id, 'signatureRefused')).at(-1)!.after).toMatchObject({
        kind: 'withdrawal',
        reason: 'passwordWrong',
      });
      expect((await revisionRowOf(t, doc.id, 1)).status).toBe('Approved');

      const res = await withdraw(approver, doc.id, { password: DEFAULT_PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      expect((await withdrawalsOf(doc.id))[0]).toMatchObject({ passwordConfirmed: true });
    } finally {
      await requirePassword(false);
    }
  });
});

describe('A withdrawn document in the list and its exports', () => {
  it(`leaves the default list, its count and the CSV; the Obsolete status shows it in both ${req('DOC-029')}`, async () => {
    const approver = await signer();
    const kept = await approvedBy(approver, 'Kept procedure zq');
    const retired = await approvedBy(approver, 'Retired procedure zq');
    expect((await withdraw(approver, retired.id)).statusCode).toBe(200);

    const list = async (query: string) =>
      (await call('GET', `/documents?organizationId=${orgA}&search=procedure%20zq${query}`, approver.headers)).json();
    const byDefault = await list('');
    expect(byDefault.data.map((r: { id: string }) => r.id)).toEqual([kept.id]);
    expect(byDefault.pagination.totalCount).toBe(1);
    // Without a search the count is the visible documents' own: the withdrawn one is out of it too.
    const all = (await call('GET', `/documents?organizationId=${orgA}&limit=100`, approver.headers)).json();
    expect(all.data.map((r: { id: string }) => r.id)).not.toContain(retired.id);
    expect(all.pagination.totalCount).toBe(all.data.length);
    const obsolete = await list('&statuses=Obsolete');
    expect(obsolete.data.map((r: { id: string }) => r.id)).toEqual([retired.id]);

    const csv = async (query: string) =>
      parseCsv(
        (
          await call(
            'GET',
            `/export/Documents?organizationId=${orgA}&search=procedure%20zq&columns=name&columns=status${query}`,
            approver.headers,
          )
        ).body,
      );
    expect(await csv('')).toEqual([
      ['Name', 'Status'],
      ['Kept procedure zq', 'Approved'],
    ]);
    expect(await csv('&statuses=Obsolete')).toEqual([
      ['Name', 'Status'],
      ['Retired procedure zq', 'Obsolete'],
    ]);
  });

  it(`stays while one revision is live, and leaves when the last live one is withdrawn or deleted ${req('DOC-029')}`, async () => {
    const approver = await signer();
    const doc = await approvedBy(approver, 'Half retired procedure zq');
    const current = (await call('GET', `/documents/${doc.id}?organizationId=${orgA}`, admin.headers)).json().data;
    const added = await call('PUT', `/documents/${doc.id}/revision`, admin.headers, {
      organizationId: orgA,
      typeId: current.typeId,
      submitterId: admin.id,
      name: current.name,
      revision: 2,
      revisionDescription: 'Issue 2',
      reasonForChange: 'A draft that is never released',
      fileId: current.fileId,
    });
    expect(added.statusCode, added.body).toBe(200);
    const listed = async () =>
      (await call('GET', `/documents?organizationId=${orgA}&search=half%20retired`, admin.headers))
        .json()
        .data.map((r: { id: string }) => r.id);

    expect((await withdraw(approver, doc.id, { revision: 1 })).statusCode).toBe(200);
    expect(await listed()).toEqual([doc.id]);
    const removed = await call(
      'DELETE',
      `/documents/${doc.id}/revision?organizationId=${orgA}&revision=2`,
      admin.headers,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await listed()).toEqual([]);
  });

  it(`leaves a withdrawn document out of every total of a full page: a related-only person's, a filtered one ${req('DOC-029')}`, async () => {
    // The approver sees only the three documents they approve (no document view option); with a
    // page of one, each total is counted, not read off the page.
    const approver = await signer();
    const docs = [];
    for (const n of [1, 2, 3]) docs.push(await approvedBy(approver, `Counted procedure qx ${n}`));
    expect((await withdraw(approver, docs[0]!.id)).statusCode).toBe(200);
    const total = async (by: Person, query: string) => {
      const res = await call('GET', `/documents?organizationId=${orgA}&limit=1${query}`, by.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().pagination.totalCount;
    };

    expect(await total(approver, '')).toBe(2);
    expect(await total(approver, '&statuses=Approved')).toBe(2);
    expect(await total(approver, '&statuses=Approved&statuses=Obsolete')).toBe(3);
    expect(await total(admin, '&search=counted%20procedure%20qx')).toBe(2);
    expect(await total(admin, '&search=counted%20procedure%20qx&statuses=Obsolete&statuses=Approved')).toBe(3);
  });
});
