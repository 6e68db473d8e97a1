import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, ZValidationReportFacts, type ValidationReportFacts } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
import { AppError } from '../../core/errors.js';
import { attachmentHeader } from '../../core/files.js';

const TYPES = { pdf: 'application/pdf', html: 'text/html; charset=utf-8' } as const;

/** What report.json says of the kept report; null when the build kept none. */
function reportFacts(dir: string | undefined): ValidationReportFacts | null {
  const file = dir && path.join(dir, 'report.json');
  if (!file || !fs.existsSync(file)) return null;
  return ZValidationReportFacts.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/**
 * The validation report `npm run build` keeps beside the build (docs/decisions/0034-validation-evidence.md),
 * so a customer's quality unit gets the evidence of exactly the version it runs.
 */
export const validationReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app, ['platform']);
  route(
    endpoints.about.get,
    {
      policy: 'validationReport.read',
      summary: 'The running version and the validation report it was built with, if any (SuperAdmin)',
    },
    async () => ({
      data: {
        version: app.ctx.config.version ?? null,
        validationReport: reportFacts(app.ctx.config.validationReportDir),
      },
    }),
  );
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
