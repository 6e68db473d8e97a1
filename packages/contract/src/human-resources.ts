import { z } from 'zod';
import { ZActionTag } from './actions.js';
import { ZDocumentFile } from './documents.js';
import { ZUuid } from './fields.js';
import { SEARCH_MAX_LENGTH } from './limits.js';
import { ZListQuery } from './lists.js';
import { messageKeys } from './messages/index.js';
import { ZRole } from './roles.js';
import { ZExportSelection, mergeSelection } from './user-groups.js';

/**
 * Human resource records (spec 03 sections 2, 3, 6-8): one per person of an organization, made
 * when they join and kept when they leave; Admins (and the SuperAdmin) only.
 */

/** Columns of the HR list and their CSV headers; all but `userGroups`, `trainings` and `tags` sort. */
export const HR_COLUMNS = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  role: 'Role',
  status: 'Status',
  userGroups: 'User groups',
  trainings: 'Trainings',
  tags: 'Tags',
} as const;
export type HrColumn = keyof typeof HR_COLUMNS;
/** The spec's list columns (section 2), shown and exported unless the person chooses others. */
export const HR_DEFAULT_COLUMNS: HrColumn[] = ['firstName', 'lastName', 'role', 'userGroups', 'trainings'];
/** `name` sorts by last name, then first name (the list's default, and an export's without an order). */
export const HR_SORT_KEYS = ['name', 'firstName', 'lastName', 'email', 'role', 'status', 'createdAt'] as const;

/** 'Removed' when the person no longer belongs to the organization (their record is kept). */
export const ZHrStatus = z.enum(['Active', 'Inactive', 'Removed']);

export const ZHrTraining = z.object({
  id: z.uuid(),
  name: z.string(),
  number: z.number().int(),
  /** 0 Pending, 1 Passed (the current round). */
  trainingStatus: z.union([z.literal(0), z.literal(1)]),
  passedAt: z.string().nullable(),
  /** The document revision the pass was for, when the round was started by a document's approval. */
  revision: z.number().int().nullable(),
});
/** A document the person is named on: its latest revision where they are responsible, reviewer or approver. */
export const ZHrDocument = z.object({
  id: z.uuid(),
  /** System #. */
  number: z.number().int(),
  name: z.string(),
  revision: z.number().int(),
  /** responsible, reviewer, approver */
  roles: z.array(z.enum(['responsible', 'reviewer', 'approver'])),
});
export const ZHrUserGroup = z.object({ id: z.uuid(), name: z.string(), userCount: z.number().int() });

/** One HR record, as the detail shows it. */
export const ZHrRecord = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: ZRole,
  status: ZHrStatus,
  createdAt: z.string(),
  /** The person has set a password. */
  activated: z.boolean(),
  documents: z.array(ZHrDocument),
  trainings: z.array(ZHrTraining),
  userGroups: z.array(ZHrUserGroup),
  tags: z.array(ZActionTag),
  tagIds: z.array(z.uuid()),
  /** The CV. */
  file: ZDocumentFile.nullable(),
  canBeEdited: z.boolean(),
  canBeDeleted: z.boolean(),
});
export type HrRecord = z.infer<typeof ZHrRecord>;

/** A row of the HR list. */
export const ZHrRecordRow = ZHrRecord.omit({ documents: true, file: true }).extend({
  trainings: z.array(ZHrTraining.pick({ id: true, name: true, trainingStatus: true })),
});
export type HrRecordRow = z.infer<typeof ZHrRecordRow>;

export const ZHrListQuery = ZListQuery.extend({ organizationId: ZUuid });
export const ZHrDetailQuery = z.object({ organizationId: ZUuid });

/** PUT /human-resource-records/{resourceId}: the CV (null removes it) and the tags. */
export const ZUpdateHrRecordRequest = z.object({
  organizationId: ZUuid,
  id: ZUuid.optional(),
  fileId: ZUuid.nullish().transform((v) => v ?? null),
  tagIds: z
    .array(ZUuid)
    .max(100, 'At most 100 tags')
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
});
export type UpdateHrRecordRequest = z.infer<typeof ZUpdateHrRecordRequest>;

/** DELETE /human-resource-records?ids=&organizationId= (or both in a JSON body): all or nothing; only records of people who left. */
export const ZDeleteHrRecordsQuery = z.object({
  organizationId: ZUuid,
  ids: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(ZUuid).min(1, messageKeys.chooseHrRecords).max(1000, 'At most 1000 at a time'),
  ),
});

/** GET /human-resource-records/available: the link-to-record picker's lookup (20 at most). */
export const ZHrOptionsQuery = z.object({
  organizationId: ZUuid,
  search: z.string().trim().max(SEARCH_MAX_LENGTH, `search must be at most ${SEARCH_MAX_LENGTH} characters`).optional(),
});
export const ZHrOption = z.object({ id: z.uuid(), name: z.string() });
export type HrOption = z.infer<typeof ZHrOption>;

/** GET /export/human-resource-records: the list's search, order, visible columns and optionally the checked rows. */
export const ZHrExportQuery = ZExportSelection.extend({ organizationId: ZUuid }).transform(mergeSelection);
export type HrExportQuery = z.infer<typeof ZHrExportQuery>;
