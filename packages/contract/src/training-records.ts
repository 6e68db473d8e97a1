import { z } from 'zod';
import { ZActionPerson, ZActionTag, ZLink } from './actions.js';
import { ZDocumentFile } from './documents.js';
import { ZUuid, optionalText, requiredText, ZTimestamp } from './fields.js';
import { LONG_TEXT_MAX_LENGTH, SEARCH_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH } from './limits.js';
import { ZListQuery } from './lists.js';
import { messageKeys } from './messages/index.js';
import { ZDay } from './organization-exports.js';
import { ZExportSelection, mergeSelection } from './user-groups.js';

/**
 * Training records of an organization: spec 03 sections 2-5, 7 and 9, and the group trainings of
 * spec 02. A record is audit evidence (ISO 13485 6.2): its quiz is versioned, every attempt is
 * kept, and a pass is never overwritten (docs/decisions/0020-training-records.md).
 */

/** A person's status on a training, as the client speaks it: 0 Pending, 1 Passed. */
export const TRAINING_STATUS = { Pending: 0, Passed: 1 } as const;
export type TrainingStatus = (typeof TRAINING_STATUS)[keyof typeof TRAINING_STATUS];

/** The list's status filter (spec 03 section 2). */
export const TRAINING_STATUS_FILTERS = ['All', 'Assigned', 'AssignedPending', 'AssignedPassed'] as const;
export type TrainingStatusFilter = (typeof TRAINING_STATUS_FILTERS)[number];

/** Columns of the training list, their CSV headers, and the list's sort keys (all but `link` and `assignees`). */
export const TRAINING_COLUMNS = {
  number: 'System #',
  name: 'Name',
  assignees: 'Assignees',
  status: 'Status',
  link: 'Link',
  assigner: 'Assigner',
  dueDate: 'Due date',
  creator: 'Creator',
  creationDate: 'Creation date',
  creationTime: 'Creation time',
} as const;
export type TrainingColumn = keyof typeof TRAINING_COLUMNS;
/** Spec 03 section 9: visible by default (plus the options column); the others are hidden until chosen. */
export const TRAINING_DEFAULT_COLUMNS: TrainingColumn[] = [
  'number',
  'name',
  'assignees',
  'status',
  'link',
  'assigner',
  'dueDate',
];
export const TRAINING_SORT_KEYS = [
  'number',
  'name',
  'status',
  'dueDate',
  'assigner',
  'creator',
  'creationDate',
] as const;

/** A question needs at least this many answers (spec 03 section 9). */
export const TRAINING_MIN_ANSWERS = 2;
export const TRAINING_MAX_QUESTIONS = 100;
export const TRAINING_MAX_ANSWERS = 26;
/** Answers are lettered A, B, C ... by their number. */
export const answerLetter = (number: number) => String.fromCharCode(64 + number);

/** The two acknowledgements a person ticks to pass (spec 03 section 5). */
export const TRAINING_ACKNOWLEDGEMENTS = [
  'I have acknowledged and understood all the artifacts related to this Training.',
  'I understand if I have any questions on the artifacts or the Training itself, I may ask my supervisor.',
] as const;

export const ZTrainingAnswer = z.object({
  id: z.uuid(),
  name: z.string(),
  number: z.number().int(),
  /** Sent only to people who may edit the training; never to someone who may only pass it. */
  isCorrect: z.boolean().optional(),
});
export const ZTrainingQuestion = z.object({
  id: z.uuid(),
  name: z.string(),
  number: z.number().int(),
  answers: z.array(ZTrainingAnswer),
});
export type TrainingQuestion = z.infer<typeof ZTrainingQuestion>;

/** A user group chosen as an assignee, as the list shows it: its name and how many members it has now. */
export const ZTrainingGroupSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  userCount: z.number().int(),
});
/** A chosen user group with its members (the detail). */
export const ZTrainingGroup = ZTrainingGroupSummary.extend({ users: z.array(ZActionPerson) });

/** The document revision a training is linked to, and the revision its current round of passes is for. */
export const ZTrainingDocumentLink = z.object({
  id: z.uuid(),
  name: z.string(),
  revision: z.number().int(),
});

/**
 * A row of the training list: the record without its quiz and files, and with the assignees as
 * chosen (people, and groups by name and size) and their number, not everyone who has to pass (a
 * group training's assignees are thousands; the detail and the completion progress list them).
 */
