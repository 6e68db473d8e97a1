import { dayOf, now as currentTime } from '../../core/clock.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import { serviceContextOf } from '../../core/service-context.js';
import { listOverdueReviews } from './periodic-review.repository.js';
import { REVIEW_REMINDER_TASK, sendReviewReminders } from './periodic-review.reminders.js';
import { readPeriodicReview, reviewedNoChange } from './periodic-review.service.js';

const DAY_MS = 24 * 60 * 60_000;
const rows = endpoints.periodicReview;

/** Periodic review of released documents (issue 24; docs/decisions/0033-periodic-review.md). */
export const periodicReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app, ['documents']);
  app.ctx.jobs.every(REVIEW_REMINDER_TASK, DAY_MS, (ctx) => sendReviewReminders(ctx).then(() => undefined));

  route(
    rows.read,
    {
      policy: 'document.view',
      organization: organizationFrom.query(),
      summary:
        "The document's periodic review: its interval, next review date, whether it is overdue, and the reviews so far",
    },
    async (request) => ({ data: await readPeriodicReview(serviceContextOf(request), request.params.documentId) }),
  );

  route(
    rows.reviewedNoChange,
    {
      policy: 'document.periodicReview',
      organization: organizationFrom.body(),
      summary:
        "'Reviewed, no change': the responsible person of the released revision signs its periodic review with a reason and their access code (and password where the organization asks); the next review date moves on",
    },
    async (request) => reviewedNoChange(serviceContextOf(request), request.params.documentId, request.body),
  );

  route(
    rows.overdue,
    {
      policy: 'organization.read',
      organization: organizationFrom.query(),
      summary:
        "Overdue periodic reviews: an Admin's of every document they see, anyone else's of the documents they are responsible for",
    },
    async (request) => ({
      data: await listOverdueReviews(app.ctx.database.db, organizationAccessOf(request), dayOf(currentTime())),
    }),
  );
};
