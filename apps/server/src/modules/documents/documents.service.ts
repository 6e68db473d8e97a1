import {
  message,
  type AddDocumentRevisionRequest,
  type CreateDocumentRequest,
  type DeleteDocumentRevisionQuery,
  type SetDocumentFinalRequest,
  type UpdateDocumentGeneralRequest,
} from '@qualis/contract';
import { recordAudit } from '../../core/audit.js';
import { nextNumber } from '../../core/counters.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { authorize } from '../policies.js';
import { scopeOf, type ServiceContext } from '../../core/service-context.js';
import type { Tx } from '../../db/client.js';
import { withdrawActions } from '../actions/automatic-actions.js';
import { assignDocumentActions as assign, documentActionSource, settleDocumentActions } from './document-actions.js';
import {
  GENERAL_FIELDS,
  changedFields,
  checkGeneral,
  checkNewSigners,
  checkReferences,
  checkTraining,
  generalOf,
  generalOfRecord,
  referenceRow,
  revisionUpdateEvent,
  sectionsOfNewRevision,
  withIdentityCheck,
} from './document-input.js';
import {
  deleteDocumentRows,
  deleteRevisionRow,
  insertDocument,
  insertReferences,
  insertRevision,
  listRevisionRows,
  rebuildParticipants,
  refreshDocumentRevisions,
  replaceRevisionFiles,
  replaceRevisionSigners,
  replaceRevisionTags,
  revisionSnapshot,
  updateRevisionRow,
  type DocumentTableRow,
} from './document-rows.repository.js';
import { listDocumentSignatures } from './document-signatures.repository.js';
import {
  DOCUMENT_ENTITY,
  DOCUMENTS_INFO_TYPE,
  authorizeNewRevision,
  documentStateOf,
  isRevisionLocked,
  lockVisibleDocument,
  releasedNoDelete,
  revisionStateOf,
  revisionToEdit,
  visibleRevisionOrNotFound,
} from './document-states.js';
import { lockVisibleDocuments } from './documents.repository.js';
import { findVisibleRevision, type DocumentDetailRecord } from './document-detail.repository.js';
import { markFinal, startNextCycle } from './revision-lifecycle.js';

// The writes of documents and their revisions (the Quality Tasks and References sections are
// document-sections.service.ts).

/** The organization counter that numbers documents ("System #"). */
const COUNTER = 'document';

/** Creates the document (numbered by the organization) with its first revision; answers its id and revision. */
export async function createDocument(ctx: ServiceContext, input: CreateDocumentRequest) {
  const { db, audit, organizationId } = scopeOf(ctx);
  const fields = generalOf(input);
  const me = ctx.access.actor.userId;
  return withIdentityCheck(() =>
    db.transaction(async (tx) => {
      await checkGeneral(tx, organizationId, fields);
      const id = newId();
      const number = await nextNumber(tx, organizationId, COUNTER);
      const { extraFileIds, tagIds, ...columns } = fields;
      await insertDocument(tx, { organizationId, id, number, creatorId: me, latestRevision: input.revision });
      await insertRevision(tx, { organizationId, documentId: id, revision: input.revision, ...columns, creatorId: me });
      await replaceRevisionFiles(tx, organizationId, id, input.revision, extraFileIds);
      await replaceRevisionTags(tx, organizationId, id, input.revision, tagIds);
      await rebuildParticipants(tx, organizationId, id);
      await recordAudit(tx, audit, {
        organizationId,
        infoType: DOCUMENTS_INFO_TYPE,
        action: 'create',
        entityType: DOCUMENT_ENTITY,
        entityId: id,
        after: { number, revision: input.revision, status: 'Submitted', ...fields },
      });
      const label = {
        id,
        number,
        typeDescription: fields.typeDescription,
        name: fields.name,
        revision: input.revision,
      };
      await assign(tx, ctx, 'responsible', label, [fields.submitterId]);
      return { id, revision: input.revision };
    }),
  );
}

/** The responsible changed on a revision: the old one's action goes (unless responsible elsewhere), the new one gets one. */
async function handOverResponsibility(tx: Tx, ctx: ServiceContext, rec: DocumentDetailRecord, next: string) {
  await rebuildParticipants(tx, ctx.access.organization.id, rec.id);
  await settleDocumentActions(tx, ctx, rec.id, 'responsible', [rec.submitterId], 'withdraw');
  await assign(tx, ctx, 'responsible', rec, [next]);
}

/**
 * Saves General of a revision (the latest when not given): the edit right on it, the revision not
 * locked. `setAsFinal` also sets it final. Answers the revision saved.
 */
