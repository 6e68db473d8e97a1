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
} from '../accounts.js';
import { changedEnvelope, dataEnvelope, listEnvelope } from '../envelopes.js';
import { ZOrganizationFile, ZUploadFileQuery } from '../uploads.js';
import { ZGlobalSearchQuery, ZGlobalSearchResult } from '../search.js';
import { ZLanguageRequest } from '../languages.js';
import {
  ZDismissNotificationsRequest,
  ZNotification,
  ZNotificationsCountQuery,
  ZNotificationsQuery,
} from '../notifications.js';
import { ZExportFileQuery } from '../organization-exports.js';
import {
  ZDashboardAction,
  ZDashboardCounters,
  ZDashboardDocument,
  ZDashboardQuery,
  ZDashboardTraining,
  ZRevisionAwaitingTraining,
} from '../dashboard.js';
import { ZGenerateAccessCodeRequest, ZSendOwnAccessCodeRequest, ZMessageResult } from '../people.js';
import { ZAccessFlags } from '../permissions.js';
import { ZRefreshRequest, ZRefreshResponse, ZSessionUser, ZSignInRequest, ZSignInResponse } from '../sessions.js';
import { ZUuid } from '../fields.js';
import { ZAbout, ZValidationReportQuery } from '../validation-report.js';

import {
  endpoint,
  ZEventStream,
  ZFileResponse,
  ZFormBody,
  ZMessageData,
  ZNoContent,
  ZUploadedImage,
} from './endpoint.js';

/** The calls of platform (docs/api.md). */
export const platformEndpoints = {
  health: {
    get: endpoint({
      method: 'GET',
      path: '/health',
      response: z.object({ data: z.object({ status: z.literal('ok') }) }),
    }),
  },
  /** The running version and the facts of the validation report it was built with (SuperAdmin). */
  about: {
    get: endpoint({ method: 'GET', path: '/about', response: dataEnvelope(ZAbout) }),
  },
  /** The validation report the running build was made with (SuperAdmin; 404 when it has none). */
  validationReport: {
    get: endpoint({
      method: 'GET',
      path: '/validation-report',
      query: ZValidationReportQuery,
      response: ZFileResponse,
      errors: [404],
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
    awaitingTraining: endpoint({
      method: 'GET',
      path: '/dashboard/revisions-awaiting-training',
      query: ZDashboardQuery,
      response: dataEnvelope(z.array(ZRevisionAwaitingTraining)),
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
  search: {
    global: endpoint({
      method: 'GET',
      path: '/{organizationId}/global-search',
      query: ZGlobalSearchQuery,
      response: ZGlobalSearchResult,
    }),
  },
  /** Human resource records (docs/api.md, "HR records"): Admins and the SuperAdmin only. */
  exportFiles: {
    download: endpoint({
      method: 'GET',
      path: '/export/files/{fileId}',
      query: ZExportFileQuery,
      response: ZFileResponse,
    }),
  },
} as const;
