import { z } from 'zod';
import {
  ZAvatarRequest,
  ZChangePasswordRequest,
  ZConfirmEmailRequest,
  ZEmailNotificationsRequest,
  ZEmailRequest,
  ZMessageResponse,
  ZPasswordWithTokenRequest,
  ZTokenCheckRequest,
  ZTokenCheckResponse,
  ZUpdateAccountRequest,
} from './accounts.js';
import {
  ZAuditReview,
  ZAuditReviewsQuery,
  ZAuditTrailEvent,
  ZAuditTrailExportQuery,
  ZAuditTrailQuery,
  ZAuditTrailVerification,
  ZMarkReviewedRequest,
  ZOrganizationAuditReviewsQuery,
  ZOrganizationAuditTrailExportQuery,
  ZOrganizationAuditTrailQuery,
  ZOrganizationMarkReviewedRequest,
  ZOrganizationScopeQuery,
} from './audit-trail.js';
import { changedEnvelope, dataEnvelope, listEnvelope, messageKeyFields } from './envelopes.js';
import { ZOrganizationFile, ZUploadFileQuery } from './uploads.js';
import { ZGlobalSearchQuery, ZGlobalSearchRow } from './search.js';
import { ZLanguageRequest } from './languages.js';
import {
  ZDismissNotificationsRequest,
  ZNotification,
  ZNotificationsCountQuery,
  ZNotificationsQuery,
} from './notifications.js';
import { ZExportFileQuery, ZOrganizationLogsExportQuery, ZOrganizationsExportQuery } from './organization-exports.js';
import {
  ZDashboardAction,
  ZDashboardCounters,
  ZDashboardDocument,
  ZDashboardQuery,
  ZDashboardTraining,
} from './dashboard.js';
import {
  ZOrganization,
  ZOrganizationManagedByClient,
  ZOrganizationNameRequest,
  ZOrganizationSigningRequest,
} from './organizations.js';
import {
  ZAddPeopleRequest,
  ZCreatePersonRequest,
  ZDeletePersonQuery,
  ZExportPeopleQuery,
  ZGenerateAccessCodeRequest,
  ZSendOwnAccessCodeRequest,
  ZMessageResult,
  ZPeopleListQuery,
  ZPerson,
  ZPersonOption,
  ZPersonOptionsQuery,
  ZSetPersonStatusRequest,
} from './people.js';
import { ZAccessFlags, ZRestrictionResponse, ZSetRestrictionRequest, ZUserAccessSettings } from './permissions.js';
import { ZRefreshRequest, ZRefreshResponse, ZSessionUser, ZSignInRequest, ZSignInResponse } from './sessions.js';
import { ZCreateNamedEntryRequest, ZNamedEntriesQuery, ZNamedEntry } from './settings.js';
import {
  ZAddGroupUsersRequest,
  ZCreateUserGroupRequest,
  ZDeleteUserGroupQuery,
  ZDuplicateUserGroupRequest,
  ZGroupUserOption,
  ZGroupUserOptionsQuery,
  ZGroupUsersExportQuery,
  ZGroupUsersQuery,
  ZGroupUsersResponse,
  ZRemoveGroupUserQuery,
  ZRenameUserGroupRequest,
  ZToggleGroupPermissionRequest,
  ZUserGroup,
  ZUserGroupListQuery,
  ZUserGroupsExportQuery,
} from './user-groups.js';
import { ZUuid } from './fields.js';
import {
  ZCompletionProgress,
  ZCreateTrainingRequest,
  ZDeleteTrainingsQuery,
  ZGroupTraining,
  ZGroupUserTraining,
  ZPassTrainingRequest,
  ZPassTrainingResponse,
  ZTrainingDetailQuery,
  ZTrainingListQuery,
  ZTrainingOption,
  ZTrainingOptionsQuery,
  ZTrainingRecord,
  ZTrainingRecordRow,
  ZTrainingsExportQuery,
  ZUpdateTrainingRequest,
} from './training-records.js';
import {
  ZAddDocumentApprovalRequest,
  ZAddDocumentReviewRequest,
  ZAddDocumentRevisionRequest,
  ZAddedDocumentRevision,
  ZCreateDocumentRequest,
  ZDeleteDocumentRevisionQuery,
  ZDeleteDocumentsQuery,
  ZDocumentAttachmentsExportQuery,
  ZDocumentsExportQuery,
  ZDeletedDocumentRevision,
  ZDocumentApprovals,
  ZDocumentDetail,
  ZDocumentFileLink,
  ZDocumentFileQuery,
  ZDocumentListQuery,
  ZDocumentOption,
  ZDocumentOptionsQuery,
  ZDocumentQualityTasks,
  ZDocumentReferences,
  ZDocumentReviews,
  ZDocumentRevisionQuery,
  ZDocumentRow,
  ZDocumentTypesQuery,
  ZSetDocumentFinalRequest,
  ZUpdateDocumentGeneralRequest,
  ZUpdateDocumentQualityTasksRequest,
  ZUpdateDocumentReferencesRequest,
  ZWithdrawDocumentRequest,
  ZControlledCopyQuery,
  ZDocumentHistoryEntry,
  ZDocumentHistoryQuery,
} from './documents.js';
import {
  ZAction,
  ZActionDetailQuery,
  ZActionListQuery,
  ZActionOption,
  ZActionOptionsQuery,
  ZActionsExportQuery,
  ZCreateActionRequest,
  ZDeleteActionsQuery,
  ZMemberOption,
  ZMemberOptionsQuery,
  ZUpdateActionRequest,
} from './actions.js';
import {
  ZDeleteHrRecordsQuery,
  ZHrDetailQuery,
  ZHrExportQuery,
  ZHrListQuery,
  ZHrOption,
  ZHrOptionsQuery,
  ZHrRecord,
  ZHrRecordRow,
  ZUpdateHrRecordRequest,
} from './human-resources.js';

