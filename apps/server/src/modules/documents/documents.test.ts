import { eq } from 'drizzle-orm';
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
import { auditEventsOf, revisionRowOf } from '../../test/audit-events.js';
import { testApi, type Person } from '../../test/api.js';
import {
  createDocument,
  createDocumentType,
  createOrganization,
  twoOrganizations,
  uploadOrganizationFile,
} from '../../test/factories.js';
import { completeActions } from '../actions/automatic-actions.js';
import { insertSignature } from './document-signatures.repository.js';
import { onRevisionApproved, recomputeRevisionStatus } from './revision-lifecycle.js';
import { req } from '../../../../../docs/requirements/req.js';

let t: TestContext;
const { person, call } = testApi(() => t);
let orgA: string;
let orgB: string;
let admin: Person;
let outsider: Person;
let typeA: string;
let typeB: string;

beforeAll(async () => {
  t = await createTestContext();
  ({ orgA, orgB, admin, outsider } = await twoOrganizations(t));
  typeA = (await createDocumentType(t.db, orgA, 'SOP')).id;
  typeB = (await createDocumentType(t.db, orgB, 'SOP')).id;
});
afterAll(() => t.close());

const auditOf = (entityId: string, action?: string) => auditEventsOf(t, entityId, action);

const actionsOf = (documentId: string) =>
  t.db.select().from(actions).where(eq(actions.sourceId, documentId)).orderBy(actions.number);

const participantsOf = async (documentId: string) =>
  (await t.db.select().from(documentParticipants).where(eq(documentParticipants.documentId, documentId)))
    .map((p) => p.userId)
    .sort();

const revisionRow = (documentId: string, revision: number) => revisionRowOf(t, documentId, revision);

const detail = async (by: Person, documentId: string, query = '') =>
  call('GET', `/documents/${documentId}?organizationId=${orgA}${query}`, by.headers);

