import { z } from 'zod';
import type { Endpoint } from '@qualis/contract';
import { contractRoutes, type RoutesApp } from '../../core/contract-route.js';
import type { OrganizationAccess } from '../../core/access.js';
import { requireActor } from '../../core/auth.js';
import { exportFileName, sendCsvExport, type CsvColumn } from '../../core/exports.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import { serviceContextOf } from '../../core/service-context.js';
import type { DbOrTx } from '../../db/client.js';
import {
  sendRecordExport,
  type RecordExportFormat,
  type RecordSelection,
  type RecordSource,
} from './record-exports.js';

/** One export of a list: its path and what the API document says it answers. */
interface ExportRoute<Q extends z.ZodType> {
  /** The contract row; its query is the list's export query (the organization and the selection). */
  endpoint: Endpoint & { query: Q };
  summary: string;
}

export interface RecordExportRoutes<Q extends z.ZodType<RecordSelection & { organizationId: string }>, T> {
  tags: string[];
  /** 'CSV': the columns the person picked and the rows, read with the list's visibility predicate. */
  csv: ExportRoute<Q> & {
    rows(
      db: DbOrTx,
      access: OrganizationAccess,
      selection: Omit<z.output<Q>, 'organizationId'>,
    ): { columns: CsvColumn<T>[]; rows: AsyncIterable<T> };
  };
  /** 'Single PDF': every chosen record in one file. */
  singlePdf: ExportRoute<Q>;
  /** 'PDF archive': a ZIP with one PDF per record. */
  pdfArchive: ExportRoute<Q>;
}

/**
 * Declares a list's exports of spec 03 section 7 from its record source: the CSV, and the
 * 'Single PDF' and 'PDF archive', which up to the stream limit answer the file and over it are made
 * in the background and e-mailed as a link. All three pass the source's policy, the one the job and
 * the file's download check again; the CSV's file name is the source's label.
 */
export function recordExportRoutes<Q extends z.ZodType<RecordSelection & { organizationId: string }>, T>(
  app: RoutesApp,
  source: RecordSource,
  routes: RecordExportRoutes<Q, T>,
) {
  const route = contractRoutes(app, routes.tags);
  const inQuery = { policy: source.policy, organization: organizationFrom.query() };
  // The type provider cannot resolve a generic schema's output; `querystring` has parsed the query.
  const selectionOf = (query: unknown): Omit<z.output<Q>, 'organizationId'> => {
    const { organizationId: _organizationId, ...selection } = query as z.output<Q>;
    return selection;
  };

  route(
    routes.csv.endpoint,
    { ...inQuery, summary: routes.csv.summary, produces: ['text/csv'] },
    async (request, reply) => {
      const access = organizationAccessOf(request);
      const { columns, rows } = routes.csv.rows(app.ctx.database.db, access, selectionOf(request.query));
      return sendCsvExport(reply, exportFileName(source.label, requireActor(request).email), columns, rows);
    },
  );

  for (const [{ endpoint, summary }, format] of [
    [routes.singlePdf, 'pdf'],
    [routes.pdfArchive, 'zip'],
  ] as const satisfies readonly (readonly [ExportRoute<Q>, RecordExportFormat])[]) {
    route(
      endpoint,
      {
        ...inQuery,
        summary: `${summary}; over the stream limit, made in the background and e-mailed as a link`,
        produces: [`application/${format}`],
      },
      async (request, reply) =>
        sendRecordExport(serviceContextOf(request), reply, source, format, selectionOf(request.query)),
    );
  }
}
