import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorEnvelope, ZRefreshRequest, ZRefreshResponse, ZSignInRequest, ZSignInResponse } from '@qualis/contract';
import { auditActorOf, bearerToken } from '../../core/auth.js';
import { signInRateLimit } from '../../core/rate-limits.js';
import { refreshSession, signIn, signOut, type RequestMeta } from './sessions.service.js';

const metaOf = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  audit: auditActorOf(request),
});

export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const SIGN_IN_RATE = signInRateLimit(app.ctx.config.rateLimits);
  app.post(
    '/sessions',
    {
      config: { policy: 'public', rateLimit: SIGN_IN_RATE },
      schema: {
        tags: ['sessions'],
        summary: 'Sign in with e-mail and password',
        security: [],
        body: ZSignInRequest,
        response: { 201: ZSignInResponse, 401: ZErrorEnvelope, 429: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      const data = await signIn(app.ctx, request.body, metaOf(request));
      return reply.status(201).send({ data });
    },
  );

  app.put(
    '/sessions',
    {
      config: { policy: 'public', rateLimit: SIGN_IN_RATE },
      schema: {
        tags: ['sessions'],
        summary: 'Exchange a refresh token for new tokens (the refresh token rotates)',
        security: [],
        body: ZRefreshRequest,
        response: { 200: ZRefreshResponse, 401: ZErrorEnvelope },
      },
    },
    async (request) => ({ data: await refreshSession(app.ctx, request.body.refreshToken, metaOf(request)) }),
  );

  app.delete(
    '/sessions',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['sessions'],
        summary: 'Sign out: revokes the session of the refresh token, or of the bearer token',
        security: [],
        body: ZRefreshRequest.partial().nullish(),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await signOut(
        app.ctx,
        { refreshToken: request.body?.refreshToken, accessToken: bearerToken(request) },
        metaOf(request),
      );
      return reply.status(204).send(null);
    },
  );
};
