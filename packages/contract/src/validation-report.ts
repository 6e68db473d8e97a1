import { z } from 'zod';

/** GET /validation-report: the report of the running build as a PDF (default) or HTML. */
export const ZValidationReportQuery = z.object({ format: z.enum(['pdf', 'html']).default('pdf') });
export type ValidationReportQuery = z.infer<typeof ZValidationReportQuery>;
