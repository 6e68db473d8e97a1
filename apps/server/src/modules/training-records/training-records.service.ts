import {
  RECORD_LINK_PATTERN,
  type CreateTrainingRequest,
  type TrainingQuestionInput,
  type UpdateTrainingRequest,
} from '@qualis/contract';
import type { Tx } from '../../db/client.js';
import { recordAudit } from '../../core/audit.js';
import { nextNumber } from '../../core/counters.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { authorize } from '../policies.js';
import { scopeOf, type ServiceContext } from '../../core/service-context.js';
import { findActiveMembers, findTagIds } from '../actions/actions.repository.js';
import { moveActionsDueDate, withdrawActions } from '../actions/automatic-actions.js';
import { findOrganizationFileIds } from '../documents/document-rows.repository.js';
import { linkTrainingToRevision, revisionToLinkTraining } from '../document-trainings/document-trainings.js';
import { TRAINING_ENTITY, TRAINING_INFO_TYPE, giveTrainingActions, trainingActionSource } from './training-actions.js';
import {
  deleteAssigneeGroups,
  findGroups,
  insertAssigneeGroups,
  insertAssignments,
  listMembersOfGroups,
  insertAssigneeUsers,
  replaceAssigneeUsers,
} from './training-assignments.repository.js';
import { assignPeople, unassignPeople } from './training-assignments.service.js';
import { listAttemptRows } from './training-attempts.repository.js';
import { insertQuestions, listAllQuestionRows, listQuestions } from './training-questions.repository.js';
import { trainingStateOf } from './training-records.presenter.js';
import {
  deleteTrainingRows,
  insertTraining,
  listTrainingParts,
  lockVisibleTrainings,
  insertTrainingFiles,
  insertTrainingTags,
  replaceTrainingFiles,
  replaceTrainingTags,
  updateTrainingRow,
  type TrainingTableRow,
} from './training-rows.repository.js';

// The writes of trainings: create, edit, delete (passes are training-attempts.service.ts, who is
// assigned training-assignments.service.ts).

/** The name of the organization counter that numbers trainings ("System #"). */
const COUNTER = 'training';

/** The fields of the form as stored; the audit trail records them by these names. */
type TrainingFields = Pick<
  TrainingTableRow,
  'name' | 'description' | 'dueDate' | 'assignerId' | 'link' | 'linkDescription' | 'extraLink' | 'extraLinkDescription'
> & { assigneeUserIds: string[]; fileIds: string[]; tagIds: string[] };

const FIELD_NAMES = [
  'name',
  'description',
  'dueDate',
  'assignerId',
  'link',
  'linkDescription',
  'extraLink',
  'extraLinkDescription',
  'assigneeUserIds',
  'fileIds',
  'tagIds',
] as const satisfies readonly (keyof TrainingFields)[];

const fieldsOf = (input: CreateTrainingRequest | UpdateTrainingRequest): TrainingFields => ({
  name: input.name,
  description: input.description,
  dueDate: input.dueDate,
  assignerId: input.assignerId,
  link: input.link,
  linkDescription: input.linkDescription,
  extraLink: input.extraLink,
  extraLinkDescription: input.extraLinkDescription,
  assigneeUserIds: [...input.assigneeUserIds].sort(),
  fileIds: input.fileIds,
  tagIds: [...input.tagIds].sort(),
});

export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const pick = <T extends object, K extends keyof T>(value: T, names: readonly K[]) =>
  Object.fromEntries(names.map((n) => [n, value[n]]));

/**
 * What the training names must belong to the organization: the assigner and the direct assignees
 * active members, the groups, files and tags the organization's. Only what changes is checked, so
 * a training keeps a person who has since left.
 */
