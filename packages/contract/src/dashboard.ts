import { z } from 'zod';
import { ZUuid } from './fields.js';
import { ZActionTextKey, ZActionTextParams } from './action-texts.js';
import { ZTrainingEffect } from './document-lifecycle.js';

/** How many entries each dashboard card lists; 'View all' opens the whole list. */
export const DASHBOARD_CARD_LIMIT = 10;

export const ZDashboardQuery = z.object({ organizationId: ZUuid });

/** The numbers on the dashboard's cards (spec 03 section 3, "Dashboard"). */
export const ZDashboardCounters = z.object({
  actionsToDo: z.number().int(),
  trainingToPass: z.number().int(),
  documentsToReview: z.number().int(),
  documentsToApprove: z.number().int(),
});
export type DashboardCounters = z.infer<typeof ZDashboardCounters>;

export const ZDashboardAction = z.object({
  id: z.uuid(),
  name: z.string(),
  nameKey: ZActionTextKey.nullable(),
  nameParams: ZActionTextParams.nullable(),
  dueDate: z.string(),
});
export const ZDashboardTraining = z.object({
  id: z.uuid(),
  name: z.string(),
  number: z.number().int(),
  dueDate: z.string(),
});
export const ZDashboardDocument = z.object({
  id: z.uuid(),
  type: z.string(),
  typeDescription: z.string().nullable(),
  name: z.string(),
  revision: z.number().int(),
  isFinal: z.boolean(),
  dueDate: z.string(),
});

/**
 * A released revision waiting for its training before it takes effect (issue 24): 'effective when
 * training completes: 7 of 9 passed', and the day it takes effect at the latest (its days after
 * release run out, or its effective date when that is later).
 */
export const ZRevisionAwaitingTraining = z.object({
  id: z.uuid(),
  number: z.number().int(),
  typeDescription: z.string().nullable(),
  name: z.string(),
  revision: z.number().int(),
  trainingEffect: ZTrainingEffect,
  effectiveBy: z.string().describe('YYYY-MM-DD'),
});
export type RevisionAwaitingTraining = z.infer<typeof ZRevisionAwaitingTraining>;
