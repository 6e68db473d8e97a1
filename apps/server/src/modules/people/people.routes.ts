import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAddPeopleRequest,
  ZCreatePersonRequest,
  ZDeletePersonQuery,
  ZExportPeopleQuery,
  ZPeopleListQuery,
  ZPerson,
  ZPersonOption,
  ZPersonOptionsQuery,
  ZSetPersonStatusRequest,
  ZUuid,
  dataEnvelope,
  messageFields,
  message,
  listEnvelope,
} from '@qualis/contract';
import { requireActor } from '../../core/auth.js';
import { exportFileName, pickColumns, sendCsvExport } from '../../core/exports.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import { serviceContextOf } from '../../core/service-context.js';
import { ADMINS, USERS, policyOf, type PersonKind } from './people.kinds.js';
import { PEOPLE_CSV_COLUMNS, presentPerson } from './people.presenter.js';
import { listPeople, listPersonOptions, personExportRows } from './people.repository.js';
import { addPeople, createPerson, deletePerson, setPersonStatus } from './people.service.js';

const ZPersonParams = z.object({ id: ZUuid });

/** `DELETE ...?ids=` (Admins) and `?organizationIds=` (Users): the organizations to remove the person from. */
const deleteOrganizations = organizationFrom.custom({
  field: 'organizationIds',
  missingMessage: 'chooseOrganizations',
  read: (request) => {
    const query = request.query as Record<string, unknown>;
    return [query.ids ?? [], query.organizationIds ?? []].flat();
  },
});

/** Admins and Users of an organization (spec 02 sections 2-5, 7): the same routes for both kinds. */
export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  registerPersonRoutes(app, ADMINS);
  registerPersonRoutes(app, USERS);
};

function registerPersonRoutes(app: FastifyInstance, kind: PersonKind) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const policy = policyOf(kind);
  const inQuery = { policy, organization: organizationFrom.query() };
  const inBody = { policy, organization: organizationFrom.body() };
  const tags = ['people'];
  const db = () => app.ctx.database.db;

  api.get(
    kind.path,
    {
      config: inQuery,
      schema: {
        tags,
        summary: `The ${kind.label} of an organization (search, sort, paging)`,
        querystring: ZPeopleListQuery,
        response: { 200: listEnvelope(ZPerson) },
      },
    },
    async (request) => {
      const access = organizationAccessOf(request);
      const { organizationId } = request.query;
      const scope = { actor: access.actor, organizationId, role: kind.role };
      const { rows, totalCount } = await listPeople(db(), scope, request.query);
      return { data: rows.map(presentPerson(access, kind)), pagination: { totalCount } };
    },
  );

  api.get(
    `${kind.path}/all`,
    {
      config: inQuery,
      schema: {
        tags,
        summary: `"Add Existing" options: ${kind.label} of other organizations not yet in this one (at most 20)`,
        querystring: ZPersonOptionsQuery,
        response: { 200: dataEnvelope(z.array(ZPersonOption)) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { organizationId, organizationIds, search } = request.query;
      const data = await listPersonOptions(
        db(),
        actor,
        { organizationId, role: kind.role },
        { organizationIds, search },
      );
      return { data };
    },
  );

  api.post(
    kind.path,
    {
      config: inBody,
      schema: {
        tags,
        summary: `Create a ${kind.role} (no password yet) with an inactive membership`,
        body: ZCreatePersonRequest,
        response: { 201: dataEnvelope(ZPerson).extend(messageFields) },
      },
    },
    async (request, reply) => {
      const data = await createPerson(serviceContextOf(request), kind, request.body);
      return reply.status(201).send({ data, ...message(kind.created) });
    },
  );

  api.post(
    `${kind.path}/add`,
    {
      config: inBody,
      schema: {
        tags,
        summary: `Add existing ${kind.label} of other organizations, inactive`,
        body: ZAddPeopleRequest,
        response: { 200: dataEnvelope(z.object({ ids: z.array(z.uuid()) })).extend(messageFields) },
      },
    },
    async (request) => {
      const ids = await addPeople(serviceContextOf(request), kind, request.body);
      return { data: { ids }, ...message(kind.added) };
    },
  );

  api.route({
    method: ['PATCH', 'PUT'],
    url: `${kind.path}/:id/status`,
    config: { policy, organization: { ...organizationFrom.body('ids'), missingMessage: 'chooseOrganizations' } },
    schema: {
      tags,
      summary: `Set (or toggle) a ${kind.role}'s status in the chosen organizations`,
      params: ZPersonParams,
      body: ZSetPersonStatusRequest,
      response: { 200: dataEnvelope(ZPerson) },
    },
    handler: async (request) => {
      const data = await setPersonStatus(serviceContextOf(request), kind, {
        userId: request.params.id,
        accesses: request.organizationAccesses,
        status: request.body.status,
      });
      return { data };
    },
  });

  api.delete(
    `${kind.path}/:id`,
    {
      config: { policy, organization: deleteOrganizations },
      schema: {
        tags,
        summary: `Remove an inactive, unconfirmed ${kind.role} from the chosen organizations`,
        params: ZPersonParams,
        querystring: ZDeletePersonQuery,
        response: { 200: dataEnvelope(z.object({ id: z.uuid() })).extend(messageFields) },
      },
    },
    async (request) => {
      await deletePerson(serviceContextOf(request), kind, {
        userId: request.params.id,
        accesses: request.organizationAccesses,
      });
      return { data: { id: request.params.id }, ...message(kind.deleted) };
    },
  );

  api.get(
    kind.exportPath,
    {
      config: inQuery,
      schema: {
        tags,
        summary: `CSV of the ${kind.label}: visible columns in order, checked rows, search and sort`,
        querystring: ZExportPeopleQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { organizationId, selectedIds, ids, ...listQuery } = request.query;
      const checked = selectedIds ?? ids;
      const rows = personExportRows(db(), { actor, organizationId, role: kind.role, ids: checked }, listQuery);
      const columns = pickColumns(PEOPLE_CSV_COLUMNS, listQuery.columns);
      return sendCsvExport(reply, exportFileName(kind.label, actor.email), columns, rows);
    },
  );
}
