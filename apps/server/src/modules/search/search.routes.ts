import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import { presentSearchRow } from './search.presenter.js';
import { buildTsQuery, searchArtifacts } from './search.repository.js';
import { readSearchTerms } from './search-terms.js';

/**
 * Global search (spec 03 sections 2 and 7): every member may search; each artifact's own
 * visibility rules decide what they find.
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app, ['search']);
  route(
    endpoints.search.global,
    {
      policy: 'organization.read',
      organization: organizationFrom.params(),
      summary: 'Documents, actions, training records and HR records the person may open, by text or tag, ranked',
    },
    async (request) => {
      const access = organizationAccessOf(request);
      const db = app.ctx.database.db;
      const terms = readSearchTerms(request.query.search);
      const tsQuery = request.query.mode === 'text' ? await buildTsQuery(db, terms) : null;
      const searchable =
        request.query.mode === 'tag'
          ? terms.pattern !== null
          : tsQuery !== null || terms.partialNames || terms.number !== null;
      if (!searchable) return { data: [], pagination: { totalCount: 0, totalCapped: false } };
      const rows = await searchArtifacts(db, access, request.query, terms, tsQuery);
      return {
        data: rows.map((row) => presentSearchRow(access.organization.id, row)),
        pagination: { totalCount: rows[0]?.total ?? 0, totalCapped: rows[0]?.capped ?? false },
      };
    },
  );
};
