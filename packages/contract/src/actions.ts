import { z } from 'zod';
import { ZUuid, optionalText, requiredText, ZTimestamp } from './fields.js';
import { LINK_MAX_LENGTH, LONG_TEXT_MAX_LENGTH, SEARCH_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH } from './limits.js';
import { ZListQuery, repeated } from './lists.js';
import { messageKeys } from './messages/index.js';
import { ZDay } from './organization-exports.js';
import { ZRole } from './roles.js';
import { ZExportSelection, mergeSelection } from './user-groups.js';
import { ZActionTextKey, ZActionTextParams } from './action-texts.js';

/** Actions (tasks) of an organization: spec 03 sections 2-5, 7 and 9. */

/** Statuses as the spec's client speaks them: To do (0), Complete (1). The database stores the names. */
export const ACTION_STATUS = { ToDo: 0, Complete: 1 } as const;
export type ActionStatusName = keyof typeof ACTION_STATUS;
export type ActionStatus = (typeof ACTION_STATUS)[ActionStatusName];
export const ACTION_STATUS_LABELS: Record<ActionStatus, string> = { 0: 'To do', 1: 'Complete' };
export const actionStatusName = (status: ActionStatus): ActionStatusName =>
  status === ACTION_STATUS.Complete ? 'Complete' : 'ToDo';

export const ZActionStatus = z.union([z.literal(0), z.literal(1)], { error: messageKeys.actionStatusInvalid });

/** Columns of the actions list, their CSV headers, and the list's sort keys (all but `link`). */
export const ACTION_COLUMNS = {
  number: 'System #',
  name: 'Name',
  assignee: 'Assignee',
  status: 'Status',
  dueDate: 'Due date',
  link: 'Link',
  creator: 'Creator',
  assigner: 'Assigner',
  creationDate: 'Creation date',
  creationTime: 'Creation time',
} as const;
export type ActionColumn = keyof typeof ACTION_COLUMNS;
/** Spec 03 section 9: visible by default; the other columns are hidden until chosen. */
export const ACTION_DEFAULT_COLUMNS: ActionColumn[] = ['number', 'name', 'assignee', 'status', 'dueDate', 'link'];
export const ACTION_SORT_KEYS = [
  'number',
  'name',
  'status',
  'dueDate',
  'assignee',
  'assigner',
  'creator',
  'creationDate',
] as const;

export const ZActionPerson = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: ZRole,
});
export type ActionPerson = z.infer<typeof ZActionPerson>;

export const ZActionTag = z.object({ id: z.uuid(), name: z.string() });

/** One action, as the list's rows and the detail show it. */
export const ZAction = z.object({
  id: z.uuid(),
  number: z.number().int(),
  /** English; an automatic action's also as `nameKey` + `nameParams`, to show in the reader's language. */
  name: z.string(),
  nameKey: ZActionTextKey.nullable(),
  nameParams: ZActionTextParams.nullable(),
  description: z.string(),
  /** The key of an automatic action's description (ACTION_TEXTS); null once it is edited. */
  descriptionKey: ZActionTextKey.nullable(),
  status: ZActionStatus,
  dueDate: z.string().describe('YYYY-MM-DD'),
  link: z.string().nullable(),
  linkDescription: z.string().nullable(),
  extraLink: z.string().nullable(),
  extraLinkDescription: z.string().nullable(),
  tags: z.array(ZActionTag),
  tagIds: z.array(z.uuid()),
  assignee: ZActionPerson,
  assigner: ZActionPerson,
  creator: ZActionPerson,
  /** 'manual', or the automatic kind that created it (reviews, approvals, trainings). */
  kind: z.string(),
  createdAt: ZTimestamp,
  creationDate: z.string().describe('YYYY-MM-DD, UTC'),
  creationTime: z.string().describe('HH:mm:ss, UTC'),
  completedAt: z.string().nullable(),
  /** Every field may be changed (the Edit button). */
  canBeEdited: z.boolean(),
  /** The status may be changed: true also for the assignee without an edit permission. */
  canChangeStatus: z.boolean(),
  canBeDeleted: z.boolean(),
});
export type Action = z.infer<typeof ZAction>;

/**
 * The path of a record inside the product (spec 03 section 2, "Links to records"): the link of
 * an automatic action, and of a manual one made with the link-to-record picker.
 */
export const RECORD_LINK_PATTERN =
  /^\/organizations\/([0-9a-f-]{36})\/(documents|tasks|training-records|human-resources)\/[0-9a-f-]{36}(\?revision=[0-9]+)?$/;

/**
 * An external link counts only when it starts with http:// or https:// (spec 03 section 5); the
 * other links are paths of records.
 */
export const ZLink = z
  .string()
  .trim()
  .max(LINK_MAX_LENGTH, `Must be ${LINK_MAX_LENGTH} characters or fewer`)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^https?:\/\/\S+$/i.test(v) || RECORD_LINK_PATTERN.test(v), messageKeys.linkNotHttp);

const ZDueDate = z.string({ error: messageKeys.fieldRequired }).trim().min(1, messageKeys.fieldRequired).pipe(ZDay);
const ZPersonId = z.string({ error: messageKeys.fieldRequired }).min(1, messageKeys.fieldRequired).pipe(ZUuid);

