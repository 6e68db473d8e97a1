import type { CompletionProgress, TrainingQuestion, TrainingRecord, TrainingRecordRow } from '@qualis/contract';
import { TRAINING_STATUS } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import { can } from '../policies.js';
import type { TrainingState } from './training-records.policy.js';
import type { AttemptRow, ProgressPersonRow } from './training-attempts.repository.js';
import type { FileRow, GroupRow, TrainingDetailRecord, TrainingRowRecord } from './training-records.repository.js';
import type { QuestionRow } from './training-questions.repository.js';
import { isoTime as iso, isoTimeOrNull as isoOrNull, personOf } from '../../core/presenting.js';

export const trainingStateOf = (row: TrainingState): TrainingState => ({
  creatorId: row.creatorId,
  assignerId: row.assignerId,
  viewerAssigned: row.viewerAssigned,
  viewerPassed: row.viewerPassed,
});

/** A row of the list, with the flags of the same policies the server enforces. */
export const presentTrainingRow =
  (access: OrganizationAccess) =>
  (row: TrainingRowRecord): TrainingRecordRow => {
    const createdAt = iso(row.createdAt);
    const state = trainingStateOf(row);
    return {
      id: row.id,
      number: row.number,
      name: row.name,
      description: row.description,
      dueDate: row.dueDate,
      assigner: personOf(row.assigner),
      creator: personOf(row.creator),
      createdAt,
      creationDate: createdAt.slice(0, 10),
      creationTime: createdAt.slice(11, 19),
      assigneeUsers: row.assigneeUsers.map(personOf),
      assigneeUserGroups: row.assigneeUserGroups.map((g) => ({ id: g.id, name: g.name, userCount: g.userCount })),
      assigneeCount: row.assigneeCount,
      link: row.link,
      linkDescription: row.linkDescription,
      extraLink: row.extraLink,
      extraLinkDescription: row.extraLinkDescription,
      tags: row.tags,
      tagIds: row.tags.map((t) => t.id),
      trainingStatus: row.viewerAssigned ? (row.viewerPassed ? TRAINING_STATUS.Passed : TRAINING_STATUS.Pending) : null,
      documents: row.documents,
      forRevision: row.forRevision,
      canBeEdited: can(access, 'trainingRecord.edit', state),
      canBePassed: can(access, 'trainingRecord.pass', state),
      canBeDeleted: can(access, 'trainingRecord.delete', state),
    };
  };

/**
 * The quiz as the viewer may read it: which answers are right only for people who may edit the
 * training. Someone who may only view or pass it never receives `isCorrect`.
 */
export const presentQuestions = (questions: QuestionRow[], mayEdit: boolean): TrainingQuestion[] =>
  questions.map((q) => ({
    id: q.id,
    name: q.name,
    number: q.number,
    answers: q.answers.map((a) => ({
      id: a.id,
      name: a.name,
      number: a.number,
      ...(mayEdit ? { isCorrect: a.isCorrect } : {}),
    })),
  }));

export interface TrainingDetailParts {
  files: FileRow[];
  groups: GroupRow[];
  questions: QuestionRow[];
}

/** The detail: the row, every assignee, its files, groups with their members and the current quiz version. */
export function presentTraining(access: OrganizationAccess, row: TrainingDetailRecord, parts: TrainingDetailParts) {
  const presented = presentTrainingRow(access)(row);
  return {
    ...presented,
    assignees: row.assignees.map(personOf),
    files: parts.files.map((f) => ({ id: f.id, fileName: f.fileName, fileSize: Number(f.fileSize) })),
    assigneeUserGroups: parts.groups.map((g) => ({
      id: g.id,
      name: g.name,
      userCount: g.userCount,
      users: g.users.map(personOf),
    })),
    questions: presentQuestions(parts.questions, presented.canBeEdited),
  } satisfies TrainingRecord;
}

/**
 * The completion progress tab: passed people (a pass in the current round, even if since
 * unassigned) and pending people (assigned without one), each with their attempts numbered from
 * their first, never with which answers were right.
 */
export function presentProgress(
  access: OrganizationAccess,
  row: TrainingState,
  people: ProgressPersonRow[],
  attempts: AttemptRow[],
  counts?: { passed: number; pending: number },
): CompletionProgress {
  // One pass over the attempts (oldest first), not one per person: a group training has thousands.
  const attemptsOf = new Map<string, AttemptRow[]>();
  for (const a of attempts) {
    const own = attemptsOf.get(a.userId);
    if (own) own.push(a);
    else attemptsOf.set(a.userId, [a]);
  }
  const entryOf = (p: ProgressPersonRow) => ({
    user: personOf(p.user),
    passedAt: isoOrNull(p.passedAt),
    assignedAt: isoOrNull(p.assignedAt),
    attempts: (attemptsOf.get(p.user.id) ?? []).map((a, i) => ({
      id: a.id,
      passed: a.passed,
      attemptedAt: iso(a.attemptedAt),
      attemptNumber: i + 1,
      quizVersion: a.quizVersion,
      forRevision: a.forRevision,
    })),
  });
  const state = trainingStateOf(row);
  const passedTrainingUsers = people.filter((p) => p.passedAt !== null).map(entryOf);
  const pendingUsers = people.filter((p) => p.passedAt === null).map(entryOf);
  return {
    passedTrainingUsers,
    pendingUsers,
    // Without counts, `people` is everyone (the record's PDF).
    passedTotalCount: counts?.passed ?? passedTrainingUsers.length,
    pendingTotalCount: counts?.pending ?? pendingUsers.length,
    canBeEdited: can(access, 'trainingRecord.edit', state),
    canBeDeleted: can(access, 'trainingRecord.delete', state),
  };
}
