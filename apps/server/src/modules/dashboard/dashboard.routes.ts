import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import {
  countActionsToDo,
  countDocumentsToSign,
  countTrainingsToPass,
  listActionsToDo,
  listDocumentsToSign,
  listRevisionsAwaitingTraining,
  listTrainingsToPass,
} from './dashboard.repository.js';

const tags = ['dashboard'];
/** Every member has a dashboard; each card shows only what its list would show them. */
const inOrganization = { policy: 'organization.read', organization: organizationFrom.query() } as const;

/** The dashboard of spec 03 (section 2 "Dashboard", section 7): counters and the cards' first entries. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  const route = contractRoutes(app, tags);

  route(
    endpoints.dashboard.counters,
    { ...inOrganization, summary: 'How many actions, trainings and documents wait for the person' },
    async (request) => ({
      data: {
        actionsToDo: await countActionsToDo(db(), organizationAccessOf(request)),
        trainingToPass: await countTrainingsToPass(db(), organizationAccessOf(request)),
        documentsToReview: await countDocumentsToSign(db(), organizationAccessOf(request), 'reviewer'),
        documentsToApprove: await countDocumentsToSign(db(), organizationAccessOf(request), 'approver'),
      },
    }),
  );

  route(
    endpoints.dashboard.actions,
    { ...inOrganization, summary: "The person's open actions, the soonest due first" },
    async (request) => ({ data: await listActionsToDo(db(), organizationAccessOf(request)) }),
  );

  route(
    endpoints.dashboard.trainings,
    { ...inOrganization, summary: 'Trainings the person has to pass in their current round, the soonest due first' },
    async (request) => ({ data: await listTrainingsToPass(db(), organizationAccessOf(request)) }),
  );

  for (const [endpoint, summary, role] of [
    [endpoints.dashboard.documentsToReview, 'Document revisions waiting for the person’s review', 'reviewer'],
    [endpoints.dashboard.documentsToApprove, 'Document revisions waiting for the person’s approval', 'approver'],
  ] as const) {
    route(endpoint, { ...inOrganization, summary }, async (request) => ({
      data: await listDocumentsToSign(db(), organizationAccessOf(request), role),
    }));
  }

  route(
    endpoints.dashboard.awaitingTraining,
    {
      ...inOrganization,
      summary:
        "Released revisions waiting for their training before they take effect: an Admin's of every document they see, anyone else's of those they are responsible for",
    },
    async (request) => ({ data: await listRevisionsAwaitingTraining(db(), organizationAccessOf(request)) }),
  );
};
