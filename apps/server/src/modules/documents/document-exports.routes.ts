import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCUMENT_HISTORY_MAX_LIMIT, endpoints } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
import { sendFilesArchive } from '../../core/archive.js';
import { requireActor } from '../../core/auth.js';
import { exportFileName } from '../../core/exports.js';
import { attachmentHeader } from '../../core/files.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import { serviceContextOf } from '../../core/service-context.js';
import { recordExportRoutes } from '../exports/record-export-routes.js';
import {
  documentAttachmentEntries,
  documentHistoryPage,
  documentRecords,
  documentsCsv,
  makeControlledCopy,
} from './document-exports.service.js';

const tags = ['documents'];
const inQuery = { policy: 'document.view', organization: organizationFrom.query() } as const;

/**
 * Documents' exports (spec 03 section 7 "Exports of documents"), controlled copies and history.
 * Every read goes through the documents' visibility predicate: a person never exports a
 * document, or a revision of one, that they may not open.
 */
export const documentExportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app, tags);
  const db = () => app.ctx.database.db;

  recordExportRoutes(app, documentRecords, {
    tags,
    csv: {
      endpoint: endpoints.documentRecords.exportCsv,
      summary:
        'CSV of the documents list: visible columns, checked rows, search, document types and sort (number descending by default, name when the number is hidden)',
      rows: documentsCsv,
    },
    singlePdf: {
      endpoint: endpoints.documentRecords.exportSinglePdf,
      summary:
        'One PDF with every chosen document (or every matching one): fields, revisions, reviewers and approvers, signatures, references and audit history',
    },
    pdfArchive: {
      endpoint: endpoints.documentRecords.exportPdfArchive,
      summary: 'A ZIP with one PDF per chosen document, named by System # and name',
    },
  });

  route(
    endpoints.documentRecords.exportAttachments,
    {
      ...inQuery,
      summary:
        'A ZIP of the controlled and extra files of the chosen documents (or every matching one) of the given document types (docTypeIds, at least one): a folder per document named by System # and name, the revision in each file name',
      produces: ['application/zip'],
    },
    async (request, reply) => {
      const access = organizationAccessOf(request);
      const { organizationId: _organizationId, ...selection } = request.query;
      const entries = documentAttachmentEntries(db(), app.ctx.storage, access, selection);
      return sendFilesArchive(
        reply,
        exportFileName('Documents-attachments', access.actor.email, new Date(), 'zip'),
        entries,
      );
    },
  );

  route(
    endpoints.documentRecords.controlledCopy,
    {
      ...inQuery,
      // A HEAD would make and audit a copy that nobody receives.
      exposeHeadRoute: false,
      summary:
        "A controlled copy of a revision's PDF controlled file (the default revision without ?revision=): every page stamped with the document, revision, status and state (controlled copy, draft or obsolete), the downloading person and time, and a page of the revision's signatures appended; audited",
      produces: ['application/pdf'],
    },
    async (request, reply) => {
      const person = request.actorUser ?? { firstName: null, lastName: null, email: requireActor(request).email };
      const { bytes, fileName } = await makeControlledCopy(
        serviceContextOf(request),
        person,
        request.params.documentId,
        request.query.revision,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentHeader(fileName))
        .header('cache-control', 'no-store')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );

  route(
    endpoints.documentRecords.history,
    {
      ...inQuery,
      summary: `The document's audit trail, oldest first, signatures included (at most ${DOCUMENT_HISTORY_MAX_LIMIT} per page): for people who may view its General tab`,
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { entries, totalCount } = await documentHistoryPage(
        db(),
        organizationAccessOf(request),
        request.params.documentId,
        { limit, offset },
      );
      return { data: entries, pagination: { totalCount } };
    },
  );
};
