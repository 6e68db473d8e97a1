import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission, messages } from '@qualis/contract';
import { resolveOrganizationAccess } from '../../core/access.js';
import { newId } from '../../core/ids.js';
import type { ServiceContext } from '../../core/service-context.js';
import {
  actions,
  auditEvents,
  documentParticipants,
  documentRevisions,
  documentSignatures,
  documents,
  organizationFiles,
} from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createDocument,
  createDocumentType,
  createOrganization,
  createUser,
  createUserGroup,
  signIn,
  uploadOrganizationFile,
} from '../../test/factories.js';
import { onRevisionApproved, recomputeRevisionStatus } from './documents.service.js';

type Headers = Record<string, string>;
interface Person {
  id: string;
  email: string;
  role: 'Admin' | 'User';
  headers: Headers;
}
let t: TestContext;
let orgA: string;
let orgB: string;
let admin: Person;
let outsider: Person;
let typeA: string;
let typeB: string;

beforeAll(async () => {
  t = await createTestContext();
  orgA = (await createOrganization(t.db, { name: 'Alpha Devices' })).id;
  orgB = (await createOrganization(t.db, { name: 'Beta Labs' })).id;
  admin = await person(orgA, 'Admin');
  outsider = await person(orgB, 'Admin');
  typeA = (await createDocumentType(t.db, orgA, 'SOP')).id;
  typeB = (await createDocumentType(t.db, orgB, 'SOP')).id;
});
afterAll(() => t.close());

/** A signed-in person of `organizationId`; a User gets a group with `permissions` (none: no group). */
async function person(organizationId: string, role: 'Admin' | 'User' = 'User', permissions: number[] = []) {
  const user = await createUser(t.db, { role, memberOf: [{ organizationId }] });
  if (permissions.length) await createUserGroup(t.db, { organizationId, permissions, userIds: [user.id] });
  return { id: user.id, email: user.email, role, headers: (await signIn(t.app, user.email)).headers };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

const auditOf = async (entityId: string, action?: string) =>
  (await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, entityId)))
    .filter((e) => !action || e.action === action)
    .sort((a, b) => a.seq - b.seq);

const actionsOf = (documentId: string) =>
  t.db.select().from(actions).where(eq(actions.sourceId, documentId)).orderBy(actions.number);

const participantsOf = async (documentId: string) =>
  (await t.db.select().from(documentParticipants).where(eq(documentParticipants.documentId, documentId)))
    .map((p) => p.userId)
    .sort();

const revisionRow = async (documentId: string, revision: number) =>
  (
    await t.db
      .select()
      .from(documentRevisions)
      .where(and(eq(documentRevisions.documentId, documentId), eq(documentRevisions.revision, revision)))
  )[0]!;

const detail = async (by: Person, documentId: string, query = '') =>
  call('GET', `/documents/${documentId}?organizationId=${orgA}${query}`, by.headers);

const list = async (by: Person, organizationId: string, query = '') => {
  const res = await call('GET', `/documents?organizationId=${organizationId}${query}`, by.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: { id: string; number: number; name: string; revision: number; canBeDeleted: boolean }[];
    pagination: { totalCount: number };
  };
};

/** The create payload of General, with changes. */
async function generalPayload(by: Person, changes: object = {}) {
  return {
    organizationId: orgA,
    typeId: typeA,
    submitterId: by.id,
    name: `Cleaning procedure ${newId().slice(-6)}`,
    revision: 1,
    revisionName: 'Initial',
    revisionDescription: 'First issue',
    typeDescription: 'SOP-001',
    fileId: await uploadOrganizationFile(t.app, by.headers, orgA),
    ...changes,
  };
}

const newDocument = (values: Parameters<typeof createDocument>[4] = {}, by: Person = admin) =>
  createDocument(t.app, t.db, by, orgA, { typeId: typeA, ...values });

/** A signature written as the signing service writes it (kind, meaning, signer) on the revision's file. */
async function sign(
  documentId: string,
  revision: number,
  signer: Person,
  kind: 'review' | 'approval',
  meaning: 'Reviewed' | 'Approved' | 'Rejected',
) {
  const rev = await revisionRow(documentId, revision);
  const [file] = await t.db.select().from(organizationFiles).where(eq(organizationFiles.id, rev.fileId));
  await t.db.insert(documentSignatures).values({
    organizationId: orgA,
    id: newId(),
    documentId,
    revision,
    signatureCycle: rev.signatureCycle,
    kind,
    meaning,
    signerId: signer.id,
    signerName: 'Pat Doe',
    signerEmail: signer.email,
    fileId: rev.fileId,
    fileSha256: file!.sha256,
  });
}

