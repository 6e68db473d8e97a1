import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOOKUP_LIMIT, message, endpoints } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
import type { OrganizationAccess } from '../../core/access.js';
import { AppError } from '../../core/errors.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import { queryOrBody } from '../../core/query-or-body.js';
import { serviceContextOf } from '../../core/service-context.js';
import type { DbOrTx } from '../../db/client.js';
import { recordExportRoutes } from '../exports/record-export-routes.js';
import { recordFileRoutes } from '../uploads/record-file-routes.js';
import { hrRecordSource, hrRecordsCsv } from './hr-record-exports.js';
import { presentHrRecord, presentHrRecordRow } from './hr-records.presenter.js';
import {
  findVisibleHrRecord,
  findVisibleHrRecordFile,
  listHrRecordOptions,
  listHrRecords,
} from './hr-records.repository.js';
import { deleteHrRecords, updateHrRecord } from './hr-records.service.js';

const tags = ['human-resource-records'];
/** The bulk delete's ids and organization, from the query or a JSON body. */
const bulkInput = queryOrBody();
const inQuery = { policy: 'hrRecord.view', organization: organizationFrom.query() } as const;

/** The record as its detail shows it; 404 when the person may not see it. */
async function presentedRecord(db: DbOrTx, access: OrganizationAccess, id: string) {
  const row = await findVisibleHrRecord(db, access, id);
  if (!row) throw AppError.notFound();
  return presentHrRecord(access, row);
}

/**
 * Human resource records (spec 03 sections 2, 3, 6-8): one per person of the organization, made
 * when they join and kept when they leave; the Admins' and the SuperAdmin's only.
 */
export const hrRecordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app, tags);
  const db = () => app.ctx.database.db;

  route(
    endpoints.hrRecords.list,
    {
      ...inQuery,
      summary:
        'The HR records of the organization; sort keys name (last then first name, default), firstName, lastName, email, role, status, createdAt; search on first name, last name, full name and e-mail',
    },
    async (request) => {
      const access = organizationAccessOf(request);
      const { organizationId: _organizationId, ...query } = request.query;
      const { rows, ...pagination } = await listHrRecords(db(), { access }, query);
      return { data: rows.map(presentHrRecordRow(access)), pagination };
    },
  );

  route(
    endpoints.hrRecords.options,
    {
      ...inQuery,
      summary: `The link-to-record picker's HR records: people whose name or e-mail matches (at most ${LOOKUP_LIMIT}), by last name`,
    },
    async (request) => ({
      data: await listHrRecordOptions(db(), organizationAccessOf(request), request.query.search, LOOKUP_LIMIT),
    }),
  );

  route(
    endpoints.hrRecords.detail,
    {
      ...inQuery,
      summary:
        'One HR record: the person, their status, CV, tags, documents, trainings (passed or pending) and user groups, with canBeEdited and canBeDeleted',
    },
    async (request) => ({
      data: await presentedRecord(db(), organizationAccessOf(request), request.params.resourceId),
    }),
  );

  route(
    endpoints.hrRecords.update,
    {
      policy: 'hrRecord.edit',
      organization: organizationFrom.body(),
      summary: 'Save the CV (an organization file; null removes it) and the tags of an HR record',
    },
    async (request) => {
      const { resourceId } = request.params;
      await updateHrRecord(serviceContextOf(request), resourceId, request.body);
      const data = await presentedRecord(db(), organizationAccessOf(request), resourceId);
      return { data, ...message('hrRecordEdited') };
    },
  );

  route(
    endpoints.hrRecords.remove,
    {
      policy: 'hrRecord.delete',
      organization: bulkInput.organization,
      preValidation: bulkInput.preValidation,
      summary:
        'Delete the chosen HR records, all or nothing: only records of people who no longer belong to the organization (409 otherwise); ids and organizationId in the query or a JSON body',
    },
    async (request) => {
      const { ids } = request.query;
      await deleteHrRecords(serviceContextOf(request), ids);
      return { data: { ids }, ...message(new Set(ids).size > 1 ? 'hrRecordsDeleted' : 'hrRecordDeleted') };
    },
  );

  recordFileRoutes(app, {
    link: endpoints.hrRecords.file,
    content: endpoints.hrRecords.fileContent,
    tags,
    policy: 'hrRecord.view',
    summaries: {
      link: "Where to fetch the record's CV and the file's name",
      content: "The bytes of the record's CV, as an attachment",
    },
    find: (db, access, { resourceId, fileId }) => findVisibleHrRecordFile(db, access, resourceId, fileId),
  });

  recordExportRoutes(app, hrRecordSource, {
    tags,
    csv: {
      endpoint: endpoints.hrRecords.exportCsv,
      summary: 'CSV of the HR list: visible columns, checked rows, search and sort (by name when no order is given)',
      rows: hrRecordsCsv,
    },
    singlePdf: {
      endpoint: endpoints.hrRecords.exportSinglePdf,
      summary:
        "One PDF with every chosen HR record: the person's training file (every training, its status, pass date and revision, every attempt), groups, documents, tags, CV and history",
    },
    pdfArchive: {
      endpoint: endpoints.hrRecords.exportPdfArchive,
      summary: 'A ZIP with one PDF per chosen HR record, named by the person',
    },
  });
};
