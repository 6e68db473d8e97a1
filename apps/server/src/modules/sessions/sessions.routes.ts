import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
import { auditActorOf, bearerToken } from '../../core/auth.js';
import { signInRateLimit } from '../../core/rate-limits.js';
import { refreshSession, signIn, signOut, type RequestMeta } from './sessions.service.js';

const metaOf = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  audit: auditActorOf(request),
});

export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app, ['sessions']);
  const SIGN_IN_RATE = signInRateLimit(app.ctx.config.rateLimits);
  route(
    endpoints.sessions.signIn,
    {
      policy: 'public',
      config: { rateLimit: SIGN_IN_RATE },
      summary: 'Sign in with e-mail and password',
    },
    async (request, reply) => {
      const data = await signIn(app.ctx, request.body, metaOf(request));
      return reply.status(201).send({ data });
    },
  );

  route(
    endpoints.sessions.refresh,
    {
      policy: 'public',
      config: { rateLimit: SIGN_IN_RATE },
      summary: 'Exchange a refresh token for new tokens (the refresh token rotates)',
    },
    async (request) => ({ data: await refreshSession(app.ctx, request.body.refreshToken, metaOf(request)) }),
  );

  route(
    endpoints.sessions.signOut,
    {
      policy: 'public',
      summary: 'Sign out: revokes the session of the refresh token, or of the bearer token',
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
