import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { message, endpoints } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
import { auditActorOf, requireActor } from '../../core/auth.js';
import { exportFileName, sendCsvExport } from '../../core/exports.js';
import { organizationFrom } from '../../core/pipeline.js';
import { serviceContextOf } from '../../core/service-context.js';
import {
  ORGANIZATION_LOGS_EXPORT_JOB,
  organizationsCsv,
  requestOrganizationLogsExport,
  runOrganizationLogsExport,
  ZOrganizationLogsExportPayload,
} from './exports.service.js';
import {
  INSPECTION_PACKAGE_JOB,
  requestInspectionPackage,
  runInspectionPackage,
  ZInspectionPackagePayload,
} from './inspection-package.js';
import {
  EXPORT_FILES_CLEANUP,
  RECORD_EXPORT_JOB,
  ZRecordExportPayload,
  removeExpiredExportFiles,
  runRecordExport,
  sendExportFile,
} from './record-exports.js';

const HOUR_MS = 3_600_000;

export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app, ['exports']);
  app.ctx.jobs.define(ORGANIZATION_LOGS_EXPORT_JOB, ZOrganizationLogsExportPayload, runOrganizationLogsExport);
  app.ctx.jobs.define(RECORD_EXPORT_JOB, ZRecordExportPayload, runRecordExport);
  app.ctx.jobs.define(INSPECTION_PACKAGE_JOB, ZInspectionPackagePayload, runInspectionPackage);
  app.ctx.jobs.every(EXPORT_FILES_CLEANUP, HOUR_MS, (ctx) => removeExpiredExportFiles(ctx).then(() => undefined));

  route(
    endpoints.organizations.export,
    {
      policy: 'organization.export',
      summary: 'Organizations as CSV (SuperAdmin): the list search, order, visible columns, selected rows',
      produces: ['text/csv'],
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { columns, rows } = organizationsCsv(app.ctx, request.query);
      return sendCsvExport(reply, exportFileName('Organizations', actor.email), columns, rows);
    },
  );

  // The spec's client writes 'Organization-logs'; the lower-case spelling is accepted too (the row's alias).
  route(
    endpoints.organizations.exportLogs,
    {
      policy: 'organization.exportLogs',
      summary: 'Queue the organization logs report (SuperAdmin); the CSV is e-mailed to the requester',
    },
    async (request) => {
      const actor = requireActor(request);
      await requestOrganizationLogsExport(app.ctx, actor, auditActorOf(request), request.query);
      return { data: message('reportBeingGenerated') };
    },
  );

  route(
    endpoints.organizations.inspectionPackage,
    {
      policy: 'organization.inspectionPackage',
      organization: organizationFrom.params(),
      summary:
        "Queue the organization's inspection package ('Export everything', Admins and the SuperAdmin): one ZIP of every record, file, signature and audit event, e-mailed as a 7-day link",
    },
    async (request) => {
      await requestInspectionPackage(serviceContextOf(request));
      return { data: message('reportBeingGenerated') };
    },
  );

  route(
    endpoints.exportFiles.download,
    {
      policy: 'exportFile.download',
      organization: organizationFrom.query(),
      summary:
        'Download a large PDF export made for the signed-in person (the link of its e-mail); only they may, until it expires',
      produces: ['application/pdf', 'application/zip'],
    },
    async (request, reply) => sendExportFile(serviceContextOf(request), reply, request.params.fileId),
  );
};
