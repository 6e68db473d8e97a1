import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOOKUP_LIMIT, message, endpoints } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
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
import { countProgressPeople, listAttempts, listProgressPeople } from './training-attempts.repository.js';
import { listQuestions } from './training-questions.repository.js';
import { createTraining, deleteTrainings, updateTraining } from './training-records.service.js';
import { passTraining } from './training-attempts.service.js';

const tags = ['training-records'];
/** The bulk delete's ids and organization, from the query or a JSON body. */
const bulkInput = queryOrBody();
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
  const route = contractRoutes(app, tags);
  const db = () => app.ctx.database.db;

  route(
    endpoints.trainingRecords.list,
    {
      ...inQuery,
      summary:
        'The trainings the person may see; status All, Assigned, AssignedPending, AssignedPassed (their own); sort keys number (default, descending), name, status, dueDate, assigner, creator, creationDate; search on number, name and description',
    },
    async (request) => {
      const access = organizationAccessOf(request);
      const { organizationId: _organizationId, status, ...query } = request.query;
      const { rows, ...pagination } = await listTrainings(db(), { access, status }, query);
      return { data: rows.map(presentTrainingRow(access)), pagination };
    },
  );

  route(
    endpoints.trainingRecords.options,
    {
      ...inQuery,
      summary: `The 'Link Training' picker: visible trainings matching number or name (at most ${LOOKUP_LIMIT}), newest first; unused ones unless includeUsed=true`,
    },
    async (request) => ({
      data: await listTrainingOptions(db(), organizationAccessOf(request), request.query, LOOKUP_LIMIT),
    }),
  );

  route(
    endpoints.trainingRecords.detail,
    {
      ...inQuery,
      summary:
        'One training with its current quiz; isCorrect only for people who may edit it; canBeEdited, canBePassed, canBeDeleted',
    },
    async (request) => ({
      data: await presentedTraining(db(), organizationAccessOf(request), request.params.recordId),
    }),
  );

  route(
    endpoints.trainingRecords.completionProgress,
    {
      ...inQuery,
      summary:
        'A page of who passed the current round and one of who is pending, each with their attempts (number, result, time, quiz version, revision), and how many there are of each',
    },
    async (request) => {
      const access = organizationAccessOf(request);
      const row = await findVisibleTrainingState(db(), access, request.params.recordId);
      if (!row) throw AppError.notFound();
      const training = { organizationId: access.organization.id, id: row.id, cycle: row.cycle };
      const { limit, passedOffset, pendingOffset } = request.query;
      const people = [
        ...(await listProgressPeople(db(), training, { passed: true, limit, offset: passedOffset })),
        ...(await listProgressPeople(db(), training, { passed: false, limit, offset: pendingOffset })),
      ];
      const counts = await countProgressPeople(db(), training);
      const userIds = people.map((person) => person.user.id);
      const attempts = userIds.length ? await listAttempts(db(), training.organizationId, row.id, userIds) : [];
      return { data: presentProgress(access, row, people, attempts, counts) };
    },
  );

  recordFileRoutes(app, {
    link: endpoints.trainingRecords.file,
    content: endpoints.trainingRecords.fileContent,
    tags,
    policy: 'trainingRecord.view',
    summaries: {
      link: "Where to fetch a file of a training the person may see, and the file's name",
      content: 'The bytes of a file of a training the person may see, as an attachment',
    },
    find: (db, access, { recordId, fileId }) => findVisibleTrainingFile(db, access, recordId, fileId),
  });

  route(
    endpoints.trainingRecords.create,
    {
      policy: 'trainingRecord.add',
      organization: organizationFrom.body(),
      summary:
        'Create a training: its quiz as version 1, its people and groups assigned (a training action each); documentModel links it to a document revision, whose controlled file it carries for the trainees',
    },
    async (request, reply) => {
      const id = await createTraining(serviceContextOf(request), request.body);
      const data = await presentedTraining(db(), organizationAccessOf(request), id);
      const said = message(request.body.documentModel ? 'trainingLinkedToDocument' : 'trainingCreated');
      return reply.status(201).send({ data, ...said });
    },
  );

  route(
    endpoints.trainingRecords.update,
    {
      policy: 'trainingRecord.edit',
      organization: organizationFrom.body(),
      summary:
        'Save a training: people and groups (oldAssigneeUserGroupNames kept, newAssigneeUserGroupIds added), a changed quiz as a new version',
    },
    async (request) => {
      const { recordId } = request.params;
      await updateTraining(serviceContextOf(request), recordId, request.body);
      const data = await presentedTraining(db(), organizationAccessOf(request), recordId);
      return { data, ...message('trainingUpdated') };
    },
  );

  route(
    endpoints.trainingRecords.pass,
    {
      policy: 'trainingRecord.pass',
      organization: organizationFrom.body(),
      summary:
        'An attempt to pass: every question answered, both acknowledgements; kept whatever its result, which says passed or not, never which answer was wrong',
    },
    async (request) => {
      const { recordId } = request.params;
      const passed = await passTraining(serviceContextOf(request), recordId, request.body);
      const data = await presentedTraining(db(), organizationAccessOf(request), recordId);
      return { data, passed, ...message(passed ? 'trainingPassed' : 'trainingFailed') };
    },
  );

  route(
    endpoints.trainingRecords.remove,
    {
      policy: 'trainingRecord.delete',
      organization: bulkInput.organization,
      preValidation: bulkInput.preValidation,
      summary:
        'Delete the chosen trainings, all or nothing; their audit events keep every attempt; ids and organizationId in the query or a JSON body',
    },
    async (request) => {
      const { ids } = request.query;
      await deleteTrainings(serviceContextOf(request), ids);
      return { data: { ids }, ...message('trainingDeleted') };
    },
  );
};
