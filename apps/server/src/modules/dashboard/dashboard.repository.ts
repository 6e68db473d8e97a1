import { and, asc, count, eq, sql } from 'drizzle-orm';
import { DASHBOARD_CARD_LIMIT, type TrainingEffect } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  actions,
  documentRevisionSigners,
  documentRevisions,
  documentTypes,
  documents,
  trainingRecords,
  type DocumentSignerRole,
} from '../../db/schema/index.js';
import { actionsVisibleTo } from '../actions/actions.repository.js';
import { AUTOMATIC_DUE_DAYS } from '../actions/automatic-actions.js';
import {
  documentCardColumns,
  documentsVisibleTo,
  responsibleUnlessAdmin,
  revisionsOfDocument,
  revisionsVisibleTo,
  typeOfRevision,
} from '../documents/document-visibility.js';
import { awaitingTrainingSql, latestEffectDaySql, trainingEffectOf } from '../documents/training-effect.js';
import { trainingsToPass } from '../training-records/training-visibility.js';

/**
 * The person's open actions: assigned to them, To do, within what they may see (the actions
 * module's visibility predicate, so the card never shows what the list would not).
 */
const actionsToDo = (access: OrganizationAccess) =>
  and(actionsVisibleTo(access), eq(actions.assigneeId, access.actor.userId), eq(actions.status, 'ToDo'));

export async function countActionsToDo(db: DbOrTx, access: OrganizationAccess): Promise<number> {
  const [row] = await db.select({ n: count() }).from(actions).where(actionsToDo(access));
  return row?.n ?? 0;
}

/** The first open actions, the soonest due first. */
export function listActionsToDo(db: DbOrTx, access: OrganizationAccess) {
  return db
    .select({
      id: actions.id,
      name: actions.name,
      nameKey: actions.nameKey,
      nameParams: actions.nameParams,
      dueDate: actions.dueDate,
    })
    .from(actions)
    .where(actionsToDo(access))
    .orderBy(asc(actions.dueDate), asc(actions.number))
    .limit(DASHBOARD_CARD_LIMIT);
}

/** The trainings the person still has to pass in their current round (training-records.repository.ts). */
export async function countTrainingsToPass(db: DbOrTx, access: OrganizationAccess): Promise<number> {
  const [row] = await db.select({ n: count() }).from(trainingRecords).where(trainingsToPass(access));
  return row?.n ?? 0;
}

/** The first trainings to pass, the soonest due first. */
export function listTrainingsToPass(db: DbOrTx, access: OrganizationAccess) {
  return db
    .select({
      id: trainingRecords.id,
      name: trainingRecords.name,
      number: trainingRecords.number,
      dueDate: trainingRecords.dueDate,
    })
    .from(trainingRecords)
    .where(trainingsToPass(access))
    .orderBy(asc(trainingRecords.dueDate), asc(trainingRecords.number))
    .limit(DASHBOARD_CARD_LIMIT);
}

/**
 * The revisions waiting for the person's signature (spec 03 "Dashboard"): their signer rows of
 * that role marked `waiting` (not final, ready for the role, no response of theirs in the current
 * cycle; modules/documents/waiting-signers.ts keeps the mark in every write's transaction), read
 * through the partial index `document_revision_signers_waiting_idx`, so the cards cost the same
 * whatever the size of the tables. Signers are participants, so every such revision is visible
 * to them; the visibility predicate still bounds the query.
 */
function documentsToSign(access: OrganizationAccess, role: DocumentSignerRole) {
  return and(
    documentsVisibleTo(access),
    eq(documentRevisionSigners.organizationId, access.organization.id),
    eq(documentRevisionSigners.userId, access.actor.userId),
    eq(documentRevisionSigners.role, role),
    // Written as the index's own predicate (not `= $n`), so every plan can use it.
    sql`${documentRevisionSigners.waiting}`,
  );
}

/** The signers joined with their revision, its document and type. */
function withRevisions<T extends PgSelect>(query: T) {
  return query
    .innerJoin(
      documentRevisions,
      and(
        eq(documentRevisions.organizationId, documentRevisionSigners.organizationId),
        eq(documentRevisions.documentId, documentRevisionSigners.documentId),
        eq(documentRevisions.revision, documentRevisionSigners.revision),
      ),
    )
    .innerJoin(
      documents,
      and(
        eq(documents.organizationId, documentRevisions.organizationId),
        eq(documents.id, documentRevisions.documentId),
      ),
    )
    .innerJoin(documentTypes, typeOfRevision);
}

/**
 * How many revisions wait for the person's signature: their waiting signer rows of the role whose
 * document they see. The revision and its type are not joined: their foreign keys make each
 * signer row have exactly one (joining them cost 56 ms for 1,867 waiting rows at 100,000 documents).
 */
export async function countDocumentsToSign(db: DbOrTx, access: OrganizationAccess, role: DocumentSignerRole) {
  const [row] = await db
    .select({ n: count() })
    .from(documentRevisionSigners)
    .innerJoin(
      documents,
      and(
        eq(documents.organizationId, documentRevisionSigners.organizationId),
        eq(documents.id, documentRevisionSigners.documentId),
      ),
    )
    .where(documentsToSign(access, role));
  return row?.n ?? 0;
}

/** The first revisions to sign, the longest waiting first; due 2 weeks after the assignment (as their actions). */
export function listDocumentsToSign(db: DbOrTx, access: OrganizationAccess, role: DocumentSignerRole) {
  const query = db
    .select({
      id: documents.id,
      type: documentTypes.name,
      typeDescription: documentRevisions.typeDescription,
      name: documentRevisions.name,
      revision: documentRevisions.revision,
      isFinal: documentRevisions.isFinal,
      dueDate: sql<string>`to_char((${documentRevisionSigners.assignedAt} at time zone 'UTC')
        + make_interval(days => ${AUTOMATIC_DUE_DAYS}), 'YYYY-MM-DD')`,
    })
    .from(documentRevisionSigners)
    .$dynamic();
  return withRevisions(query)
    .where(documentsToSign(access, role))
    .orderBy(asc(documentRevisionSigners.assignedAt), asc(documents.number), asc(documentRevisions.revision))
    .limit(DASHBOARD_CARD_LIMIT);
}

/**
 * The released revisions waiting for their training before they take effect (issue 24, 'effective
 * when training completes: 7 of 9 passed'), within the documents' visibility predicate and the
 * revisions the person may open (as the list's pending revision): an Admin's of every such
 * document, anyone else's those whose revision they are responsible for. One query: the
 * trainees and passes are counted by a sub-query of each row. The soonest to take effect first.
 */
export function listRevisionsAwaitingTraining(db: DbOrTx, access: OrganizationAccess) {
  return db
    .select({
      ...documentCardColumns,
      trainingEffect: sql<TrainingEffect>`${trainingEffectOf('document_revisions')}`,
      effectiveBy: latestEffectDaySql,
    })
    .from(documentRevisions)
    .innerJoin(documents, revisionsOfDocument)
    .where(
      and(
        documentsVisibleTo(access),
        revisionsVisibleTo(access, documentRevisions.effectiveAt),
        awaitingTrainingSql,
        responsibleUnlessAdmin(access),
      ),
    )
    .orderBy(asc(latestEffectDaySql), asc(documents.number), asc(documentRevisions.revision))
    .limit(DASHBOARD_CARD_LIMIT);
}
