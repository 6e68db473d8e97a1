import {
  ZAuditReview,
  ZAuditReviewsQuery,
  ZAuditTrailEvent,
  ZAuditTrailExportQuery,
  ZAuditTrailQuery,
  ZAuditTrailVerification,
  ZMarkReviewedRequest,
  ZOrganizationAuditReviewsQuery,
  ZOrganizationAuditTrailExportQuery,
  ZOrganizationAuditTrailQuery,
  ZOrganizationMarkReviewedRequest,
  ZOrganizationScopeQuery,
} from '../audit-trail.js';
import { changedEnvelope, dataEnvelope, listEnvelope } from '../envelopes.js';

import { endpoint, ZFileResponse } from './endpoint.js';

/** The calls of audit trail (docs/api.md). */
export const auditTrailEndpoints = {
  auditTrail: {
    list: endpoint({
      method: 'GET',
      path: '/audit-trail',
      query: ZOrganizationAuditTrailQuery,
      response: listEnvelope(ZAuditTrailEvent),
    }),
    verification: endpoint({
      method: 'GET',
      path: '/audit-trail/verification',
      query: ZOrganizationScopeQuery,
      response: dataEnvelope(ZAuditTrailVerification),
    }),
    reviews: endpoint({
      method: 'GET',
      path: '/audit-trail/reviews',
      query: ZOrganizationAuditReviewsQuery,
      response: listEnvelope(ZAuditReview),
    }),
    markReviewed: endpoint({
      method: 'POST',
      path: '/audit-trail/reviews',
      body: ZOrganizationMarkReviewedRequest,
      response: changedEnvelope(ZAuditReview),
      status: 201,
    }),
    exportCsv: endpoint({
      method: 'GET',
      path: '/export/audit-trail',
      query: ZOrganizationAuditTrailExportQuery,
      response: ZFileResponse,
    }),
    exportPdf: endpoint({
      method: 'GET',
      path: '/export/audit-trail-pdf',
      query: ZOrganizationAuditTrailExportQuery,
      response: ZFileResponse,
    }),
    providerList: endpoint({
      method: 'GET',
      path: '/provider/audit-trail',
      query: ZAuditTrailQuery,
      response: listEnvelope(ZAuditTrailEvent),
    }),
    providerVerification: endpoint({
      method: 'GET',
      path: '/provider/audit-trail/verification',
      response: dataEnvelope(ZAuditTrailVerification),
    }),
    providerReviews: endpoint({
      method: 'GET',
      path: '/provider/audit-trail/reviews',
      query: ZAuditReviewsQuery,
      response: listEnvelope(ZAuditReview),
    }),
    providerMarkReviewed: endpoint({
      method: 'POST',
      path: '/provider/audit-trail/reviews',
      body: ZMarkReviewedRequest,
      response: changedEnvelope(ZAuditReview),
      status: 201,
    }),
    providerExportCsv: endpoint({
      method: 'GET',
      path: '/export/provider-audit-trail',
      query: ZAuditTrailExportQuery,
      response: ZFileResponse,
    }),
    providerExportPdf: endpoint({
      method: 'GET',
      path: '/export/provider-audit-trail-pdf',
      query: ZAuditTrailExportQuery,
      response: ZFileResponse,
    }),
  },
} as const;
