import type { AuditInfoType } from '@qualis/contract';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { scopeOf, type ServiceContext } from '../../core/service-context.js';
import type { Tx } from '../../db/client.js';
import { findActiveMembers } from '../actions/actions.repository.js';
import { assignActions, recordLink, withdrawActions, type ActionSource } from '../actions/automatic-actions.js';
import {
  listTrainingParts,
  lockTraining,
  roundIsWithdrawn,
  updateTrainingRow,
  type TrainingTableRow,
} from './training-rows.repository.js';

// The 'training' actions of trainings (actions/automatic-actions.ts) and the rounds of passes that
// hand them out again.

/** The audit trail's info type and entity type of trainings (their exports read the same). */
export const TRAINING_INFO_TYPE = 'Training Records' satisfies AuditInfoType;
export const TRAINING_ENTITY = 'trainingRecord';

export const trainingActionSource = (organizationId: string, trainingId: string): ActionSource => ({
  type: 'training-record',
  id: trainingId,
  organizationId,
});

export type TrainingLabel = Pick<TrainingTableRow, 'organizationId' | 'id' | 'number' | 'name' | 'dueDate' | 'cycle'>;

/**
 * Gives each of `people` an open 'training' action, due on the training's due date; nobody while
 * the current round is for a withdrawn (Obsolete) document revision.
 */
export async function giveTrainingActions(tx: Tx, ctx: ServiceContext, training: TrainingLabel, people: string[]) {
  if (people.length === 0) return;
  if (await roundIsWithdrawn(tx, training.organizationId, training.id)) return;
  const source = trainingActionSource(training.organizationId, training.id);
  await assignActions(tx, ctx, {
    kind: 'training',
    source,
    people,
    text: 'passTraining',
    params: { number: String(training.number), name: training.name },
    link: recordLink(source),
    linkDescription: `#${training.number} ${training.name}`,
    dueDate: training.dueDate,
  });
}

/**
 * A document revision that requires the training was approved (the documents module calls this in
 * its transaction): a new round of passes starts for that revision. Every current assignee has to
 * pass again and gets an open 'training' action; the earlier passes stay, labelled with the
 * revision they were for.
 */
export async function startTrainingRound(
  tx: Tx,
  ctx: ServiceContext,
  round: { trainingId: string; documentId: string; revision: number },
): Promise<void> {
  const { audit, organizationId } = scopeOf(ctx);
  const row = await lockTraining(tx, organizationId, round.trainingId);
  if (!row) throw AppError.notFound();
  const cycle = row.cycle + 1;
  await updateTrainingRow(tx, organizationId, row.id, {
    cycle,
    cycleDocumentId: round.documentId,
    cycleRevision: round.revision,
  });
  const { assignedUserIds } = await listTrainingParts(tx, organizationId, row.id);
  await recordAudit(tx, audit, {
    organizationId,
    infoType: TRAINING_INFO_TYPE,
    action: 'newRound',
    entityType: TRAINING_ENTITY,
    entityId: row.id,
    before: { number: row.number, cycle: row.cycle, documentId: row.cycleDocumentId, revision: row.cycleRevision },
    after: { number: row.number, cycle, documentId: round.documentId, revision: round.revision, assignedUserIds },
  });
  await giveTrainingActions(tx, ctx, { ...row, cycle }, await findActiveMembers(tx, organizationId, assignedUserIds));
}

/**
 * A document revision was withdrawn (Obsolete; the documents module calls this in its
 * transaction): when the training's current round is for it, the round ends. The open 'training'
 * actions are withdrawn and, while the round stays on that revision, nobody newly assigned gets
 * one (`giveTrainingActions`); the passes stay. A later release of the document starts a new round.
 */
export async function endTrainingRound(
  tx: Tx,
  ctx: ServiceContext,
  round: { trainingId: string; documentId: string; revision: number },
): Promise<void> {
  const { audit, organizationId } = scopeOf(ctx);
  const row = await lockTraining(tx, organizationId, round.trainingId);
  if (!row || row.cycleDocumentId !== round.documentId || row.cycleRevision !== round.revision) return;
  const withdrawn = await withdrawActions(tx, ctx, {
    kind: 'training',
    source: trainingActionSource(organizationId, row.id),
  });
  await recordAudit(tx, audit, {
    organizationId,
    infoType: TRAINING_INFO_TYPE,
    action: 'roundEnded',
    entityType: TRAINING_ENTITY,
    entityId: row.id,
    before: { number: row.number, cycle: row.cycle, documentId: row.cycleDocumentId, revision: row.cycleRevision },
    after: { number: row.number, cycle: row.cycle, withdrawnActions: withdrawn.length },
    reason: `Document revision ${round.revision} was withdrawn (Obsolete): the training is no longer assigned for it.`,
  });
}
