import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOOKUP_LIMIT,
  ZCompletionProgress,
  ZCreateTrainingRequest,
  ZDeleteTrainingsQuery,
  ZPassTrainingRequest,
  ZPassTrainingResponse,
  ZTrainingDetailQuery,
  ZTrainingListQuery,
  ZTrainingOption,
  ZTrainingOptionsQuery,
  ZTrainingRecord,
  ZTrainingRecordRow,
  ZUpdateTrainingRequest,
  ZUuid,
  dataEnvelope,
  listEnvelope,
  messageFields,
  message,
} from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import { AppError } from '../../core/errors.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import { queryOrBody } from '../../core/query-or-body.js';
import { serviceContextOf } from '../../core/service-context.js';
import type { DbOrTx } from '../../db/client.js';
import { recordFileRoutes } from '../uploads/record-file-routes.js';
import { presentProgress, presentTraining, presentTrainingRow } from './training-records.presenter.js';
import {
  findVisibleTraining,
  findVisibleTrainingState,
  findVisibleTrainingFile,
  listAssigneeGroups,
  listTrainingFiles,
  listTrainingOptions,
  listTrainings,
} from './training-records.repository.js';
import { listAttempts, listProgressPeople } from './training-attempts.repository.js';
import { listQuestions } from './training-questions.repository.js';
import { createTraining, deleteTrainings, updateTraining } from './training-records.service.js';
import { passTraining } from './training-attempts.service.js';

const tags = ['training-records'];
/** The bulk delete's ids and organization, from the query or a JSON body. */
const bulkInput = queryOrBody();
const ZRecordParams = z.object({ recordId: ZUuid });
const ZFileParams = ZRecordParams.extend({ fileId: ZUuid });
const withMessage = <T extends z.ZodType>(data: T) => dataEnvelope(data).extend(messageFields);
const inQuery = { policy: 'trainingRecord.view', organization: organizationFrom.query() } as const;

async function visibleTraining(db: DbOrTx, access: OrganizationAccess, id: string) {
  const row = await findVisibleTraining(db, access, id);
  if (!row) throw AppError.notFound();
  return row;
}

/** The training as its detail shows it (the current quiz version); 404 when the person may not see it. */
async function presentedTraining(db: DbOrTx, access: OrganizationAccess, id: string) {
  const row = await visibleTraining(db, access, id);
  const organizationId = access.organization.id;
  return presentTraining(access, row, {
    files: await listTrainingFiles(db, organizationId, id),
    groups: await listAssigneeGroups(db, organizationId, id),
    questions: await listQuestions(db, organizationId, id, row.quizVersion),
  });
}

