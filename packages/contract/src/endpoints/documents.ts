import { z } from 'zod';
import { changedEnvelope, dataEnvelope, listEnvelope } from '../envelopes.js';
import { ZDocumentHistoryEntry, ZDocumentHistoryQuery } from '../document-history.js';
import {
  ZAddDocumentRevisionRequest,
  ZAddedDocumentRevision,
  ZCreateDocumentRequest,
  ZDeleteDocumentRevisionQuery,
  ZDeleteDocumentsQuery,
  ZDocumentAttachmentsExportQuery,
  ZDocumentsExportQuery,
  ZDeletedDocumentRevision,
  ZDocumentFileLink,
  ZDocumentFileQuery,
  ZDocumentListQuery,
  ZDocumentOption,
  ZDocumentOptionsQuery,
  ZDocumentQualityTasks,
  ZDocumentReferences,
  ZDocumentRevisionQuery,
  ZSetDocumentFinalRequest,
  ZUpdateDocumentGeneralRequest,
  ZUpdateDocumentQualityTasksRequest,
  ZUpdateDocumentReferencesRequest,
  ZControlledCopyQuery,
} from '../document-requests.js';
import {
  ZAddDocumentApprovalRequest,
  ZAddDocumentReviewRequest,
  ZDocumentApprovals,
  ZDocumentReviews,
  ZWithdrawDocumentRequest,
} from '../document-signatures.js';
import { ZDocumentDetail, ZDocumentRow } from '../documents.js';

import { endpoint, ZFileResponse } from './endpoint.js';

/** The calls of documents (docs/api.md). */
export const documentsEndpoints = {
  documents: {
    list: endpoint({
      method: 'GET',
      path: '/documents',
      query: ZDocumentListQuery,
      response: listEnvelope(ZDocumentRow),
    }),
    detail: endpoint({
      method: 'GET',
      path: '/documents/{documentId}',
      query: ZDocumentRevisionQuery,
      response: dataEnvelope(ZDocumentDetail),
    }),
    general: endpoint({
      method: 'GET',
      path: '/documents/{documentId}/general',
      query: ZDocumentRevisionQuery,
      response: dataEnvelope(ZDocumentDetail),
    }),
    create: endpoint({
      method: 'POST',
      path: '/documents',
      body: ZCreateDocumentRequest,
      response: changedEnvelope(ZDocumentDetail),
      status: 201,
    }),
    updateGeneral: endpoint({
      method: 'PUT',
      path: '/documents/{documentId}/general',
      body: ZUpdateDocumentGeneralRequest,
      response: changedEnvelope(ZDocumentDetail),
    }),
    addRevision: endpoint({
      method: 'PUT',
      path: '/documents/{documentId}/revision',
      body: ZAddDocumentRevisionRequest,
      response: changedEnvelope(ZAddedDocumentRevision),
    }),
    setFinal: endpoint({
      method: 'PATCH',
      path: '/documents/{documentId}/revision',
      body: ZSetDocumentFinalRequest,
      response: changedEnvelope(ZDocumentDetail),
    }),
    deleteRevision: endpoint({
      method: 'DELETE',
      path: '/documents/{documentId}/revision',
      query: ZDeleteDocumentRevisionQuery,
      response: changedEnvelope(ZDeletedDocumentRevision),
    }),
    qualityTasks: endpoint({
      method: 'GET',
      path: '/documents/{documentId}/quality-tasks',
      query: ZDocumentRevisionQuery,
      response: dataEnvelope(ZDocumentQualityTasks),
    }),
    updateQualityTasks: endpoint({
      method: 'PUT',
      path: '/documents/{documentId}/quality-tasks',
      body: ZUpdateDocumentQualityTasksRequest,
      response: changedEnvelope(ZDocumentQualityTasks),
    }),
    references: endpoint({
      method: 'GET',
      path: '/documents/{documentId}/references',
      query: ZDocumentRevisionQuery,
      response: dataEnvelope(ZDocumentReferences),
    }),
    updateReferences: endpoint({
      method: 'PUT',
      path: '/documents/{documentId}/references',
      body: ZUpdateDocumentReferencesRequest,
      response: changedEnvelope(ZDocumentReferences),
    }),
    reviews: endpoint({
      method: 'GET',
      path: '/documents/{documentId}/reviews',
      query: ZDocumentRevisionQuery,
      response: dataEnvelope(ZDocumentReviews),
    }),
    approvals: endpoint({
      method: 'GET',
      path: '/documents/{documentId}/approvals',
      query: ZDocumentRevisionQuery,
      response: dataEnvelope(ZDocumentApprovals),
    }),
    addReview: endpoint({
      method: 'POST',
      path: '/documents/{documentId}/reviews',
      body: ZAddDocumentReviewRequest,
      response: changedEnvelope(ZDocumentReviews),
      status: 201,
      errors: [409],
    }),
    addApproval: endpoint({
      method: 'POST',
      path: '/documents/{documentId}/approvals',
      body: ZAddDocumentApprovalRequest,
      response: changedEnvelope(ZDocumentApprovals),
      status: 201,
      errors: [409],
    }),
    withdraw: endpoint({
      method: 'POST',
      path: '/documents/{documentId}/withdrawal',
      body: ZWithdrawDocumentRequest,
      response: changedEnvelope(ZDocumentDetail),
      errors: [409],
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/documents',
      query: ZDeleteDocumentsQuery,
      response: changedEnvelope(z.object({ ids: z.array(z.uuid()) })),
    }),
    options: endpoint({
      method: 'GET',
      path: '/documents/available',
      query: ZDocumentOptionsQuery,
      response: dataEnvelope(z.array(ZDocumentOption)),
    }),
    file: endpoint({
      method: 'GET',
      path: '/documents/{documentId}/file/{fileId}',
      query: ZDocumentFileQuery,
      response: dataEnvelope(ZDocumentFileLink),
    }),
    fileContent: endpoint({
      method: 'GET',
      path: '/documents/{documentId}/file/{fileId}/content',
      query: ZDocumentFileQuery,
      response: ZFileResponse,
    }),
  },
  /** Documents' exports, controlled copies and history (docs/api.md, "Document exports"). */
  documentRecords: {
    exportCsv: endpoint({
      method: 'GET',
      path: '/export/Documents',
      query: ZDocumentsExportQuery,
      response: ZFileResponse,
    }),
    exportSinglePdf: endpoint({
      method: 'GET',
      path: '/export/one-document',
      query: ZDocumentsExportQuery,
      response: ZFileResponse,
    }),
    exportPdfArchive: endpoint({
      method: 'GET',
      path: '/export/many-Documents',
      query: ZDocumentsExportQuery,
      response: ZFileResponse,
    }),
    exportAttachments: endpoint({
      method: 'GET',
      path: '/export/document-attachments',
      query: ZDocumentAttachmentsExportQuery,
      response: ZFileResponse,
    }),
    controlledCopy: endpoint({
      method: 'GET',
      path: '/documents/{documentId}/controlled-copy',
      query: ZControlledCopyQuery,
      response: ZFileResponse,
    }),
    history: endpoint({
      method: 'GET',
      path: '/documents/{documentId}/history',
      query: ZDocumentHistoryQuery,
      response: listEnvelope(ZDocumentHistoryEntry),
    }),
  },
  /** Global search (docs/api.md, "Global search"): what the person may open, ranked. */
} as const;
