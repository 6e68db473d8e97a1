import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZConfirmEmailRequest,
  ZEmailRequest,
  ZErrorEnvelope,
  ZMessageResponse,
  ZPasswordWithTokenRequest,
  ZSessionUser,
  ZTokenCheckRequest,
  ZTokenCheckResponse,
  ZUpdateAccountRequest,
  ZUuid,
  dataEnvelope,
  message,
} from '@qualis/contract';
import { auditActorOf, requireActor } from '../../core/auth.js';
import {
  checkLinkToken,
  confirmNewEmail,
  requestPasswordReset,
  resendConfirmEmail,
  resendInvite,
  setPasswordByLink,
  updateAccount,
} from './accounts.service.js';

const errors = { 400: ZErrorEnvelope };

/** Password and e-mail links (public: the e-mailed token is the proof), and account changes. */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/verifications/password',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['accounts'],
        summary:
          'Forgot password: e-mails a reset link (1 hour) when the address has an account; same answer either way',
        security: [],
        body: ZEmailRequest,
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    async (request) => {
      await requestPasswordReset(app.ctx, request.body.email, auditActorOf(request));
      return { data: message('resetLinkPromised') };
    },
  );

  app.post(
    '/verifications/token',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Checks an e-mailed link without using it',
        security: [],
        body: ZTokenCheckRequest,
        response: { 200: ZTokenCheckResponse, ...errors },
      },
    },
    async (request) => ({ data: await checkLinkToken(app.ctx, request.body) }),
  );

  app.put(
    '/verifications/password',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Resets the password with a reset link; ends every session of the person',
        security: [],
        body: ZPasswordWithTokenRequest,
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    async (request) => {
      await setPasswordByLink(app.ctx, 'reset-password', request.body, auditActorOf(request));
      return { data: message('passwordUpdated') };
    },
  );

  app.post(
    '/verifications/password/set',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Sets the first password with the invitation link; confirms the e-mail',
        security: [],
        body: ZPasswordWithTokenRequest,
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    async (request) => {
      await setPasswordByLink(app.ctx, 'set-password', request.body, auditActorOf(request));
      return { data: message('passwordSetUp') };
    },
  );

  app.post(
    '/verifications/email',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Confirms a new e-mail with its link and the current password',
        security: [],
        body: ZConfirmEmailRequest,
        response: { 200: ZMessageResponse, 409: ZErrorEnvelope, ...errors },
      },
    },
    async (request) => {
      await confirmNewEmail(app.ctx, request.body, auditActorOf(request));
      return { data: message('newEmailConfirmed') };
    },
  );

  app.post(
    '/verifications/resend-confirm-email',
    {
      config: { policy: 'account.edit' },
      schema: {
        tags: ['accounts'],
        summary: 'Sends the confirmation link of a pending new e-mail again (5 per 24 hours)',
        body: ZEmailRequest,
        response: { 200: ZMessageResponse, 429: ZErrorEnvelope, ...errors },
      },
    },
    async (request) => {
      await resendConfirmEmail(app.ctx, requireActor(request), request.body.email, auditActorOf(request));
      return { data: message('confirmationLinkSent') };
    },
  );

  app.post(
    '/verifications/resend-invite',
    {
      config: { policy: 'account.resend-invite' },
      schema: {
        tags: ['accounts'],
        summary: 'Sends the welcome e-mail (set-password link) again, until the password is set (5 per 24 hours)',
        body: ZEmailRequest,
        response: { 200: ZMessageResponse, 429: ZErrorEnvelope, ...errors },
      },
    },
    async (request) => ({
      data: await resendInvite(app.ctx, requireActor(request), request.body.email, auditActorOf(request)),
    }),
  );

  app.put(
    '/users/:userId',
    {
      config: { policy: 'account.edit' },
      schema: {
        tags: ['accounts'],
        summary: 'Changes first and last name, and/or asks for a new e-mail (confirmed by a link sent to it)',
        params: z.object({ userId: ZUuid }),
        body: ZUpdateAccountRequest,
        response: { 200: dataEnvelope(ZSessionUser), 409: ZErrorEnvelope, 429: ZErrorEnvelope, ...errors },
      },
    },
    async (request) => ({
      data: await updateAccount(
        app.ctx,
        requireActor(request),
        request.params.userId,
        request.body,
        auditActorOf(request),
      ),
    }),
  );
};