/** POST /tasks. Required: name, description, due date, assigner, assignee (spec 03 section 5). */
export const ZCreateActionRequest = z.object({
  organizationId: ZUuid,
  name: requiredText(SHORT_TEXT_MAX_LENGTH),
  description: requiredText(LONG_TEXT_MAX_LENGTH),
  dueDate: ZDueDate,
  assignerId: ZPersonId,
  assigneeId: ZPersonId,
  link: ZLink,
  linkDescription: optionalText(SHORT_TEXT_MAX_LENGTH),
  extraLink: ZLink,
  extraLinkDescription: optionalText(SHORT_TEXT_MAX_LENGTH),
  tagIds: z
    .array(ZUuid)
    .max(100, 'At most 100 tags')
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]),
});
export type CreateActionRequest = z.infer<typeof ZCreateActionRequest>;

/** PUT /tasks/{taskId}/details: the same fields plus the status (all required, spec 03 section 5). */
export const ZUpdateActionRequest = ZCreateActionRequest.extend({
  status: z
    .unknown()
    .refine((v) => v !== undefined && v !== null, messageKeys.fieldRequired)
    .pipe(ZActionStatus),
});
export type UpdateActionRequest = z.infer<typeof ZUpdateActionRequest>;

/**
 * The actions list's filters (spec 03 section 2): any of the chosen statuses (repeated `status`,
 * 0 To do, 1 Complete), one assignee, and due dates from and to (both days included).
 */
export const ZActionFilters = z.object({
  status: repeated(
    z.enum(['0', '1'], { error: messageKeys.actionStatusInvalid }).transform((v) => Number(v) as ActionStatus),
  ),
  assigneeId: z.uuid({ error: messageKeys.actionAssigneeFilterInvalid }).optional(),
  dueDateFrom: ZDay.optional(),
  dueDateTo: ZDay.optional(),
});
export type ActionFilters = z.infer<typeof ZActionFilters>;

/** A due date range ends no earlier than it starts. */
const dueRangeInOrder = (q: ActionFilters, ctx: z.RefinementCtx) => {
  if (q.dueDateFrom && q.dueDateTo && q.dueDateFrom > q.dueDateTo) {
    ctx.addIssue({ code: 'custom', message: messageKeys.actionDueDateRangeOrder, path: ['dueDateTo'] });
  }
};

export const ZActionListQuery = ZListQuery.extend({ organizationId: ZUuid })
  .extend(ZActionFilters.shape)
  .superRefine(dueRangeInOrder);
export type ActionListQuery = z.infer<typeof ZActionListQuery>;

export const ZActionDetailQuery = z.object({ organizationId: ZUuid });

/** DELETE /tasks?ids=&organizationId= (or both in a JSON body): all or nothing. */
export const ZDeleteActionsQuery = z.object({
  organizationId: ZUuid,
  ids: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(ZUuid).min(1, messageKeys.chooseActions).max(1000, 'At most 1000 at a time'),
  ),
});
export type DeleteActionsQuery = z.infer<typeof ZDeleteActionsQuery>;

/** The list's filters once parsed, as an export's selection keeps them (a queued export's payload). */
export const ZActionFilterValues = z.object({
  status: z.array(ZActionStatus).optional(),
  assigneeId: z.uuid().optional(),
  dueDateFrom: ZDay.optional(),
  dueDateTo: ZDay.optional(),
});

/**
 * GET /export/Tasks (and the PDFs): the list's search, order, visible columns, filters (the list's
 * names) and optionally the checked rows. The filters are handed on as `actionFilters`, since
 * `status` means the training list's filter in a PDF export's stored selection.
 */
export const ZActionsExportQuery = ZExportSelection.extend({ organizationId: ZUuid })
  .extend(ZActionFilters.shape)
  .superRefine(dueRangeInOrder)
  .transform(({ status, assigneeId, dueDateFrom, dueDateTo, ...rest }) => ({
    ...mergeSelection(rest),
    actionFilters: { status, assigneeId, dueDateFrom, dueDateTo },
  }));
export type ActionsExportQuery = z.infer<typeof ZActionsExportQuery>;

/** GET /organizations/{organizationId}/member-options: the assigner and assignee pickers. */
export const ZMemberOptionsQuery = z.object({
  search: z.string().trim().max(SEARCH_MAX_LENGTH, `search must be at most ${SEARCH_MAX_LENGTH} characters`).optional(),
});
export const ZMemberOption = ZActionPerson;
export type MemberOption = z.infer<typeof ZMemberOption>;

/** GET /tasks/available: the link-to-record picker's lookup of actions (spec 03 section 7). */
export const ZActionOptionsQuery = z.object({
  organizationId: ZUuid,
  search: z.string().trim().max(SEARCH_MAX_LENGTH, `search must be at most ${SEARCH_MAX_LENGTH} characters`).optional(),
});
export const ZActionOption = z.object({ id: z.uuid(), number: z.number().int(), name: z.string() });
export type ActionOption = z.infer<typeof ZActionOption>;