async function checkReferences(tx: Tx, organizationId: string, next: TrainingFields, previous?: TrainingFields) {
  if (!previous || previous.assignerId !== next.assignerId) {
    if ((await findActiveMembers(tx, organizationId, [next.assignerId])).length !== 1) {
      throw AppError.badRequest('actionAssignerNotMember', 'assignerId');
    }
  }
  const added = <T>(list: T[], before: T[] | undefined) => list.filter((x) => !before?.includes(x));
  const newAssignees = added(next.assigneeUserIds, previous?.assigneeUserIds);
  if ((await findActiveMembers(tx, organizationId, newAssignees)).length !== newAssignees.length) {
    throw AppError.badRequest('trainingAssigneesNotMembers', 'assigneeUserIds');
  }
  for (const field of ['link', 'extraLink'] as const) {
    const recordOrganization = RECORD_LINK_PATTERN.exec(next[field] ?? '')?.[1];
    if (recordOrganization && recordOrganization !== organizationId) {
      throw AppError.badRequest('recordLinkOtherOrganization', field);
    }
  }
  const newFiles = added(next.fileIds, previous?.fileIds);
  if ((await findOrganizationFileIds(tx, organizationId, newFiles)).length !== newFiles.length) {
    throw AppError.badRequest('documentFileUnknown', 'fileIds');
  }
  const newTags = added(next.tagIds, previous?.tagIds);
  if ((await findTagIds(tx, organizationId, newTags)).length !== newTags.length) {
    throw AppError.badRequest('tagsUnknown', 'tagIds');
  }
}

/** The groups to add must be of the organization. */
async function checkGroups(tx: Tx, organizationId: string, groupIds: string[]) {
  const found = await findGroups(tx, organizationId, groupIds);
  if (found.length !== groupIds.length) throw AppError.badRequest('trainingGroupsUnknown', 'newAssigneeUserGroupIds');
  return found;
}

const newQuiz = (questions: TrainingQuestionInput[]) =>
  questions.map((q) => ({
    id: newId(),
    name: q.name,
    answers: q.answers.map((a) => ({ id: newId(), name: a.name, isCorrect: a.isCorrect })),
  }));

/** A quiz as compared and audited: text, answers and which are right, in order. */
const quizShape = (questions: { name: string; answers: { name: string; isCorrect: boolean }[] }[]) =>
  questions.map((q) => ({ name: q.name, answers: q.answers.map((a) => ({ name: a.name, isCorrect: a.isCorrect })) }));

/**
 * Creates a training (spec 03 section 5): numbered by the organization's counter, its quiz as
 * version 1, its people and groups; the direct assignees and the groups' members of now are
 * assigned, each with a 'training' action. Linked to a document revision when `documentModel`
 * says so, with that revision's controlled file among its files (the stored file, referenced).
 * Answers its id.
 */
export async function createTraining(ctx: ServiceContext, input: CreateTrainingRequest): Promise<string> {
  const { db, audit, organizationId } = scopeOf(ctx);
  return db.transaction(async (tx) => {
    const linked = input.documentModel
      ? await revisionToLinkTraining(tx, ctx, {
          documentId: input.documentModel.id,
          revision: input.documentModel.revision,
        })
      : null;
    const fields = fieldsOf(input);
    if (linked && !fields.fileIds.includes(linked.fileId)) fields.fileIds = [linked.fileId, ...fields.fileIds];
    await checkReferences(tx, organizationId, fields);
    const groups = await checkGroups(tx, organizationId, input.newAssigneeUserGroupIds);
    const id = newId();
    const number = await nextNumber(tx, organizationId, COUNTER);
    const { assigneeUserIds, fileIds, tagIds, ...columns } = fields;
    await insertTraining(tx, { organizationId, id, number, ...columns, creatorId: ctx.access.actor.userId });
    await insertTrainingFiles(tx, organizationId, id, fileIds);
    await insertTrainingTags(tx, organizationId, id, tagIds);
    await insertQuestions(tx, organizationId, id, 1, newQuiz(input.questions));
    await insertAssigneeUsers(tx, organizationId, id, assigneeUserIds);
    await insertAssigneeGroups(
      tx,
      organizationId,
      id,
      groups.map((g) => g.id),
    );
    const members = await listMembersOfGroups(
      tx,
      organizationId,
      groups.map((g) => g.id),
    );
    const training = { organizationId, id, number, name: input.name, dueDate: input.dueDate, cycle: 1 };
    const assigned = await insertAssignments(tx, organizationId, id, [...new Set([...assigneeUserIds, ...members])]);
    await recordAudit(tx, audit, {
      organizationId,
      infoType: TRAINING_INFO_TYPE,
      action: 'create',
      entityType: TRAINING_ENTITY,
      entityId: id,
      after: {
        number,
        ...fields,
        groups,
        assignedUserIds: [...assigned].sort(),
        quizVersion: 1,
        questions: quizShape(input.questions),
        documentModel: input.documentModel ?? null,
      },
    });
    await giveTrainingActions(tx, ctx, training, await findActiveMembers(tx, organizationId, assigned));
    if (linked) await linkTrainingToRevision(tx, ctx, linked, id);
    return id;
  });
}

