import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
import { AppError } from '../../core/errors.js';
import { attachmentHeader } from '../../core/files.js';

const TYPES = { pdf: 'application/pdf', html: 'text/html; charset=utf-8' } as const;

/**
 * The validation report `npm run build` keeps beside the build (docs/decisions/0034-validation-evidence.md),
 * so a customer's quality unit gets the evidence of exactly the version it runs.
 */
export const validationReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app, ['platform']);
  route(
    endpoints.validationReport.get,
    {
      policy: 'validationReport.read',
      summary: "The running build's validation report, PDF or HTML (SuperAdmin); 404 when the build has none",
      produces: ['application/pdf', 'text/html'],
    },
    async (request, reply) => {
      const { format } = request.query;
      const dir = app.ctx.config.validationReportDir;
      const file = dir && path.join(dir, `report.${format}`);
      if (!file || !fs.existsSync(file)) throw AppError.notFound('validationReportMissing');
      return reply
        .header('content-type', TYPES[format])
        .header('content-disposition', attachmentHeader(`qualis-validation-report.${format}`))
        .header('cache-control', 'no-store')
        .send(fs.createReadStream(file));
    },
  );
};
