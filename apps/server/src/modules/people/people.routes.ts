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
  listEnvelope,
  messages,
} from '@qualis/contract';
import { auditActorOf, requireActor } from '../../core/auth.js';
import { AppError } from '../../core/errors.js';
import { exportFileName, pickColumns, sendCsvExport } from '../../core/exports.js';
import { ADMINS, USERS, policyOf, type PersonKind } from './people.kinds.js';
import './people.policy.js';
import { PEOPLE_CSV_COLUMNS } from './people.presenter.js';
import { listPeople, listPersonOptions, personExportRows } from './people.repository.js';
import { addPeople, createPerson, deletePerson, loadManagedOrganizations, setPersonStatus } from './people.service.js';

const ZPersonParams = z.object({ id: ZUuid });

/** Admins and Users of an organization (spec 02 sections 2-5, 7): the same routes for both kinds. */
export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  registerPersonRoutes(app, ADMINS);
  registerPersonRoutes(app, USERS);
};

function registerPersonRoutes(app: FastifyInstance, kind: PersonKind) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { policy: policyOf(kind) };
  const tags = ['people'];
  const db = () => app.ctx.database.db;

  api.get(
    kind.path,
    {
      config,
      schema: {
        tags,
        summary: `The ${kind.label} of an organization (search, sort, paging)`,
        querystring: ZPeopleListQuery,
        response: { 200: listEnvelope(ZPerson) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { organizationId } = request.query;
      await loadManagedOrganizations(db(), actor, kind, [organizationId]);
      const { rows, totalCount } = await listPeople(db(), actor, { organizationId, role: kind.role }, request.query);
      return { data: rows, pagination: { totalCount } };
    },
  );

  api.get(
    `${kind.path}/all`,
    {
      config,
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
      await loadManagedOrganizations(db(), actor, kind, [organizationId]);
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
      config,
      schema: {
        tags,
        summary: `Create a ${kind.role} (no password yet) with an inactive membership`,
        body: ZCreatePersonRequest,
        response: { 201: dataEnvelope(ZPerson).extend({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      await loadManagedOrganizations(db(), actor, kind, [request.body.organizationId]);
      const data = await createPerson(app.ctx, actor, auditActorOf(request), kind, request.body);
      return reply.status(201).send({ data, message: kind.created });
    },
  );

  api.post(
    `${kind.path}/add`,
    {
      config,
      schema: {
        tags,
        summary: `Add existing ${kind.label} of other organizations, inactive`,
        body: ZAddPeopleRequest,
        response: { 200: dataEnvelope(z.object({ ids: z.array(z.uuid()) })).extend({ message: z.string() }) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await loadManagedOrganizations(db(), actor, kind, [request.body.organizationId]);
      const ids = await addPeople(app.ctx, actor, auditActorOf(request), kind, request.body);
      return { data: { ids }, message: kind.added };
    },
  );

  api.route({
    method: ['PATCH', 'PUT'],
    url: `${kind.path}/:id/status`,
    config,
    schema: {
      tags,
      summary: `Set (or toggle) a ${kind.role}'s status in the chosen organizations`,
      params: ZPersonParams,
      body: ZSetPersonStatusRequest,
      response: { 200: dataEnvelope(ZPerson) },
    },
    handler: async (request) => {
      const actor = requireActor(request);
      const organizations = await loadManagedOrganizations(db(), actor, kind, request.body.ids);
      const data = await setPersonStatus(app.ctx, actor, auditActorOf(request), kind, {
        userId: request.params.id,
        organizations,
        status: request.body.status,
      });
      return { data };
    },
  });

  api.delete(
    `${kind.path}/:id`,
    {
      config,
      schema: {
        tags,
        summary: `Remove an inactive, unconfirmed ${kind.role} from the chosen organizations`,
        params: ZPersonParams,
        querystring: ZDeletePersonQuery,
        response: { 200: dataEnvelope(z.object({ id: z.uuid() })).extend({ message: z.string() }) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const requested = [...(request.query.ids ?? []), ...(request.query.organizationIds ?? [])];
      if (requested.length === 0) throw AppError.badRequest(messages.chooseOrganizations, 'organizationIds');
      const organizations = await loadManagedOrganizations(db(), actor, kind, requested);
      await deletePerson(app.ctx, auditActorOf(request), kind, {
        userId: request.params.id,
        organizationIds: organizations.map((o) => o.id),
      });
      return { data: { id: request.params.id }, message: kind.deleted };
    },
  );

  api.get(
    kind.exportPath,
    {
      config,
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
      await loadManagedOrganizations(db(), actor, kind, [organizationId]);
      const checked = selectedIds ?? ids;
      const rows = personExportRows(db(), actor, { organizationId, role: kind.role, ids: checked }, listQuery);
      const columns = pickColumns(PEOPLE_CSV_COLUMNS, listQuery.columns);
      return sendCsvExport(reply, exportFileName(kind.label, actor.email), columns, rows);
    },
  );
}
