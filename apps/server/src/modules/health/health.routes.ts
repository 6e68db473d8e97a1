import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app, ['platform']);
  route(
    endpoints.health.get,
    { policy: 'public', summary: 'Ready when the server and its database answer' },
    async () => {
      await app.ctx.database.raw.query('SELECT 1');
      return { data: { status: 'ok' as const } };
    },
  );
};
