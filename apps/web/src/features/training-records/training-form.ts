import {
  LOOKUP_LIMIT,
  TRAINING_MIN_ANSWERS,
  type ActionPerson,
  type TrainingQuestionInput,
  type TrainingRecord,
} from '@qualis/contract';
import { z } from 'zod';
import { today } from '../actions/action-paths';

/** An answer or a question being written; `key` keeps its inputs in place while others are added or deleted. */
export interface AnswerDraft {
  key: string;
  name: string;
  isCorrect: boolean;
}
export interface QuestionDraft {
  key: string;
  name: string;
  answers: AnswerDraft[];
}

let lastKey = 0;
const nextKey = () => `draft-${++lastKey}`;

export const newAnswer = (): AnswerDraft => ({ key: nextKey(), name: '', isCorrect: false });
/** A new question starts with the least answers a question may have, none marked correct. */
export const newQuestion = (): QuestionDraft => ({
  key: nextKey(),
  name: '',
  answers: Array.from({ length: TRAINING_MIN_ANSWERS }, newAnswer),
});

/**
 * The assignee picker mixes people and user groups in one list; its values say which is which.
 */
export const personToken = (id: string) => `user:${id}`;
export const groupToken = (id: string) => `group:${id}`;
export function tokenOf(value: string): { kind: 'user' | 'group'; id: string } {
  const [kind, id = ''] = value.split(':');
  return { kind: kind === 'group' ? 'group' : 'user', id };
}

/** The form's own values: the request's, but assignees in one list and questions with their keys. */
export interface TrainingFormValues {
  name?: string;
  description?: string;
  dueDate?: string;
  assignerId?: string;
  assignees?: string[];
  fileIds?: string[];
  link?: string;
  linkDescription?: string;
  extraLink?: string;
  extraLinkDescription?: string;
  tagIds?: string[];
  questions?: QuestionDraft[];
}
export type TrainingFormField = keyof TrainingFormValues;
export const TRAINING_FORM_FIELDS = [
  'name',
  'description',
  'dueDate',
  'assignerId',
  'assignees',
  'fileIds',
  'link',
  'linkDescription',
  'extraLink',
  'extraLinkDescription',
  'tagIds',
  'questions',
] as const satisfies readonly TrainingFormField[];

/** What the form starts from: the training as saved, or a new training's defaults (due today, assigned by me). */
export function initialTrainingValues(training: TrainingRecord | undefined, me: ActionPerson): TrainingFormValues {
  if (!training) {
    return { dueDate: today(), assignerId: me.id, assignees: [], fileIds: [], tagIds: [], questions: [] };
  }
  return {
    name: training.name,
    description: training.description,
    dueDate: training.dueDate,
    assignerId: training.assigner.id,
    assignees: [
      ...training.assigneeUsers.map((p) => personToken(p.id)),
      ...training.assigneeUserGroups.map((g) => groupToken(g.id)),
    ],
    fileIds: training.files.map((f) => f.id),
    link: training.link ?? '',
    linkDescription: training.linkDescription ?? '',
    extraLink: training.extraLink ?? '',
    extraLinkDescription: training.extraLinkDescription ?? '',
    tagIds: training.tagIds,
    questions: training.questions.map((q) => ({
      key: nextKey(),
      name: q.name,
      answers: q.answers.map((a) => ({ key: nextKey(), name: a.name, isCorrect: a.isCorrect ?? false })),
    })),
  };
}

const ASSIGNEE_FIELDS = new Set(['assigneeUserIds', 'newAssigneeUserGroupIds', 'oldAssigneeUserGroupNames']);
/** The form's field a request field is entered in: the three assignee lists are the one picker. */
export const formFieldOf = (field: string) => (ASSIGNEE_FIELDS.has(field) ? 'assignees' : field);

/**
 * The request the form's values make. Editing, the groups the training already had are kept by
 * name (`oldAssigneeUserGroupNames`: their members keep their assignment as it is) and the others
 * are added (`newAssigneeUserGroupIds`: every member is assigned).
 */
export function trainingRequestOf(
  values: TrainingFormValues & Record<string, unknown>,
  savedGroups: readonly { id: string; name: string }[] | null,
): Record<string, unknown> {
  const { assignees = [], questions = [], ...rest } = values;
  const tokens = assignees.map(tokenOf);
  const groupIds = tokens.filter((t) => t.kind === 'group').map((t) => t.id);
  const kept = savedGroups?.filter((g) => groupIds.includes(g.id)) ?? [];
  return {
    ...rest,
    assigneeUserIds: tokens.filter((t) => t.kind === 'user').map((t) => t.id),
    newAssigneeUserGroupIds: groupIds.filter((id) => !kept.some((g) => g.id === id)),
    ...(savedGroups ? { oldAssigneeUserGroupNames: kept.map((g) => g.name) } : {}),
    questions: questions.map((q): TrainingQuestionInput => ({
      name: q.name,
      answers: q.answers.map((a) => ({ name: a.name, isCorrect: a.isCorrect })),
    })),
  };
}

/**
 * The contract's create or update schema over the form's values, its messages under the form's
 * fields (the three assignee lists under the one picker), so the browser says what the server would.
 */
export function trainingFormSchema(request: z.ZodType, savedGroups: readonly { id: string; name: string }[] | null) {
  return z.any().superRefine((values: TrainingFormValues & Record<string, unknown>, ctx) => {
    const result = request.safeParse(trainingRequestOf(values, savedGroups));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      ctx.addIssue({
        code: 'custom',
        message: issue.message,
        path: [ASSIGNEE_FIELDS.has(field) ? 'assignees' : field],
      });
    }
  });
}

/**
 * The assignee options of a search: people and groups, at most LOOKUP_LIMIT together (spec 03
 * section 5). Each kind gets half, and what one kind does not use goes to the other.
 */
export function combineOptions<P, G>(people: readonly P[], groups: readonly G[], limit = LOOKUP_LIMIT) {
  const peopleTaken = Math.min(people.length, Math.max(limit - groups.length, Math.ceil(limit / 2)));
  return { people: people.slice(0, peopleTaken), groups: groups.slice(0, limit - peopleTaken) };
}
