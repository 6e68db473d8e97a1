import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAvatarRequest,
  ZChangePasswordRequest,
  ZEmailNotificationsRequest,
  ZEmailRequest,
  ZErrorEnvelope,
  ZLanguageRequest,
  ZMessageResponse,
  ZSessionUser,
  ZUuid,
  dataEnvelope,
  message,
} from '@qualis/contract';
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

const ZSessionUserResponse = dataEnvelope(ZSessionUser);

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/me/profile',
    {
      config: { policy: 'authenticated' },
      schema: { tags: ['profile'], summary: 'The signed-in person', response: { 200: ZSessionUserResponse } },
    },
    async (request) => {
      // The person's row was read with the session: no second read of the same person.
      const user = request.actorUser;
      if (!user) throw AppError.unauthenticated();
      return { data: await presentSessionUser(app.ctx.database.db, user) };
    },
  );

  app.put(
    '/users/me/password',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags: ['profile'],
        summary: 'Changes the password; the other sessions of the person end',
        body: ZChangePasswordRequest,
        response: { 200: ZMessageResponse, 400: ZErrorEnvelope },
      },
    },
    async (request) => {
      await changeOwnPassword(app.ctx, requireActor(request), request.body, auditActorOf(request));
      return { data: message('passwordChanged') };
    },
  );

  app.post(
    '/users/me/password',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags: ['profile'],
        summary: "Sends a reset link to the person's own e-mail",
        body: ZEmailRequest,
        response: { 200: ZMessageResponse, 400: ZErrorEnvelope },
      },
    },
    async (request) => {
      await sendOwnResetLink(app.ctx, requireActor(request), request.body.email, auditActorOf(request));
      return { data: message('resetLinkSentToMailbox') };
    },
  );

  app.patch(
    '/users/me/profile/avatar/:imageId',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags: ['profile'],
        summary: 'Sets the avatar to an image the person uploaded',
        params: z.object({ imageId: ZUuid }),
        body: ZAvatarRequest,
        response: { 200: ZSessionUserResponse, 400: ZErrorEnvelope, 404: ZErrorEnvelope },
      },
    },
    async (request) => {
      const { imageId } = request.params;
      if (request.body?.imageId && request.body.imageId !== imageId) {
        throw AppError.badRequest('imageIdMismatch', 'imageId');
      }
      return { data: await setAvatar(app.ctx, requireActor(request), imageId, auditActorOf(request)) };
    },
  );

  app.delete(
    '/users/me/profile/avatar',
    {
      config: { policy: 'authenticated' },
      schema: { tags: ['profile'], summary: 'Removes the avatar', response: { 200: ZSessionUserResponse } },
    },
    async (request) => ({ data: await removeAvatar(app.ctx, requireActor(request), auditActorOf(request)) }),
  );

  app.patch(
    '/users/me/profile/language',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags: ['profile'],
        summary: "Stores the language of the web's switch; the person's e-mails are sent in it",
        body: ZLanguageRequest,
        response: { 200: ZSessionUserResponse, 400: ZErrorEnvelope },
      },
    },
    async (request) => ({
      data: await setLanguage(app.ctx, requireActor(request), request.body.language, auditActorOf(request)),
    }),
  );

  // The spec's client writes "Profile" here; both spellings work (and need their own operationIds).
  for (const [url, operationId] of [
    ['/users/me/Profile/email-notifications', 'patchUsersMeProfileEmailNotifications'],
    ['/users/me/profile/email-notifications', 'patchUsersMeProfileEmailNotificationsLowerCase'],
  ] as const) {
    app.patch(
      url,
      {
        config: { policy: 'profile.email-notifications' },
        schema: {
          operationId,
          tags: ['profile'],
          summary: 'Toggles the e-mails about new Actions (or sets them to emailNotificationState)',
          body: ZEmailNotificationsRequest,
          response: { 200: ZSessionUserResponse, 403: ZErrorEnvelope },
        },
      },
      async (request) => {
        const actor = requireActor(request);
        const state = request.body?.emailNotificationState;
        return { data: await setEmailNotifications(app.ctx, actor, state, auditActorOf(request)) };
      },
    );
  }
};
