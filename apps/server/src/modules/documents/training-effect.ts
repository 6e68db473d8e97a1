import { and, eq, sql, type SQL } from 'drizzle-orm';
import { dayOf } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import type { DbOrTx } from '../../db/client.js';
import { documentRevisions } from '../../db/schema/index.js';
import { dueRevisionPage, type DueRevision } from './revision-effect.repository.js';

// Training before effect (docs/decisions/0032-effective-revisions.md, 'Training before effect'):
// a released revision that requires training and carries training_effect_days takes effect when
// all the trainees of its linked training passed it (this revision's round), or that many days
// after its release, whichever comes first; its effective date, when chosen too, is a lower bound.
// The effect job (revision-effect.ts) makes it effective within the hour.

/** The option needs a revision that requires training: 400 otherwise, nothing changed. */
export function checkTrainingEffect(days: number | null, requiresTraining: boolean) {
  if (days !== null && !requiresTraining) {
    throw AppError.badRequest('documentTrainingEffectNeedsTraining', 'trainingEffectDays');
  }
}

/** The trainees of revision `r`'s training (its current assignees) and who of them passed it for `r`. */
const traineesOf = (r: string) => `from training_assignments a
  where a.organization_id = ${r}.organization_id and a.training_id = ${r}.training_record_id`;
const passedFor = (r: string) => `exists (select 1 from training_attempts t
  where t.organization_id = a.organization_id and t.training_id = a.training_id and t.user_id = a.user_id
    and t.document_id = ${r}.document_id and t.revision = ${r}.revision and t.passed)`;
const waitingForTraining = (r: string) => `${r}.training_effect_days is not null and ${r}.requires_training
  and ${r}.is_final and ${r}.effective_at is null and ${r}.superseded_at is null and ${r}.status <> 'Obsolete'`;

/**
 * 'Effective when training completes: 7 of 9 passed' of revision row `r` (an SQL alias) while it
 * is Pending with the option ({ days, passed, trainees }); null otherwise.
 */
export const trainingEffectOf = (r: string) =>
  sql.raw(`case when ${r}.training_effect_days is not null and ${r}.effective_at is null
      and ${r}.superseded_at is null and ${r}.status <> 'Obsolete'
    then (select json_build_object('days', ${r}.training_effect_days, 'trainees', count(*),
      'passed', count(*) filter (where ${passedFor(r)})) ${traineesOf(r)}) end`);

/** The revisions (on `document_revisions`) released and waiting for their training before they take effect. */
export const awaitingTrainingSql = sql.raw(waitingForTraining('document_revisions'));

/**
 * The day (UTC, YYYY-MM-DD) a revision waiting for its training (on `document_revisions`) takes
 * effect at the latest: its days after release run out, or its effective date when that is later.
 */
export const latestEffectDaySql = sql<string>`to_char(greatest(((coalesce(${documentRevisions.approvedAt},
  ${documentRevisions.finalAt}) + ${documentRevisions.trainingEffectDays} * interval '1 day') at time zone 'UTC')::date,
  ${documentRevisions.effectiveOn}), 'YYYY-MM-DD')`;

/**
 * Due at `at`: waiting for its training, its effective date (if any) come, and either its days
 * after release passed or every one of its trainees (at least one) passed it.
 */
const trainingDue = (at: Date): SQL => {
  const r = 'document_revisions';
  return sql`${sql.raw(waitingForTraining(r))}
    and (${documentRevisions.effectiveOn} is null or ${documentRevisions.effectiveOn} <= ${dayOf(at)})
    and (coalesce(${documentRevisions.approvedAt}, ${documentRevisions.finalAt})
          + ${documentRevisions.trainingEffectDays} * interval '1 day' <= ${at.toISOString()}::timestamptz
      or (exists (select 1 ${sql.raw(traineesOf(r))})
        and not exists (select 1 ${sql.raw(traineesOf(r))} and not ${sql.raw(passedFor(r))})))`;
};

/** The revisions whose training made them due at `at`, after `from` in key order (the partial index document_revisions_training_due_idx). */
export function findTrainingDueRevisions(db: DbOrTx, at: Date, limit: number, from?: DueRevision) {
  return dueRevisionPage(db, trainingDue(at), limit, from);
}

/** The revision is still due for its training at `at` (in the job's transaction, its document locked). */
export async function isTrainingDue(tx: DbOrTx, key: DueRevision, at: Date) {
  const rows = await tx
    .select({ revision: documentRevisions.revision })
    .from(documentRevisions)
    .where(
      and(
        eq(documentRevisions.organizationId, key.organizationId),
        eq(documentRevisions.documentId, key.documentId),
        eq(documentRevisions.revision, key.revision),
        trainingDue(at),
      ),
    );
  return rows.length > 0;
}
