import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission, REFERENCE_TYPES, messages } from '@qualis/contract';
import { actions, auditEvents, trainingRecords } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { testApi, type Person } from '../../test/api.js';
import { createDocument, createTraining, twoOrganizations } from '../../test/factories.js';
import { req } from '../../../../../docs/requirements/req.js';

/**
 * 'Requires Training' (spec 03 section 4): a revision links a training record, before or after
 * its approval; an approved revision's training starts a new round of passes for it.
 */

let t: TestContext;
const { person, call } = testApi(() => t);
let orgA: string;
let orgB: string;
let admin: Person;
let outsider: Person;

beforeAll(async () => {
  t = await createTestContext();
  ({ orgA, orgB, admin, outsider } = await twoOrganizations(t));
});
afterAll(() => t.close());

const qualityTasks = (documentId: string, by: Person) =>
  call('GET', `/documents/${documentId}/quality-tasks?organizationId=${orgA}&revision=1`, by.headers);
const link = (documentId: string, by: Person, trainingRecordId: string | null) =>
  call('PUT', `/documents/${documentId}/quality-tasks`, by.headers, {
    organizationId: orgA,
    revision: 1,
    reviewerIds: [],
    approverIds: [],
    requiresTraining: true,
    trainingRecordId,
  });
const setFinal = (documentId: string) =>
  call('PATCH', `/documents/${documentId}/revision`, admin.headers, {
    organizationId: orgA,
    revision: 1,
    reason: 'Released',
  });

const trainingRow = async (id: string) =>
  (await t.db.select().from(trainingRecords).where(eq(trainingRecords.id, id)))[0]!;
const openActions = (sourceId: string, kind: string) =>
  t.db
    .select()
    .from(actions)
    .where(and(eq(actions.sourceId, sourceId), eq(actions.kind, kind), eq(actions.status, 'ToDo')));

/** A final revision that requires training; its responsible a User who sees documents and trainings, edits neither. */
async function approvedDocumentRequiringTraining() {
  const responsible = await person(orgA, 'User', [
    Permission.ViewAllDocuments,
    Permission.ViewAllDocumentsQualityActionsSection,
    Permission.ViewAllTrainingRecords,
  ]);
  const doc = await createDocument(t.app, t.db, admin, orgA, { submitterId: responsible.id, requiresTraining: true });
  expect((await setFinal(doc.id)).statusCode).toBe(200);
  return { doc, responsible };
}

