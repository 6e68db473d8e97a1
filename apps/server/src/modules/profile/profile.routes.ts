import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { message, endpoints } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
import { AppError } from '../../core/errors.js';
import { auditActorOf, requireActor } from '../../core/auth.js';
import { presentSessionUser } from '../users/users.presenter.js';
import {
  changeOwnPassword,
  removeAvatar,
  sendOwnResetLink,
  setAvatar,
  setEmailNotifications,
  setLanguage,
} from './profile.service.js';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app, ['profile']);
  route(endpoints.profile.get, { policy: 'authenticated', summary: 'The signed-in person' }, async (request) => {
    // The person's row was read with the session: no second read of the same person.
    const user = request.actorUser;
    if (!user) throw AppError.unauthenticated();
    return { data: await presentSessionUser(app.ctx.database.db, user) };
  });

  route(
    endpoints.profile.changePassword,
    {
      policy: 'authenticated',
      summary: 'Changes the password; the other sessions of the person end',
    },
    async (request) => {
      await changeOwnPassword(app.ctx, requireActor(request), request.body, auditActorOf(request));
      return { data: message('passwordChanged') };
    },
  );

  route(
    endpoints.profile.sendResetLink,
    { policy: 'authenticated', summary: "Sends a reset link to the person's own e-mail" },
    async (request) => {
      await sendOwnResetLink(app.ctx, requireActor(request), request.body.email, auditActorOf(request));
      return { data: message('resetLinkSentToMailbox') };
    },
  );

  route(
    endpoints.profile.setAvatar,
    {
      policy: 'authenticated',
      summary: 'Sets the avatar to an image the person uploaded',
    },
    async (request) => {
      const { imageId } = request.params;
      if (request.body?.imageId && request.body.imageId !== imageId) {
        throw AppError.badRequest('imageIdMismatch', 'imageId');
      }
      return { data: await setAvatar(app.ctx, requireActor(request), imageId, auditActorOf(request)) };
    },
  );

  route(
    endpoints.profile.removeAvatar,
    { policy: 'authenticated', summary: 'Removes the avatar' },
    async (request) => ({ data: await removeAvatar(app.ctx, requireActor(request), auditActorOf(request)) }),
  );

  route(
    endpoints.profile.setLanguage,
    {
      policy: 'authenticated',
      summary: "Stores the language of the web's switch; the person's e-mails are sent in it",
    },
    async (request) => ({
      data: await setLanguage(app.ctx, requireActor(request), request.body.language, auditActorOf(request)),
    }),
  );

  // The spec's client writes "Profile" here; both spellings work (the row's alias).
  route(
    endpoints.profile.setEmailNotifications,
    {
      policy: 'profile.email-notifications',
      summary: 'Toggles the e-mails about new Actions (or sets them to emailNotificationState)',
    },
    async (request) => {
      const actor = requireActor(request);
      const state = request.body?.emailNotificationState;
      return { data: await setEmailNotifications(app.ctx, actor, state, auditActorOf(request)) };
    },
  );
};
