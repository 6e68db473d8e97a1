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
import {
  countActionsToDo,
  countDocumentsToSign,
  countTrainingsToPass,
  listActionsToDo,
  listDocumentsToSign,
  listTrainingsToPass,
} from './dashboard.repository.js';

const tags = ['dashboard'];
/** Every member has a dashboard; each card shows only what its list would show them. */
const config = { policy: 'organization.read', organization: organizationFrom.query() } as const;

/** The dashboard of spec 03 (section 2 "Dashboard", section 7): counters and the cards' first entries. */
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
        trainingToPass: await countTrainingsToPass(db(), organizationAccessOf(request)),
        documentsToReview: await countDocumentsToSign(db(), organizationAccessOf(request), 'reviewer'),
        documentsToApprove: await countDocumentsToSign(db(), organizationAccessOf(request), 'approver'),
      },
    }),
  );

  app.get(
    '/dashboard/actions',
    { config, schema: schema("The person's open actions, the soonest due first", z.array(ZDashboardAction)) },
    async (request) => ({ data: await listActionsToDo(db(), organizationAccessOf(request)) }),
  );

  app.get(
    '/dashboard/trainings',
    {
      config,
      schema: schema(
        'Trainings the person has to pass in their current round, the soonest due first',
        z.array(ZDashboardTraining),
      ),
    },
    async (request) => ({ data: await listTrainingsToPass(db(), organizationAccessOf(request)) }),
  );

  for (const [path, summary, role] of [
    ['/dashboard/documents-to-review', 'Document revisions waiting for the person’s review', 'reviewer'],
    ['/dashboard/documents-to-approve', 'Document revisions waiting for the person’s approval', 'approver'],
  ] as const) {
    app.get(path, { config, schema: schema(summary, z.array(ZDashboardDocument)) }, async (request) => ({
      data: await listDocumentsToSign(db(), organizationAccessOf(request), role),
    }));
  }
};
