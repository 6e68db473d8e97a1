import { z } from 'zod';
import { changedEnvelope, dataEnvelope, listEnvelope } from '../envelopes.js';
import {
  ZCompletionProgress,
  ZCompletionProgressQuery,
  ZCreateTrainingRequest,
  ZDeleteTrainingsQuery,
  ZPassTrainingRequest,
  ZPassTrainingResponse,
  ZTrainingDetailQuery,
  ZTrainingListQuery,
  ZTrainingOption,
  ZTrainingOptionsQuery,
  ZTrainingRecord,
  ZTrainingRecordRow,
  ZTrainingsExportQuery,
  ZUpdateTrainingRequest,
} from '../training-records.js';
import { ZDocumentFileLink } from '../document-requests.js';

import { endpoint, ZFileResponse } from './endpoint.js';

/** The calls of training records (docs/api.md). */
export const trainingRecordsEndpoints = {
  trainingRecords: {
    list: endpoint({
      method: 'GET',
      path: '/training-records',
      query: ZTrainingListQuery,
      response: listEnvelope(ZTrainingRecordRow),
    }),
    options: endpoint({
      method: 'GET',
      path: '/training-records/all',
      query: ZTrainingOptionsQuery,
      response: dataEnvelope(z.array(ZTrainingOption)),
    }),
    detail: endpoint({
      method: 'GET',
      path: '/training-records/{recordId}',
      query: ZTrainingDetailQuery,
      response: dataEnvelope(ZTrainingRecord),
    }),
    completionProgress: endpoint({
      method: 'GET',
      path: '/training-records/{recordId}/completion-progress',
      query: ZCompletionProgressQuery,
      response: dataEnvelope(ZCompletionProgress),
    }),
    file: endpoint({
      method: 'GET',
      path: '/training-records/{recordId}/file/{fileId}',
      query: ZTrainingDetailQuery,
      response: dataEnvelope(ZDocumentFileLink),
    }),
    fileContent: endpoint({
      method: 'GET',
      path: '/training-records/{recordId}/file/{fileId}/content',
      query: ZTrainingDetailQuery,
      response: ZFileResponse,
    }),
    create: endpoint({
      method: 'POST',
      path: '/training-records',
      body: ZCreateTrainingRequest,
      response: changedEnvelope(ZTrainingRecord),
      status: 201,
    }),
    update: endpoint({
      method: 'PUT',
      path: '/training-records/{recordId}',
      body: ZUpdateTrainingRequest,
      response: changedEnvelope(ZTrainingRecord),
    }),
    pass: endpoint({
      method: 'PUT',
      path: '/training-records/{recordId}/pass',
      body: ZPassTrainingRequest,
      response: ZPassTrainingResponse,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/training-records',
      query: ZDeleteTrainingsQuery,
      response: changedEnvelope(z.object({ ids: z.array(z.uuid()) })),
    }),
    /** The list's CSV (docs/api.md, "Training record exports"). */
    exportCsv: endpoint({
      method: 'GET',
      path: '/export/training-records',
      query: ZTrainingsExportQuery,
      response: ZFileResponse,
    }),
    /** 'Single PDF'; over the stream limit the JSON 'being generated' answer instead. */
    exportSinglePdf: endpoint({
      method: 'GET',
      path: '/export/one-training-record',
      query: ZTrainingsExportQuery,
      response: ZFileResponse,
    }),
    /** 'PDF archive': a ZIP with one PDF per training. */
    exportPdfArchive: endpoint({
      method: 'GET',
      path: '/export/many-training-records',
      query: ZTrainingsExportQuery,
      response: ZFileResponse,
    }),
  },
} as const;
