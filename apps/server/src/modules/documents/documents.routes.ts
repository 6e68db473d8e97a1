import { dayOf, now as currentTime } from '../../core/clock.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOOKUP_LIMIT, message, endpoints } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
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
import { findVisibleRevisionFile, listDocumentOptions, listDocuments } from './documents.repository.js';
import { findVisibleRevision } from './document-detail.repository.js';
import { listRevisionSignatures, listRevisionSigners } from './document-signatures.repository.js';
import { signedFileOf } from './document-signatures.service.js';
import { isReviewOverdueSql } from './periodic-review.schedule.js';
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
import { EFFECT_TASK, makeDueRevisionsEffective } from './revision-effect.js';

const HOUR_MS = 60 * 60_000;

const tags = ['documents'];
/** The bulk delete's ids and organization, from the query or a JSON body. */
const bulkInput = queryOrBody();
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
  const route = contractRoutes(app, tags);
  app.ctx.jobs.every(EFFECT_TASK, HOUR_MS, (ctx) => makeDueRevisionsEffective(ctx).then(() => undefined));
  const db = () => app.ctx.database.db;
  const detailOf = async (access: OrganizationAccess, documentId: string, revision?: number, tab?: DocumentTab) =>
    presentDocumentDetail(access, await visibleRevision(db(), access, documentId, revision, tab));

  route(
    endpoints.documents.list,
    {
      ...inQuery,
      summary:
        'The documents the person may see, one row each (the latest revision they may see); sort keys number (default, descending), name, type, typeDescription, revision, isFinal, status, approvedAt, reviewedAt; search on number, name, Document ID and type; docTypeIds, statuses (e.g. Obsolete, the withdrawn) and isReviewOverdue (the periodic review date has passed) filter',
    },
    async (request) => {
      const access = organizationAccessOf(request);
      const { organizationId: _organizationId, docTypeIds, statuses, isReviewOverdue, ...query } = request.query;
      const where = isReviewOverdue ? isReviewOverdueSql(dayOf(currentTime())) : undefined;
      const { rows, ...pagination } = await listDocuments(
        db(),
        { access, typeIds: docTypeIds, statuses, where },
        query,
      );
      return { data: rows.map(presentDocumentRow(access)), pagination };
    },
  );

  route(
    endpoints.documents.options,
    {
      ...inQuery,
      summary: `The pickers' documents: those the person may see matching number, name or Document ID, of one type when given (at most ${LOOKUP_LIMIT}), newest first`,
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

  for (const [endpoint, tab, summary] of [
    [
      endpoints.documents.detail,
      undefined,
      'One revision of a document (the default revision without ?revision=) with its flags, without the fields of the tabs the person may not view; 404 for a revision the person may not see',
    ],
    [
      endpoints.documents.general,
      'general',
      "The same as GET /documents/{documentId}, for those who may view the revision's General tab (403 otherwise)",
    ],
  ] as const) {
    route(endpoint, { ...inQuery, summary }, async (request) => ({
      data: await detailOf(organizationAccessOf(request), request.params.documentId, request.query.revision, tab),
    }));
  }

  route(
    endpoints.documents.create,
    {
      policy: 'document.add',
      organization: organizationFrom.body(),
      summary: 'Create a document with its first revision (Submitted), numbered by the organization',
    },
    async (request, reply) => {
      const { id, revision } = await createDocument(serviceContextOf(request), request.body);
      const data = await detailOf(organizationAccessOf(request), id, revision);
      return reply.status(201).send({ data, ...message('documentCreated') });
    },
  );

  route(
    endpoints.documents.updateGeneral,
    {
      policy: 'document.edit.general',
      organization: organizationFrom.body(),
      summary:
        'Save General of a revision (the latest without revision): the edit right on its General section; refused while the revision is locked',
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

  route(
    endpoints.documents.addRevision,
    {
      policy: 'document.addRevision',
      organization: organizationFrom.body(),
      summary: 'Add the next revision (revision must be the latest plus 1) with its fields, signers and references',
    },
    async (request) => {
      const { documentId } = request.params;
      const revision = await addDocumentRevision(serviceContextOf(request), documentId, request.body);
      return { data: { id: documentId, revision }, ...message('documentRevisionSaved') };
    },
  );

  route(
    endpoints.documents.setFinal,
    {
      policy: 'document.edit.general',
      organization: organizationFrom.body(),
      summary:
        'Set a revision as final, for a reason (required; the audit event keeps it): only without reviewers and approvers, once',
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

  route(
    endpoints.documents.deleteRevision,
    {
      policy: 'document.delete',
      organization: organizationFrom.query(),
      summary:
        'Delete a revision: the document keeps another, the revision has no signature, the right to delete the document; a final revision needs a reason (the audit event keeps it)',
    },
    async (request) => {
      const { documentId } = request.params;
      const { revision } = request.query;
      await deleteDocumentRevision(serviceContextOf(request), documentId, request.query);
      return { data: { id: documentId, revision }, ...message('documentRevisionDeleted') };
    },
  );

  route(
    endpoints.documents.qualityTasks,
    {
      ...inQuery,
      summary: "A revision's reviewers, approvers and training (the Quality Actions tab)",
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
  route(
    endpoints.documents.updateQualityTasks,
    {
      ...inBody,
      summary: "Save a revision's reviewers, approvers and training; added signers get an action, removed ones lose it",
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

  route(
    endpoints.documents.references,
    {
      ...inQuery,
      summary: "A revision's references to records and external links",
    },
    async (request) => {
      const access = organizationAccessOf(request);
      const rec = await visibleRevision(db(), access, request.params.documentId, request.query.revision, 'references');
      return { data: presentReferences(access, rec) };
    },
  );

  route(
    endpoints.documents.updateReferences,
    {
      policy: 'document.edit.references',
      organization: organizationFrom.body(),
      summary: "Save a revision's references: oldReferenceIds are kept, the others removed, newReferences added",
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
    route(endpoints.documents[tab], { ...inQuery, summary }, async (request) => {
      const access = organizationAccessOf(request);
      const rec = await visibleRevision(db(), access, request.params.documentId, request.query.revision, tab);
      const organizationId = access.organization.id;
      const signers = await listRevisionSigners(db(), organizationId, rec.id, rec.revision);
      const signatures = await listRevisionSignatures(db(), organizationId, rec.id, rec.revision);
      const file = await signedFileOf(app.ctx, organizationId, rec);
      if (tab === 'reviews') return { data: presentReviews(access, rec, signers, signatures, file) };
      const validCode = await hasValidAccessCode(db(), access.actor.userId);
      return { data: presentApprovals(access, rec, signers, signatures, file, validCode) };
    });
  }

  route(
    endpoints.documents.remove,
    {
      policy: 'document.delete',
      organization: bulkInput.organization,
      preValidation: bulkInput.preValidation,
      summary:
        'Delete the chosen documents with all their revisions, all or nothing; ids and organizationId in the query or a JSON body; with a final one among them, a reason is required (each audit event keeps it)',
    },
    async (request) => {
      const { documentIds, reason } = request.query;
      await deleteDocuments(serviceContextOf(request), documentIds, reason);
      const said = message(new Set(documentIds).size > 1 ? 'documentsDeleted' : 'documentDeleted');
      return { data: { ids: documentIds }, ...said };
    },
  );

  recordFileRoutes(app, {
    link: endpoints.documents.file,
    content: endpoints.documents.fileContent,
    tags,
    policy: 'document.view',
    summaries: {
      link: "Where to fetch a file of a revision the person may see (its controlled file or an extra file) and the file's name",
      content: 'The bytes of a file of a revision the person may see, as an attachment',
    },
    find: (db, access, { documentId, fileId }, { revision }) =>
      findVisibleRevisionFile(db, access, documentId, fileId, revision),
  });
};
