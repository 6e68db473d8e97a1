import { type PassTrainingRequest } from '@qualis/contract';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { scopeOf, type ServiceContext } from '../../core/service-context.js';
import { completeActions } from '../actions/automatic-actions.js';
import { TRAINING_ENTITY, TRAINING_INFO_TYPE, trainingActionSource } from './training-actions.js';
import { isAssigned } from './training-assignments.repository.js';
import { findPassedUserIds, insertAttempt } from './training-attempts.repository.js';
import { listQuestions } from './training-questions.repository.js';
import { lockVisibleTraining, sameValue } from './training-records.service.js';

/**
 * One attempt to pass (spec 03 section 5), kept whatever its result: only an assignee without a
 * pass in the current round may try (403, 409); every question of the current version needs at
 * least one chosen answer, and only its own answers (400). It passes when, for every question, the
 * chosen answers are exactly the right ones. A pass completes the person's 'training' action.
 * Answers whether it passed; never which answers were wrong.
 */
export async function passTraining(ctx: ServiceContext, id: string, input: PassTrainingRequest): Promise<boolean> {
  const { db, audit, organizationId } = scopeOf(ctx);
  const me = ctx.access.actor.userId;
  return db.transaction(async (tx) => {
    const row = await lockVisibleTraining(tx, ctx, id);
    if (!(await isAssigned(tx, organizationId, id, me))) throw AppError.forbidden('trainingNotAssigned');
    if ((await findPassedUserIds(tx, row, [me])).length > 0) throw AppError.conflict('trainingAlreadyPassed');

    const questions = await listQuestions(tx, organizationId, id, row.quizVersion);
    const posted = new Map(input.questions.map((q) => [q.id, q.answers]));
    if ([...posted.keys()].some((q) => !questions.some((c) => c.id === q))) {
      throw AppError.badRequest('trainingAnswersUnknown', 'questions');
    }
    const answers = questions.map((q) => {
      const chosen = posted.get(q.id) ?? [];
      if (chosen.some((a) => !q.answers.some((c) => c.id === a.id))) {
        throw AppError.badRequest('trainingAnswersUnknown', 'questions');
      }
      const answerIds = [...new Set(chosen.filter((a) => a.isSelected).map((a) => a.id))].sort();
      if (answerIds.length === 0) throw AppError.badRequest('trainingQuestionsUnanswered', 'questions');
      return { questionId: q.id, answerIds };
    });
    const passed = questions.every((q, i) =>
      sameValue(
        answers[i]!.answerIds,
        q.answers
          .filter((a) => a.isCorrect)
          .map((a) => a.id)
          .sort(),
      ),
    );
    const attemptId = newId();
    const attempt = {
      cycle: row.cycle,
      quizVersion: row.quizVersion,
      documentId: row.cycleDocumentId,
      revision: row.cycleRevision,
      answers,
      passed,
    };
    await insertAttempt(tx, {
      organizationId,
      id: attemptId,
      trainingId: id,
      userId: me,
      requestId: ctx.audit.requestId,
      ...attempt,
    });
    await recordAudit(tx, audit, {
      organizationId,
      infoType: TRAINING_INFO_TYPE,
      action: passed ? 'pass' : 'failedAttempt',
      entityType: TRAINING_ENTITY,
      entityId: id,
      after: { number: row.number, attemptId, userId: me, ...attempt },
    });
    if (passed) {
      await completeActions(tx, ctx, {
        kind: 'training',
        source: trainingActionSource(organizationId, id),
        people: [me],
      });
    }
    return passed;
  });
}
