import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { Permission, type TrainingStatusFilter } from '@qualis/contract';
import { isOrganizationAdmin, type OrganizationAccess } from '../../core/access.js';
import type { DbOrTx } from '../../db/client.js';
import { trainingRecords } from '../../db/schema/index.js';

// Who sees what (docs/decisions/0020-training-records.md): the predicate every module that reads
// trainings (search, dashboard, documents, user groups) takes from here.

/** The person has to pass the outer `training_records` row: one probe of training_assignments' key. */
export const assignedTo = (userId: string | SQL) => sql<boolean>`exists (select 1 from training_assignments ta
  where ta.organization_id = training_records.organization_id and ta.training_id = training_records.id
    and ta.user_id = ${userId})`;

/** The person has a passing attempt in the outer training's current round. */
export const passedBy = (userId: string | SQL) => sql<boolean>`exists (select 1 from training_attempts tp
  where tp.organization_id = training_records.organization_id and tp.training_id = training_records.id
    and tp.user_id = ${userId} and tp.cycle = training_records.cycle and tp.passed)`;

/** Admins, the SuperAdmin and 30 see every training of the organization. */
export const seesEveryTraining = (access: OrganizationAccess) =>
  isOrganizationAdmin(access) || access.permissions.has(Permission.ViewAllTrainingRecords);

/**
 * The training records module's visibility predicate, the SQL twin of the `trainingRecord.view`
 * policy: Admins, the SuperAdmin and `Permission.ViewAllTrainingRecords` see every training of the
 * organization; everyone else the trainings they created, assign or are assigned to. The list, its
 * count, the detail, the picker, the progress tab, the exports and the dashboard all use it, so
 * they never disagree.
 */
export function trainingsVisibleTo(access: OrganizationAccess): SQL {
  const inOrganization = eq(trainingRecords.organizationId, access.organization.id);
  if (seesEveryTraining(access)) return inOrganization;
  const me = access.actor.userId;
  return and(
    inOrganization,
    or(eq(trainingRecords.creatorId, me), eq(trainingRecords.assignerId, me), assignedTo(me)),
  )!;
}

/**
 * The keys of the trainings trainingsVisibleTo lets a person who does not see them all see (they
 * created, assign or are assigned them), read by the creator, assigner and assignment indexes:
 * the predicate's own `or` of an `exists` reads every training of the organization.
 */
export function relatedTrainingIds(access: OrganizationAccess): SQL {
  const organizationId = access.organization.id;
  const me = access.actor.userId;
  return sql`select id from training_records
    where organization_id = ${organizationId} and (creator_id = ${me} or assigner_id = ${me})
    union
    select training_id from training_assignments where organization_id = ${organizationId} and user_id = ${me}`;
}

/**
 * Whether a person has trainings of their own in the organization (created, assign or are assigned
 * to): the ones the list shows them whatever their permissions. Index probes, stopping at the first.
 */
export async function hasOwnTrainings(db: DbOrTx, organizationId: string, userId: string): Promise<boolean> {
  const answer = (await db.execute(sql`select exists (
      select 1 from training_records
      where organization_id = ${organizationId} and (creator_id = ${userId} or assigner_id = ${userId})
    ) or exists (
      select 1 from training_assignments where organization_id = ${organizationId} and user_id = ${userId}
    ) as "found"`)) as unknown as { rows: { found: boolean }[] };
  return answer.rows[0]?.found === true;
}

/** The list's status filter (spec 03 section 2): the viewer's own assignment and status in the current round. */
export function statusFilter(access: OrganizationAccess, status: TrainingStatusFilter): SQL | undefined {
  const me = access.actor.userId;
  switch (status) {
    case 'All':
      return undefined;
    case 'Assigned':
      return assignedTo(me);
    case 'AssignedPending':
      return and(assignedTo(me), sql`not ${passedBy(me)}`);
    case 'AssignedPassed':
      return and(assignedTo(me), passedBy(me));
  }
}

/** The trainings the person still has to pass: assigned, no pass in the current round (the dashboard's card). */
export const trainingsToPass = (access: OrganizationAccess) =>
  and(trainingsVisibleTo(access), statusFilter(access, 'AssignedPending'))!;
