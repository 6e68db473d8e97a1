import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['platform'],
        summary: 'Ready when the server and its database answer',
        security: [],
        response: { 200: z.object({ data: z.object({ status: z.literal('ok') }) }) },
      },
    },
    async () => {
      await app.ctx.database.raw.query('SELECT 1');
      return { data: { status: 'ok' as const } };
    },
  );
};
