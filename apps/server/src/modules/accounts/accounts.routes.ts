import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { message, endpoints } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
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

/** Password and e-mail links (public: the e-mailed token is the proof), and account changes. */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app, ['accounts']);
  route(
    endpoints.accounts.requestPasswordReset,
    {
      policy: 'public',
      summary: 'Forgot password: e-mails a reset link (1 hour) when the address has an account; same answer either way',
    },
    async (request) => {
      await requestPasswordReset(app.ctx, request.body.email, auditActorOf(request));
      return { data: message('resetLinkPromised') };
    },
  );

  route(
    endpoints.accounts.checkLinkToken,
    {
      policy: 'public',
      summary: 'Checks an e-mailed link without using it',
    },
    async (request) => ({ data: await checkLinkToken(app.ctx, request.body) }),
  );

  route(
    endpoints.accounts.resetPassword,
    {
      policy: 'public',
      summary: 'Resets the password with a reset link; ends every session of the person',
    },
    async (request) => {
      await setPasswordByLink(app.ctx, 'reset-password', request.body, auditActorOf(request));
      return { data: message('passwordUpdated') };
    },
  );

  route(
    endpoints.accounts.setPassword,
    {
      policy: 'public',
      summary: 'Sets the first password with the invitation link; confirms the e-mail',
    },
    async (request) => {
      await setPasswordByLink(app.ctx, 'set-password', request.body, auditActorOf(request));
      return { data: message('passwordSetUp') };
    },
  );

  route(
    endpoints.accounts.confirmEmail,
    {
      policy: 'public',
      summary: 'Confirms a new e-mail with its link and the current password',
    },
    async (request) => {
      await confirmNewEmail(app.ctx, request.body, auditActorOf(request));
      return { data: message('newEmailConfirmed') };
    },
  );

  route(
    endpoints.accounts.resendConfirmation,
    {
      policy: 'account.edit',
      summary: 'Sends the confirmation link of a pending new e-mail again (5 per 24 hours)',
    },
    async (request) => {
      await resendConfirmEmail(app.ctx, requireActor(request), request.body.email, auditActorOf(request));
      return { data: message('confirmationLinkSent') };
    },
  );

  route(
    endpoints.accounts.resendInvite,
    {
      policy: 'account.resend-invite',
      summary: 'Sends the welcome e-mail (set-password link) again, until the password is set (5 per 24 hours)',
    },
    async (request) => ({
      data: await resendInvite(app.ctx, requireActor(request), request.body.email, auditActorOf(request)),
    }),
  );

  route(
    endpoints.accounts.update,
    {
      policy: 'account.edit',
      summary: 'Changes first and last name, and/or asks for a new e-mail (confirmed by a link sent to it)',
    },
    async (request) => ({
      data: await updateAccount(app.ctx, requireActor(request), request.params.id, request.body, auditActorOf(request)),
    }),
  );
};
