import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOOKUP_LIMIT,
  ZAddDocumentRevisionRequest,
  ZAddedDocumentRevision,
  ZCreateDocumentRequest,
  ZDeleteDocumentRevisionQuery,
  ZDeleteDocumentsQuery,
  ZDeletedDocumentRevision,
  ZDocumentApprovals,
  ZDocumentDetail,
  ZDocumentFileQuery,
  ZDocumentListQuery,
  ZDocumentOption,
  ZDocumentOptionsQuery,
  ZDocumentQualityTasks,
  ZDocumentReferences,
  ZDocumentReviews,
  ZDocumentRevisionQuery,
  ZDocumentRow,
  ZSetDocumentFinalRequest,
  ZUpdateDocumentGeneralRequest,
  ZUpdateDocumentQualityTasksRequest,
  ZUpdateDocumentReferencesRequest,
  ZUuid,
  dataEnvelope,
  listEnvelope,
  messageFields,
  message,
} from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import { AppError } from '../../core/errors.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import { queryOrBody } from '../../core/query-or-body.js';
import { authorize } from '../policies.js';
import { serviceContextOf } from '../../core/service-context.js';
import type { DbOrTx } from '../../db/client.js';
import { hasValidAccessCode } from '../access-codes/access-codes.service.js';
import { recordFileRoutes } from '../uploads/record-file-routes.js';
import type { DocumentTab } from './documents.policy.js';
import {
  presentApprovals,
  presentDocumentDetail,
  presentDocumentRow,
  presentQualityTasks,
  presentReferences,
  presentReviews,
} from './documents.presenter.js';
import {
  findVisibleRevision,
  findVisibleRevisionFile,
  listDocumentOptions,
  listDocuments,
} from './documents.repository.js';
import { listRevisionSignatures, listRevisionSigners } from './document-signatures.repository.js';
import { signedFileOf } from './document-signatures.service.js';
import {
  addDocumentRevision,
  createDocument,
  deleteDocumentRevision,
  deleteDocuments,
  setDocumentRevisionFinal,
  updateDocumentGeneral,
} from './documents.service.js';
import { revisionStateOf } from './document-states.js';
import { updateDocumentQualityTasks, updateDocumentReferences } from './document-sections.service.js';

const tags = ['documents'];
/** The bulk delete's ids and organization, from the query or a JSON body. */
const bulkInput = queryOrBody();
const ZDocumentParams = z.object({ documentId: ZUuid });
const withMessage = <T extends z.ZodType>(data: T) => dataEnvelope(data).extend(messageFields);
const inQuery = { policy: 'document.view', organization: organizationFrom.query() } as const;
const inBody = { policy: 'document.view', organization: organizationFrom.body() } as const;

/** The revision as the person may see it (404 otherwise), and 403 when its tab is not theirs to view. */
async function visibleRevision(
  db: DbOrTx,
  access: OrganizationAccess,
  documentId: string,
  revision: number | undefined,
  tab?: DocumentTab,
) {
  const rec = await findVisibleRevision(db, access, documentId, revision);
  if (!rec) throw AppError.notFound();
  if (tab) authorize(access, `document.viewTab.${tab}`, revisionStateOf(rec, access.actor.userId));
  return rec;
}

