import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { trainingAssignments, trainingAttempts, users, type TrainingAttemptAnswer } from '../../db/schema/index.js';
import type { DocumentLinkRow, PersonRow } from './training-records.repository.js';

// The attempts to pass a training, and the completion progress they give.

export interface AttemptRow {
  id: string;
  userId: string;
  passed: boolean;
  attemptedAt: Date | string;
  cycle: number;
  quizVersion: number;
  forRevision: DocumentLinkRow | null;
}

/**
 * Every attempt on the training (or only those of `userIds`: a page of the completion progress),
 * oldest first, with the label of the revision its round was for.
 */
export function listAttempts(
  db: DbOrTx,
  organizationId: string,
  trainingId: string,
  userIds?: string[],
): Promise<AttemptRow[]> {
  return db
    .select({
      id: trainingAttempts.id,
      userId: trainingAttempts.userId,
      passed: trainingAttempts.passed,
      attemptedAt: trainingAttempts.attemptedAt,
      cycle: trainingAttempts.cycle,
      quizVersion: trainingAttempts.quizVersion,
      forRevision: sql<DocumentLinkRow | null>`(
        select json_build_object('id', dr.document_id, 'name', dr.name, 'revision', dr.revision)
        from document_revisions dr where dr.organization_id = training_attempts.organization_id
          and dr.document_id = training_attempts.document_id and dr.revision = training_attempts.revision)`,
    })
    .from(trainingAttempts)
    .where(
      and(
        eq(trainingAttempts.organizationId, organizationId),
        eq(trainingAttempts.trainingId, trainingId),
        userIds ? inArray(trainingAttempts.userId, userIds) : undefined,
      ),
    )
    .orderBy(asc(trainingAttempts.attemptedAt), asc(trainingAttempts.id));
}

export interface ProgressPersonRow {
  user: PersonRow;
  assignedAt: Date | string | null;
  passedAt: Date | string | null;
}

type ProgressTraining = { organizationId: string; id: string; cycle: number };

/** The training's people: its assignees' keys and those of the passes of its current round. */
const progressPeopleIds = (training: ProgressTraining) =>
  sql`select ta.user_id from training_assignments ta
    where ta.organization_id = ${training.organizationId} and ta.training_id = ${training.id}
    union select tp.user_id from training_attempts tp
    where tp.organization_id = ${training.organizationId} and tp.training_id = ${training.id}
      and tp.cycle = ${training.cycle} and tp.passed`;

/** A page of one of the completion progress's two lists: the passed people, or the pending. */
export interface ProgressPage {
  passed: boolean;
  limit: number;
  offset: number;
}

/**
 * The completion progress's people: everyone assigned, and everyone with a pass in the current
 * round (even if since unassigned), with when they were assigned and passed; all of them (the
 * record's PDF), or one page of the passed or of the pending ones.
 */
export function listProgressPeople(
  db: DbOrTx,
  training: ProgressTraining,
  page?: ProgressPage,
): Promise<ProgressPersonRow[]> {
  const query = db
    .select({
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: users.role,
      },
      assignedAt: trainingAssignments.assignedAt,
      passedAt: trainingAttempts.attemptedAt,
    })
    .from(users)
    .leftJoin(
      trainingAssignments,
      and(
        eq(trainingAssignments.organizationId, training.organizationId),
        eq(trainingAssignments.trainingId, training.id),
        eq(trainingAssignments.userId, users.id),
      ),
    )
    .leftJoin(
      trainingAttempts,
      and(
        eq(trainingAttempts.organizationId, training.organizationId),
        eq(trainingAttempts.trainingId, training.id),
        eq(trainingAttempts.userId, users.id),
        eq(trainingAttempts.cycle, training.cycle),
        eq(trainingAttempts.passed, true),
      ),
    )
    // From the training's own rows (keys of training_assignments and of the passes), not every user.
    .where(
      and(
        sql`${users.id} in (${progressPeopleIds(training)})`,
        page ? (page.passed ? isNotNull(trainingAttempts.id) : isNull(trainingAttempts.id)) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
    .$dynamic();
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

/** How many people of the completion progress passed the current round, and how many are pending. */
export async function countProgressPeople(
  db: DbOrTx,
  training: ProgressTraining,
): Promise<{ passed: number; pending: number }> {
  const answer = (await db.execute(sql`select
      count(*) filter (where passes.user_id is not null)::int as "passed",
      count(*) filter (where passes.user_id is null)::int as "pending"
    from (${progressPeopleIds(training)}) people
    left join (select distinct tp.user_id from training_attempts tp
      where tp.organization_id = ${training.organizationId} and tp.training_id = ${training.id}
        and tp.cycle = ${training.cycle} and tp.passed) passes on passes.user_id = people.user_id`)) as unknown as {
    rows: { passed: number; pending: number }[];
  };
  return answer.rows[0] ?? { passed: 0, pending: 0 };
}

/** Of `userIds`, those who passed the training's current round. */
export async function findPassedUserIds(
  db: DbOrTx,
  training: { organizationId: string; id: string; cycle: number },
  userIds: string[],
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: trainingAttempts.userId })
    .from(trainingAttempts)
    .where(
      and(
        eq(trainingAttempts.organizationId, training.organizationId),
        eq(trainingAttempts.trainingId, training.id),
        eq(trainingAttempts.cycle, training.cycle),
        eq(trainingAttempts.passed, true),
        inArray(trainingAttempts.userId, userIds),
      ),
    );
  return rows.map((r) => r.userId);
}

/** Every attempt as stored (the delete's audit event keeps them). */
export function listAttemptRows(db: DbOrTx, organizationId: string, trainingId: string) {
  return db
    .select()
    .from(trainingAttempts)
    .where(and(eq(trainingAttempts.organizationId, organizationId), eq(trainingAttempts.trainingId, trainingId)))
    .orderBy(asc(trainingAttempts.attemptedAt), asc(trainingAttempts.id));
}

export async function insertAttempt(tx: DbOrTx, row: typeof trainingAttempts.$inferInsert) {
  await tx.insert(trainingAttempts).values(row);
}

export type { TrainingAttemptAnswer };
