import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OrganizationAccess } from '../../core/access.js';
import type { DbOrTx } from '../../db/client.js';
import {
  documentRevisions,
  trainingAssigneeGroups,
  trainingAssigneeUsers,
  trainingAssignments,
  trainingRecordFiles,
  trainingRecordTags,
  trainingRecords,
  userGroups,
} from '../../db/schema/index.js';
import { groupOfTraining } from './training-records.repository.js';
import { trainingsVisibleTo } from './training-visibility.js';

// The stored rows of trainings as the writes read and change them.

export type TrainingTableRow = typeof trainingRecords.$inferSelect;
export type TrainingInsert = typeof trainingRecords.$inferInsert;

/** The ids among `ids` of trainings the person may see (references to training records). */
export async function findVisibleTrainingIds(db: DbOrTx, access: OrganizationAccess, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: trainingRecords.id })
    .from(trainingRecords)
    .where(and(trainingsVisibleTo(access), inArray(trainingRecords.id, ids)));
  return rows.map((r) => r.id);
}

/** The visible trainings among `ids`, locked for the rest of the transaction, by number. */
export function lockVisibleTrainings(
  tx: DbOrTx,
  access: OrganizationAccess,
  ids: string[],
): Promise<TrainingTableRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(trainingRecords)
    .where(and(trainingsVisibleTo(access), inArray(trainingRecords.id, ids)))
    .orderBy(asc(trainingRecords.number))
    .for('update');
}

/** One training of the organization, locked (callers of other modules that name it by id). */
export async function lockTraining(tx: DbOrTx, organizationId: string, id: string) {
  const [row] = await tx
    .select()
    .from(trainingRecords)
    .where(and(eq(trainingRecords.organizationId, organizationId), eq(trainingRecords.id, id)))
    .for('update');
  return row;
}

/**
 * The training's current round is for a document revision that was withdrawn (Obsolete): nobody
 * is asked to pass it any more (training-actions.ts).
 */
export async function roundIsWithdrawn(db: DbOrTx, organizationId: string, trainingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: trainingRecords.id })
    .from(trainingRecords)
    .innerJoin(
      documentRevisions,
      and(
        eq(documentRevisions.organizationId, trainingRecords.organizationId),
        eq(documentRevisions.documentId, trainingRecords.cycleDocumentId),
        eq(documentRevisions.revision, trainingRecords.cycleRevision),
      ),
    )
    .where(
      and(
        eq(trainingRecords.organizationId, organizationId),
        eq(trainingRecords.id, trainingId),
        eq(documentRevisions.status, 'Obsolete'),
      ),
    );
  return row !== undefined;
}

/** The ids of what the form chose and who has to pass, as stored. */
export async function listTrainingParts(db: DbOrTx, organizationId: string, trainingId: string) {
  const of = (t: { organizationId: AnyPgColumn; trainingId: AnyPgColumn }) =>
    and(eq(t.organizationId, organizationId), eq(t.trainingId, trainingId));
  const [assigneeUserIds, groups, assigned, files, tagIds] = await Promise.all([
    db.select({ id: trainingAssigneeUsers.userId }).from(trainingAssigneeUsers).where(of(trainingAssigneeUsers)),
    db
      .select({ id: userGroups.id, name: userGroups.name })
      .from(trainingAssigneeGroups)
      .innerJoin(userGroups, groupOfTraining)
      .where(of(trainingAssigneeGroups)),
    db.select({ id: trainingAssignments.userId }).from(trainingAssignments).where(of(trainingAssignments)),
    db
      .select({ id: trainingRecordFiles.fileId })
      .from(trainingRecordFiles)
      .where(of(trainingRecordFiles))
      .orderBy(asc(trainingRecordFiles.position)),
    db.select({ id: trainingRecordTags.tagId }).from(trainingRecordTags).where(of(trainingRecordTags)),
  ]);
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
  return {
    assigneeUserIds: ids(assigneeUserIds),
    groups: groups.sort((a, b) => a.name.localeCompare(b.name)),
    assignedUserIds: ids(assigned),
    fileIds: files.map((f) => f.id),
    tagIds: ids(tagIds),
  };
}

export async function insertTraining(tx: DbOrTx, row: TrainingInsert) {
  await tx.insert(trainingRecords).values(row);
}

export async function updateTrainingRow(
  tx: DbOrTx,
  organizationId: string,
  id: string,
  values: Partial<Omit<TrainingInsert, 'organizationId' | 'id'>>,
) {
  await tx
    .update(trainingRecords)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(trainingRecords.organizationId, organizationId), eq(trainingRecords.id, id)));
}

/** A new training's files (`replaceTrainingFiles` for an existing one). */
export async function insertTrainingFiles(tx: DbOrTx, organizationId: string, trainingId: string, fileIds: string[]) {
  if (fileIds.length === 0) return;
  await tx
    .insert(trainingRecordFiles)
    .values(fileIds.map((fileId, position) => ({ organizationId, trainingId, fileId, position })));
}

export async function replaceTrainingFiles(tx: DbOrTx, organizationId: string, trainingId: string, fileIds: string[]) {
  await tx
    .delete(trainingRecordFiles)
    .where(and(eq(trainingRecordFiles.organizationId, organizationId), eq(trainingRecordFiles.trainingId, trainingId)));
  await insertTrainingFiles(tx, organizationId, trainingId, fileIds);
}

/** A new training's tags (`replaceTrainingTags` for an existing one). */
export async function insertTrainingTags(tx: DbOrTx, organizationId: string, trainingId: string, tagIds: string[]) {
  if (tagIds.length === 0) return;
  await tx.insert(trainingRecordTags).values(tagIds.map((tagId) => ({ organizationId, trainingId, tagId })));
}

export async function replaceTrainingTags(tx: DbOrTx, organizationId: string, trainingId: string, tagIds: string[]) {
  await tx
    .delete(trainingRecordTags)
    .where(and(eq(trainingRecordTags.organizationId, organizationId), eq(trainingRecordTags.trainingId, trainingId)));
  await insertTrainingTags(tx, organizationId, trainingId, tagIds);
}

export async function deleteTrainingRows(tx: DbOrTx, organizationId: string, ids: string[]) {
  await tx
    .delete(trainingRecords)
    .where(and(eq(trainingRecords.organizationId, organizationId), inArray(trainingRecords.id, ids)));
}
