import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateNamedEntryRequest,
  ZDocumentTypesQuery,
  ZNamedEntriesQuery,
  ZNamedEntry,
  ZOrganization,
  ZOrganizationSigningRequest,
  ZUuid,
  dataEnvelope,
  messageFields,
  message,
} from '@qualis/contract';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import { approvedDocumentTypeIds } from '../documents/document-visibility.js';
import { serviceContextOf } from '../../core/service-context.js';
import { presentOrganization } from '../organizations/organizations.presenter.js';
import { listNamedEntries } from './settings.repository.js';
import {
  DOCUMENT_TYPES,
  TAGS,
  changeLogo,
  changeSigningSetting,
  createNamedEntry,
  removeNamedEntry,
  type NamedEntryKind,
} from './settings.service.js';

const tags = ['settings'];
const ZOrganizationParams = z.object({ organizationId: ZUuid });
const withMessage = <T extends z.ZodType>(data: T) => dataEnvelope(data).extend(messageFields);

const read = { policy: 'organizationSettings.read', organization: organizationFrom.params() } as const;
const manage = { policy: 'organizationSettings.manage', organization: organizationFrom.params() } as const;

/** Organization settings: document types, tags, the logo (spec 02 sections 2, 4, 5, 7) and signing. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;

  const registerNamedEntries = (path: string, kind: NamedEntryKind, label: string) => {
    app.get(
      `/organizations/:organizationId/${path}`,
      {
        config: read,
        schema: {
          tags,
          summary: `The organization's ${label} matching the search, by name${kind === DOCUMENT_TYPES ? '; with isOnlyApproved=true only the types of documents with a final revision the person may see' : ''}`,
          params: ZOrganizationParams,
          querystring: kind === DOCUMENT_TYPES ? ZDocumentTypesQuery : ZNamedEntriesQuery,
          response: { 200: dataEnvelope(z.array(ZNamedEntry)) },
        },
      },
      async (request) => {
        const { query } = request;
        const onlyApproved = 'isOnlyApproved' in query && query.isOnlyApproved === true;
        const onlyIds = onlyApproved ? approvedDocumentTypeIds(organizationAccessOf(request)) : undefined;
        const search = query.search;
        return { data: await listNamedEntries(db(), kind.table, request.params.organizationId, { search, onlyIds }) };
      },
    );

    app.post(
      `/organizations/:organizationId/${path}`,
      {
        config: manage,
        schema: {
          tags,
          summary: `Create one of the organization's ${label} (Permission.ManageOrganizationSettings)`,
          params: ZOrganizationParams,
          body: ZCreateNamedEntryRequest,
          response: { 201: withMessage(ZNamedEntry) },
        },
      },
      async (request, reply) => {
        const data = await createNamedEntry(serviceContextOf(request), kind, { name: request.body.name });
        return reply.status(201).send({ data, ...message(kind.created) });
      },
    );

    app.delete(
      `/organizations/:organizationId/${path}/:entryId`,
      {
        config: manage,
        schema: {
          tags,
          summary: `Delete one of the organization's ${label} (Permission.ManageOrganizationSettings)`,
          params: ZOrganizationParams.extend({ entryId: ZUuid }),
          response: { 200: withMessage(z.object({ id: z.uuid() })) },
        },
      },
      async (request) => {
        const { entryId } = request.params;
        await removeNamedEntry(serviceContextOf(request), kind, { id: entryId });
        return { data: { id: entryId }, ...message(kind.deleted) };
      },
    );
  };

  registerNamedEntries('document-types', DOCUMENT_TYPES, 'document types');
  registerNamedEntries('tags', TAGS, 'tags');

  app.put(
    '/organizations/:organizationId/logo/:imageId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Make an image the caller uploaded the organization logo (Permission.ManageOrganizationSettings)',
        params: ZOrganizationParams.extend({ imageId: ZUuid }),
        response: { 200: dataEnvelope(ZOrganization) },
      },
    },
    async (request) => {
      const organization = await changeLogo(serviceContextOf(request), { imageId: request.params.imageId });
      return { data: await presentOrganization(app.ctx.database.db, organization) };
    },
  );

  app.put(
    '/organizations/:organizationId/signing',
    {
      config: { policy: 'organizationSigning.manage', organization: organizationFrom.params() },
      schema: {
        tags,
        summary:
          "Switch the organization's password at signing on or off: signers then re-enter their password at each review and approval (Admins)",
        params: ZOrganizationParams,
        body: ZOrganizationSigningRequest,
        response: { 200: withMessage(ZOrganization) },
      },
    },
    async (request) => {
      const organization = await changeSigningSetting(serviceContextOf(request), request.body);
      return { data: await presentOrganization(db(), organization), ...message('signingSettingsSaved') };
    },
  );
};