const list = async (by: Person, organizationId: string, query = '') => {
  const res = await call('GET', `/documents?organizationId=${organizationId}${query}`, by.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: {
      id: string;
      number: number;
      name: string;
      revision: number;
      canBeDeleted: boolean;
      pendingRevision: { revision: number } | null;
    }[];
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

/** A signature written as the signing service writes it (kind, meaning, signer) on the revision's file, by its repository. */
async function sign(
  documentId: string,
  revision: number,
  signer: Person,
  kind: 'review' | 'approval',
  meaning: 'Reviewed' | 'Approved' | 'Rejected',
) {
  const rev = await revisionRow(documentId, revision);
  const [file] = await t.db.select().from(organizationFiles).where(eq(organizationFiles.id, rev.fileId));
  await insertSignature(t.db, {
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

  it(`refuses missing and invalid fields with their messages, and creates nothing ${req('DOC-003')}`, async () => {
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

  it(`creates the document numbered by the organization, its first revision, its participant, the responsible action and the audit event ${req('DOC-004')}`, async () => {
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
    expect(await participantsOf(id)).toEqual([admin.id, responsible.id].sort());
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

  it('lets a creator with "view approved and related" see the document they created for someone else', async () => {
    const creator = await person(orgA, 'User', [
      Permission.ViewApprovedAndRelatedDocuments,
      Permission.AddDocumentsWithRelatedView,
    ]);
    const res = await call(
      'POST',
      '/documents',
      creator.headers,
      await generalPayload(creator, { submitterId: admin.id }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ creator: { id: creator.id }, submitterId: admin.id });
    expect((await list(creator, orgA)).data.map((d) => d.id)).toContain(res.json().data.id);
  });

  it('refuses tags of another organization', async () => {
    const res = await call('POST', '/documents', admin.headers, await generalPayload(admin, { tagIds: [newId()] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ message: messages.tagsUnknown, field: 'tagIds' });
  });

  it(`keeps type + name + revision unique in the organization (the name in any case) ${req('DOC-001')}`, async () => {
    const first = await generalPayload(admin, { name: 'Unique Name' });
    expect((await call('POST', '/documents', admin.headers, first)).statusCode).toBe(201);
    const same = await call('POST', '/documents', admin.headers, { ...first, name: 'unique name' });
    expect(same.statusCode).toBe(409);
    expect(same.json().errors[0]).toMatchObject({ message: messages.documentIdentityTaken, field: 'name' });
    expect((await call('POST', '/documents', admin.headers, { ...first, revision: 2 })).statusCode).toBe(201);
  });
});

describe('GET /documents', () => {
  it('needs a session and the organization; refuses an unknown sort key', async () => {
    expect((await call('GET', `/documents?organizationId=${orgA}`, {})).statusCode).toBe(401);
    expect((await call('GET', `/documents?organizationId=${orgA}`, outsider.headers)).statusCode).toBe(404);
    const bad = await call('GET', `/documents?organizationId=${orgA}&orderBy=revisionDescription`, admin.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(messages.invalidSortColumn);
  });

  it('shows a User without document permissions exactly the documents they are related to, with that total', async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const related = await person(org);
    const type = (await createDocumentType(t.db, org)).id;
    const make = (values: Parameters<typeof createDocument>[4]) =>
      createDocument(t.app, t.db, boss, org, { typeId: type, ...values });
    const responsibleOf = await make({ name: 'Responsible', submitterId: related.id });
    await make({ name: 'Unrelated one' });
    const reviewerOf = await make({ name: 'Reviewer', reviewerIds: [related.id] });
    await make({ name: 'Unrelated two' });
    const approverOf = await make({ name: 'Approver', approverIds: [related.id] });

    expect((await list(boss, org)).pagination.totalCount).toBe(5);
    const mine = await list(related, org);
    expect(mine.data.map((d) => d.id)).toEqual([approverOf.id, reviewerOf.id, responsibleOf.id]);
    expect(mine.pagination.totalCount).toBe(3);
    const page = await list(related, org, '&limit=2');
    expect(page.data).toHaveLength(2);
    expect(page.pagination.totalCount).toBe(3);
    expect((await list(related, org, '&search=Unrelated')).pagination.totalCount).toBe(0);
    // Their rows say they may not delete; an unrelated document is not found for them.
    expect(mine.data.every((d) => !d.canBeDeleted)).toBe(true);
    const unrelated = (await list(boss, org, '&search=Unrelated one')).data[0]!;
    expect((await call('GET', `/documents/${unrelated.id}?organizationId=${org}`, related.headers)).statusCode).toBe(
      404,
    );
  });

  it('shows a 16-holder the released revision of unrelated documents and nothing of unreleased ones', async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const approvedViewer = await person(org, 'User', [
      Permission.ViewApprovedAndRelatedDocuments,
      Permission.ViewRelatedDocumentsGeneralSection,
    ]);
    const type = (await createDocumentType(t.db, org)).id;
    const released = await createDocument(t.app, t.db, boss, org, { typeId: type, name: 'Released' });
    const final = await call('PATCH', `/documents/${released.id}/revision`, boss.headers, {
      organizationId: org,
      revision: 1,
      reason: 'Released without review',
    });
    expect(final.statusCode, final.body).toBe(200);
    const next = await call('PUT', `/documents/${released.id}/revision`, boss.headers, {
      organizationId: org,
      typeId: type,
      submitterId: boss.id,
      name: 'Released',
      revision: 2,
      revisionDescription: 'Second issue',
      reasonForChange: 'Why this revision',
      fileId: await uploadOrganizationFile(t.app, boss.headers, org),
    });
    expect(next.statusCode, next.body).toBe(200);
    await createDocument(t.app, t.db, boss, org, { typeId: type, name: 'Draft' });

    const seen = await list(approvedViewer, org);
    expect(seen.data.map((d) => [d.name, d.revision])).toEqual([['Released', 1]]);
    expect(seen.pagination.totalCount).toBe(1);
    // The Admin's row is the effective revision too, its draft beside it (issue 24).
    expect((await list(boss, org)).data.map((d) => [d.name, d.revision, d.pendingRevision?.revision ?? null])).toEqual([
      ['Draft', 1, null],
      ['Released', 1, 2],
    ]);
    const opened = await call('GET', `/documents/${released.id}?organizationId=${org}`, approvedViewer.headers);
    expect(opened.json().data).toMatchObject({
      revision: 1,
      revisions: [{ revision: 1, isFinal: true }],
      canViewGeneral: true,
    });
    const unreleased = await call(
      'GET',
      `/documents/${released.id}?organizationId=${org}&revision=2`,
      approvedViewer.headers,
    );
    expect(unreleased.statusCode).toBe(404);
    // Its file too.
    const fileId = (
      await call('GET', `/documents/${released.id}?organizationId=${org}&revision=2`, boss.headers)
    ).json().data.fileId;
    const file = await call(
      'GET',
      `/documents/${released.id}/file/${fileId}?organizationId=${org}&revision=2`,
      approvedViewer.headers,
    );
    expect(file.statusCode).toBe(404);
  });

  it(`filters by document types, searches and sorts in the database ${req('DOC-017')}`, async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const manuals = (await createDocumentType(t.db, org, 'Manual')).id;
    const forms = (await createDocumentType(t.db, org, 'Form')).id;
    await createDocument(t.app, t.db, boss, org, { typeId: manuals, name: 'Beta manual', typeDescription: 'MAN-2' });
    await createDocument(t.app, t.db, boss, org, { typeId: forms, name: 'alpha form', typeDescription: 'FRM-1' });
    await createDocument(t.app, t.db, boss, org, { typeId: manuals, name: 'Gamma manual', typeDescription: 'MAN-1' });
    expect((await list(boss, org, `&docTypeIds=${manuals}`)).data.map((d) => d.name)).toEqual([
      'Gamma manual',
      'Beta manual',
    ]);
    expect((await list(boss, org, `&docTypeIds=${manuals}&docTypeIds=${forms}`)).pagination.totalCount).toBe(3);
    expect((await list(boss, org, '&orderBy=name&orderType=asc')).data.map((d) => d.name)).toEqual([
      'alpha form',
      'Beta manual',
      'Gamma manual',
    ]);
    expect((await list(boss, org, '&Order.Key=typeDescription&Order.Direction=desc')).data.map((d) => d.name)).toEqual([
      'Beta manual',
      'Gamma manual',
      'alpha form',
    ]);
    expect((await list(boss, org, '&search=MAN-1')).data.map((d) => d.name)).toEqual(['Gamma manual']);
    expect((await list(boss, org, '&search=form')).data.map((d) => d.name)).toEqual(['alpha form']);
  });
});

describe('GET /documents/{id}', () => {
  it('answers 401, 404 for another organization and for an unknown revision', async () => {
    const doc = await newDocument();
    expect((await detail({ ...admin, headers: {} }, doc.id)).statusCode).toBe(401);
    expect((await call('GET', `/documents/${doc.id}?organizationId=${orgB}`, outsider.headers)).statusCode).toBe(404);
    expect((await call('GET', `/documents/${doc.id}?organizationId=${orgA}`, outsider.headers)).statusCode).toBe(404);
    expect((await detail(admin, doc.id, '&revision=7')).statusCode).toBe(404);
    const bad = await detail(admin, doc.id, '&revision=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(messages.documentRevisionInvalid);
  });

  it("gives each tab's flag from the person's section switches and their part in the revision", async () => {
    const reviewer = await person(orgA);
    const doc = await newDocument({ reviewerIds: [reviewer.id] });
    const viewer = await person(orgA, 'User', [
      Permission.ViewAllDocuments,
      Permission.ViewAllDocumentsQualityActionsSection,
    ]);
    const seen = (await detail(viewer, doc.id)).json().data;
    expect(seen).toMatchObject({
      canViewGeneral: false,
      canViewQualityTasks: true,
      canViewConnectToEmployee: false,
      canViewReviews: false,
      canBeEdited: false,
      canBeDeleted: false,
      canAddRevision: false,
    });
    const asReviewer = (await detail(reviewer, doc.id)).json().data;
    expect(asReviewer).toMatchObject({
      canViewGeneral: true,
      canViewReviews: true,
      canViewApprovals: false,
      canBeEdited: false,
    });
    expect(
      (await call('GET', `/documents/${doc.id}/approvals?organizationId=${orgA}`, reviewer.headers)).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/documents/${doc.id}/reviews?organizationId=${orgA}`, reviewer.headers)).statusCode,
    ).toBe(200);
  });
});

describe('PUT /documents/{id}/general', () => {
  const editOf = async (id: string, by: Person, changes: object = {}) => {
    const d = (await detail(admin, id)).json().data;
    return {
      organizationId: orgA,
      typeId: d.typeId,
      submitterId: d.submitterId,
      name: d.name,
      revision: d.revision,
      revisionName: d.revisionName,
      revisionDescription: d.revisionDescription,
      typeDescription: d.typeDescription,
      fileId: d.fileId,
      extraFileIds: d.extraFileIds,
      tagIds: d.tagIds,
      ...changes,
    };
  };

  it('needs a session, the organization, an edit right; refuses bad input and changes nothing', async () => {
    const doc = await newDocument();
    const payload = await editOf(doc.id, admin, { name: 'Renamed' });
    expect((await call('PUT', `/documents/${doc.id}/general`, {}, payload)).statusCode).toBe(401);
    expect((await call('PUT', `/documents/${doc.id}/general`, outsider.headers, payload)).statusCode).toBe(404);
    const viewer = await person(orgA, 'User', [Permission.ViewAllDocuments]);
    expect((await call('PUT', `/documents/${doc.id}/general`, viewer.headers, payload)).statusCode).toBe(403);
    // An edit right without the General switch, on a document of someone else's.
    const owner = await person(orgA, 'User', [
      Permission.ViewAllDocuments,
      Permission.EditOwnNotApprovedDocuments,
      Permission.EditOwnDocumentsGeneralSection,
    ]);
    expect((await call('PUT', `/documents/${doc.id}/general`, owner.headers, payload)).statusCode).toBe(403);
    const blank = await call('PUT', `/documents/${doc.id}/general`, admin.headers, { ...payload, name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0]).toMatchObject({ message: messages.fieldRequired, field: 'name' });
    expect((await revisionRow(doc.id, 1)).name).not.toBe('Renamed');
  });

  it('saves the changed fields with their audit event, and hands the responsible action over', async () => {
    const predecessor = await person(orgA);
    const doc = await newDocument({ submitterId: predecessor.id });
    const successor = await person(orgA);
    const extra = await uploadOrganizationFile(t.app, admin.headers, orgA, 'annex.txt');
    const payload = await editOf(doc.id, admin, {
      name: 'Renamed SOP',
      submitterId: successor.id,
      extraFileIds: [extra],
    });
    const res = await call('PUT', `/documents/${doc.id}/general`, admin.headers, payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: messages.documentUpdated,
      data: { name: 'Renamed SOP', submitterId: successor.id, extraFiles: [{ id: extra, fileName: 'annex.txt' }] },
    });
    const [update] = await auditOf(doc.id, 'update');
    expect(update!.before).toMatchObject({ revision: 1, submitterId: predecessor.id, extraFileIds: [] });
    expect(update!.after).toMatchObject({
      revision: 1,
      name: 'Renamed SOP',
      submitterId: successor.id,
      extraFileIds: [extra],
    });
    // The creator stays related; the former responsible does not.
    expect(await participantsOf(doc.id)).toEqual([admin.id, successor.id].sort());
    const open = (await actionsOf(doc.id)).filter((a) => a.kind === 'responsible');
    expect(open.map((a) => a.assigneeId)).toEqual([successor.id]);
    expect((await auditOf(doc.id, 'create')).length).toBe(1);
    expect(
      (await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'withdraw'))).some(
        (e) => (e.before as { assigneeId?: string }).assigneeId === predecessor.id,
      ),
    ).toBe(true);
    expect((await auditOf(open[0]!.id)).length).toBeGreaterThan(0);
  });

  it('lets an edit option with its General switch edit the documents it applies to', async () => {
    const owner = await person(orgA, 'User', [
      Permission.ViewAllDocuments,
      Permission.AddDocuments,
      Permission.EditOwnNotApprovedDocuments,
      Permission.EditOwnDocumentsGeneralSection,
    ]);
    const own = await newDocument({}, owner);
    const others = await newDocument();
    const rename = async (id: string, by: Person) =>
      (await call('PUT', `/documents/${id}/general`, by.headers, await editOf(id, by, { name: `Renamed ${newId()}` })))
        .statusCode;
    expect((await detail(owner, own.id)).json().data).toMatchObject({ canBeEdited: true, canAddRevision: true });
    expect(await rename(own.id, owner)).toBe(200);
    expect((await detail(owner, others.id)).json().data).toMatchObject({ canBeEdited: false });
    expect(await rename(others.id, owner)).toBe(403);

    const related = await person(orgA, 'User', [
      Permission.ViewAllDocuments,
      Permission.EditRelatedNotApprovedDocuments,
      Permission.EditRelatedDocumentsGeneralSection,
    ]);
    const reviewed = await newDocument({ reviewerIds: [related.id] });
    expect(await rename(reviewed.id, related)).toBe(200);
    expect(await rename(others.id, related)).toBe(403);
  });

  it(`refuses any change while a review is in progress or once final ${req('DOC-009')}`, async () => {
    const reviewer = await person(orgA);
    const doc = await newDocument({ reviewerIds: [reviewer.id] });
    await sign(doc.id, 1, reviewer, 'review', 'Reviewed');
    await recompute(admin, doc.id, 1);
    const res = await call(
      'PUT',
      `/documents/${doc.id}/general`,
      admin.headers,
      await editOf(doc.id, admin, { name: 'Changed' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].message).toBe(messages.documentRevisionLocked);
    expect((await detail(admin, doc.id)).json().data).toMatchObject({
      isLocked: true,
      canBeEdited: false,
      status: 'Reviewed',
    });

    const finalDoc = await newDocument();
    expect(
      (
        await call('PATCH', `/documents/${finalDoc.id}/revision`, admin.headers, {
          organizationId: orgA,
          revision: 1,
          reason: 'Released',
        })
      ).statusCode,
    ).toBe(200);
    const locked = await call(
      'PUT',
      `/documents/${finalDoc.id}/general`,
      admin.headers,
      await editOf(finalDoc.id, admin, { name: 'Changed' }),
    );
    expect(locked.statusCode).toBe(409);
  });
});

/** The add-revision payload: the detail's fields as the form starts from them, with changes. */
async function revisionPayload(id: string, revision: number, changes: object = {}) {
  const d = (await detail(admin, id)).json().data;
  return {
    organizationId: orgA,
    id,
    typeId: d.typeId,
    submitterId: d.submitterId,
    name: d.name,
    revision,
    revisionName: null,
    revisionDescription: 'Next issue',
    reasonForChange: 'Why this revision',
    typeDescription: d.typeDescription,
    fileId: await uploadOrganizationFile(t.app, admin.headers, orgA),
    extraFileIds: [],
    tagIds: [],
    reviewerIds: [],
    approverIds: [],
    requiresTraining: false,
    references: [],
    ...changes,
  };
}

describe('PUT /documents/{id}/revision', () => {
  it(`needs a session, the organization and the right; the number must be the latest plus 1 ${req('DOC-011')}`, async () => {
    const doc = await newDocument();
    const payload = await revisionPayload(doc.id, 2);
    expect((await call('PUT', `/documents/${doc.id}/revision`, {}, payload)).statusCode).toBe(401);
    expect((await call('PUT', `/documents/${doc.id}/revision`, outsider.headers, payload)).statusCode).toBe(404);
    const viewer = await person(orgA, 'User', [Permission.ViewAllDocuments]);
    expect((await call('PUT', `/documents/${doc.id}/revision`, viewer.headers, payload)).statusCode).toBe(403);
    const skipped = await call('PUT', `/documents/${doc.id}/revision`, admin.headers, { ...payload, revision: 3 });
    expect(skipped.statusCode).toBe(400);
    expect(skipped.json().errors[0]).toMatchObject({
      message: 'The new revision must be 2 (the latest revision plus 1).',
      field: 'revision',
    });
    const withFinal = await call('PUT', `/documents/${doc.id}/revision`, admin.headers, {
      ...payload,
      setAsFinal: true,
      reviewerIds: [admin.id],
    });
    expect(withFinal.statusCode).toBe(400);
    expect((await list(admin, orgA, `&search=${doc.number}`)).data.find((d) => d.id === doc.id)?.revision).toBe(1);
  });

  it('adds the revision with its signers and references; the row and the actions follow it', async () => {
    const doc = await newDocument();
    const reviewer = await person(orgA);
    const approver = await person(orgA);
    const task = (
      await call('POST', '/tasks', admin.headers, {
        organizationId: orgA,
        name: 'Calibrate',
        description: 'Calibrate the scale',
        dueDate: '2030-01-01',
        assignerId: admin.id,
        assigneeId: admin.id,
      })
    ).json().data;
    const payload = await revisionPayload(doc.id, 2, {
      reviewerIds: [reviewer.id],
      approverIds: [approver.id],
      references: [
        { type: 1, linkId: task.id },
        { link: 'https://example.test/norm', linkDescription: 'ISO 13485' },
      ],
    });
    const res = await call('PUT', `/documents/${doc.id}/revision`, admin.headers, payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: { id: doc.id, revision: 2 },
      message: messages.documentRevisionSaved,
      messageKey: 'documentRevisionSaved',
    });
    const two = (await detail(admin, doc.id)).json().data;
    expect(two).toMatchObject({
      revision: 2,
      latestRevision: 2,
      reviewerIds: [reviewer.id],
      approverIds: [approver.id],
      revisions: [{ revision: 2 }, { revision: 1 }],
      references: [
        { type: 1, linkId: task.id, link: `/organizations/${orgA}/tasks/${task.id}` },
        { type: null, linkId: null, link: 'https://example.test/norm', linkDescription: 'ISO 13485' },
      ],
    });
    expect(await participantsOf(doc.id)).toEqual([admin.id, approver.id, reviewer.id].sort());
    const kinds = (await actionsOf(doc.id)).map((a) => [a.kind, a.assigneeId, a.link]);
    expect(kinds).toContainEqual(['review', reviewer.id, `/organizations/${orgA}/documents/${doc.id}?revision=2`]);
    expect(kinds).toContainEqual(['approval', approver.id, `/organizations/${orgA}/documents/${doc.id}?revision=2`]);
    expect((await auditOf(doc.id, 'addRevision'))[0]!.after).toMatchObject({ revision: 2, reviewerIds: [reviewer.id] });
    // Revision 1 is unchanged and still opens.
    expect((await detail(admin, doc.id, '&revision=1')).json().data).toMatchObject({ revision: 1, reviewerIds: [] });
  });
});

describe('PATCH /documents/{id}/revision (set as final)', () => {
  it(`needs the right; refuses a revision with signers and a second time ${req('DOC-010')}`, async () => {
    const reviewer = await person(orgA);
    const doc = await newDocument({ reviewerIds: [reviewer.id] });
    const body = { organizationId: orgA, revision: 1, reason: 'Released' };
    expect((await call('PATCH', `/documents/${doc.id}/revision`, {}, body)).statusCode).toBe(401);
    expect((await call('PATCH', `/documents/${doc.id}/revision`, outsider.headers, body)).statusCode).toBe(404);
    expect((await call('PATCH', `/documents/${doc.id}/revision`, reviewer.headers, body)).statusCode).toBe(403);
    const signed = await call('PATCH', `/documents/${doc.id}/revision`, admin.headers, body);
    expect(signed.statusCode).toBe(409);
    expect(signed.json().errors[0].message).toBe(messages.documentFinalNeedsNoSigners);
    expect((await revisionRow(doc.id, 1)).isFinal).toBe(false);
  });

  it('makes the revision final and released, completes the responsible action and asks for a training when required', async () => {
    const responsible = await person(orgA);
    const doc = await newDocument({ submitterId: responsible.id, requiresTraining: true });
    const res = await call('PATCH', `/documents/${doc.id}/revision`, admin.headers, {
      organizationId: orgA,
      revision: 1,
      reason: 'Released',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      isFinal: true,
      releasedRevision: 1,
      canBeEdited: false,
      canSetAsFinal: false,
    });
    const again = await call('PATCH', `/documents/${doc.id}/revision`, admin.headers, {
      organizationId: orgA,
      revision: 1,
      reason: 'Released',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].message).toBe(messages.documentAlreadyFinal);
    const byKind = Object.fromEntries((await actionsOf(doc.id)).map((a) => [a.kind, a]));
    expect(byKind.responsible).toMatchObject({ assigneeId: responsible.id, status: 'Complete' });
    expect(byKind['link-training']).toMatchObject({ assigneeId: responsible.id, status: 'ToDo' });
    expect((await auditOf(doc.id, 'statusChange'))[0]!.after).toMatchObject({ revision: 1, isFinal: true });
  });
});

describe('DELETE /documents/{id}/revision', () => {
  it(`keeps the only revision and a signed one ${req('DOC-012', 'REC-002')}`, async () => {
    const doc = await newDocument();
    const query = `organizationId=${orgA}&revision=1`;
    expect((await call('DELETE', `/documents/${doc.id}/revision?${query}`, {})).statusCode).toBe(401);
    expect((await call('DELETE', `/documents/${doc.id}/revision?${query}`, outsider.headers)).statusCode).toBe(404);
    const viewer = await person(orgA, 'User', [Permission.ViewAllDocuments]);
    expect((await call('DELETE', `/documents/${doc.id}/revision?${query}`, viewer.headers)).statusCode).toBe(403);
    const only = await call('DELETE', `/documents/${doc.id}/revision?${query}`, admin.headers);
    expect(only.statusCode).toBe(409);
    expect(only.json().errors[0].message).toBe(messages.documentLastRevision);

    const reviewer = await person(orgA);
    const signedDoc = await newDocument();
    const two = await call(
      'PUT',
      `/documents/${signedDoc.id}/revision`,
      admin.headers,
      await revisionPayload(signedDoc.id, 2, { reviewerIds: [reviewer.id] }),
    );
    expect(two.statusCode, two.body).toBe(200);
    await sign(signedDoc.id, 2, reviewer, 'review', 'Rejected');
    const signed = await call(
      'DELETE',
      `/documents/${signedDoc.id}/revision?organizationId=${orgA}&revision=2`,
      admin.headers,
    );
    expect(signed.statusCode).toBe(409);
    expect(signed.json().errors[0].message).toBe(messages.documentRevisionSigned);
    expect((await detail(admin, signedDoc.id)).json().data).toMatchObject({ canDeleteRevision: false });
  });

  it(`deletes a revision: the latest goes back, participants and actions follow, the audit keeps it ${req('DOC-012')}`, async () => {
    const doc = await newDocument();
    const reviewer = await person(orgA);
    await call(
      'PUT',
      `/documents/${doc.id}/revision`,
      admin.headers,
      await revisionPayload(doc.id, 2, { reviewerIds: [reviewer.id] }),
    );
    expect((await detail(admin, doc.id)).json().data).toMatchObject({ revision: 2, canDeleteRevision: true });
    const res = await call('DELETE', `/documents/${doc.id}/revision?organizationId=${orgA}&revision=2`, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { id: doc.id, revision: 2 }, message: messages.documentRevisionDeleted });
    expect((await detail(admin, doc.id)).json().data).toMatchObject({
      revision: 1,
      latestRevision: 1,
      revisions: [{ revision: 1 }],
    });
    expect(await participantsOf(doc.id)).toEqual([admin.id]);
    expect((await actionsOf(doc.id)).filter((a) => a.kind === 'review')).toEqual([]);
    expect((await auditOf(doc.id, 'deleteRevision'))[0]!.before).toMatchObject({
      revision: 2,
      reviewerIds: [reviewer.id],
    });
  });
});

describe('latest and released revisions', () => {
  it(`follow a revision added as final, which is never deleted (409) ${req('REC-002')}`, async () => {
    const doc = await newDocument();
    expect(
      (
        await call('PATCH', `/documents/${doc.id}/revision`, admin.headers, {
          organizationId: orgA,
          revision: 1,
          reason: 'Released',
        })
      ).statusCode,
    ).toBe(200);
    const two = await call(
      'PUT',
      `/documents/${doc.id}/revision`,
      admin.headers,
      await revisionPayload(doc.id, 2, { setAsFinal: true, reason: 'Released at once' }),
    );
    expect(two.statusCode, two.body).toBe(200);
    expect(await t.db.select().from(documents).where(eq(documents.id, doc.id))).toMatchObject([
      { latestRevision: 2, releasedRevision: 2 },
    ]);
    const removed = await call(
      'DELETE',
      `/documents/${doc.id}/revision?organizationId=${orgA}&revision=2&reason=Issued+by+mistake`,
      admin.headers,
    );
    expect(removed.statusCode).toBe(409);
    expect(await t.db.select().from(documents).where(eq(documents.id, doc.id))).toMatchObject([
      { latestRevision: 2, releasedRevision: 2 },
    ]);
  });
});

describe('quality actions', () => {
  const save = (id: string, by: Person, changes: object) =>
    call('PUT', `/documents/${id}/quality-tasks`, by.headers, {
      organizationId: orgA,
      revision: 1,
      reviewerIds: [],
      approverIds: [],
      requiresTraining: false,
      ...changes,
    });

  it('needs a session, the organization, the right; refuses a training record and an outsider as signer', async () => {
    const doc = await newDocument();
    expect((await save(doc.id, { ...admin, headers: {} }, {})).statusCode).toBe(401);
    expect((await save(doc.id, outsider, {})).statusCode).toBe(404);
    const viewer = await person(orgA, 'User', [
      Permission.ViewAllDocuments,
      Permission.ViewAllDocumentsQualityActionsSection,
    ]);
    expect((await save(doc.id, viewer, {})).statusCode).toBe(403);
    expect(
      (await call('GET', `/documents/${doc.id}/quality-tasks?organizationId=${orgA}`, viewer.headers)).statusCode,
    ).toBe(200);
    const training = await save(doc.id, admin, { trainingRecordId: newId() });
    expect(training.statusCode).toBe(400);
    expect(training.json().errors[0]).toMatchObject({
      message: messages.trainingRecordUnknown,
      field: 'trainingRecordId',
    });
    const stranger = await save(doc.id, admin, { reviewerIds: [outsider.id] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors[0]).toMatchObject({
      message: messages.documentSignerNotMember,
      field: 'reviewerIds',
    });
    expect((await detail(admin, doc.id)).json().data.reviewerIds).toEqual([]);
  });

  it('adds and removes signers with their actions and participants, and audits the change', async () => {
    const [r1, r2, a1] = [await person(orgA), await person(orgA), await person(orgA)];
    const doc = await newDocument();
    const added = await save(doc.id, admin, {
      reviewerIds: [r1.id, r2.id],
      approverIds: [a1.id],
      requiresTraining: true,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      message: messages.documentQualityTasksSaved,
      data: { reviewerIds: [r1.id, r2.id], approverIds: [a1.id], requiresTraining: true, canBeEdited: true },
    });
    expect(added.json().data.reviewers.map((p: { email: string }) => p.email)).toEqual([r1.email, r2.email]);
    expect(await participantsOf(doc.id)).toEqual([admin.id, r1.id, r2.id, a1.id].sort());
    const removed = await save(doc.id, admin, { reviewerIds: [r1.id], approverIds: [a1.id], requiresTraining: true });
    expect(removed.statusCode, removed.body).toBe(200);
    const open = (await actionsOf(doc.id)).map((a) => [a.kind, a.assigneeId]);
    expect(open).toContainEqual(['review', r1.id]);
    expect(open).not.toContainEqual(['review', r2.id]);
    expect(open).toContainEqual(['approval', a1.id]);
    expect(await participantsOf(doc.id)).toEqual([admin.id, r1.id, a1.id].sort());
    const updates = await auditOf(doc.id, 'update');
    expect(updates.at(-1)!.before).toEqual({ revision: 1, reviewerIds: [r1.id, r2.id] });
    // The names of the people, as they were, recorded beside their ids.
    expect(updates.at(-1)!.after).toEqual({
      revision: 1,
      reviewerIds: [r1.id],
      names: { [r1.id]: 'Pat Doe', [r2.id]: 'Pat Doe' },
    });
  });

  it('keeps the action of a signer removed from one revision while another revision still waits for them', async () => {
    const reviewer = await person(orgA);
    const doc = await newDocument({ reviewerIds: [reviewer.id] });
    const two = await call(
      'PUT',
      `/documents/${doc.id}/revision`,
      admin.headers,
      await revisionPayload(doc.id, 2, { reviewerIds: [reviewer.id] }),
    );
    expect(two.statusCode, two.body).toBe(200);
    const openReviews = async () =>
      (await actionsOf(doc.id)).filter((a) => a.kind === 'review' && a.status === 'ToDo').map((a) => a.assigneeId);
    expect(await openReviews()).toEqual([reviewer.id]);
    expect((await save(doc.id, admin, { revision: 2, reviewerIds: [] })).statusCode).toBe(200);
    expect(await openReviews()).toEqual([reviewer.id]);
    expect((await save(doc.id, admin, { revision: 1, reviewerIds: [] })).statusCode).toBe(200);
    expect(await openReviews()).toEqual([]);
  });

  it(`keeps a signer who responded; an added reviewer returns a Reviewed revision to Submitted ${req('DOC-008')}`, async () => {
    const [r1, r2] = [await person(orgA), await person(orgA)];
    const doc = await newDocument({ reviewerIds: [r1.id] });
    await sign(doc.id, 1, r1, 'review', 'Reviewed');
    expect(await recompute(admin, doc.id, 1)).toEqual({ before: 'Submitted', after: 'Reviewed' });
    const refused = await save(doc.id, admin, { reviewerIds: [] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].message).toBe(
      'Pat Doe has already responded to this revision and cannot be removed.',
    );
    const more = await save(doc.id, admin, { reviewerIds: [r1.id, r2.id] });
    expect(more.statusCode, more.body).toBe(200);
    expect((await revisionRow(doc.id, 1)).status).toBe('Submitted');
  });

  it('starts the next signature cycle when a rejected revision is changed', async () => {
    const [r1, r2] = [await person(orgA), await person(orgA)];
    const doc = await newDocument({ reviewerIds: [r1.id, r2.id] });
    await sign(doc.id, 1, r1, 'review', 'Reviewed');
    await sign(doc.id, 1, r2, 'review', 'Rejected');
    expect(await recompute(admin, doc.id, 1)).toEqual({ before: 'Submitted', after: 'Rejected' });
    // As the signing service does: the responses complete their actions.
    const ctx = await contextOf(admin);
    await t.db.transaction((tx) =>
      completeActions(tx, ctx, {
        kind: 'review',
        source: { type: 'document', id: doc.id, organizationId: orgA },
        people: [r1.id, r2.id],
      }),
    );
    const res = await save(doc.id, admin, { reviewerIds: [r1.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await revisionRow(doc.id, 1)).toMatchObject({ status: 'Submitted', signatureCycle: 2 });
    const reviews = (await call('GET', `/documents/${doc.id}/reviews?organizationId=${orgA}`, r1.headers)).json().data;
    expect(reviews).toMatchObject({ status: 'NotStarted', canAddReview: true, reviews: [], pending: [{ id: r1.id }] });
    const openReviews = (await actionsOf(doc.id)).filter((a) => a.kind === 'review' && a.status === 'ToDo');
    expect(openReviews.map((a) => a.assigneeId)).toEqual([r1.id]);
  });

  it('refuses to change the signers of an approved revision', async () => {
    const approver = await person(orgA);
    const doc = await newDocument({ approverIds: [approver.id] });
    await sign(doc.id, 1, approver, 'approval', 'Approved');
    expect(await recompute(admin, doc.id, 1)).toEqual({ before: 'Submitted', after: 'Approved' });
    const res = await save(doc.id, admin, { approverIds: [] });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].message).toBe(messages.documentSignersOfApproved);
  });
});

describe('references', () => {
  it('keeps the named references, removes the others, adds the new ones; refuses bad links and unknown records', async () => {
    const doc = await newDocument();
    const other = await newDocument();
    const put = (by: Person, body: object) =>
      call('PUT', `/documents/${doc.id}/references`, by.headers, { organizationId: orgA, revision: 1, ...body });
    expect((await put({ ...admin, headers: {} }, {})).statusCode).toBe(401);
    expect((await put(outsider, {})).statusCode).toBe(404);
    const viewer = await person(orgA, 'User', [
      Permission.ViewAllDocuments,
      Permission.ViewAllDocumentsReferencesSection,
    ]);
    expect((await put(viewer, {})).statusCode).toBe(403);
    const ftp = await put(admin, { newReferences: [{ link: 'ftp://example.test' }] });
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json().errors[0].message).toBe(messages.linkNotHttp);
    const unknown = await put(admin, { newReferences: [{ type: 0, linkId: newId() }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].message).toBe(messages.referenceRecordUnknown);

    const first = await put(admin, {
      newReferences: [{ type: 0, linkId: other.id, linkDescription: 'Parent' }, { link: 'http://a.test' }],
    });
    expect(first.statusCode, first.body).toBe(200);
    const refs = first.json().data.references as { id: string; link: string }[];
    expect(refs.map((r) => r.link)).toEqual([`/organizations/${orgA}/documents/${other.id}`, 'http://a.test']);
    const second = await put(admin, { oldReferenceIds: [refs[0]!.id], newReferences: [{ link: 'https://b.test' }] });
    expect(second.statusCode, second.body).toBe(200);
    const got = (await call('GET', `/documents/${doc.id}/references?organizationId=${orgA}`, viewer.headers)).json()
      .data;
    expect(got).toMatchObject({ revision: 1, canBeEdited: false });
    expect(got.references.map((r: { link: string }) => r.link)).toEqual([refs[0]!.link, 'https://b.test']);
    const audit = (await auditOf(doc.id, 'update')).at(-1)!;
    expect(audit.before).toMatchObject({ references: [{ link: 'http://a.test' }] });
    expect(audit.after).toMatchObject({ references: [{ link: 'https://b.test' }] });
    expect((await put(admin, { oldReferenceIds: [newId()] })).statusCode).toBe(400);
  });
});

describe('the Review and Approval tabs', () => {
  it(`show the responses of the current cycle with their signature manifestation, who is to respond and who may respond ${req('SIG-014', 'P11-11.50')}`, async () => {
    const [r1, r2, a1] = [await person(orgA), await person(orgA), await person(orgA)];
    const doc = await newDocument({ reviewerIds: [r1.id, r2.id], approverIds: [a1.id] });
    const tab = async (by: Person, which: 'reviews' | 'approvals') => {
      const res = await call('GET', `/documents/${doc.id}/${which}?organizationId=${orgA}&revision=1`, by.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    expect(await tab(r1, 'reviews')).toMatchObject({
      status: 'NotStarted',
      canAddReview: true,
      reviewedAt: null,
      reviews: [],
    });
    expect(await tab(a1, 'approvals')).toMatchObject({ status: 'NotStarted', canAddApproval: false });

    await sign(doc.id, 1, r1, 'review', 'Reviewed');
    await recompute(admin, doc.id, 1);
    const inProgress = await tab(r1, 'reviews');
    expect(inProgress).toMatchObject({ status: 'InProgress', canAddReview: false, pending: [{ id: r2.id }] });
    expect(inProgress.reviews[0]).toMatchObject({
      userId: r1.id,
      email: r1.email,
      signerName: 'Pat Doe',
      responseStatus: 0,
      meaning: 'Reviewed',
      signatureMatches: true,
    });
    expect(inProgress.reviews[0].signedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(inProgress.reviews[0].fileSha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await tab(r2, 'reviews')).canAddReview).toBe(true);

    await sign(doc.id, 1, r2, 'review', 'Reviewed');
    await recompute(admin, doc.id, 1);
    const reviewed = await tab(admin, 'reviews');
    expect(reviewed.status).toBe('Completed');
    expect(reviewed.reviewedAt).not.toBeNull();
    expect(await tab(a1, 'approvals')).toMatchObject({
      status: 'NotStarted',
      canAddApproval: true,
      pending: [{ id: a1.id }],
    });
  });

  it('answers 401, 404 for another organization, 403 for a visible revision whose tab is not the person’s', async () => {
    const doc = await newDocument();
    const url = `/documents/${doc.id}/reviews?organizationId=${orgA}`;
    expect((await call('GET', url, {})).statusCode).toBe(401);
    expect((await call('GET', url, outsider.headers)).statusCode).toBe(404);
    const viewer = await person(orgA, 'User', [Permission.ViewAllDocuments]);
    expect((await call('GET', url, viewer.headers)).statusCode).toBe(403);
  });
});

describe('recomputeRevisionStatus and onRevisionApproved (for the signing service)', () => {
  it('approves the revision once every reviewer and approver signed: final, released, link-training for the responsible', async () => {
    const [r1, a1, responsible] = [await person(orgA), await person(orgA), await person(orgA)];
    const doc = await newDocument({
      submitterId: responsible.id,
      reviewerIds: [r1.id],
      approverIds: [a1.id],
      requiresTraining: true,
    });
    // An approval before the reviews are complete does not approve.
    await sign(doc.id, 1, a1, 'approval', 'Approved');
    expect(await recompute(a1, doc.id, 1)).toEqual({ before: 'Submitted', after: 'Submitted' });
    await sign(doc.id, 1, r1, 'review', 'Reviewed');
    expect(await recompute(r1, doc.id, 1)).toEqual({ before: 'Submitted', after: 'Approved' });
    const row = await revisionRow(doc.id, 1);
    expect(row).toMatchObject({ status: 'Approved', isFinal: true });
    expect(row.approvedAt).not.toBeNull();
    expect(row.finalAt).not.toBeNull();
    expect((await detail(admin, doc.id)).json().data).toMatchObject({ releasedRevision: 1, canBeEdited: false });
    const byKind = Object.fromEntries((await actionsOf(doc.id)).map((a) => [a.kind, a]));
    expect(byKind.responsible).toMatchObject({ assigneeId: responsible.id, status: 'Complete' });
    expect(byKind['link-training']).toMatchObject({
      assigneeId: responsible.id,
      status: 'ToDo',
      link: `/organizations/${orgA}/documents/${doc.id}?revision=1`,
    });
    expect((await auditOf(doc.id, 'statusChange')).at(-1)!.after).toEqual({
      revision: 1,
      status: 'Approved',
      isFinal: true,
    });
  });

  it('on a direct call after the revision became final: completes the responsible action, asks for a training only when required', async () => {
    const ctx = await contextOf(admin);
    for (const requiresTraining of [false, true]) {
      const doc = await newDocument({ requiresTraining });
      await t.db
        .update(documentRevisions)
        .set({ status: 'Approved', isFinal: true, finalAt: new Date(), approvedAt: new Date() })
        .where(eq(documentRevisions.documentId, doc.id));
      await t.db.transaction((tx) => onRevisionApproved(tx, ctx, doc.id, 1));
      const kinds = (await actionsOf(doc.id)).map((a) => [a.kind, a.status]);
      expect(kinds).toEqual(
        requiresTraining
          ? [
              ['responsible', 'Complete'],
              ['link-training', 'ToDo'],
            ]
          : [['responsible', 'Complete']],
      );
    }
  });
});

describe('DELETE /documents', () => {
  it(`needs a session, the organization and a delete right; all or nothing ${req('DOC-017')}`, async () => {
    const doc = await newDocument();
    const query = (ids: string[]) =>
      `/documents?organizationId=${orgA}&${ids.map((id) => `documentIds=${id}`).join('&')}`;
    expect((await call('DELETE', query([doc.id]), {})).statusCode).toBe(401);
    expect((await call('DELETE', query([doc.id]), outsider.headers)).statusCode).toBe(404);
    const viewer = await person(orgA, 'User', [Permission.ViewAllDocuments]);
    expect((await call('DELETE', query([doc.id]), viewer.headers)).statusCode).toBe(403);
    const none = await call('DELETE', `/documents?organizationId=${orgA}`, admin.headers);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].message).toBe(messages.chooseDocuments);
    // One the person may delete (8: their own) and one they may not: nothing is deleted.
    const owner = await person(orgA, 'User', [
      Permission.ViewAllDocuments,
      Permission.AddDocuments,
      Permission.DeleteOwnDocuments,
    ]);
    const own = await newDocument({}, owner);
    const mixed = await call('DELETE', query([own.id, doc.id]), owner.headers);
    expect(mixed.statusCode).toBe(403);
    expect(await t.db.$count(documents, eq(documents.id, own.id))).toBe(1);
    expect((await call('DELETE', query([own.id]), owner.headers)).statusCode).toBe(200);
  });

  it('reads documentIds and organizationId from a JSON body too (spec 03 section 7), with the same checks', async () => {
    const doc = await newDocument();
    const body = { organizationId: orgA, documentIds: [doc.id] };
    expect((await call('DELETE', '/documents', {}, body)).statusCode).toBe(401);
    expect((await call('DELETE', '/documents', outsider.headers, body)).statusCode).toBe(404);
    const viewer = await person(orgA, 'User', [Permission.ViewAllDocuments]);
    expect((await call('DELETE', '/documents', viewer.headers, body)).statusCode).toBe(403);
    const none = await call('DELETE', '/documents', admin.headers, { organizationId: orgA, documentIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0]).toMatchObject({ field: 'documentIds', message: messages.chooseDocuments });
    expect(await t.db.$count(documents, eq(documents.id, doc.id))).toBe(1);

    const res = await call('DELETE', '/documents', admin.headers, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { ids: [doc.id] }, message: messages.documentDeleted });
    expect(await t.db.$count(documents, eq(documents.id, doc.id))).toBe(0);
    expect(await auditOf(doc.id, 'delete')).toHaveLength(1);
  });

  it('deletes documents with their revisions and signatures, audits them and withdraws their open actions', async () => {
    const [r1, r2] = [await person(orgA), await person(orgA)];
    const doc = await newDocument({ reviewerIds: [r1.id, r2.id] });
    await sign(doc.id, 1, r1, 'review', 'Reviewed');
    // A signature is never deleted on its own.
    await expect(t.db.delete(documentSignatures).where(eq(documentSignatures.documentId, doc.id))).rejects.toThrow();
    const res = await call('DELETE', `/documents?organizationId=${orgA}&documentIds=${doc.id}`, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { ids: [doc.id] }, message: messages.documentDeleted });
    expect(await t.db.$count(documents, eq(documents.id, doc.id))).toBe(0);
    expect(await t.db.$count(documentSignatures, eq(documentSignatures.documentId, doc.id))).toBe(0);
    const [deleted] = await auditOf(doc.id, 'delete');
    expect(deleted!.before).toMatchObject({
      number: doc.number,
      revisions: [{ revision: 1, reviewerIds: [r1.id, r2.id] }],
      signatures: [{ signerId: r1.id, meaning: 'Reviewed', revision: 1 }],
    });
    expect((await actionsOf(doc.id)).filter((a) => a.status === 'ToDo')).toEqual([]);
    expect((await call('GET', `/documents/${doc.id}?organizationId=${orgA}`, admin.headers)).statusCode).toBe(404);
  });
});

describe('file download', () => {
  it('answers the path and name of a file of a visible revision, then its bytes as an attachment', async () => {
    const reviewer = await person(orgA);
    const bytes = Buffer.from('The controlled procedure\n');
    const fileId = await uploadOrganizationFile(t.app, admin.headers, orgA, 'SOP 7.txt', bytes);
    const doc = await newDocument({ fileId, reviewerIds: [reviewer.id] });
    const url = `/documents/${doc.id}/file/${fileId}?organizationId=${orgA}&revision=1`;
    expect((await call('GET', url, {})).statusCode).toBe(401);
    expect((await call('GET', url, outsider.headers)).statusCode).toBe(404);
    const stranger = await person(orgA);
    expect((await call('GET', url, stranger.headers)).statusCode).toBe(404);
    const link = await call('GET', url, reviewer.headers);
    expect(link.statusCode, link.body).toBe(200);
    const { path, fileName } = link.json().data;
    expect(fileName).toBe('SOP 7.txt');
    expect(path).toBe(`/api/v1/documents/${doc.id}/file/${fileId}/content?organizationId=${orgA}&revision=1`);
    const content = await t.app.inject({ method: 'GET', url: path, headers: reviewer.headers });
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(bytes)).toBe(true);
    expect(content.headers['content-disposition']).toBe(
      `attachment; filename="SOP 7.txt"; filename*=UTF-8''SOP%207.txt`,
    );
    // A file of the organization that the revision does not carry.
    const loose = await uploadOrganizationFile(t.app, admin.headers, orgA);
    expect(
      (await call('GET', `/documents/${doc.id}/file/${loose}?organizationId=${orgA}`, admin.headers)).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path, headers: stranger.headers })).statusCode).toBe(404);
  });
});

describe('lookups', () => {
  it('GET /documents/available answers at most 20 visible documents matching the search and type', async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const related = await person(org);
    const type = (await createDocumentType(t.db, org, 'Policy')).id;
    const other = (await createDocumentType(t.db, org, 'Record')).id;
    for (let i = 0; i < 22; i += 1) await createDocument(t.app, t.db, boss, org, { typeId: type, name: `Policy ${i}` });
    const mine = await createDocument(t.app, t.db, boss, org, {
      typeId: other,
      name: 'Record of mine',
      submitterId: related.id,
    });
    const all = await call('GET', `/documents/available?organizationId=${org}`, boss.headers);
    expect(all.json().data).toHaveLength(20);
    const typed = await call('GET', `/documents/available?organizationId=${org}&docTypeId=${other}`, boss.headers);
    expect(typed.json().data).toEqual([
      { id: mine.id, name: 'Record of mine', number: mine.number, revision: 1, typeDescription: null },
    ]);
    const visible = await call('GET', `/documents/available?organizationId=${org}&search=o`, related.headers);
    expect(visible.json().data.map((d: { id: string }) => d.id)).toEqual([mine.id]);
    expect((await call('GET', `/documents/available?organizationId=${org}`, outsider.headers)).statusCode).toBe(404);
  });

  it(`document types: search, isOnlyApproved, and a type in use cannot be deleted ${req('SET-004')}`, async () => {
    const org = (await createOrganization(t.db)).id;
    const boss = await person(org, 'Admin');
    const used = await createDocumentType(t.db, org, 'Work instruction');
    const released = await createDocumentType(t.db, org, 'Work form');
    await createDocumentType(t.db, org, 'Unused');
    await createDocument(t.app, t.db, boss, org, { typeId: used.id });
    const final = await createDocument(t.app, t.db, boss, org, { typeId: released.id });
    await call('PATCH', `/documents/${final.id}/revision`, boss.headers, {
      organizationId: org,
      revision: 1,
      reason: 'Released',
    });
    const names = async (query: string) =>
      (await call('GET', `/organizations/${org}/document-types${query}`, boss.headers))
        .json()
        .data.map((d: { name: string }) => d.name);
    expect(await names('')).toEqual(['Unused', 'Work form', 'Work instruction']);
    expect(await names('?search=work')).toEqual(['Work form', 'Work instruction']);
    expect(await names('?isOnlyApproved=true')).toEqual(['Work form']);
    const refused = await call('DELETE', `/organizations/${org}/document-types/${used.id}`, boss.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].message).toBe(messages.documentTypeInUse);
  });
});

describe('dashboard cards', () => {
  it('count and list the revisions waiting for the person: reviews while Submitted, approvals once the reviews are complete', async () => {
    const [r1, a1] = [await person(orgA), await person(orgA)];
    const doc = await newDocument({ reviewerIds: [r1.id], approverIds: [a1.id], name: 'Dashboard SOP' });
    const get = (by: Person, path: string) =>
      call('GET', `/dashboard/${path}?organizationId=${orgA}`, by.headers).then((r) => r.json().data);
    expect(await get(r1, 'counters')).toMatchObject({ documentsToReview: 1, documentsToApprove: 0 });
    expect(await get(r1, 'documents-to-review')).toEqual([
      {
        id: doc.id,
        type: 'SOP',
        typeDescription: null,
        name: 'Dashboard SOP',
        revision: 1,
        isFinal: false,
        dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    ]);
    expect(await get(a1, 'counters')).toMatchObject({ documentsToReview: 0, documentsToApprove: 0 });
    await sign(doc.id, 1, r1, 'review', 'Reviewed');
    await recompute(r1, doc.id, 1);
    expect(await get(r1, 'counters')).toMatchObject({ documentsToReview: 0 });
    expect(await get(a1, 'counters')).toMatchObject({ documentsToApprove: 1 });
    expect((await get(a1, 'documents-to-approve')).map((d: { id: string }) => d.id)).toEqual([doc.id]);
  });
});
