import { z } from 'zod';

/** GET /validation-report: the report of the running build as a PDF (default) or HTML. */
export const ZValidationReportQuery = z.object({ format: z.enum(['pdf', 'html']).default('pdf') });
export type ValidationReportQuery = z.infer<typeof ZValidationReportQuery>;

/** What `npm run validation-report` says of its report (report.json beside it). */
export const ZValidationReportFacts = z.object({
  /** The version the report was made of, '(with uncommitted changes)' when it was. */
  version: z.string(),
  commit: z.string().nullable(),
  madeAt: z.string(),
  validated: z.boolean(),
  /** The verdict of its first page, in English like the report. */
  verdict: z.string(),
});
export type ValidationReportFacts = z.infer<typeof ZValidationReportFacts>;

/** GET /about: the running version and the validation report it was built with, if any. */
export const ZAbout = z.object({
  /** The version of the running build (package.json); null when the server was not given it. */
  version: z.string().nullable(),
  validationReport: ZValidationReportFacts.nullable(),
});
export type About = z.infer<typeof ZAbout>;