/** Controlled documents and their revisions: spec 03 sections 2-5 and 7 (docs/decisions/0018-documents.md). */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  const detailOf = async (access: OrganizationAccess, documentId: string, revision?: number, tab?: DocumentTab) =>
    presentDocumentDetail(access, await visibleRevision(db(), access, documentId, revision, tab));

  app.get(
    '/documents',
    {
      config: inQuery,
      schema: {
        tags,
        summary:
          'The documents the person may see, one row each (the latest revision they may see); sort keys number (default, descending), name, type, typeDescription, revision, isFinal, status, approvedAt, reviewedAt; search on number, name, Document ID and type; docTypeIds and statuses (e.g. Obsolete, the withdrawn) filter',
        querystring: ZDocumentListQuery,
        response: { 200: listEnvelope(ZDocumentRow) },
      },
    },
    async (request) => {
      const access = organizationAccessOf(request);
      const { organizationId: _organizationId, docTypeIds, statuses, ...query } = request.query;
      const { rows, totalCount } = await listDocuments(db(), { access, typeIds: docTypeIds, statuses }, query);
      return { data: rows.map(presentDocumentRow(access)), pagination: { totalCount } };
    },
  );

  app.get(
    '/documents/available',
    {
      config: inQuery,
      schema: {
        tags,
        summary: `The pickers' documents: those the person may see matching number, name or Document ID, of one type when given (at most ${LOOKUP_LIMIT}), newest first`,
        querystring: ZDocumentOptionsQuery,
        response: { 200: dataEnvelope(z.array(ZDocumentOption)) },
      },
    },
    async (request) => ({
      data: await listDocumentOptions(
        db(),
        organizationAccessOf(request),
        { search: request.query.search, typeId: request.query.docTypeId },
        LOOKUP_LIMIT,
      ),
    }),
  );

  for (const [url, tab, summary] of [
    [
      '/documents/:documentId',
      undefined,
      'One revision of a document (the default revision without ?revision=) with its flags, without the fields of the tabs the person may not view; 404 for a revision the person may not see',
    ],
    [
      '/documents/:documentId/general',
      'general',
      "The same as GET /documents/{documentId}, for those who may view the revision's General tab (403 otherwise)",
    ],
  ] as const) {
    app.get(
      url,
      {
        config: inQuery,
        schema: {
          tags,
          summary,
          params: ZDocumentParams,
          querystring: ZDocumentRevisionQuery,
          response: { 200: dataEnvelope(ZDocumentDetail) },
        },
      },
      async (request) => ({
        data: await detailOf(organizationAccessOf(request), request.params.documentId, request.query.revision, tab),
      }),
    );
  }

  app.post(
    '/documents',
    {
      config: { policy: 'document.add', organization: organizationFrom.body() },
      schema: {
        tags,
        summary: 'Create a document with its first revision (Submitted), numbered by the organization',
        body: ZCreateDocumentRequest,
        response: { 201: withMessage(ZDocumentDetail) },
      },
    },
    async (request, reply) => {
      const { id, revision } = await createDocument(serviceContextOf(request), request.body);
      const data = await detailOf(organizationAccessOf(request), id, revision);
      return reply.status(201).send({ data, ...message('documentCreated') });
    },
  );

  app.put(
    '/documents/:documentId/general',
    {
      config: { policy: 'document.edit.general', organization: organizationFrom.body() },
      schema: {
        tags,
        summary:
          'Save General of a revision (the latest without revision): the edit right on its General section; refused while the revision is locked',
        params: ZDocumentParams,
        body: ZUpdateDocumentGeneralRequest,
        response: { 200: withMessage(ZDocumentDetail) },
      },
    },
    async (request) => {
      const { documentId } = request.params;
      const revision = await updateDocumentGeneral(serviceContextOf(request), documentId, request.body);
      return {
        data: await detailOf(organizationAccessOf(request), documentId, revision),
        ...message('documentUpdated'),
      };
    },
  );

  app.put(
    '/documents/:documentId/revision',
    {
      config: { policy: 'document.addRevision', organization: organizationFrom.body() },
      schema: {
        tags,
        summary: 'Add the next revision (revision must be the latest plus 1) with its fields, signers and references',
        params: ZDocumentParams,
        body: ZAddDocumentRevisionRequest,
        response: { 200: withMessage(ZAddedDocumentRevision) },
      },
    },
    async (request) => {
      const { documentId } = request.params;
      const revision = await addDocumentRevision(serviceContextOf(request), documentId, request.body);
      return { data: { id: documentId, revision }, ...message('documentRevisionSaved') };
    },
  );

  app.patch(
    '/documents/:documentId/revision',
    {
      config: { policy: 'document.edit.general', organization: organizationFrom.body() },
      schema: {
        tags,
        summary:
          'Set a revision as final, for a reason (required; the audit event keeps it): only without reviewers and approvers, once',
        params: ZDocumentParams,
        body: ZSetDocumentFinalRequest,
        response: { 200: withMessage(ZDocumentDetail) },
      },
    },
    async (request) => {
      const { documentId } = request.params;
      const { revision } = request.body;
      await setDocumentRevisionFinal(serviceContextOf(request), documentId, request.body);
      return {
        data: await detailOf(organizationAccessOf(request), documentId, revision),
        ...message('documentSetAsFinal'),
      };
    },
  );

  app.delete(
    '/documents/:documentId/revision',
    {
      config: { policy: 'document.delete', organization: organizationFrom.query() },
      schema: {
        tags,
        summary:
          'Delete a revision: the document keeps another, the revision has no signature, the right to delete the document; a final revision needs a reason (the audit event keeps it)',
        params: ZDocumentParams,
        querystring: ZDeleteDocumentRevisionQuery,
        response: { 200: withMessage(ZDeletedDocumentRevision) },
      },
    },
    async (request) => {
      const { documentId } = request.params;
      const { revision } = request.query;
      await deleteDocumentRevision(serviceContextOf(request), documentId, request.query);
      return { data: { id: documentId, revision }, ...message('documentRevisionDeleted') };
    },
  );

  app.get(
    '/documents/:documentId/quality-tasks',
    {
      config: inQuery,
      schema: {
        tags,
        summary: "A revision's reviewers, approvers and training (the Quality Actions tab)",
        params: ZDocumentParams,
        querystring: ZDocumentRevisionQuery,
        response: { 200: dataEnvelope(ZDocumentQualityTasks) },
      },
    },
    async (request) => {
      const access = organizationAccessOf(request);
      const rec = await visibleRevision(
        db(),
        access,
        request.params.documentId,
        request.query.revision,
        'qualityTasks',
      );
      const signers = await listRevisionSigners(db(), access.organization.id, rec.id, rec.revision);
      return { data: presentQualityTasks(access, rec, signers) };
    },
  );

  // Every member may reach it: the responsible of an approved revision links its training
  // without an edit right (documents.service.ts decides per revision).
  app.put(
    '/documents/:documentId/quality-tasks',
    {
      config: inBody,
      schema: {
        tags,
        summary:
          "Save a revision's reviewers, approvers and training; added signers get an action, removed ones lose it",
        params: ZDocumentParams,
        body: ZUpdateDocumentQualityTasksRequest,
        response: { 200: withMessage(ZDocumentQualityTasks) },
      },
    },
    async (request) => {
      const access = organizationAccessOf(request);
      const { documentId } = request.params;
      await updateDocumentQualityTasks(serviceContextOf(request), documentId, request.body);
      const rec = await visibleRevision(db(), access, documentId, request.body.revision);
      const signers = await listRevisionSigners(db(), access.organization.id, documentId, rec.revision);
      return { data: presentQualityTasks(access, rec, signers), ...message('documentQualityTasksSaved') };
    },
  );

  app.get(
    '/documents/:documentId/references',
    {
      config: inQuery,
      schema: {
        tags,
        summary: "A revision's references to records and external links",
        params: ZDocumentParams,
        querystring: ZDocumentRevisionQuery,
        response: { 200: dataEnvelope(ZDocumentReferences) },
      },
    },
    async (request) => {
      const access = organizationAccessOf(request);
      const rec = await visibleRevision(db(), access, request.params.documentId, request.query.revision, 'references');
      return { data: presentReferences(access, rec) };
    },
  );

  app.put(
    '/documents/:documentId/references',
    {
      config: { policy: 'document.edit.references', organization: organizationFrom.body() },
      schema: {
        tags,
        summary: "Save a revision's references: oldReferenceIds are kept, the others removed, newReferences added",
        params: ZDocumentParams,
        body: ZUpdateDocumentReferencesRequest,
        response: { 200: withMessage(ZDocumentReferences) },
      },
    },
    async (request) => {
      const access = organizationAccessOf(request);
      const { documentId } = request.params;
      await updateDocumentReferences(serviceContextOf(request), documentId, request.body);
      const rec = await visibleRevision(db(), access, documentId, request.body.revision);
      return { data: presentReferences(access, rec), ...message('documentReferencesSaved') };
    },
  );

  for (const [tab, summary] of [
    [
      'reviews',
      'The Review tab: the responses of the current cycle, who is to respond, canAddReview, the earlier responses',
    ],
    [
      'approvals',
      'The Approval tab: the responses of the current cycle, who is to respond, canAddApproval, the earlier ' +
        "responses, and whether the reader's access code is valid",
    ],
  ] as const) {
    app.get(
      `/documents/:documentId/${tab}`,
      {
        config: inQuery,
        schema: {
          tags,
          summary,
          params: ZDocumentParams,
          querystring: ZDocumentRevisionQuery,
          response: { 200: dataEnvelope(tab === 'reviews' ? ZDocumentReviews : ZDocumentApprovals) },
        },
      },
      async (request) => {
        const access = organizationAccessOf(request);
        const rec = await visibleRevision(db(), access, request.params.documentId, request.query.revision, tab);
        const organizationId = access.organization.id;
        const signers = await listRevisionSigners(db(), organizationId, rec.id, rec.revision);
        const signatures = await listRevisionSignatures(db(), organizationId, rec.id, rec.revision);
        const file = await signedFileOf(app.ctx, organizationId, rec);
        if (tab === 'reviews') return { data: presentReviews(access, rec, signers, signatures, file) };
        const validCode = await hasValidAccessCode(db(), access.actor.userId);
        return { data: presentApprovals(access, rec, signers, signatures, file, validCode) };
      },
    );
  }

  app.delete(
    '/documents',
    {
      config: { policy: 'document.delete', organization: bulkInput.organization },
      preValidation: bulkInput.preValidation,
      schema: {
        tags,
        summary:
          'Delete the chosen documents with all their revisions, all or nothing; ids and organizationId in the query or a JSON body; with a final one among them, a reason is required (each audit event keeps it)',
        querystring: ZDeleteDocumentsQuery,
        response: { 200: withMessage(z.object({ ids: z.array(z.uuid()) })) },
      },
    },
    async (request) => {
      const { documentIds, reason } = request.query;
      await deleteDocuments(serviceContextOf(request), documentIds, reason);
      const said = message(new Set(documentIds).size > 1 ? 'documentsDeleted' : 'documentDeleted');
      return { data: { ids: documentIds }, ...said };
    },
  );

  recordFileRoutes(app, {
    url: '/documents/:documentId',
    tags,
    policy: 'document.view',
    params: ZDocumentParams.extend({ fileId: ZUuid }),
    querystring: ZDocumentFileQuery,
    summaries: {
      link: "Where to fetch a file of a revision the person may see (its controlled file or an extra file) and the file's name",
      content: 'The bytes of a file of a revision the person may see, as an attachment',
    },
    find: (db, access, { documentId, fileId }, { revision }) =>
      findVisibleRevisionFile(db, access, documentId, fileId, revision),
  });
};