/** The signing service's context: the caller's access and audit actor. */
async function contextOf(by: Person): Promise<ServiceContext> {
  const actor = { userId: by.id, email: by.email, role: by.role, sessionId: newId() };
  return {
    app: t.app.ctx,
    access: await resolveOrganizationAccess(t.db, actor, orgA),
    audit: { userId: by.id, email: by.email, ip: '203.0.113.9', requestId: 'signing' },
  };
}

const recompute = async (by: Person, documentId: string, revision: number) => {
  const ctx = await contextOf(by);
  return t.db.transaction((tx) => recomputeRevisionStatus(tx, ctx, documentId, revision));
};

describe('POST /documents', () => {
  it('needs a session, the organization and the right to add', async () => {
    const payload = await generalPayload(admin);
    expect((await call('POST', '/documents', {}, payload)).statusCode).toBe(401);
    expect((await call('POST', '/documents', outsider.headers, payload)).statusCode).toBe(404);
    const viewer = await person(orgA, 'User', [Permission.ViewAllDocuments]);
    expect((await call('POST', '/documents', viewer.headers, payload)).statusCode).toBe(403);
  });

  it('refuses missing and invalid fields with their messages, and creates nothing', async () => {
    const before = await t.db.$count(documents);
    const cases: [object, string, string][] = [
      [{ name: '   ' }, messages.fieldRequired, 'name'],
      [{ revisionDescription: undefined }, messages.fieldRequired, 'revisionDescription'],
      [{ revision: 0 }, messages.documentRevisionInvalid, 'revision'],
      [{ revision: 1000000000 }, messages.documentRevisionInvalid, 'revision'],
      [{ revision: undefined }, messages.fieldRequired, 'revision'],
      [{ fileId: '' }, messages.fieldRequired, 'fileId'],
      [{ typeId: typeB }, messages.documentTypeUnknown, 'typeId'],
      [{ fileId: await uploadOrganizationFile(t.app, outsider.headers, orgB) }, messages.documentFileUnknown, 'fileId'],
      [{ submitterId: outsider.id }, messages.documentResponsibleNotMember, 'submitterId'],
      [{ name: 'x'.repeat(256) }, 'Must be 255 characters or fewer', 'name'],
    ];
    for (const [changes, message, field] of cases) {
      const res = await call('POST', '/documents', admin.headers, await generalPayload(admin, changes));
      expect(res.statusCode, JSON.stringify(changes)).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ message, field });
    }
    expect(await t.db.$count(documents)).toBe(before);
  });

  it('creates the document numbered by the organization, its first revision, its participant, the responsible action and the audit event', async () => {
    const responsible = await person(orgA);
    const payload = await generalPayload(admin, { submitterId: responsible.id, revision: 3 });
    const res = await call('POST', '/documents', admin.headers, payload);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe(messages.documentCreated);
    expect(body.data).toMatchObject({
      name: payload.name,
      revision: 3,
      latestRevision: 3,
      releasedRevision: null,
      status: 'Submitted',
      isFinal: false,
      type: 'SOP',
      typeDescription: 'SOP-001',
      submitterId: responsible.id,
      creator: { id: admin.id },
      revisions: [{ revision: 3, status: 'Submitted', isFinal: false, revisionName: 'Initial' }],
      canBeEdited: true,
      canBeDeleted: true,
      canDeleteRevision: false,
      canAddRevision: true,
      canViewGeneral: true,
      canViewReviews: true,
      canSetAsFinal: true,
    });
    const id = body.data.id as string;
    expect(await participantsOf(id)).toEqual([responsible.id]);
    const [created] = await auditOf(id, 'create');
    expect(created).toMatchObject({ infoType: 'Documents & Document Revisions', entityType: 'document' });
    expect(created!.after).toMatchObject({ number: body.data.number, revision: 3, name: payload.name });
    const [responsibleAction] = await actionsOf(id);
    expect(responsibleAction).toMatchObject({
      kind: 'responsible',
      assigneeId: responsible.id,
      status: 'ToDo',
      link: `/organizations/${orgA}/documents/${id}?revision=3`,
    });
  });

  it('keeps type + name + revision unique in the organization (the name in any case)', async () => {
    const first = await generalPayload(admin, { name: 'Unique Name' });
    expect((await call('POST', '/documents', admin.headers, first)).statusCode).toBe(201);
    const same = await call('POST', '/documents', admin.headers, { ...first, name: 'unique name' });
    expect(same.statusCode).toBe(409);
    expect(same.json().errors[0]).toMatchObject({ message: messages.documentIdentityTaken, field: 'name' });
    expect((await call('POST', '/documents', admin.headers, { ...first, revision: 2 })).statusCode).toBe(201);
  });
});