export const ZTrainingRecordRow = z.object({
  id: z.uuid(),
  number: z.number().int(),
  name: z.string(),
  description: z.string(),
  dueDate: z.string().describe('YYYY-MM-DD'),
  assigner: ZActionPerson,
  creator: ZActionPerson,
  createdAt: ZTimestamp,
  creationDate: z.string().describe('YYYY-MM-DD, UTC'),
  creationTime: z.string().describe('HH:mm:ss, UTC'),
  /** The people chosen directly. */
  assigneeUsers: z.array(ZActionPerson),
  /** The user groups chosen, with how many members they have now. */
  assigneeUserGroups: z.array(ZTrainingGroupSummary),
  /** How many people have to pass it (direct, through a group, added to a group later). */
  assigneeCount: z.number().int(),
  link: z.string().nullable(),
  linkDescription: z.string().nullable(),
  extraLink: z.string().nullable(),
  extraLinkDescription: z.string().nullable(),
  tags: z.array(ZActionTag),
  tagIds: z.array(z.uuid()),
  /** The viewer's own status when they are an assignee; null otherwise. */
  trainingStatus: z.number().int().min(0).max(1).nullable().describe('0 Pending, 1 Passed'),
  /** The document revisions linked to the training. */
  documents: z.array(ZTrainingDocumentLink),
  /** The revision the current round of passes is for, when a linked revision was approved. */
  forRevision: ZTrainingDocumentLink.nullable(),
  canBeEdited: z.boolean(),
  canBePassed: z.boolean(),
  canBeDeleted: z.boolean(),
});
export type TrainingRecordRow = z.infer<typeof ZTrainingRecordRow>;

/** One training record, as the detail shows it: the row's fields, its quiz, files, groups' members and every assignee. */
export const ZTrainingRecord = ZTrainingRecordRow.extend({
  /** The user groups chosen, with their members. */
  assigneeUserGroups: z.array(ZTrainingGroup),
  /** Everyone who has to pass it (direct, through a group, added to a group later). */
  assignees: z.array(ZActionPerson),
  files: z.array(ZDocumentFile),
  questions: z.array(ZTrainingQuestion),
});
export type TrainingRecord = z.infer<typeof ZTrainingRecord>;

/** A kept attempt (the progress tab and the record's PDF): never which answers were right. */
export const ZTrainingAttempt = z.object({
  id: z.uuid(),
  passed: z.boolean(),
  attemptedAt: z.string(),
  /** 1 for the person's first attempt on the training. */
  attemptNumber: z.number().int(),
  quizVersion: z.number().int(),
  /** The document revision the round was for, when there was one. */
  forRevision: ZTrainingDocumentLink.nullable(),
});

export const ZCompletionEntry = z.object({
  user: ZActionPerson,
  /** When they passed (passed people), or when they were assigned (pending people). */
  passedAt: z.string().nullable(),
  assignedAt: z.string().nullable(),
  attempts: z.array(ZTrainingAttempt),
});
/**
 * GET /training-records/{recordId}/completion-progress: one page of the passed people and one of
 * the pending people (each by last name, first name), with how many there are of each.
 */
export const ZCompletionProgress = z.object({
  passedTrainingUsers: z.array(ZCompletionEntry),
  pendingUsers: z.array(ZCompletionEntry),
  passedTotalCount: z.number().int(),
  pendingTotalCount: z.number().int(),
  canBeEdited: z.boolean(),
  canBeDeleted: z.boolean(),
});
export type CompletionProgress = z.infer<typeof ZCompletionProgress>;

const ids = (max: number) =>
  z
    .array(ZUuid)
    .max(max, `At most ${max}`)
    .nullish()
    .transform((list) => [...new Set(list ?? [])]);

/** A question as the form sends it: text, lettered answers, at least 2, at least one correct. */
export const ZTrainingQuestionInput = z.object({
  name: requiredText(LONG_TEXT_MAX_LENGTH),
  answers: z
    .array(z.object({ name: requiredText(SHORT_TEXT_MAX_LENGTH), isCorrect: z.boolean().default(false) }))
    .min(2, messageKeys.trainingAnswersTooFew)
    .max(26, 'At most 26 answers')
    .refine((answers) => answers.some((a) => a.isCorrect), messageKeys.trainingNoCorrectAnswer),
});
export type TrainingQuestionInput = z.infer<typeof ZTrainingQuestionInput>;

/** The document revision a training is created for ('Create & Link Training'). */
export const ZTrainingDocumentModel = z.object({
  id: ZUuid,
  revision: z.number().int().min(1).max(999999999),
});

const trainingFields = {
  organizationId: ZUuid,
  name: requiredText(SHORT_TEXT_MAX_LENGTH),
  description: requiredText(LONG_TEXT_MAX_LENGTH),
  dueDate: z.string({ error: messageKeys.fieldRequired }).trim().min(1, messageKeys.fieldRequired).pipe(ZDay),
  assignerId: z.string({ error: messageKeys.fieldRequired }).min(1, messageKeys.fieldRequired).pipe(ZUuid),
  assigneeUserIds: ids(1000),
  newAssigneeUserGroupIds: ids(100),
  fileIds: ids(50),
  questions: z.array(ZTrainingQuestionInput).max(100, 'At most 100 questions').default([]),
  link: ZLink,
  linkDescription: optionalText(SHORT_TEXT_MAX_LENGTH),
  extraLink: ZLink,
  extraLinkDescription: optionalText(SHORT_TEXT_MAX_LENGTH),
  tagIds: ids(100),
};

