import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOOKUP_LIMIT, message, endpoints } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
import type { OrganizationAccess } from '../../core/access.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../core/errors.js';
import { recordExportRoutes } from '../exports/record-export-routes.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import { queryOrBody } from '../../core/query-or-body.js';
import { serviceContextOf } from '../../core/service-context.js';
import { actionRecords, actionsCsv } from './action-records.js';
import { presentAction } from './actions.presenter.js';
import { findVisibleAction, listActionOptions, listActions, listMemberOptions } from './actions.repository.js';
import { createAction, deleteActions, openAction, updateAction } from './actions.service.js';

const tags = ['actions'];
/** The bulk delete's ids and organization, from the query or a JSON body. */
const bulkInput = queryOrBody();

/** The action as its detail shows it; 404 when the person may not see it. */
async function presentedAction(db: DbOrTx, access: OrganizationAccess, id: string) {
  const row = await findVisibleAction(db, access, id);
  if (!row) throw AppError.notFound();
  return presentAction(access)(row);
}

/** Actions (tasks) of an organization, spec 03 sections 2-5 and 7, and the people lookup of their pickers. */
export const actionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app, tags);
  const db = () => app.ctx.database.db;

  route(
    endpoints.actions.list,
    {
      policy: 'action.view',
      organization: organizationFrom.query(),
      summary:
        'The actions the person may see, filtered by status (repeated), assigneeId and dueDateFrom/dueDateTo; sort keys number (default, descending), name, status, dueDate, assignee, assigner, creator, creationDate; search on number, name and description',
    },
    async (request) => {
      const access = organizationAccessOf(request);
      const { organizationId: _organizationId, status, assigneeId, dueDateFrom, dueDateTo, ...query } = request.query;
      const filters = { status, assigneeId, dueDateFrom, dueDateTo };
      const { rows, ...pagination } = await listActions(db(), { access, filters }, query);
      return { data: rows.map(presentAction(access)), pagination };
    },
  );

  route(
    endpoints.actions.detail,
    {
      policy: 'action.view',
      organization: organizationFrom.query(),
      summary:
        "One action with its canBeEdited, canChangeStatus and canBeDeleted flags; the caller's notifications about it become read",
    },
    async (request) => {
      const access = organizationAccessOf(request);
      const row = await openAction(serviceContextOf(request, access), request.params.taskId);
      return { data: presentAction(access)(row) };
    },
  );

  route(
    endpoints.actions.create,
    {
      policy: 'action.add',
      organization: organizationFrom.body(),
      summary: 'Create a manual action (To do), numbered by the organization',
    },
    async (request, reply) => {
      const id = await createAction(serviceContextOf(request), request.body);
      const data = await presentedAction(db(), organizationAccessOf(request), id);
      return reply.status(201).send({ data, ...message('actionCreated') });
    },
  );

  route(
    endpoints.actions.update,
    {
      policy: 'action.changeStatus',
      organization: organizationFrom.body(),
      summary:
        'Save an action: every field needs the edit permission on it; the status alone its assignee may always change',
    },
    async (request) => {
      const { taskId } = request.params;
      await updateAction(serviceContextOf(request), taskId, request.body);
      const data = await presentedAction(db(), organizationAccessOf(request), taskId);
      return { data, ...message('actionUpdated') };
    },
  );

  route(
    endpoints.actions.remove,
    {
      policy: 'action.delete',
      organization: bulkInput.organization,
      preValidation: bulkInput.preValidation,
      summary: 'Delete the chosen actions, all or nothing; ids and organizationId in the query or a JSON body',
    },
    async (request) => {
      const { ids } = request.query;
      await deleteActions(serviceContextOf(request), ids);
      return { data: { ids }, ...message('actionDeleted') };
    },
  );

  recordExportRoutes(app, actionRecords, {
    tags,
    csv: {
      endpoint: endpoints.actions.exportCsv,
      summary: 'CSV of the actions list: visible columns, checked rows, search and sort',
      rows: actionsCsv,
    },
    singlePdf: {
      endpoint: endpoints.actions.exportSinglePdf,
      summary: 'One PDF with every chosen action: its fields and audit history',
    },
    pdfArchive: {
      endpoint: endpoints.actions.exportPdfArchive,
      summary: 'A ZIP with one PDF per chosen action, named by number and name',
    },
  });

  route(
    endpoints.actions.options,
    {
      policy: 'action.view',
      organization: organizationFrom.query(),
      summary: `The link-to-record picker's actions: those the person may see matching number or name (at most ${LOOKUP_LIMIT}), newest first`,
    },
    async (request) => ({
      data: await listActionOptions(db(), organizationAccessOf(request), request.query.search, LOOKUP_LIMIT),
    }),
  );

  route(
    endpoints.actions.memberOptions,
    {
      policy: 'organizationMembers.lookup',
      organization: organizationFrom.params(),
      summary: `Active members of the organization for the assigner and assignee pickers (at most ${LOOKUP_LIMIT}), by name`,
    },
    async (request) => ({
      data: await listMemberOptions(db(), request.params.organizationId, request.query.search, LOOKUP_LIMIT),
    }),
  );
};
