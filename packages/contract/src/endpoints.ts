import type { Endpoint } from './endpoints/endpoint.js';
import { platformEndpoints } from './endpoints/platform.js';
import { organizationsEndpoints } from './endpoints/organizations.js';
import { actionsEndpoints } from './endpoints/actions.js';
import { documentsEndpoints } from './endpoints/documents.js';
import { trainingRecordsEndpoints } from './endpoints/training-records.js';
import { hrRecordsEndpoints } from './endpoints/hr-records.js';
import { auditTrailEndpoints } from './endpoints/audit-trail.js';
import { periodicReviewEndpoints } from './endpoints/periodic-review.js';

export {
  ZEventStream,
  ZFileResponse,
  ZFormBody,
  ZNoContent,
  type Endpoint,
  type EndpointBody,
  type EndpointQuery,
  type EndpointResponse,
  type HttpMethod,
  type PathParams,
} from './endpoints/endpoint.js';

/**
 * The API as the web app calls it and the server serves it: one row per call (its method, path
 * template, query, body, answer, status and aliases), one file per area under `endpoints/`. The
 * server registers every route from its row (apps/server/src/core/contract-route.ts).
 */
export const endpoints = {
  ...platformEndpoints,
  ...organizationsEndpoints,
  ...actionsEndpoints,
  ...documentsEndpoints,
  ...trainingRecordsEndpoints,
  ...hrRecordsEndpoints,
  ...auditTrailEndpoints,
  ...periodicReviewEndpoints,
} as const;

/** The two signing calls, as the web client first named them: the rows of `endpoints.documents`. */
export const documentSigningEndpoints = {
  addReview: endpoints.documents.addReview,
  addApproval: endpoints.documents.addApproval,
} as const;

/** The documents list's exports, as the web client first named them: the rows of `endpoints.documentRecords`. */
export const documentExportEndpoints = {
  exportCsv: endpoints.documentRecords.exportCsv,
  exportSinglePdf: endpoints.documentRecords.exportSinglePdf,
  exportPdfArchive: endpoints.documentRecords.exportPdfArchive,
  exportAttachments: endpoints.documentRecords.exportAttachments,
} as const;

/** Every row of the table, for checks that walk it (the server's route catalogue test). */
export function listEndpoints(table: object = endpoints): Endpoint[] {
  return Object.values(table).flatMap((value: unknown) =>
    value && typeof value === 'object' && 'method' in value && 'path' in value
      ? [value as Endpoint]
      : listEndpoints(value as object),
  );
}
