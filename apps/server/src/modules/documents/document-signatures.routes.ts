import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { message, endpoints } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
import { AppError } from '../../core/errors.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import { serviceContextOf } from '../../core/service-context.js';
import { approvalsAfterSigning, reviewsAfterSigning, signDocumentRevision } from './document-signatures.service.js';
import { presentDocumentDetail } from './documents.presenter.js';
import { findVisibleRevision } from './document-detail.repository.js';
import { withdrawDocument } from './revision-withdrawal.js';

const tags = ['documents'];

const CREDENTIALS =
  'With the organization setting signingRequiresPassword, `password` is also required and checked. ' +
  'A wrong access code or password answers 400 on its field and is audited; 5 in a row lock the ' +
  "person's signing for 15 minutes (429 SIGNING_LOCKED) and e-mail them and the organization's Admins.";

/**
 * Electronic signatures on document revisions (spec 03 "Review and approval", decision 0018):
 * a named reviewer or approver signs their response in the revision's current cycle.
 */
export const documentSignaturesRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app, tags);
  route(
    endpoints.documents.addReview,
    {
      policy: 'document.review',
      organization: organizationFrom.body(),
      summary:
        'A named reviewer signs their review of the revision: status 0 Reviewed or 1 Rejected, with a comment (at most 300). ' +
        CREDENTIALS,
    },
    async (request, reply) => {
      const ctx = serviceContextOf(request);
      const { documentId } = request.params;
      await signDocumentRevision(ctx, documentId, 'review', request.body);
      const data = await reviewsAfterSigning(ctx, documentId, request.body.revision);
      return reply.status(201).send({ data, ...message('reviewAdded') });
    },
  );

  route(
    endpoints.documents.addApproval,
    {
      policy: 'document.approve',
      organization: organizationFrom.body(),
      summary:
        'A named approver signs their approval of the revision with their access code (six digits): status 0 Approved ' +
        'or 1 Rejected, once every reviewer has Reviewed. ' +
        CREDENTIALS,
    },
    async (request, reply) => {
      const ctx = serviceContextOf(request);
      const { documentId } = request.params;
      await signDocumentRevision(ctx, documentId, 'approval', request.body);
      const data = await approvalsAfterSigning(ctx, documentId, request.body.revision);
      return reply.status(201).send({ data, ...message('approvalAdded') });
    },
  );

  route(
    endpoints.documents.withdraw,
    {
      policy: 'document.withdraw',
      organization: organizationFrom.body(),
      summary:
        'Withdraw a released document (no revision: every revision not yet Obsolete) or one final revision: it becomes ' +
        'Obsolete, stays readable and exportable (out of the default list: the Obsolete status shows it), is stamped ' +
        'OBSOLETE and gets no new revision. The right to delete the document, or an approver named on the revision ' +
        "withdrawn (the released one for the whole document); a reason (at most 300) and the person's access code, " +
        'signed as a withdrawal (meaning Withdrawn). 409 for a document never released or a draft revision (delete it ' +
        'instead) and for one already Obsolete. ' +
        CREDENTIALS,
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