/**
 * The API as the web app calls it: one row per call, with its method, its path template
 * (`{name}` for a path parameter, as in docs/api.md), the schemas of its query and body, and the
 * schema of its answer. The web's client takes paths, inputs and outputs from here; the server
 * keeps its own route files, and a unit test checks that every row exists among its routes.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  path: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON answer; `ZFileResponse` for a download, `ZNoContent` for an empty answer. */
  response: z.ZodType;
  /** The success status when it is not 200 (201 for a creation; an empty answer is 204). */
  status?: 201 | 202;
  /** More method and path spellings the same call answers at (the spec's clients use them). */
  aliases?: readonly { method?: HttpMethod; path?: string }[];
  /** Error statuses the API document lists for this call besides the usual 400/401/403/404. */
  errors?: readonly (400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429)[];
}

/**
 * A file answer (exports); the client hands back its bytes and name, not JSON. A PDF export of
 * more records than the server streams answers `{ data: { message } }` instead: the file is
 * made in the background and e-mailed as a link (the client shows the message).
 */
export const ZFileResponse = z.custom<Blob>(() => true);
/** An answer without a body. */
export const ZNoContent = z.undefined();
/** An event stream (text/event-stream): the client reads it as it arrives, not as JSON. */
export const ZEventStream = z.custom<ReadableStream<Uint8Array>>(() => true);
/** A multipart body (uploads). */
export const ZFormBody = z.custom<FormData>((value) => typeof FormData !== 'undefined' && value instanceof FormData);

const endpoint = <const E extends Endpoint>(e: E) => e;

const ZUploadedImage = dataEnvelope(z.object({ id: z.uuid() }));
const ZMessageData = dataEnvelope(z.object({ message: z.string().optional(), ...messageKeyFields }));
const ZChangedId = changedEnvelope(z.object({ id: z.uuid() }));

/** The calls Admins and Users share under two paths (docs/api.md). */
const peopleEndpoints = <const P extends string, const X extends string>(path: P, exportPath: X) => ({
  list: endpoint({ method: 'GET', path, query: ZPeopleListQuery, response: listEnvelope(ZPerson) }),
  options: endpoint({
    method: 'GET',
    path: `${path}/all`,
    query: ZPersonOptionsQuery,
    response: dataEnvelope(z.array(ZPersonOption)),
  }),
  create: endpoint({ method: 'POST', path, body: ZCreatePersonRequest, response: changedEnvelope(ZPerson) }),
  add: endpoint({
    method: 'POST',
    path: `${path}/add`,
    body: ZAddPeopleRequest,
    response: changedEnvelope(z.object({ ids: z.array(z.uuid()) })),
  }),
  setStatus: endpoint({
    method: 'PATCH',
    path: `${path}/{id}/status`,
    aliases: [{ method: 'PUT' }],
    body: ZSetPersonStatusRequest,
    response: changedEnvelope(ZPerson),
  }),
  remove: endpoint({ method: 'DELETE', path: `${path}/{id}`, query: ZDeletePersonQuery, response: ZChangedId }),
  export: endpoint({ method: 'GET', path: exportPath, query: ZExportPeopleQuery, response: ZFileResponse }),
});

/** The named lists of an organization's settings, one set of calls each. */
const namedEntryEndpoints = <const P extends string, const Q extends z.ZodType>(segment: P, query: Q) => ({
  list: endpoint({
    method: 'GET',
    path: `/organizations/{organizationId}/${segment}`,
    query,
    response: dataEnvelope(z.array(ZNamedEntry)),
  }),
  create: endpoint({
    method: 'POST',
    path: `/organizations/{organizationId}/${segment}`,
    body: ZCreateNamedEntryRequest,
    response: changedEnvelope(ZNamedEntry),
    status: 201,
  }),
  remove: endpoint({ method: 'DELETE', path: `/organizations/{organizationId}/${segment}/{id}`, response: ZChangedId }),
});

