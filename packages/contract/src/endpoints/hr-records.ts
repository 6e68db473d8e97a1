import { z } from 'zod';
import { changedEnvelope, dataEnvelope, listEnvelope } from '../envelopes.js';
import { ZDocumentFileLink } from '../document-requests.js';
import {
  ZDeleteHrRecordsQuery,
  ZHrDetailQuery,
  ZHrExportQuery,
  ZHrListQuery,
  ZHrOption,
  ZHrOptionsQuery,
  ZHrRecord,
  ZHrRecordRow,
  ZUpdateHrRecordRequest,
} from '../human-resources.js';

import { endpoint, ZFileResponse } from './endpoint.js';

/** The calls of hr records (docs/api.md). */
export const hrRecordsEndpoints = {
  hrRecords: {
    list: endpoint({
      method: 'GET',
      path: '/human-resource-records',
      query: ZHrListQuery,
      response: listEnvelope(ZHrRecordRow),
    }),
    detail: endpoint({
      method: 'GET',
      path: '/human-resource-records/{resourceId}',
      query: ZHrDetailQuery,
      response: dataEnvelope(ZHrRecord),
    }),
    update: endpoint({
      method: 'PUT',
      path: '/human-resource-records/{resourceId}',
      body: ZUpdateHrRecordRequest,
      response: changedEnvelope(ZHrRecord),
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/human-resource-records',
      query: ZDeleteHrRecordsQuery,
      response: changedEnvelope(z.object({ ids: z.array(z.uuid()) })),
    }),
    options: endpoint({
      method: 'GET',
      path: '/human-resource-records/available',
      query: ZHrOptionsQuery,
      response: dataEnvelope(z.array(ZHrOption)),
    }),
    file: endpoint({
      method: 'GET',
      path: '/human-resource-records/{resourceId}/file/{fileId}',
      query: ZHrDetailQuery,
      response: dataEnvelope(ZDocumentFileLink),
    }),
    fileContent: endpoint({
      method: 'GET',
      path: '/human-resource-records/{resourceId}/file/{fileId}/content',
      query: ZHrDetailQuery,
      response: ZFileResponse,
    }),
    exportCsv: endpoint({
      method: 'GET',
      path: '/export/human-resource-records',
      query: ZHrExportQuery,
      response: ZFileResponse,
    }),
    exportSinglePdf: endpoint({
      method: 'GET',
      path: '/export/one-human-resource-record',
      query: ZHrExportQuery,
      response: ZFileResponse,
    }),
    exportPdfArchive: endpoint({
      method: 'GET',
      path: '/export/many-human-resource-records',
      query: ZHrExportQuery,
      response: ZFileResponse,
    }),
  },
  /**
   * The audit trail review (docs/api.md, "Audit trail"): an organization's chain (its Admins and
   * the SuperAdmin) and, under /provider, the provider's chain (the SuperAdmin).
   */
} as const;
