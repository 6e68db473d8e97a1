import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSessionUser, dataEnvelope } from '@qualis/contract';
import { AppError } from '../../core/errors.js';
import { requireActor } from '../../core/auth.js';
import { findUserById } from '../users/users.repository.js';
import { presentSessionUser } from '../users/users.presenter.js';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/me/profile',
    {
      config: { policy: 'authenticated' },
      schema: { tags: ['profile'], summary: 'The signed-in person', response: { 200: dataEnvelope(ZSessionUser) } },
    },
    async (request) => {
      const { db } = app.ctx.database;
      const user = await findUserById(db, requireActor(request).userId);
      if (!user) throw AppError.unauthenticated();
      return { data: await presentSessionUser(db, user) };
    },
  );
};
