import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAddDocumentApprovalRequest,
  ZAddDocumentReviewRequest,
  ZDocumentApprovals,
  ZDocumentDetail,
  ZDocumentReviews,
  ZErrorEnvelope,
  ZUuid,
  ZWithdrawDocumentRequest,
  dataEnvelope,
  messageFields,
  message,
} from '@qualis/contract';
import { AppError } from '../../core/errors.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import { serviceContextOf } from '../../core/service-context.js';
import { approvalsAfterSigning, reviewsAfterSigning, signDocumentRevision } from './document-signatures.service.js';
import { presentDocumentDetail } from './documents.presenter.js';
import { findVisibleRevision } from './documents.repository.js';
import { withdrawDocument } from './revision-withdrawal.js';

const tags = ['documents'];
const ZDocumentParams = z.object({ documentId: ZUuid });
const withMessage = <T extends z.ZodType>(data: T) => dataEnvelope(data).extend(messageFields);

const CREDENTIALS =
  'With the organization setting signingRequiresPassword, `password` is also required and checked. ' +
  'A wrong access code or password answers 400 on its field and is audited; 5 in a row lock the ' +
  "person's signing for 15 minutes (429 SIGNING_LOCKED) and e-mail them and the organization's Admins.";

/**
 * Electronic signatures on document revisions (spec 03 "Review and approval", decision 0018):
 * a named reviewer or approver signs their response in the revision's current cycle.
 */
export const documentSignaturesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/documents/:documentId/reviews',
    {
      config: { policy: 'document.review', organization: organizationFrom.body() },
      schema: {
        tags,
        summary:
          'A named reviewer signs their review of the revision: status 0 Reviewed or 1 Rejected, with a comment (at most 300). ' +
          CREDENTIALS,
        params: ZDocumentParams,
        body: ZAddDocumentReviewRequest,
        response: { 201: withMessage(ZDocumentReviews), 409: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      const ctx = serviceContextOf(request);
      const { documentId } = request.params;
      await signDocumentRevision(ctx, documentId, 'review', request.body);
      const data = await reviewsAfterSigning(ctx, documentId, request.body.revision);
      return reply.status(201).send({ data, ...message('reviewAdded') });
    },
  );

  app.post(
    '/documents/:documentId/approvals',
    {
      config: { policy: 'document.approve', organization: organizationFrom.body() },
      schema: {
        tags,
        summary:
          'A named approver signs their approval of the revision with their access code (six digits): status 0 Approved ' +
          'or 1 Rejected, once every reviewer has Reviewed. ' +
          CREDENTIALS,
        params: ZDocumentParams,
        body: ZAddDocumentApprovalRequest,
        response: { 201: withMessage(ZDocumentApprovals), 409: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      const ctx = serviceContextOf(request);
      const { documentId } = request.params;
      await signDocumentRevision(ctx, documentId, 'approval', request.body);
      const data = await approvalsAfterSigning(ctx, documentId, request.body.revision);
      return reply.status(201).send({ data, ...message('approvalAdded') });
    },
  );

  app.post(
    '/documents/:documentId/withdrawal',
    {
      config: { policy: 'document.delete', organization: organizationFrom.body() },
      schema: {
        tags,
        summary:
          'Withdraw a released document (no revision: every revision not yet Obsolete) or one final revision: it becomes ' +
          'Obsolete, stays readable and exportable, and is stamped OBSOLETE. The right to delete the document; a reason ' +
          "(at most 300) and the person's password, signed as a withdrawal (meaning Withdrawn). 409 for a document never " +
          'released or a draft revision (delete it instead) and for one already Obsolete. A wrong password answers 400 and ' +
          'counts toward the signing lock (429 SIGNING_LOCKED).',
        params: ZDocumentParams,
        body: ZWithdrawDocumentRequest,
        response: { 200: withMessage(ZDocumentDetail), 409: ZErrorEnvelope },
      },
    },
    async (request) => {
      const ctx = serviceContextOf(request);
      const { documentId } = request.params;
      const revision = await withdrawDocument(ctx, documentId, request.body);
      const access = organizationAccessOf(request);
      const rec = await findVisibleRevision(ctx.app.database.db, access, documentId, revision);
      if (!rec) throw AppError.notFound();
      const said = message(request.body.revision === undefined ? 'documentWithdrawn' : 'documentRevisionWithdrawn');
      return { data: presentDocumentDetail(access, rec), ...said };
    },
  );
};