/** POST /training-records: at least one assignee, a person or a group (spec 03 section 5). */
export const ZCreateTrainingRequest = z
  .object({ ...trainingFields, documentModel: ZTrainingDocumentModel.nullish() })
  .refine((t) => t.assigneeUserIds.length + t.newAssigneeUserGroupIds.length > 0, {
    message: messageKeys.trainingAssigneeRequired,
    path: ['assigneeUserIds'],
  });
export type CreateTrainingRequest = z.infer<typeof ZCreateTrainingRequest>;

/**
 * PUT /training-records/{recordId}: `oldAssigneeUserGroupNames` are the groups kept (their members
 * keep their assignment as it is), `newAssigneeUserGroupIds` the groups added (every member
 * is assigned).
 */
export const ZUpdateTrainingRequest = z
  .object({
    ...trainingFields,
    oldAssigneeUserGroupNames: z
      .array(z.string().max(SHORT_TEXT_MAX_LENGTH))
      .max(100)
      .nullish()
      .transform((v) => [...new Set(v ?? [])]),
  })
  .refine((t) => t.assigneeUserIds.length + t.newAssigneeUserGroupIds.length + t.oldAssigneeUserGroupNames.length > 0, {
    message: messageKeys.trainingAssigneeRequired,
    path: ['assigneeUserIds'],
  });
export type UpdateTrainingRequest = z.infer<typeof ZUpdateTrainingRequest>;

/** PUT /training-records/{recordId}/pass: the answers chosen, and both acknowledgements. */
export const ZPassTrainingRequest = z.object({
  organizationId: ZUuid,
  questions: z
    .array(
      z.object({
        id: ZUuid,
        answers: z.array(z.object({ id: ZUuid, isSelected: z.boolean().default(false) })).max(26),
      }),
    )
    .max(100),
  acknowledged: z.literal(true, { error: messageKeys.trainingAcknowledgeRequired }),
  understood: z.literal(true, { error: messageKeys.trainingAcknowledgeRequired }),
});
export type PassTrainingRequest = z.infer<typeof ZPassTrainingRequest>;

/** The answer of a pass: the training, and whether this attempt passed. */
export const ZPassTrainingResponse = z.object({
  data: ZTrainingRecord,
  passed: z.boolean(),
  message: z.string(),
});

export const ZTrainingListQuery = ZListQuery.extend({
  organizationId: ZUuid,
  status: z.enum(TRAINING_STATUS_FILTERS).default('All'),
});
export type TrainingListQuery = z.infer<typeof ZTrainingListQuery>;

export const ZTrainingDetailQuery = z.object({ organizationId: ZUuid });

/**
 * The completion progress's pages: `limit` people of each list (25 by default), the passed ones
 * from `passedOffset`, the pending ones from `pendingOffset`.
 */
export const ZCompletionProgressQuery = ZTrainingDetailQuery.extend({
  limit: ZListQuery.shape.limit,
  passedOffset: ZListQuery.shape.offset,
  pendingOffset: ZListQuery.shape.offset,
});
export type CompletionProgressQuery = z.input<typeof ZCompletionProgressQuery>;

/** GET /training-records/all: the 'Link Training' picker (20 at most); `includeUsed` also lists trainings already linked to a document. */
export const ZTrainingOptionsQuery = z.object({
  organizationId: ZUuid,
  search: z.string().trim().max(SEARCH_MAX_LENGTH, `search must be at most ${SEARCH_MAX_LENGTH} characters`).optional(),
  includeUsed: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export const ZTrainingOption = z.object({
  id: z.uuid(),
  number: z.number().int(),
  name: z.string(),
  /** Already linked to a document revision. */
  used: z.boolean(),
});
export type TrainingOption = z.infer<typeof ZTrainingOption>;

/** DELETE /training-records?ids=&organizationId= (or both in a JSON body): all or nothing. */
export const ZDeleteTrainingsQuery = z.object({
  organizationId: ZUuid,
  ids: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(ZUuid).min(1, messageKeys.chooseTrainings).max(1000, 'At most 1000 at a time'),
  ),
});

/** GET /export/training-records: the list's search, order, status, visible columns and optionally the checked rows. */
export const ZTrainingsExportQuery = ZExportSelection.extend({
  organizationId: ZUuid,
  status: z.enum(TRAINING_STATUS_FILTERS).default('All'),
}).transform(mergeSelection);
export type TrainingsExportQuery = z.infer<typeof ZTrainingsExportQuery>;

/** A group's trainings (the add-person wizard's second step, the remove dialog). */
export const ZGroupTraining = z.object({
  id: z.uuid(),
  number: z.number().int(),
  name: z.string(),
  dueDate: z.string(),
});
/** For the remove dialog: whether the person already passed it (passed ones cannot be unassigned). */
export const ZGroupUserTraining = ZGroupTraining.extend({ passed: z.boolean() });
