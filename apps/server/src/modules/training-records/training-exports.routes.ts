import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@qualis/contract';
import { recordExportRoutes } from '../exports/record-export-routes.js';
import { trainingRecordSource, trainingsCsv } from './training-exports.js';

const tags = ['training-records'];

/**
 * The training list's exports (spec 03 section 7): every read is the list's own query through
 * `trainingsVisibleTo`, so a file never holds a training the person may not open.
 */
export const trainingExportsRoutes: FastifyPluginAsyncZod = async (app) => {
  recordExportRoutes(app, trainingRecordSource, {
    tags,
    csv: {
      endpoint: endpoints.trainingRecords.exportCsv,
      summary:
        "CSV of the training list: visible columns, checked rows, search, status filter and sort (number descending by default, name when the number is hidden); Status is the exporting person's own",
      rows: trainingsCsv,
    },
    singlePdf: {
      endpoint: endpoints.trainingRecords.exportSinglePdf,
      summary:
        'One PDF with every chosen training (or every matching one): fields, linked revisions, the quiz (right answers only for people who may edit it), every assignee passed or pending with each attempt, and history',
    },
    pdfArchive: {
      endpoint: endpoints.trainingRecords.exportPdfArchive,
      summary: 'A ZIP with one PDF per chosen training, named by System # and name',
    },
  });
};
