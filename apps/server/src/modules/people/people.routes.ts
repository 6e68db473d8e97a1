import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { message, endpoints } from '@qualis/contract';
import { contractRoutes, type RoutesApp } from '../../core/contract-route.js';
import { requireActor } from '../../core/auth.js';
import { exportFileName, pickColumns, sendCsvExport } from '../../core/exports.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import { serviceContextOf } from '../../core/service-context.js';
import { ADMINS, USERS, policyOf, type PersonKind } from './people.kinds.js';
import { PEOPLE_CSV_COLUMNS, presentPerson } from './people.presenter.js';
import { listPeople, listPersonOptions, personExportRows } from './people.repository.js';
import { addPeople, createPerson, deletePerson, setPersonStatus } from './people.service.js';

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

function registerPersonRoutes(app: RoutesApp, kind: PersonKind) {
  const route = contractRoutes(app, ['people']);
  const rows = kind === ADMINS ? endpoints.admins : endpoints.users;
  const policy = policyOf(kind);
  const inQuery = { policy, organization: organizationFrom.query() };
  const inBody = { policy, organization: organizationFrom.body() };
  const db = () => app.ctx.database.db;

  route(
    rows.list,
    { ...inQuery, summary: `The ${kind.label} of an organization (search, sort, paging)` },
    async (request) => {
      const access = organizationAccessOf(request);
      const { organizationId } = request.query;
      const scope = { actor: access.actor, organizationId, role: kind.role };
      const { rows, ...pagination } = await listPeople(db(), scope, request.query);
      return { data: rows.map(presentPerson(access, kind)), pagination };
    },
  );

  route(
    rows.options,
    {
      ...inQuery,
      summary: `"Add Existing" options: ${kind.label} of other organizations not yet in this one (at most 20)`,
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

  route(
    rows.create,
    { ...inBody, summary: `Create a ${kind.role} (no password yet) with an inactive membership` },
    async (request, reply) => {
      const data = await createPerson(serviceContextOf(request), kind, request.body);
      return reply.status(201).send({ data, ...message(kind.created) });
    },
  );

  route(
    rows.add,
    { ...inBody, summary: `Add existing ${kind.label} of other organizations, inactive` },
    async (request) => {
      const ids = await addPeople(serviceContextOf(request), kind, request.body);
      return { data: { ids }, ...message(kind.added) };
    },
  );

  route(
    rows.setStatus,
    {
      policy,
      organization: { ...organizationFrom.body('ids'), missingMessage: 'chooseOrganizations' },
      summary: `Set (or toggle) a ${kind.role}'s status in the chosen organizations`,
    },
    async (request) => {
      const data = await setPersonStatus(serviceContextOf(request), kind, {
        userId: request.params.id,
        accesses: request.organizationAccesses,
        status: request.body.status,
      });
      return { data };
    },
  );

  route(
    rows.remove,
    {
      policy,
      organization: deleteOrganizations,
      summary: `Remove an inactive, unconfirmed ${kind.role} from the chosen organizations`,
    },
    async (request) => {
      await deletePerson(serviceContextOf(request), kind, {
        userId: request.params.id,
        accesses: request.organizationAccesses,
      });
      return { data: { id: request.params.id }, ...message(kind.deleted) };
    },
  );

  route(
    rows.export,
    {
      ...inQuery,
      produces: ['text/csv'],
      summary: `CSV of the ${kind.label}: visible columns in order, checked rows, search and sort`,
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
