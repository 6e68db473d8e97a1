import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZExportFileQuery,
  ZOrganizationLogsExportQuery,
  ZOrganizationsExportQuery,
  ZUuid,
  dataEnvelope,
  messageFields,
  message,
} from '@qualis/contract';
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
  app.ctx.jobs.define(ORGANIZATION_LOGS_EXPORT_JOB, ZOrganizationLogsExportPayload, runOrganizationLogsExport);
  app.ctx.jobs.define(RECORD_EXPORT_JOB, ZRecordExportPayload, runRecordExport);
  app.ctx.jobs.define(INSPECTION_PACKAGE_JOB, ZInspectionPackagePayload, runInspectionPackage);
  app.ctx.jobs.every(EXPORT_FILES_CLEANUP, HOUR_MS, (ctx) => removeExpiredExportFiles(ctx).then(() => undefined));

  app.get(
    '/export/organizations',
    {
      config: { policy: 'organization.export' },
      schema: {
        tags: ['exports'],
        summary: 'Organizations as CSV (SuperAdmin): the list search, order, visible columns, selected rows',
        querystring: ZOrganizationsExportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { columns, rows } = organizationsCsv(app.ctx, request.query);
      return sendCsvExport(reply, exportFileName('Organizations', actor.email), columns, rows);
    },
  );

  // The spec's client writes 'Organization-logs'; the lower-case spelling is accepted too (its own operationId).
  for (const [url, operationId] of [
    ['/export/Organization-logs', 'getExportOrganizationLogs'],
    ['/export/organization-logs', 'getExportOrganizationLogsLowerCase'],
  ] as const) {
    app.get(
      url,
      {
        config: { policy: 'organization.exportLogs' },
        schema: {
          operationId,
          tags: ['exports'],
          summary: 'Queue the organization logs report (SuperAdmin); the CSV is e-mailed to the requester',
          querystring: ZOrganizationLogsExportQuery,
          response: { 200: dataEnvelope(z.object(messageFields)) },
        },
      },
      async (request) => {
        const actor = requireActor(request);
        await requestOrganizationLogsExport(app.ctx, actor, auditActorOf(request), request.query);
        return { data: message('reportBeingGenerated') };
      },
    );
  }

  app.post(
    '/organizations/:organizationId/inspection-package',
    {
      config: { policy: 'organization.inspectionPackage', organization: organizationFrom.params() },
      schema: {
        tags: ['exports'],
        summary:
          "Queue the organization's inspection package ('Export everything', Admins and the SuperAdmin): one ZIP of every record, file, signature and audit event, e-mailed as a 7-day link",
        params: z.object({ organizationId: ZUuid }),
        response: { 200: dataEnvelope(z.object(messageFields)) },
      },
    },
    async (request) => {
      await requestInspectionPackage(serviceContextOf(request));
      return { data: message('reportBeingGenerated') };
    },
  );

  app.get(
    '/export/files/:fileId',
    {
      config: { policy: 'exportFile.download', organization: organizationFrom.query() },
      schema: {
        tags: ['exports'],
        summary:
          'Download a large PDF export made for the signed-in person (the link of its e-mail); only they may, until it expires',
        params: z.object({ fileId: ZUuid }),
        querystring: ZExportFileQuery,
        produces: ['application/pdf', 'application/zip'],
      },
    },
    async (request, reply) => sendExportFile(serviceContextOf(request), reply, request.params.fileId),
  );
};
