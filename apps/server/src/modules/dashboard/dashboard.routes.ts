import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZDashboardAction,
  ZDashboardCounters,
  ZDashboardDocument,
  ZDashboardQuery,
  ZDashboardTraining,
  dataEnvelope,
} from '@qualis/contract';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import '../organizations/organizations.policy.js';
import { countActionsToDo, listActionsToDo } from './dashboard.repository.js';

const tags = ['dashboard'];
/** Every member has a dashboard; each card shows only what its list would show them. */
const config = { policy: 'organization.read', organization: organizationFrom.query() } as const;

/**
 * The dashboard of spec 03 (section 2 "Dashboard", section 7): counters and the cards' first
 * entries. Training records and documents do not exist yet (issues 10 and 11): their cards answer
 * empty lists and zero counts until those modules give the dashboard their queries.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  const schema = (summary: string, data: z.ZodType) => ({
    tags,
    summary,
    querystring: ZDashboardQuery,
    response: { 200: dataEnvelope(data) },
  });

  app.get(
    '/dashboard/counters',
    { config, schema: schema('How many actions, trainings and documents wait for the person', ZDashboardCounters) },
    async (request) => ({
      data: {
        actionsToDo: await countActionsToDo(db(), organizationAccessOf(request)),
        trainingToPass: 0,
        documentsToReview: 0,
        documentsToApprove: 0,
      },
    }),
  );

  app.get(
    '/dashboard/actions',
    { config, schema: schema("The person's open actions, the soonest due first", z.array(ZDashboardAction)) },
    async (request) => ({ data: await listActionsToDo(db(), organizationAccessOf(request)) }),
  );

  for (const [path, summary, item] of [
    ['/dashboard/trainings', 'Trainings the person has to pass', ZDashboardTraining],
    ['/dashboard/documents-to-review', 'Document revisions waiting for the person’s review', ZDashboardDocument],
    ['/dashboard/documents-to-approve', 'Document revisions waiting for the person’s approval', ZDashboardDocument],
  ] as const) {
    app.get(path, { config, schema: schema(summary, z.array(item)) }, async () => ({ data: [] }));
  }
};
