import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { trainingAnswers, trainingQuestions } from '../../db/schema/index.js';

// The quiz of a training: its questions and answers, one set per quiz version.

export interface QuestionRow {
  id: string;
  name: string;
  number: number;
  answers: { id: string; name: string; number: number; isCorrect: boolean }[];
}

/** The questions of one quiz version with their answers, in order. */
export function listQuestions(
  db: DbOrTx,
  organizationId: string,
  trainingId: string,
  quizVersion: number,
): Promise<QuestionRow[]> {
  return db
    .select({
      id: trainingQuestions.id,
      name: trainingQuestions.name,
      number: trainingQuestions.number,
      answers: sql<QuestionRow['answers']>`coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name,
          'number', a.number, 'isCorrect', a.is_correct) order by a.number)
        from training_answers a
        where a.organization_id = training_questions.organization_id and a.question_id = training_questions.id), '[]'::json)`,
    })
    .from(trainingQuestions)
    .where(
      and(
        eq(trainingQuestions.organizationId, organizationId),
        eq(trainingQuestions.trainingId, trainingId),
        eq(trainingQuestions.quizVersion, quizVersion),
      ),
    )
    .orderBy(asc(trainingQuestions.number));
}

/** Every question of every version with its answers (the delete's audit event keeps them). */
export function listAllQuestionRows(db: DbOrTx, organizationId: string, trainingId: string) {
  return db
    .select({
      id: trainingQuestions.id,
      quizVersion: trainingQuestions.quizVersion,
      number: trainingQuestions.number,
      name: trainingQuestions.name,
      answers: sql<unknown[]>`coalesce((select json_agg(json_build_object('id', a.id, 'number', a.number,
          'name', a.name, 'isCorrect', a.is_correct) order by a.number)
        from training_answers a
        where a.organization_id = training_questions.organization_id and a.question_id = training_questions.id), '[]'::json)`,
    })
    .from(trainingQuestions)
    .where(and(eq(trainingQuestions.organizationId, organizationId), eq(trainingQuestions.trainingId, trainingId)))
    .orderBy(asc(trainingQuestions.quizVersion), asc(trainingQuestions.number));
}

export interface NewQuestion {
  id: string;
  name: string;
  answers: { id: string; name: string; isCorrect: boolean }[];
}

/** Writes one quiz version: questions numbered in order, answers lettered by their number. */
export async function insertQuestions(
  tx: DbOrTx,
  organizationId: string,
  trainingId: string,
  quizVersion: number,
  questions: NewQuestion[],
) {
  if (questions.length === 0) return;
  await tx
    .insert(trainingQuestions)
    .values(
      questions.map((q, i) => ({ organizationId, id: q.id, trainingId, quizVersion, number: i + 1, name: q.name })),
    );
  await tx.insert(trainingAnswers).values(
    questions.flatMap((q) =>
      q.answers.map((a, i) => ({
        organizationId,
        id: a.id,
        questionId: q.id,
        number: i + 1,
        name: a.name,
        isCorrect: a.isCorrect,
      })),
    ),
  );
}