/** The visible training, locked; 404 when the person may not see it. */
export async function lockVisibleTraining(tx: Tx, ctx: ServiceContext, id: string) {
  const [row] = await lockVisibleTrainings(tx, ctx.access, [id]);
  if (!row) throw AppError.notFound();
  return row;
}

/** The policy state of a locked row for a person who is not asked about their own pass. */
const ownerStateOf = (row: TrainingTableRow) => trainingStateOf({ ...row, viewerAssigned: false, viewerPassed: false });

/**
 * Saves the edit form (spec 03 section 5). Who has to pass afterwards:
 * - the direct assignees as posted, and the members of the groups added (`newAssigneeUserGroupIds`)
 *   are assigned (a 'training' action each);
 * - a person dropped from the direct list, or a member of a group dropped (a group not named in
 *   `oldAssigneeUserGroupNames`), is unassigned unless they are still a direct assignee or a
 *   member of a kept or added group; their open action is withdrawn, their attempts stay;
 * - everyone else keeps their assignment as it is (for instance a person given the training by
 *   the group wizard who has since left the group).
 * Questions that differ from the current version (text, answers, correctness, order) are written
 * as version + 1; passes stay. A new due date moves the open actions' due date.
 */
export async function updateTraining(ctx: ServiceContext, id: string, input: UpdateTrainingRequest): Promise<void> {
  const { db, audit, organizationId } = scopeOf(ctx);
  await db.transaction(async (tx) => {
    const row = await lockVisibleTraining(tx, ctx, id);
    authorize(ctx.access, 'trainingRecord.edit', ownerStateOf(row));
    const parts = await listTrainingParts(tx, organizationId, id);
    const previous: TrainingFields = { ...row, ...parts };
    const next = fieldsOf(input);
    await checkReferences(tx, organizationId, next, previous);

    const kept = parts.groups.filter((g) => input.oldAssigneeUserGroupNames.includes(g.name));
    const removedGroups = parts.groups.filter((g) => !kept.includes(g));
    const currentIds = parts.groups.map((g) => g.id);
    const addedGroups = await checkGroups(
      tx,
      organizationId,
      input.newAssigneeUserGroupIds.filter((g) => !currentIds.includes(g)),
    );
    const keptAgain = parts.groups.filter(
      (g) => removedGroups.includes(g) && input.newAssigneeUserGroupIds.includes(g.id),
    );
    const droppedGroups = removedGroups.filter((g) => !keptAgain.includes(g));

    const current = await listQuestions(tx, organizationId, id, row.quizVersion);
    const quizChanged = !sameValue(quizShape(current), quizShape(input.questions));
    const quizVersion = quizChanged ? row.quizVersion + 1 : row.quizVersion;
    const changed = FIELD_NAMES.filter((f) => !sameValue(previous[f], next[f]));

    if (changed.length === 0 && !quizChanged && addedGroups.length + droppedGroups.length === 0) return;

    const { assigneeUserIds, fileIds, tagIds, ...columns } = next;
    await updateTrainingRow(tx, organizationId, id, { ...columns, quizVersion });
    if (changed.includes('fileIds')) await replaceTrainingFiles(tx, organizationId, id, fileIds);
    if (changed.includes('tagIds')) await replaceTrainingTags(tx, organizationId, id, tagIds);
    if (changed.includes('assigneeUserIds')) await replaceAssigneeUsers(tx, organizationId, id, assigneeUserIds);
    if (quizChanged) await insertQuestions(tx, organizationId, id, quizVersion, newQuiz(input.questions));
    await deleteAssigneeGroups(
      tx,
      organizationId,
      id,
      droppedGroups.map((g) => g.id),
    );
    await insertAssigneeGroups(
      tx,
      organizationId,
      id,
      addedGroups.map((g) => g.id),
    );

    const ids = (groups: { id: string }[]) => groups.map((g) => g.id);
    const stayingGroups = [...ids(kept), ...ids(keptAgain), ...ids(addedGroups)];
    const staying = new Set([...assigneeUserIds, ...(await listMembersOfGroups(tx, organizationId, stayingGroups))]);
    const candidates = [
      ...parts.assigneeUserIds.filter((u) => !assigneeUserIds.includes(u)),
      ...(await listMembersOfGroups(tx, organizationId, ids(droppedGroups))),
    ];
    const training = { ...row, name: input.name, dueDate: input.dueDate };
    const unassigned = await unassignPeople(
      tx,
      ctx,
      training,
      candidates.filter((u) => !staying.has(u)),
    );
    const toAssign = [...assigneeUserIds, ...(await listMembersOfGroups(tx, organizationId, ids(addedGroups)))];
    const assigned = await assignPeople(tx, ctx, training, toAssign);

    await recordAudit(tx, audit, {
      organizationId,
      infoType: TRAINING_INFO_TYPE,
      action: 'update',
      entityType: TRAINING_ENTITY,
      entityId: id,
      before: {
        number: row.number,
        ...pick(previous, changed),
        ...(droppedGroups.length ? { groups: parts.groups } : {}),
        ...(quizChanged ? { quizVersion: row.quizVersion } : {}),
        ...(unassigned.length ? { unassignedUserIds: unassigned.sort() } : {}),
      },
      after: {
        number: row.number,
        ...pick(next, changed),
        ...(droppedGroups.length || addedGroups.length ? { groups: [...kept, ...keptAgain, ...addedGroups] } : {}),
        ...(quizChanged ? { quizVersion, questions: quizShape(input.questions) } : {}),
        ...(assigned.length ? { assignedUserIds: assigned.sort() } : {}),
      },
    });
    if (changed.includes('dueDate')) {
      await moveActionsDueDate(
        tx,
        ctx,
        { kind: 'training', source: trainingActionSource(organizationId, id) },
        input.dueDate,
      );
    }
  });
}