/** Training records of an organization: spec 03 sections 2-5, 7 and 9 (docs/decisions/0020-training-records.md). */
export const trainingRecordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;

  app.get(
    '/training-records',
    {
      config: inQuery,
      schema: {
        tags,
        summary:
          'The trainings the person may see; status All, Assigned, AssignedPending, AssignedPassed (their own); sort keys number (default, descending), name, status, dueDate, assigner, creator, creationDate; search on number, name and description',
        querystring: ZTrainingListQuery,
        response: { 200: listEnvelope(ZTrainingRecordRow) },
      },
    },
    async (request) => {
      const access = organizationAccessOf(request);
      const { organizationId: _organizationId, status, ...query } = request.query;
      const { rows, totalCount } = await listTrainings(db(), { access, status }, query);
      return { data: rows.map(presentTrainingRow(access)), pagination: { totalCount } };
    },
  );

  app.get(
    '/training-records/all',
    {
      config: inQuery,
      schema: {
        tags,
        summary: `The 'Link Training' picker: visible trainings matching number or name (at most ${LOOKUP_LIMIT}), newest first; unused ones unless includeUsed=true`,
        querystring: ZTrainingOptionsQuery,
        response: { 200: dataEnvelope(z.array(ZTrainingOption)) },
      },
    },
    async (request) => ({
      data: await listTrainingOptions(db(), organizationAccessOf(request), request.query, LOOKUP_LIMIT),
    }),
  );

  app.get(
    '/training-records/:recordId',
    {
      config: inQuery,
      schema: {
        tags,
        summary:
          'One training with its current quiz; isCorrect only for people who may edit it; canBeEdited, canBePassed, canBeDeleted',
        params: ZRecordParams,
        querystring: ZTrainingDetailQuery,
        response: { 200: dataEnvelope(ZTrainingRecord) },
      },
    },
    async (request) => ({
      data: await presentedTraining(db(), organizationAccessOf(request), request.params.recordId),
    }),
  );

  app.get(
    '/training-records/:recordId/completion-progress',
    {
      config: inQuery,
      schema: {
        tags,
        summary:
          'Who passed the current round and who is pending, each with their attempts (number, result, time, quiz version, revision)',
        params: ZRecordParams,
        querystring: ZTrainingDetailQuery,
        response: { 200: dataEnvelope(ZCompletionProgress) },
      },
    },
    async (request) => {
      const access = organizationAccessOf(request);
      const row = await findVisibleTrainingState(db(), access, request.params.recordId);
      if (!row) throw AppError.notFound();
      const training = { organizationId: access.organization.id, id: row.id, cycle: row.cycle };
      const [people, attempts] = [
        await listProgressPeople(db(), training),
        await listAttempts(db(), training.organizationId, row.id),
      ];
      return { data: presentProgress(access, row, people, attempts) };
    },
  );

  recordFileRoutes(app, {
    url: '/training-records/:recordId',
    tags,
    policy: 'trainingRecord.view',
    params: ZFileParams,
    querystring: ZTrainingDetailQuery,
    summaries: {
      link: "Where to fetch a file of a training the person may see, and the file's name",
      content: 'The bytes of a file of a training the person may see, as an attachment',
    },
    find: (db, access, { recordId, fileId }) => findVisibleTrainingFile(db, access, recordId, fileId),
  });

  app.post(
    '/training-records',
    {
      config: { policy: 'trainingRecord.add', organization: organizationFrom.body() },
      schema: {
        tags,
        summary:
          'Create a training: its quiz as version 1, its people and groups assigned (a training action each); documentModel links it to a document revision, whose controlled file it carries for the trainees',
        body: ZCreateTrainingRequest,
        response: { 201: withMessage(ZTrainingRecord) },
      },
    },
    async (request, reply) => {
      const id = await createTraining(serviceContextOf(request), request.body);
      const data = await presentedTraining(db(), organizationAccessOf(request), id);
      const said = message(request.body.documentModel ? 'trainingLinkedToDocument' : 'trainingCreated');
      return reply.status(201).send({ data, ...said });
    },
  );

  app.put(
    '/training-records/:recordId',
    {
      config: { policy: 'trainingRecord.edit', organization: organizationFrom.body() },
      schema: {
        tags,
        summary:
          'Save a training: people and groups (oldAssigneeUserGroupNames kept, newAssigneeUserGroupIds added), a changed quiz as a new version',
        params: ZRecordParams,
        body: ZUpdateTrainingRequest,
        response: { 200: withMessage(ZTrainingRecord) },
      },
    },
    async (request) => {
      const { recordId } = request.params;
      await updateTraining(serviceContextOf(request), recordId, request.body);
      const data = await presentedTraining(db(), organizationAccessOf(request), recordId);
      return { data, ...message('trainingUpdated') };
    },
  );

  app.put(
    '/training-records/:recordId/pass',
    {
      config: { policy: 'trainingRecord.pass', organization: organizationFrom.body() },
      schema: {
        tags,
        summary:
          'An attempt to pass: every question answered, both acknowledgements; kept whatever its result, which says passed or not, never which answer was wrong',
        params: ZRecordParams,
        body: ZPassTrainingRequest,
        response: { 200: ZPassTrainingResponse },
      },
    },
    async (request) => {
      const { recordId } = request.params;
      const passed = await passTraining(serviceContextOf(request), recordId, request.body);
      const data = await presentedTraining(db(), organizationAccessOf(request), recordId);
      return { data, passed, ...message(passed ? 'trainingPassed' : 'trainingFailed') };
    },
  );

  app.delete(
    '/training-records',
    {
      config: { policy: 'trainingRecord.delete', organization: bulkInput.organization },
      preValidation: bulkInput.preValidation,
      schema: {
        tags,
        summary:
          'Delete the chosen trainings, all or nothing; their audit events keep every attempt; ids and organizationId in the query or a JSON body',
        querystring: ZDeleteTrainingsQuery,
        response: { 200: withMessage(z.object({ ids: z.array(z.uuid()) })) },
      },
    },
    async (request) => {
      const { ids } = request.query;
      await deleteTrainings(serviceContextOf(request), ids);
      return { data: { ids }, ...message('trainingDeleted') };
    },
  );
};
