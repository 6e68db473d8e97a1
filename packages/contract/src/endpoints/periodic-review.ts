import { z } from 'zod';
import { changedEnvelope, dataEnvelope } from '../envelopes.js';
import { ZDashboardQuery } from '../dashboard.js';
import {
  ZDocumentTypeEntry,
  ZOverdueReview,
  ZPeriodicReview,
  ZPeriodicReviewQuery,
  ZReviewIntervalRequest,
  ZReviewReminder,
  ZReviewReminderRequest,
  ZReviewedNoChangeRequest,
} from '../periodic-review.js';
import { endpoint } from './endpoint.js';

/** The calls of periodic review (docs/api.md, "Periodic review"). */
export const periodicReviewEndpoints = {
  periodicReview: {
    setInterval: endpoint({
      method: 'PUT',
      path: '/organizations/{organizationId}/document-types/{id}/review-interval',
      body: ZReviewIntervalRequest,
      response: changedEnvelope(ZDocumentTypeEntry),
    }),
    setReminder: endpoint({
      method: 'PUT',
      path: '/organizations/{organizationId}/review-reminder',
      body: ZReviewReminderRequest,
      response: changedEnvelope(ZReviewReminder),
    }),
    read: endpoint({
      method: 'GET',
      path: '/documents/{documentId}/periodic-review',
      query: ZPeriodicReviewQuery,
      response: dataEnvelope(ZPeriodicReview),
    }),
    reviewedNoChange: endpoint({
      method: 'POST',
      path: '/documents/{documentId}/periodic-review',
      body: ZReviewedNoChangeRequest,
      response: changedEnvelope(ZPeriodicReview),
      errors: [409],
    }),
    overdue: endpoint({
      method: 'GET',
      path: '/dashboard/overdue-reviews',
      query: ZDashboardQuery,
      response: dataEnvelope(z.array(ZOverdueReview)),
    }),
  },
} as const;