export const endpoints = {
  health: {
    get: endpoint({
      method: 'GET',
      path: '/health',
      response: z.object({ data: z.object({ status: z.literal('ok') }) }),
    }),
  },
  sessions: {
    signIn: endpoint({
      method: 'POST',
      path: '/sessions',
      body: ZSignInRequest,
      response: ZSignInResponse,
      status: 201,
      errors: [401, 429],
    }),
    refresh: endpoint({
      method: 'PUT',
      path: '/sessions',
      body: ZRefreshRequest,
      response: ZRefreshResponse,
      errors: [401],
    }),
    signOut: endpoint({
      method: 'DELETE',
      path: '/sessions',
      body: ZRefreshRequest.partial().nullish(),
      response: ZNoContent,
    }),
  },
  accounts: {
    requestPasswordReset: endpoint({
      method: 'POST',
      path: '/verifications/password',
      body: ZEmailRequest,
      response: ZMessageResponse,
    }),
    checkLinkToken: endpoint({
      method: 'POST',
      path: '/verifications/token',
      body: ZTokenCheckRequest,
      response: ZTokenCheckResponse,
    }),
    resetPassword: endpoint({
      method: 'PUT',
      path: '/verifications/password',
      body: ZPasswordWithTokenRequest,
      response: ZMessageResponse,
    }),
    setPassword: endpoint({
      method: 'POST',
      path: '/verifications/password/set',
      body: ZPasswordWithTokenRequest,
      response: ZMessageResponse,
    }),
    confirmEmail: endpoint({
      method: 'POST',
      path: '/verifications/email',
      body: ZConfirmEmailRequest,
      response: ZMessageResponse,
    }),
    resendConfirmation: endpoint({
      method: 'POST',
      path: '/verifications/resend-confirm-email',
      body: ZEmailRequest,
      response: ZMessageResponse,
    }),
    resendInvite: endpoint({
      method: 'POST',
      path: '/verifications/resend-invite',
      body: ZEmailRequest,
      response: ZMessageData,
    }),
    generateAccessCode: endpoint({
      method: 'PATCH',
      path: '/verifications/user-access-code/{userId}',
      body: ZGenerateAccessCodeRequest,
      response: dataEnvelope(ZMessageResult),
    }),
    /** 'Send me my access code': a new code by e-mail when the person's own is missing or expired. */
    sendOwnAccessCode: endpoint({
      method: 'POST',
      path: '/verifications/user-access-code/me',
      body: ZSendOwnAccessCodeRequest,
      response: dataEnvelope(ZMessageResult),
    }),
    /** Names and e-mail of a person: the profile, or an Admin editing a person. */
    update: endpoint({
      method: 'PUT',
      path: '/users/{id}',
      body: ZUpdateAccountRequest,
      response: changedEnvelope(ZSessionUser),
    }),
  },
  profile: {
    get: endpoint({ method: 'GET', path: '/users/me/profile', response: dataEnvelope(ZSessionUser) }),
    accessFlags: endpoint({
      method: 'GET',
      path: '/users/me',
      query: z.object({ organizationId: ZUuid }),
      response: dataEnvelope(ZAccessFlags),
    }),
    changePassword: endpoint({
      method: 'PUT',
      path: '/users/me/password',
      body: ZChangePasswordRequest,
      response: ZMessageResponse,
      errors: [400],
    }),
    sendResetLink: endpoint({
      method: 'POST',
      path: '/users/me/password',
      body: ZEmailRequest,
      response: ZMessageResponse,
      errors: [400],
    }),
    setEmailNotifications: endpoint({
      method: 'PATCH',
      path: '/users/me/Profile/email-notifications',
      aliases: [{ path: '/users/me/profile/email-notifications' }],
      body: ZEmailNotificationsRequest,
      response: dataEnvelope(ZSessionUser),
    }),
    setLanguage: endpoint({
      method: 'PATCH',
      path: '/users/me/profile/language',
      body: ZLanguageRequest,
      response: dataEnvelope(ZSessionUser),
    }),
    setAvatar: endpoint({
      method: 'PATCH',
      path: '/users/me/profile/avatar/{imageId}',
      body: ZAvatarRequest,
      response: dataEnvelope(ZSessionUser),
    }),
    removeAvatar: endpoint({
      method: 'DELETE',
      path: '/users/me/profile/avatar',
      response: dataEnvelope(ZSessionUser),
    }),
  },
  uploads: {
    image: endpoint({ method: 'POST', path: '/upload/image', body: ZFormBody, response: ZUploadedImage, status: 201 }),
    /** An uploaded image (avatars, logos), served by its unguessable id alone: an <img> sends no token. */
    imageContent: endpoint({ method: 'GET', path: '/images/{imageId}', response: ZFileResponse }),
    /** A file of an organization (30 MB at most), one call per file (spec 03 section 7, "Files"). */
    file: endpoint({
      method: 'POST',
      path: '/upload/file',
      query: ZUploadFileQuery,
      body: ZFormBody,
      response: dataEnvelope(ZOrganizationFile),
      status: 201,
    }),
  },
  dashboard: {
    counters: endpoint({
      method: 'GET',
      path: '/dashboard/counters',
      query: ZDashboardQuery,
      response: dataEnvelope(ZDashboardCounters),
    }),
    actions: endpoint({
      method: 'GET',
      path: '/dashboard/actions',
      query: ZDashboardQuery,
      response: dataEnvelope(z.array(ZDashboardAction)),
    }),
    trainings: endpoint({
      method: 'GET',
      path: '/dashboard/trainings',
      query: ZDashboardQuery,
      response: dataEnvelope(z.array(ZDashboardTraining)),
    }),
    documentsToReview: endpoint({
      method: 'GET',
      path: '/dashboard/documents-to-review',
      query: ZDashboardQuery,
      response: dataEnvelope(z.array(ZDashboardDocument)),
    }),
    documentsToApprove: endpoint({
      method: 'GET',
      path: '/dashboard/documents-to-approve',
      query: ZDashboardQuery,
      response: dataEnvelope(z.array(ZDashboardDocument)),
    }),
  },
  notifications: {
    count: endpoint({
      method: 'GET',
      path: '/system-notifications/count',
      query: ZNotificationsCountQuery,
      response: dataEnvelope(z.object({ count: z.number().int() })),
    }),
    list: endpoint({
      method: 'GET',
      path: '/system-notifications',
      query: ZNotificationsQuery,
      response: listEnvelope(ZNotification),
    }),
    /** Server-sent events: `count` with the unread count, at once and on every change. */
    stream: endpoint({
      method: 'GET',
      path: '/system-notifications/stream',
      query: ZNotificationsCountQuery,
      response: ZEventStream,
    }),
    dismiss: endpoint({
      method: 'PATCH',
      path: '/system-notifications',
      body: ZDismissNotificationsRequest,
      response: ZMessageResult,
    }),
  },
  organizations: {
    list: endpoint({
      method: 'GET',
      path: '/organizations',
      query: ZPeopleListQuery.omit({ organizationId: true }),
      response: listEnvelope(ZOrganization),
    }),
    get: endpoint({ method: 'GET', path: '/organizations/{organizationId}', response: dataEnvelope(ZOrganization) }),
    create: endpoint({
      method: 'POST',
      path: '/organizations',
      body: ZOrganizationNameRequest,
      response: changedEnvelope(ZOrganization),
      status: 201,
    }),
    rename: endpoint({
      method: 'PUT',
      path: '/organizations/{organizationId}/name',
      body: ZOrganizationNameRequest,
      response: changedEnvelope(ZOrganization),
    }),
    toggleStatus: endpoint({
      method: 'PATCH',
      path: '/organizations/{organizationId}/status',
      aliases: [{ method: 'PUT' }],
      response: changedEnvelope(ZOrganization),
    }),
    toggleManagedByClient: endpoint({
      method: 'PATCH',
      path: '/organizations/{organizationId}/managed-by-client',
      aliases: [{ method: 'PUT' }],
      response: changedEnvelope(ZOrganizationManagedByClient),
    }),
    setLogo: endpoint({
      method: 'PUT',
      path: '/organizations/{organizationId}/logo/{imageId}',
      response: changedEnvelope(ZOrganization),
    }),
    setSigning: endpoint({
      method: 'PUT',
      path: '/organizations/{organizationId}/signing',
      body: ZOrganizationSigningRequest,
      response: changedEnvelope(ZOrganization),
    }),
    remove: endpoint({ method: 'DELETE', path: '/organizations/{organizationId}', response: ZMessageData }),
    export: endpoint({
      method: 'GET',
      path: '/export/organizations',
      query: ZOrganizationsExportQuery,
      response: ZFileResponse,
    }),
    exportLogs: endpoint({
      method: 'GET',
      path: '/export/Organization-logs',
      aliases: [{ path: '/export/organization-logs' }],
      query: ZOrganizationLogsExportQuery,
      response: ZMessageData,
    }),
    /** 'Export everything': queues the inspection package, e-mailed as a 7-day link (Admins, SuperAdmin). */
    inspectionPackage: endpoint({
      method: 'POST',
      path: '/organizations/{organizationId}/inspection-package',
      response: ZMessageData,
    }),
  },
  /** Generated export files: a large PDF export, e-mailed to its requester as a link. */
  exportFiles: {
    download: endpoint({
      method: 'GET',
      path: '/export/files/{fileId}',
      query: ZExportFileQuery,
      response: ZFileResponse,
    }),
  },
  admins: peopleEndpoints('/client-admins', '/export/admins'),
  users: {
    ...peopleEndpoints('/client-users', '/export/users'),
    accessFlags: endpoint({
      method: 'GET',
      path: '/client-users/{id}',
      query: z.object({ organizationId: ZUuid }),
      response: dataEnvelope(ZAccessFlags),
    }),
    accessSettings: endpoint({
      method: 'GET',
      path: '/client-users/{id}/settings',
      query: z.object({ organizationId: ZUuid }),
      response: dataEnvelope(ZUserAccessSettings),
    }),
    setRestriction: endpoint({
      method: 'PUT',
      path: '/client-users/{id}/restriction',
      body: ZSetRestrictionRequest,
      response: ZRestrictionResponse,
    }),
  },
  userGroups: {
    list: endpoint({
      method: 'GET',
      path: '/user-groups',
      query: ZUserGroupListQuery,
      response: listEnvelope(ZUserGroup),
    }),
    users: endpoint({
      method: 'GET',
      path: '/user-groups/{groupId}/users',
      query: ZGroupUsersQuery,
      response: ZGroupUsersResponse,
    }),
    userOptions: endpoint({
      method: 'GET',
      path: '/user-groups/{groupId}/all',
      query: ZGroupUserOptionsQuery,
      response: dataEnvelope(z.array(ZGroupUserOption)),
    }),
    settings: endpoint({
      method: 'GET',
      path: '/user-groups/{groupId}/settings',
      query: z.object({ organizationId: ZUuid }),
      response: dataEnvelope(z.array(z.number().int())),
    }),
    togglePermission: endpoint({
      method: 'PUT',
      path: '/user-groups/{groupId}/settings',
      body: ZToggleGroupPermissionRequest,
      response: dataEnvelope(z.array(z.number().int())),
    }),
    create: endpoint({
      method: 'POST',
      path: '/user-groups',
      body: ZCreateUserGroupRequest,
      response: changedEnvelope(ZUserGroup),
      status: 201,
    }),
    rename: endpoint({
      method: 'PUT',
      path: '/user-groups/{groupId}/name',
      body: ZRenameUserGroupRequest,
      response: changedEnvelope(ZUserGroup),
    }),
    duplicate: endpoint({
      method: 'POST',
      path: '/user-groups/duplicate',
      body: ZDuplicateUserGroupRequest,
      response: changedEnvelope(ZUserGroup),
      status: 201,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/user-groups/{groupId}',
      query: ZDeleteUserGroupQuery,
      response: ZChangedId,
    }),
    addUsers: endpoint({
      method: 'POST',
      path: '/user-groups/{groupId}/add',
      body: ZAddGroupUsersRequest,
      response: changedEnvelope(z.object({ userIds: z.array(z.uuid()) })),
    }),
    removeUser: endpoint({
      method: 'DELETE',
      path: '/user-groups/{groupId}/users/{userId}',
      query: ZRemoveGroupUserQuery,
      response: changedEnvelope(z.object({ userId: z.uuid() })),
    }),
    /** The trainings the group is an assignee of: the add wizard's second step. */
    trainings: endpoint({
      method: 'GET',
      path: '/user-groups/{groupId}/trainings',
      query: z.object({ organizationId: ZUuid }),
      response: dataEnvelope(z.array(ZGroupTraining)),
    }),
    /** The group's trainings a member is assigned to, passed or not: the remove dialog. */
    userTrainings: endpoint({
      method: 'GET',
      path: '/user-groups/{groupId}/users/{userId}/trainings',
      query: z.object({ organizationId: ZUuid }),
      response: dataEnvelope(z.array(ZGroupUserTraining)),
    }),
    export: endpoint({ method: 'GET', path: '/export/groups', query: ZUserGroupsExportQuery, response: ZFileResponse }),
    exportUsers: endpoint({
      method: 'GET',
      path: '/export/group-users',
      query: ZGroupUsersExportQuery,
      response: ZFileResponse,
    }),
  },
  settings: {
    'document-types': namedEntryEndpoints('document-types', ZDocumentTypesQuery),
    tags: namedEntryEndpoints('tags', ZNamedEntriesQuery),
  },
  actions: {
    list: endpoint({ method: 'GET', path: '/tasks', query: ZActionListQuery, response: listEnvelope(ZAction) }),
    detail: endpoint({
      method: 'GET',
      path: '/tasks/{taskId}/details',
      query: ZActionDetailQuery,
      response: dataEnvelope(ZAction),
    }),
    create: endpoint({
      method: 'POST',
      path: '/tasks',
      body: ZCreateActionRequest,
      response: changedEnvelope(ZAction),
      status: 201,
    }),
    update: endpoint({
      method: 'PUT',
      path: '/tasks/{taskId}/details',
      body: ZUpdateActionRequest,
      response: changedEnvelope(ZAction),
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/tasks',
      query: ZDeleteActionsQuery,
      response: changedEnvelope(z.object({ ids: z.array(z.uuid()) })),
    }),
    exportCsv: endpoint({ method: 'GET', path: '/export/Tasks', query: ZActionsExportQuery, response: ZFileResponse }),
    exportSinglePdf: endpoint({
      method: 'GET',
      path: '/export/one-task',
      query: ZActionsExportQuery,
      response: ZFileResponse,
    }),
    exportPdfArchive: endpoint({
      method: 'GET',
      path: '/export/many-Tasks',
      query: ZActionsExportQuery,
      response: ZFileResponse,
    }),
    options: endpoint({
      method: 'GET',
      path: '/tasks/available',
      query: ZActionOptionsQuery,
      response: dataEnvelope(z.array(ZActionOption)),
    }),
    memberOptions: endpoint({
      method: 'GET',
      path: '/organizations/{organizationId}/member-options',
      query: ZMemberOptionsQuery,
      response: dataEnvelope(z.array(ZMemberOption)),
    }),
  },
  trainingRecords: {
    list: endpoint({
      method: 'GET',
      path: '/training-records',
      query: ZTrainingListQuery,
      response: listEnvelope(ZTrainingRecordRow),
    }),
    options: endpoint({
      method: 'GET',
      path: '/training-records/all',
      query: ZTrainingOptionsQuery,
      response: dataEnvelope(z.array(ZTrainingOption)),
    }),
    detail: endpoint({
      method: 'GET',
      path: '/training-records/{recordId}',
      query: ZTrainingDetailQuery,
      response: dataEnvelope(ZTrainingRecord),
    }),
    completionProgress: endpoint({
      method: 'GET',
      path: '/training-records/{recordId}/completion-progress',
      query: ZTrainingDetailQuery,
      response: dataEnvelope(ZCompletionProgress),
    }),
    file: endpoint({
      method: 'GET',
      path: '/training-records/{recordId}/file/{fileId}',
      query: ZTrainingDetailQuery,
      response: dataEnvelope(ZDocumentFileLink),
    }),
    fileContent: endpoint({
      method: 'GET',
      path: '/training-records/{recordId}/file/{fileId}/content',
      query: ZTrainingDetailQuery,
      response: ZFileResponse,
    }),
    create: endpoint({
      method: 'POST',
      path: '/training-records',
      body: ZCreateTrainingRequest,
      response: changedEnvelope(ZTrainingRecord),
      status: 201,
    }),
    update: endpoint({
      method: 'PUT',
      path: '/training-records/{recordId}',
      body: ZUpdateTrainingRequest,
      response: changedEnvelope(ZTrainingRecord),
    }),
    pass: endpoint({
      method: 'PUT',
      path: '/training-records/{recordId}/pass',
      body: ZPassTrainingRequest,
      response: ZPassTrainingResponse,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/training-records',
      query: ZDeleteTrainingsQuery,
      response: changedEnvelope(z.object({ ids: z.array(z.uuid()) })),
    }),
    /** The list's CSV (docs/api.md, "Training record exports"). */
    exportCsv: endpoint({
      method: 'GET',
      path: '/export/training-records',
      query: ZTrainingsExportQuery,
      response: ZFileResponse,
    }),
    /** 'Single PDF'; over the stream limit the JSON 'being generated' answer instead. */
    exportSinglePdf: endpoint({
      method: 'GET',
      path: '/export/one-training-record',
      query: ZTrainingsExportQuery,
      response: ZFileResponse,
    }),
    /** 'PDF archive': a ZIP with one PDF per training. */
    exportPdfArchive: endpoint({
      method: 'GET',
      path: '/export/many-training-records',
      query: ZTrainingsExportQuery,
      response: ZFileResponse,
    }),
  },
  documents: {
    list: endpoint({
      method: 'GET',
      path: '/documents',
      query: ZDocumentListQuery,
      response: listEnvelope(ZDocumentRow),
    }),
    detail: endpoint({
      method: 'GET',
      path: '/documents/{documentId}',
      query: ZDocumentRevisionQuery,
      response: dataEnvelope(ZDocumentDetail),
    }),
    general: endpoint({
      method: 'GET',
      path: '/documents/{documentId}/general',
      query: ZDocumentRevisionQuery,
      response: dataEnvelope(ZDocumentDetail),
    }),
    create: endpoint({
      method: 'POST',
      path: '/documents',
      body: ZCreateDocumentRequest,
      response: changedEnvelope(ZDocumentDetail),
      status: 201,
    }),
    updateGeneral: endpoint({
      method: 'PUT',
      path: '/documents/{documentId}/general',
      body: ZUpdateDocumentGeneralRequest,
      response: changedEnvelope(ZDocumentDetail),
    }),
    addRevision: endpoint({
      method: 'PUT',
      path: '/documents/{documentId}/revision',
      body: ZAddDocumentRevisionRequest,
      response: changedEnvelope(ZAddedDocumentRevision),
    }),
    setFinal: endpoint({
      method: 'PATCH',
      path: '/documents/{documentId}/revision',
      body: ZSetDocumentFinalRequest,
      response: changedEnvelope(ZDocumentDetail),
    }),
    deleteRevision: endpoint({
      method: 'DELETE',
      path: '/documents/{documentId}/revision',
      query: ZDeleteDocumentRevisionQuery,
      response: changedEnvelope(ZDeletedDocumentRevision),
    }),
    qualityTasks: endpoint({
      method: 'GET',
      path: '/documents/{documentId}/quality-tasks',
      query: ZDocumentRevisionQuery,
      response: dataEnvelope(ZDocumentQualityTasks),
    }),
    updateQualityTasks: endpoint({
      method: 'PUT',
      path: '/documents/{documentId}/quality-tasks',
      body: ZUpdateDocumentQualityTasksRequest,
      response: changedEnvelope(ZDocumentQualityTasks),
    }),
    references: endpoint({
      method: 'GET',
      path: '/documents/{documentId}/references',
      query: ZDocumentRevisionQuery,
      response: dataEnvelope(ZDocumentReferences),
    }),
    updateReferences: endpoint({
      method: 'PUT',
      path: '/documents/{documentId}/references',
      body: ZUpdateDocumentReferencesRequest,
      response: changedEnvelope(ZDocumentReferences),
    }),
    reviews: endpoint({
      method: 'GET',
      path: '/documents/{documentId}/reviews',
      query: ZDocumentRevisionQuery,
      response: dataEnvelope(ZDocumentReviews),
    }),
    approvals: endpoint({
      method: 'GET',
      path: '/documents/{documentId}/approvals',
      query: ZDocumentRevisionQuery,
      response: dataEnvelope(ZDocumentApprovals),
    }),
    addReview: endpoint({
      method: 'POST',
      path: '/documents/{documentId}/reviews',
      body: ZAddDocumentReviewRequest,
      response: changedEnvelope(ZDocumentReviews),
      status: 201,
      errors: [409],
    }),
    addApproval: endpoint({
      method: 'POST',
      path: '/documents/{documentId}/approvals',
      body: ZAddDocumentApprovalRequest,
      response: changedEnvelope(ZDocumentApprovals),
      status: 201,
      errors: [409],
    }),
    withdraw: endpoint({
      method: 'POST',
      path: '/documents/{documentId}/withdrawal',
      body: ZWithdrawDocumentRequest,
      response: changedEnvelope(ZDocumentDetail),
      errors: [409],
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/documents',
      query: ZDeleteDocumentsQuery,
      response: changedEnvelope(z.object({ ids: z.array(z.uuid()) })),
    }),
    options: endpoint({
      method: 'GET',
      path: '/documents/available',
      query: ZDocumentOptionsQuery,
      response: dataEnvelope(z.array(ZDocumentOption)),
    }),
    file: endpoint({
      method: 'GET',
      path: '/documents/{documentId}/file/{fileId}',
      query: ZDocumentFileQuery,
      response: dataEnvelope(ZDocumentFileLink),
    }),
    fileContent: endpoint({
      method: 'GET',
      path: '/documents/{documentId}/file/{fileId}/content',
      query: ZDocumentFileQuery,
      response: ZFileResponse,
    }),
  },
  /** Documents' exports, controlled copies and history (docs/api.md, "Document exports"). */
  documentRecords: {
    exportCsv: endpoint({
      method: 'GET',
      path: '/export/Documents',
      query: ZDocumentsExportQuery,
      response: ZFileResponse,
    }),
    exportSinglePdf: endpoint({
      method: 'GET',
      path: '/export/one-document',
      query: ZDocumentsExportQuery,
      response: ZFileResponse,
    }),
    exportPdfArchive: endpoint({
      method: 'GET',
      path: '/export/many-Documents',
      query: ZDocumentsExportQuery,
      response: ZFileResponse,
    }),
    exportAttachments: endpoint({
      method: 'GET',
      path: '/export/document-attachments',
      query: ZDocumentAttachmentsExportQuery,
      response: ZFileResponse,
    }),
    controlledCopy: endpoint({
      method: 'GET',
      path: '/documents/{documentId}/controlled-copy',
      query: ZControlledCopyQuery,
      response: ZFileResponse,
    }),
    history: endpoint({
      method: 'GET',
      path: '/documents/{documentId}/history',
      query: ZDocumentHistoryQuery,
      response: listEnvelope(ZDocumentHistoryEntry),
    }),
  },
  /** Global search (docs/api.md, "Global search"): what the person may open, ranked. */
  search: {
    global: endpoint({
      method: 'GET',
      path: '/{organizationId}/global-search',
      query: ZGlobalSearchQuery,
      response: listEnvelope(ZGlobalSearchRow),
    }),
  },
  /** Human resource records (docs/api.md, "HR records"): Admins and the SuperAdmin only. */
  hrRecords: {
    list: endpoint({
      method: 'GET',
      path: '/human-resource-records',
      query: ZHrListQuery,
      response: listEnvelope(ZHrRecordRow),
    }),
    detail: endpoint({
      method: 'GET',
      path: '/human-resource-records/{resourceId}',
      query: ZHrDetailQuery,
      response: dataEnvelope(ZHrRecord),
    }),
    update: endpoint({
      method: 'PUT',
      path: '/human-resource-records/{resourceId}',
      body: ZUpdateHrRecordRequest,
      response: changedEnvelope(ZHrRecord),
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/human-resource-records',
      query: ZDeleteHrRecordsQuery,
      response: changedEnvelope(z.object({ ids: z.array(z.uuid()) })),
    }),
    options: endpoint({
      method: 'GET',
      path: '/human-resource-records/available',
      query: ZHrOptionsQuery,
      response: dataEnvelope(z.array(ZHrOption)),
    }),
    file: endpoint({
      method: 'GET',
      path: '/human-resource-records/{resourceId}/file/{fileId}',
      query: ZHrDetailQuery,
      response: dataEnvelope(ZDocumentFileLink),
    }),
    fileContent: endpoint({
      method: 'GET',
      path: '/human-resource-records/{resourceId}/file/{fileId}/content',
      query: ZHrDetailQuery,
      response: ZFileResponse,
    }),
    exportCsv: endpoint({
      method: 'GET',
      path: '/export/human-resource-records',
      query: ZHrExportQuery,
      response: ZFileResponse,
    }),
    exportSinglePdf: endpoint({
      method: 'GET',
      path: '/export/one-human-resource-record',
      query: ZHrExportQuery,
      response: ZFileResponse,
    }),
    exportPdfArchive: endpoint({
      method: 'GET',
      path: '/export/many-human-resource-records',
      query: ZHrExportQuery,
      response: ZFileResponse,
    }),
  },
  /**
   * The audit trail review (docs/api.md, "Audit trail"): an organization's chain (its Admins and
   * the SuperAdmin) and, under /provider, the provider's chain (the SuperAdmin).
   */
  auditTrail: {
    list: endpoint({
      method: 'GET',
      path: '/audit-trail',
      query: ZOrganizationAuditTrailQuery,
      response: listEnvelope(ZAuditTrailEvent),
    }),
    verification: endpoint({
      method: 'GET',
      path: '/audit-trail/verification',
      query: ZOrganizationScopeQuery,
      response: dataEnvelope(ZAuditTrailVerification),
    }),
    reviews: endpoint({
      method: 'GET',
      path: '/audit-trail/reviews',
      query: ZOrganizationAuditReviewsQuery,
      response: listEnvelope(ZAuditReview),
    }),
    markReviewed: endpoint({
      method: 'POST',
      path: '/audit-trail/reviews',
      body: ZOrganizationMarkReviewedRequest,
      response: changedEnvelope(ZAuditReview),
      status: 201,
    }),
    exportCsv: endpoint({
      method: 'GET',
      path: '/export/audit-trail',
      query: ZOrganizationAuditTrailExportQuery,
      response: ZFileResponse,
    }),
    exportPdf: endpoint({
      method: 'GET',
      path: '/export/audit-trail-pdf',
      query: ZOrganizationAuditTrailExportQuery,
      response: ZFileResponse,
    }),
    providerList: endpoint({
      method: 'GET',
      path: '/provider/audit-trail',
      query: ZAuditTrailQuery,
      response: listEnvelope(ZAuditTrailEvent),
    }),
    providerVerification: endpoint({
      method: 'GET',
      path: '/provider/audit-trail/verification',
      response: dataEnvelope(ZAuditTrailVerification),
    }),
    providerReviews: endpoint({
      method: 'GET',
      path: '/provider/audit-trail/reviews',
      query: ZAuditReviewsQuery,
      response: listEnvelope(ZAuditReview),
    }),
    providerMarkReviewed: endpoint({
      method: 'POST',
      path: '/provider/audit-trail/reviews',
      body: ZMarkReviewedRequest,
      response: changedEnvelope(ZAuditReview),
      status: 201,
    }),
    providerExportCsv: endpoint({
      method: 'GET',
      path: '/export/provider-audit-trail',
      query: ZAuditTrailExportQuery,
      response: ZFileResponse,
    }),
    providerExportPdf: endpoint({
      method: 'GET',
      path: '/export/provider-audit-trail-pdf',
      query: ZAuditTrailExportQuery,
      response: ZFileResponse,
    }),
  },
} as const;

/** The two signing calls, as the web client first named them: the rows of `endpoints.documents`. */
export const documentSigningEndpoints = {
  addReview: endpoints.documents.addReview,
  addApproval: endpoints.documents.addApproval,
} as const;

/** The documents list's exports, as the web client first named them: the rows of `endpoints.documentRecords`. */
export const documentExportEndpoints = {
  exportCsv: endpoints.documentRecords.exportCsv,
  exportSinglePdf: endpoints.documentRecords.exportSinglePdf,
  exportPdfArchive: endpoints.documentRecords.exportPdfArchive,
  exportAttachments: endpoints.documentRecords.exportAttachments,
} as const;

/** Every row of the table, for checks that walk it (the server's route catalogue test). */
export function listEndpoints(table: object = endpoints): Endpoint[] {
  return Object.values(table).flatMap((value: unknown) =>
    value && typeof value === 'object' && 'method' in value && 'path' in value
      ? [value as Endpoint]
      : listEndpoints(value as object),
  );
}

/** `{ id: string }` for the path `/user-groups/{groupId}`. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name | keyof PathParams<Rest>]: string }
  : Record<never, never>;

export type EndpointQuery<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : never;
export type EndpointBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;
