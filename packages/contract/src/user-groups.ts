import { z } from 'zod';
import { ZPagination } from './envelopes.js';
import { ZUuid, requiredText } from './fields.js';
import { ZListQuery, repeated } from './lists.js';
import { messageKeys } from './messages/index.js';
import { ZPermissionType } from './permissions.js';
import { ZMembershipStatus } from './roles.js';

/** User groups of an organization and their members (spec 02 sections 2, 3, 4 and 7). */

/** "Add user" options of a group are cut to this many entries (spec 02 section 5). */
export const GROUP_USER_OPTIONS_LIMIT = 20;

/** Columns of the User Groups list and their CSV headers; also its sort keys. */
export const USER_GROUP_COLUMNS = { name: 'Group', userCount: 'Users' } as const;
/** Columns of a group's List of Users and their CSV headers; also its sort keys. */
export const GROUP_USER_COLUMNS = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  status: 'Status',
  isActivated: 'Activated',
  groupCount: 'Groups',
} as const;

export const ZUserGroup = z.object({ id: z.uuid(), name: z.string(), userCount: z.number().int() });
export type UserGroup = z.infer<typeof ZUserGroup>;

export const ZUserGroupListQuery = ZListQuery.extend({
  organizationId: ZUuid,
  /** `true`: only groups with at least one user (the training form's assignee picker, spec 03 section 5). */
  withUsers: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type UserGroupListQuery = z.infer<typeof ZUserGroupListQuery>;

export const ZCreateUserGroupRequest = z.object({ organizationId: ZUuid, name: requiredText() });
export type CreateUserGroupRequest = z.infer<typeof ZCreateUserGroupRequest>;

export const ZRenameUserGroupRequest = ZCreateUserGroupRequest;
export type RenameUserGroupRequest = CreateUserGroupRequest;

export const ZDuplicateUserGroupRequest = z.object({
  organizationId: ZUuid,
  sourceGroupId: ZUuid,
  name: requiredText(),
});
export type DuplicateUserGroupRequest = z.infer<typeof ZDuplicateUserGroupRequest>;

const ZFlag = z.preprocess(
  (v) => (typeof v === 'string' ? v.toLowerCase() : v),
  z.enum(['true', 'false'], { error: 'Must be true or false' }).transform((v) => v === 'true'),
);

/** DELETE /user-groups/{id}: a group with users needs acknowledge=true; its users may move to groupReceiverId. */
export const ZDeleteUserGroupQuery = z.object({
  organizationId: ZUuid,
  groupReceiverId: ZUuid.optional(),
  acknowledge: ZFlag.optional(),
});
export type DeleteUserGroupQuery = z.infer<typeof ZDeleteUserGroupQuery>;

/** PUT /user-groups/{id}/settings: switches one permission type over (on becomes off and back). */
export const ZToggleGroupPermissionRequest = z.object({ organizationId: ZUuid, type: ZPermissionType });
export type ToggleGroupPermissionRequest = z.infer<typeof ZToggleGroupPermissionRequest>;

/** A member of a group as its List of Users shows them; status is the membership status. */
export const ZGroupUser = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  status: ZMembershipStatus,
  /** The person has set a password (shown Yes/No). */
  isActivated: z.boolean(),
  /** How many groups of this organization the person is in. */
  groupCount: z.number().int(),
  /** The group's trainings the person is assigned to. */
  trainings: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type GroupUser = z.infer<typeof ZGroupUser>;

export const ZGroupUsersQuery = ZListQuery.extend({ organizationId: ZUuid });
export type GroupUsersQuery = z.infer<typeof ZGroupUsersQuery>;

export const ZGroupUsersResponse = z.object({
  data: z.object({
    users: z.array(ZGroupUser),
    group: z.object({ name: z.string() }),
    /** Whether the group is an assignee of any training record (the add-person wizard opens then). */
    assignedToTrainings: z.boolean(),
  }),
  pagination: ZPagination,
});
export type GroupUsersResponse = z.infer<typeof ZGroupUsersResponse>;

export const ZGroupUserOptionsQuery = z.object({ organizationId: ZUuid, search: ZListQuery.shape.search });
export const ZGroupUserOption = ZGroupUser.pick({ id: true, firstName: true, lastName: true, email: true });
export type GroupUserOption = z.infer<typeof ZGroupUserOption>;

/** POST /user-groups/{groupId}/add. `trainingIds` are the group's trainings to assign to the person (the wizard's step 2). */
export const ZAddGroupUsersRequest = z.object({
  organizationId: ZUuid,
  users: z
    .array(z.object({ userId: ZUuid, trainingIds: z.array(ZUuid).max(1000, 'At most 1000').default([]) }), {
      error: messageKeys.choosePeople,
    })
    .min(1, messageKeys.choosePeople)
    .max(100, 'At most 100 at a time'),
});
export type AddGroupUsersRequest = z.infer<typeof ZAddGroupUsersRequest>;

/** DELETE /user-groups/{groupId}/users/{userId}: trainingIds are the group's trainings to unassign from the person (not passed ones). */
export const ZRemoveGroupUserQuery = z.object({ organizationId: ZUuid, trainingIds: repeated(ZUuid) });
export type RemoveGroupUserQuery = z.infer<typeof ZRemoveGroupUserQuery>;

/** The list's search, order and visible columns, and optionally the checked rows (`selectedIds` or `SelectedIds`). */
export const ZExportSelection = ZListQuery.omit({ limit: true, offset: true }).extend({
  selectedIds: repeated(ZUuid),
  SelectedIds: repeated(ZUuid),
});
export const mergeSelection = <T extends { selectedIds?: string[] | undefined; SelectedIds?: string[] | undefined }>({
  SelectedIds,
  selectedIds,
  ...rest
}: T) => ({ ...rest, selectedIds: [...(selectedIds ?? []), ...(SelectedIds ?? [])] });

/** GET /export/groups: the list's search, order, visible columns and optionally the checked rows. */
export const ZUserGroupsExportQuery = ZExportSelection.extend({ organizationId: ZUuid }).transform(mergeSelection);
export type UserGroupsExportQuery = z.infer<typeof ZUserGroupsExportQuery>;

/** GET /export/group-users: as the group's List of Users. */
export const ZGroupUsersExportQuery = ZExportSelection.extend({ organizationId: ZUuid, groupId: ZUuid }).transform(
  mergeSelection,
);
export type GroupUsersExportQuery = z.infer<typeof ZGroupUsersExportQuery>;
