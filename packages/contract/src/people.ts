import { z } from 'zod';
import { messageFields } from './envelopes.js';
import { ZEmail, ZUuid, requiredText } from './fields.js';
import { ZListQuery, repeated } from './lists.js';
import { messageKeys } from './messages/index.js';
import { ZMembershipStatus, ZRole } from './roles.js';

/** Admins and Users of an organization (spec 02 sections 2, 3 and 7). */

/** At most this many organizations or people in one call. */
export const PEOPLE_BATCH_MAX = 100;
/** "Add Existing" option lists are cut to this many entries (spec 02 section 5). */
export const PERSON_OPTIONS_LIMIT = 20;

/** Sort keys of the Admins and Users lists; the default is lastName ascending. */
export const PEOPLE_SORT_KEYS = ['firstName', 'lastName', 'email', 'status', 'isActivated'] as const;

/** Columns of the lists and their CSV headers, in the list's order. */
export const PEOPLE_COLUMNS = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  status: 'Status',
  isActivated: 'Activated',
} as const;

export const ZOrganizationUserStatus = z.object({
  organizationId: z.uuid(),
  organizationName: z.string(),
  userStatus: ZMembershipStatus,
});

/** An Admin or User as listed in one organization; `status` is the membership status there. */
/** A person's row as stored: what the list shows of them in one organization. */
export const ZPersonFields = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  status: ZMembershipStatus,
  /** The person has set a password (the UI shows Yes/No). */
  isActivated: z.boolean(),
  emailConfirmed: z.boolean(),
  role: ZRole,
  /** Their memberships in the organizations the caller may manage, by organization name. */
  organizationUserStatuses: z.array(ZOrganizationUserStatus),
});
export type PersonFields = z.infer<typeof ZPersonFields>;

/** The row with what the caller may do with it, decided by the server's policies. */
export const ZPerson = ZPersonFields.extend({
  /** 'Delete': inactive here, never confirmed the e-mail nor set a password. */
  canBeDeleted: z.boolean(),
  /** 'Resend Invite': never confirmed the e-mail nor set a password. */
  canResendInvite: z.boolean(),
});
export type Person = z.infer<typeof ZPerson>;

/** An entry of the "Add Existing" options. */
export const ZPersonOption = ZPersonFields.pick({ id: true, firstName: true, lastName: true, email: true });
export type PersonOption = z.infer<typeof ZPersonOption>;

const idList = (message: string) =>
  z.array(ZUuid, { error: message }).min(1, message).max(PEOPLE_BATCH_MAX, `At most ${PEOPLE_BATCH_MAX} at a time`);

export const ZPeopleListQuery = ZListQuery.extend({ organizationId: ZUuid });
export type PeopleListQuery = z.infer<typeof ZPeopleListQuery>;

export const ZPersonOptionsQuery = z.object({
  organizationId: ZUuid,
  /** Only people of these organizations (default: every organization the caller manages). */
  organizationIds: repeated(ZUuid),
  search: ZListQuery.shape.search,
});
export type PersonOptionsQuery = z.infer<typeof ZPersonOptionsQuery>;

export const ZCreatePersonRequest = z.object({
  organizationId: ZUuid,
  firstName: requiredText(),
  lastName: requiredText(),
  email: ZEmail,
});
export type CreatePersonRequest = z.infer<typeof ZCreatePersonRequest>;

export const ZAddPeopleRequest = z.object({
  organizationId: ZUuid,
  ids: idList(messageKeys.choosePeople),
});
export type AddPeopleRequest = z.infer<typeof ZAddPeopleRequest>;

export const ZSetPersonStatusRequest = z.object({
  /** The organizations in which the status changes. */
  ids: idList(messageKeys.chooseOrganizations),
  /** Omitted: each organization's status is toggled. */
  status: ZMembershipStatus.optional(),
});
export type SetPersonStatusRequest = z.infer<typeof ZSetPersonStatusRequest>;

/** Both spellings name the organizations to remove the person from; they are merged. */
export const ZDeletePersonQuery = z.object({ ids: repeated(ZUuid), organizationIds: repeated(ZUuid) });

export const ZExportPeopleQuery = ZListQuery.omit({ limit: true, offset: true }).extend({
  organizationId: ZUuid,
  /** The checked rows; both spellings are accepted. None: every row matching the search. */
  selectedIds: repeated(ZUuid),
  ids: repeated(ZUuid),
});
export type ExportPeopleQuery = z.infer<typeof ZExportPeopleQuery>;

export const ZMessageResult = z.object(messageFields);

/** 'Send me my access code' (POST /verifications/user-access-code/me): the organization the person works in. */
export const ZSendOwnAccessCodeRequest = z.object({ organizationId: ZUuid });
export type SendOwnAccessCodeRequest = z.infer<typeof ZSendOwnAccessCodeRequest>;

export const ZGenerateAccessCodeRequest = z
  .object({ organizationId: ZUuid.optional() })
  .nullish()
  .transform((body) => body ?? {});
