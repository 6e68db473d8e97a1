import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZTrainingsExportQuery, dataEnvelope, messageFields } from '@qualis/contract';
import { requireActor } from '../../core/auth.js';
import { exportFileName, pickColumns, sendCsvExport } from '../../core/exports.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import { serviceContextOf } from '../../core/service-context.js';
import { sendRecordExport } from '../exports/record-exports.js';
import { TRAINING_CSV_COLUMNS } from './training-exports.presenter.js';
import { trainingExportScope, trainingRecordSource, trainingRows } from './training-exports.js';

const tags = ['training-records'];
// The record source's policy: the background job and the file's download check the same one again.
const inQuery = { policy: trainingRecordSource.policy, organization: organizationFrom.query() } as const;

/**
 * The training list's exports (spec 03 section 7): every read is the list's own query through
 * `trainingsVisibleTo`, so a file never holds a training the person may not open.
 */
export const trainingExportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/export/training-records',
    {
      config: inQuery,
      schema: {
        tags,
        summary:
          "CSV of the training list: visible columns, checked rows, search, status filter and sort (number descending by default, name when the number is hidden); Status is the exporting person's own",
        querystring: ZTrainingsExportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const access = organizationAccessOf(request);
      const { organizationId: _organizationId, ...selection } = request.query;
      const { columns } = trainingExportScope(access, selection);
      return sendCsvExport(
        reply,
        exportFileName(trainingRecordSource.label, requireActor(request).email),
        pickColumns(TRAINING_CSV_COLUMNS, columns),
        trainingRows(app.ctx.database.db, access, selection),
      );
    },
  );

  // 'Single PDF' (every chosen training in one file) and 'PDF archive' (a ZIP with one PDF per
  // training), as the other lists' exports: up to the stream limit the file is the answer, larger
  // ones are made in the background and e-mailed as a link (modules/exports).
  for (const [url, format, summary] of [
    [
      '/export/one-training-record',
      'pdf',
      'One PDF with every chosen training (or every matching one): fields, linked revisions, the quiz (right answers only for people who may edit it), every assignee passed or pending with each attempt, and history',
    ],
    ['/export/many-training-records', 'zip', 'A ZIP with one PDF per chosen training, named by System # and name'],
  ] as const) {
    app.get(
      url,
      {
        config: inQuery,
        schema: {
          tags,
          summary: `${summary}; over the stream limit, made in the background and e-mailed as a link`,
          querystring: ZTrainingsExportQuery,
          produces: [`application/${format}`],
          response: { 200: dataEnvelope(z.object(messageFields)) },
        },
      },
      async (request, reply) => {
        const { organizationId: _organizationId, ...selection } = request.query;
        return sendRecordExport(serviceContextOf(request), reply, trainingRecordSource, format, selection);
      },
    );
  }
};
