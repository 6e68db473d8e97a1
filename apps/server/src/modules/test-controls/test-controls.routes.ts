import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { now, setClock } from '../../core/clock.js';
import { sendReviewReminders } from '../documents/periodic-review.reminders.js';
import { makeDueRevisionsEffective } from '../documents/revision-effect.js';

/**
 * The browser journeys' control of the running server's clock: registered only when
 * QUALIS_TEST_CONTROLS=1 (the journeys' servers set it, `npm start` never does), outside /api/v1
 * and the OpenAPI document (docs/decisions/0032-effective-revisions.md). Moving the clock runs
 * the effect job and the periodic review reminders at once, as their next runs would.
 */
export const testControlRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/clock',
    {
      schema: {
        hide: true,
        body: z.object({ at: z.iso.datetime().nullable() }),
        response: { 200: z.object({ now: z.string(), madeEffective: z.number().int(), reminders: z.number().int() }) },
      },
    },
    async (request) => {
      setClock(request.body.at === null ? undefined : new Date(request.body.at));
      const madeEffective = await makeDueRevisionsEffective(app.ctx);
      const reminders = await sendReviewReminders(app.ctx);
      return { now: now().toISOString(), madeEffective, reminders };
    },
  );
};