export async function updateDocumentGeneral(
  ctx: ServiceContext,
  documentId: string,
  input: UpdateDocumentGeneralRequest,
): Promise<number> {
  const { db, audit, organizationId } = scopeOf(ctx);
  return withIdentityCheck(() =>
    db.transaction(async (tx) => {
      const doc = await lockVisibleDocument(tx, ctx, documentId);
      const rec = await visibleRevisionOrNotFound(tx, ctx, documentId, input.revision ?? doc.latestRevision);
      authorize(ctx.access, 'document.edit.general', revisionStateOf(rec, ctx.access.actor.userId));
      const previous = generalOfRecord(rec);
      const next = generalOf(input);
      const changed = changedFields(GENERAL_FIELDS, previous, next);
      if (changed.length > 0) {
        if (isRevisionLocked(rec)) throw AppError.conflict('documentRevisionLocked');
        await checkGeneral(tx, organizationId, next, previous, rec.requiresTraining);
        const { extraFileIds, tagIds, ...columns } = next;
        await updateRevisionRow(tx, organizationId, documentId, rec.revision, columns);
        if (changed.includes('extraFileIds')) {
          await replaceRevisionFiles(tx, organizationId, documentId, rec.revision, extraFileIds);
        }
        if (changed.includes('tagIds')) await replaceRevisionTags(tx, organizationId, documentId, rec.revision, tagIds);
        await recordAudit(tx, audit, {
          organizationId,
          ...revisionUpdateEvent(documentId, rec.revision, changed, previous, next),
        });
        if (changed.includes('submitterId')) await handOverResponsibility(tx, ctx, rec, next.submitterId);
        if (rec.status === 'Rejected') await startNextCycle(tx, ctx, rec);
      }
      if (input.setAsFinal && !rec.isFinal) {
        await markFinal(tx, ctx, await visibleRevisionOrNotFound(tx, ctx, documentId, rec.revision), input.reason!);
      }
      return rec.revision;
    }),
  );
}

/**
 * Adds the next revision (latest + 1) with all its fields, signers and references; the right to
 * edit General of the document, whether or not it is approved. Answers the new revision.
 */
export async function addDocumentRevision(
  ctx: ServiceContext,
  documentId: string,
  input: AddDocumentRevisionRequest,
): Promise<number> {
  const { db, audit, organizationId } = scopeOf(ctx);
  const fields = generalOf(input);
  return withIdentityCheck(() =>
    db.transaction(async (tx) => {
      const doc = await lockVisibleDocument(tx, ctx, documentId);
      const revision = doc.latestRevision + 1;
      const previous =
        (await findVisibleRevision(tx, ctx.access, documentId, revision - 1)) ??
        (await visibleRevisionOrNotFound(tx, ctx, documentId));
      authorizeNewRevision(ctx, previous);
      const { reviewerIds, approverIds, requiresTraining, references } = sectionsOfNewRevision(ctx, previous, input);
      const signers = { reviewer: reviewerIds, approver: approverIds };
      if (input.revision !== revision) {
        throw AppError.badRequest(message('documentRevisionNotNext', { revision }), 'revision');
      }
      if (input.setAsFinal && (input.reviewerIds.length > 0 || input.approverIds.length > 0)) {
        throw AppError.badRequest('documentFinalNeedsNoSigners', 'setAsFinal');
      }
      await checkGeneral(tx, organizationId, fields, undefined, requiresTraining);
      await checkNewSigners(tx, organizationId, signers);
      if (input.trainingRecordId !== null) await checkTraining(tx, ctx, input.trainingRecordId);
      await checkReferences(tx, ctx, references);
      const { extraFileIds, tagIds, ...columns } = fields;
      const me = ctx.access.actor.userId;
      await insertRevision(tx, {
        organizationId,
        documentId,
        revision,
        ...columns,
        creatorId: me,
        requiresTraining,
      });
      await replaceRevisionFiles(tx, organizationId, documentId, revision, extraFileIds);
      await replaceRevisionTags(tx, organizationId, documentId, revision, tagIds);
      for (const role of ['reviewer', 'approver'] as const) {
        await replaceRevisionSigners(tx, organizationId, documentId, revision, role, signers[role]);
      }
      await insertReferences(
        tx,
        references.map((r) => referenceRow(organizationId, documentId, revision, r)),
      );
      await refreshDocumentRevisions(tx, organizationId, documentId);
      await rebuildParticipants(tx, organizationId, documentId);
      await recordAudit(tx, audit, {
        organizationId,
        infoType: DOCUMENTS_INFO_TYPE,
        action: 'addRevision',
        entityType: DOCUMENT_ENTITY,
        entityId: documentId,
        after: {
          number: doc.number,
          revision,
          status: 'Submitted',
          ...fields,
          reviewerIds,
          approverIds,
          requiresTraining,
          references,
        },
      });
      const label = {
        id: documentId,
        number: doc.number,
        typeDescription: fields.typeDescription,
        name: fields.name,
        revision,
      };
      await assign(tx, ctx, 'responsible', label, [fields.submitterId]);
      await assign(tx, ctx, 'review', label, reviewerIds);
      await assign(tx, ctx, 'approval', label, approverIds);
      if (input.setAsFinal) {
        await markFinal(tx, ctx, await visibleRevisionOrNotFound(tx, ctx, documentId, revision), input.reason!);
      }
      return revision;
    }),
  );
}