describe('linking a training to a revision', () => {
  it('refuses an unknown training, one of another organization, and a person without the right', async () => {
    const doc = await createDocument(t.app, t.db, admin, orgA, { requiresTraining: true });
    const foreign = await createTraining(t.app, outsider, orgB);
    for (const id of [foreign.id, '0190a3c2-0000-7000-8000-000000000000']) {
      const res = await link(doc.id, admin, id);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({
        message: messages.trainingRecordUnknown,
        field: 'trainingRecordId',
      });
    }
    const viewer = await person(orgA, 'User', [Permission.ViewAllDocuments]);
    const training = await createTraining(t.app, admin, orgA);
    expect((await link(doc.id, viewer, training.id)).statusCode).toBe(403);
    expect((await link(doc.id, outsider, training.id)).statusCode).toBe(404);
  });

  it(`links before approval; the approval starts a round for the revision with an action per assignee ${req('DOC-016', 'TRN-004')}`, async () => {
    const trainee = await person(orgA);
    const training = await createTraining(t.app, admin, orgA, { assigneeUserIds: [trainee.id] });
    const doc = await createDocument(t.app, t.db, admin, orgA, { requiresTraining: true });
    expect((await link(doc.id, admin, training.id)).statusCode).toBe(200);
    expect((await qualityTasks(doc.id, admin)).json().data.trainingRecord).toEqual({
      id: training.id,
      name: training.name,
    });
    expect((await trainingRow(training.id)).cycle).toBe(1);
    // The pending trainee's first action is completed by nobody yet; the round adds no second one.
    expect(await openActions(training.id, 'training')).toHaveLength(1);

    expect((await setFinal(doc.id)).statusCode).toBe(200);
    const row = await trainingRow(training.id);
    expect(row).toMatchObject({ cycle: 2, cycleDocumentId: doc.id, cycleRevision: 1 });
    expect((await openActions(training.id, 'training')).map((a) => a.assigneeId)).toEqual([trainee.id]);
    expect(await openActions(doc.id, 'link-training')).toHaveLength(0);
  });

  it(`lets the responsible link a training to the approved revision: the 'link-training' work is done and a round starts ${req('DOC-016')}`, async () => {
    const { doc, responsible } = await approvedDocumentRequiringTraining();
    expect((await openActions(doc.id, 'link-training')).map((a) => a.assigneeId)).toEqual([responsible.id]);
    const quality = (await qualityTasks(doc.id, responsible)).json().data;
    expect(quality).toMatchObject({ canBeEdited: false, canEditTraining: true, trainingRecord: null });

    const trainee = await person(orgA);
    const training = await createTraining(t.app, admin, orgA, { assigneeUserIds: [trainee.id] });
    const res = await link(doc.id, responsible, training.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await openActions(doc.id, 'link-training')).toHaveLength(0);
    expect(await trainingRow(training.id)).toMatchObject({ cycle: 2, cycleDocumentId: doc.id, cycleRevision: 1 });
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, doc.id));
    expect(events.some((e) => e.action === 'update' && JSON.stringify(e.after).includes(training.id))).toBe(true);

    // Nothing else of the approved revision changes, not even by its responsible.
    const signers = await call('PUT', `/documents/${doc.id}/quality-tasks`, responsible.headers, {
      organizationId: orgA,
      revision: 1,
      reviewerIds: [trainee.id],
      approverIds: [],
      requiresTraining: true,
      trainingRecordId: training.id,
    });
    expect(signers.statusCode).toBe(403);
    const unlink = await link(doc.id, admin, null);
    expect(unlink.statusCode).toBe(409);
    expect(unlink.json().errors[0].message).toBe(messages.documentRevisionFinal);
  });

  it(`creates a training linked to the approved revision (Create & Link Training) with the same effects ${req('DOC-016')}`, async () => {
    const { doc, responsible } = await approvedDocumentRequiringTraining();
    const training = await createTraining(t.app, admin, orgA, { documentModel: { id: doc.id, revision: 1 } });
    expect(await trainingRow(training.id)).toMatchObject({ cycle: 2, cycleRevision: 1 });
    expect(await openActions(doc.id, 'link-training')).toHaveLength(0);
    expect((await qualityTasks(doc.id, responsible)).json().data.trainingRecord).toMatchObject({ id: training.id });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/training-records',
      headers: admin.headers,
      payload: {
        organizationId: orgA,
        name: 'Second training',
        description: 'Another',
        dueDate: '2030-06-01',
        assignerId: admin.id,
        assigneeUserIds: [admin.id],
        documentModel: { id: doc.id, revision: 1 },
      },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].message).toBe(messages.trainingDocumentLinked);
  });

  it(`accepts a reference to a training record the person sees, named by its number and name ${req('DOC-015')}`, async () => {
    const doc = await createDocument(t.app, t.db, admin, orgA);
    const training = await createTraining(t.app, admin, orgA);
    const res = await call('PUT', `/documents/${doc.id}/references`, admin.headers, {
      organizationId: orgA,
      revision: 1,
      newReferences: [{ type: REFERENCE_TYPES.TrainingRecord, linkId: training.id }],
      oldReferenceIds: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    const references = await call(
      'GET',
      `/documents/${doc.id}/references?organizationId=${orgA}&revision=1`,
      admin.headers,
    );
    const number = (await trainingRow(training.id)).number;
    expect(references.json().data.references).toEqual([
      expect.objectContaining({
        type: REFERENCE_TYPES.TrainingRecord,
        linkId: training.id,
        linkDescription: `#${number} ${training.name}`,
        link: `/organizations/${orgA}/training-records/${training.id}`,
      }),
    ]);
  });
});
