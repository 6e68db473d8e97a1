import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, message } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import { serviceContextOf } from '../../core/service-context.js';
import { changeReviewInterval, changeReviewReminder } from '../settings/review-settings.service.js';
import { listOverdueReviews } from './periodic-review.repository.js';
import { REVIEW_REMINDER_TASK, sendReviewReminders } from './periodic-review.reminders.js';
import { dayOf } from './periodic-review.schedule.js';
import { readPeriodicReview, reviewedNoChange } from './periodic-review.service.js';

const DAY_MS = 24 * 60 * 60_000;
const rows = endpoints.periodicReview;
const manage = { policy: 'organizationSettings.manage', organization: organizationFrom.params() } as const;

/** Periodic review of released documents (issue 24; docs/decisions/0031-periodic-review.md). */
export const periodicReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app, ['documents']);
  app.ctx.jobs.every(REVIEW_REMINDER_TASK, DAY_MS, (ctx) => sendReviewReminders(ctx).then(() => undefined));

  route(
    rows.setInterval,
    {
      ...manage,
      summary:
        "Set a document type's review interval in months, or none (null); its released documents get their next review date again (Permission.ManageOrganizationSettings)",
    },
    async (request) => {
      const { id } = request.params;
      const data = await changeReviewInterval(serviceContextOf(request), id, request.body.reviewIntervalMonths);
      return { data, ...message('reviewIntervalSaved') };
    },
  );

  route(
    rows.setReminder,
    {
      ...manage,
      summary:
        'Set how many days before a periodic review its reminder action is made (Permission.ManageOrganizationSettings)',
    },
    async (request) => {
      const data = await changeReviewReminder(serviceContextOf(request), request.body.reviewReminderDays);
      return { data, ...message('reviewReminderSaved') };
    },
  );

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
      data: await listOverdueReviews(app.ctx.database.db, organizationAccessOf(request), dayOf(new Date())),
    }),
  );
};