/**
 * Deletes the chosen trainings, all or nothing: an id the person cannot see answers 404, a
 * training they may not delete 403. Each training's audit event keeps the whole record: its
 * fields, people, groups, every quiz version and every attempt. Open 'training' actions are
 * withdrawn; document revisions that linked it link none.
 */
export async function deleteTrainings(ctx: ServiceContext, ids: string[]): Promise<void> {
  const { db, audit, organizationId } = scopeOf(ctx);
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await lockVisibleTrainings(tx, ctx.access, unique);
    if (rows.length !== unique.length) throw AppError.notFound();
    for (const row of rows) authorize(ctx.access, 'trainingRecord.delete', ownerStateOf(row));
    for (const row of rows) {
      const { organizationId: _o, id, updatedAt: _u, ...fields } = row;
      await recordAudit(tx, audit, {
        organizationId,
        infoType: TRAINING_INFO_TYPE,
        action: 'delete',
        entityType: TRAINING_ENTITY,
        entityId: id,
        before: {
          ...fields,
          ...(await listTrainingParts(tx, organizationId, id)),
          questions: await listAllQuestionRows(tx, organizationId, id),
          attempts: (await listAttemptRows(tx, organizationId, id)).map(
            ({ organizationId: _org, trainingId: _t, ...a }) => a,
          ),
        },
      });
      await withdrawActions(tx, ctx, { kind: 'training', source: trainingActionSource(organizationId, id) });
    }
    await deleteTrainingRows(tx, organizationId, unique);
  });
}