/** Set as Final: a revision without reviewers and approvers, once, for a reason; the right to edit its General. */
export async function setDocumentRevisionFinal(
  ctx: ServiceContext,
  documentId: string,
  { revision, reason }: Pick<SetDocumentFinalRequest, 'revision' | 'reason'>,
) {
  const { db } = scopeOf(ctx);
  await db.transaction(async (tx) => {
    const rec = await revisionToEdit(tx, ctx, documentId, revision, 'document.edit.general');
    await markFinal(tx, ctx, rec, reason);
  });
}

/**
 * Deletes one draft revision: the document keeps another, the revision was never released (a
 * final or withdrawn one is withdrawn instead, 409), carries no signature, and the person may
 * delete the document. The latest revision follows.
 */
export async function deleteDocumentRevision(
  ctx: ServiceContext,
  documentId: string,
  { revision, reason }: Pick<DeleteDocumentRevisionQuery, 'revision' | 'reason'>,
) {
  const { db, audit, organizationId } = scopeOf(ctx);
  await db.transaction(async (tx) => {
    const doc = await lockVisibleDocument(tx, ctx, documentId);
    const rec = await visibleRevisionOrNotFound(tx, ctx, documentId, revision);
    authorize(ctx.access, 'document.delete', documentStateOf(doc));
    if (rec.isFinal || rec.status === 'Obsolete') throw releasedNoDelete({ revision });
    if (rec.revisionCount <= 1) throw AppError.conflict('documentLastRevision', 'revision');
    if (rec.hasSignature) throw AppError.conflict('documentRevisionSigned', 'revision');
    const before = await revisionSnapshot(tx, organizationId, documentId, revision);
    await deleteRevisionRow(tx, organizationId, documentId, revision);
    await refreshDocumentRevisions(tx, organizationId, documentId);
    await rebuildParticipants(tx, organizationId, documentId);
    await recordAudit(tx, audit, {
      organizationId,
      infoType: DOCUMENTS_INFO_TYPE,
      action: 'deleteRevision',
      entityType: DOCUMENT_ENTITY,
      entityId: documentId,
      before: { number: doc.number, ...before },
      reason,
    });
    await settleDocumentActions(tx, ctx, documentId, 'responsible', [rec.submitterId], 'withdraw');
    await settleDocumentActions(tx, ctx, documentId, 'review', rec.reviewerIds, 'withdraw');
    await settleDocumentActions(tx, ctx, documentId, 'approval', rec.approverIds, 'withdraw');
  });
}

const OPEN_ACTION_KINDS = ['review', 'approval', 'responsible', 'link-training'] as const;

/**
 * Deletes the chosen documents, all or nothing: an id the person cannot see answers 404, a
 * document they may not delete 403, a released one among them 409 (it is withdrawn instead,
 * revision-withdrawal.ts). Each document's
 * audit event keeps its revisions and signatures (the signatures go only with their document) and
 * the reason; open automatic actions are withdrawn.
 */
export async function deleteDocuments(ctx: ServiceContext, ids: string[], reason: string | null) {
  const { db, audit, organizationId } = scopeOf(ctx);
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await lockVisibleDocuments(tx, ctx.access, unique);
    if (rows.length !== unique.length) throw AppError.notFound();
    for (const row of rows) authorize(ctx.access, 'document.delete', documentStateOf(row));
    const released = rows.find((row) => row.releasedRevision !== null);
    if (released) throw releasedNoDelete({ number: released.number });
    for (const row of rows) await recordDocumentDelete(tx, row);
    for (const row of rows) {
      for (const kind of OPEN_ACTION_KINDS) {
        await withdrawActions(tx, ctx, { kind, source: documentActionSource(organizationId, row.id) });
      }
    }
    await deleteDocumentRows(tx, organizationId, unique);
  });

  async function recordDocumentDelete(tx: Tx, row: DocumentTableRow) {
    const revisions = [];
    for (const r of await listRevisionRows(tx, organizationId, row.id)) {
      revisions.push(await revisionSnapshot(tx, organizationId, row.id, r.revision));
    }
    const signatures = (await listDocumentSignatures(tx, organizationId, row.id)).map(
      ({ organizationId: _o, documentId: _d, ...s }) => s,
    );
    await recordAudit(tx, audit, {
      organizationId,
      infoType: DOCUMENTS_INFO_TYPE,
      action: 'delete',
      entityType: DOCUMENT_ENTITY,
      entityId: row.id,
      before: {
        number: row.number,
        creatorId: row.creatorId,
        createdAt: row.createdAt,
        latestRevision: row.latestRevision,
        releasedRevision: row.releasedRevision,
        revisions,
        signatures,
      },
      reason,
    });
  }
}
