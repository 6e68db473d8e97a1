import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateNamedEntryRequest,
  ZNamedEntry,
  ZOrganization,
  ZUuid,
  dataEnvelope,
  messageFields,
} from '@qualis/contract';
import { auditActorOf, requireActor } from '../../core/auth.js';
import { authorize } from '../../core/policies.js';
import { presentOrganization } from '../organizations/organizations.presenter.js';
import { organizationAccess } from '../permissions/permissions.service.js';
import './settings.policy.js';
import { listNamedEntries } from './settings.repository.js';
import {
  DOCUMENT_TYPES,
  TAGS,
  changeLogo,
  createNamedEntry,
  removeNamedEntry,
  type NamedEntryKind,
} from './settings.service.js';

const tags = ['settings'];
const ZOrganizationParams = z.object({ organizationId: ZUuid });
const withMessage = <T extends z.ZodType>(data: T) => dataEnvelope(data).extend(messageFields);

/** The organization context (404 / 422 / 403), then the settings right (403). */
async function authorizeSettings(request: FastifyRequest, organizationId: string, action: 'read' | 'manage') {
  const access = await organizationAccess(request, organizationId);
  authorize(requireActor(request), 'organizationSettings', action, access.permissions);
  return access;
}

/** Organization settings: document types, tags and the logo (spec 02 sections 2, 4, 5, 7). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;

  const registerNamedEntries = (path: string, kind: NamedEntryKind, label: string) => {
    app.get(
      `/organizations/:organizationId/${path}`,
      {
        config: { policy: 'organizationSettings.read' },
        schema: {
          tags,
          summary: `The organization's ${label}, by name`,
          params: ZOrganizationParams,
          response: { 200: dataEnvelope(z.array(ZNamedEntry)) },
        },
      },
      async (request) => {
        await authorizeSettings(request, request.params.organizationId, 'read');
        return { data: await listNamedEntries(db(), kind.table, request.params.organizationId) };
      },
    );

    app.post(
      `/organizations/:organizationId/${path}`,
      {
        config: { policy: 'organizationSettings.manage' },
        schema: {
          tags,
          summary: `Create one of the organization's ${label} (permission 56)`,
          params: ZOrganizationParams,
          body: ZCreateNamedEntryRequest,
          response: { 201: withMessage(ZNamedEntry) },
        },
      },
      async (request, reply) => {
        const { organizationId } = request.params;
        await authorizeSettings(request, organizationId, 'manage');
        const data = await createNamedEntry(db(), auditActorOf(request), kind, {
          organizationId,
          name: request.body.name,
        });
        return reply.status(201).send({ data, message: kind.created });
      },
    );

    app.delete(
      `/organizations/:organizationId/${path}/:entryId`,
      {
        config: { policy: 'organizationSettings.manage' },
        schema: {
          tags,
          summary: `Delete one of the organization's ${label} (permission 56)`,
          params: ZOrganizationParams.extend({ entryId: ZUuid }),
          response: { 200: withMessage(z.object({ id: z.uuid() })) },
        },
      },
      async (request) => {
        const { organizationId, entryId } = request.params;
        await authorizeSettings(request, organizationId, 'manage');
        await removeNamedEntry(db(), auditActorOf(request), kind, { organizationId, id: entryId });
        return { data: { id: entryId }, message: kind.deleted };
      },
    );
  };

  registerNamedEntries('document-types', DOCUMENT_TYPES, 'document types');
  registerNamedEntries('tags', TAGS, 'tags');

  app.put(
    '/organizations/:organizationId/logo/:imageId',
    {
      config: { policy: 'organizationSettings.manage' },
      schema: {
        tags,
        summary: 'Make an image the caller uploaded the organization logo (permission 56)',
        params: ZOrganizationParams.extend({ imageId: ZUuid }),
        response: { 200: dataEnvelope(ZOrganization) },
      },
    },
    async (request) => {
      const { organizationId, imageId } = request.params;
      const { context } = await authorizeSettings(request, organizationId, 'manage');
      const organization = await changeLogo(
        db(),
        { ...auditActorOf(request), userId: requireActor(request).userId },
        { organizationId, imageId, previousFileId: context.organization.logoFileId },
      );
      return { data: await presentOrganization(app.ctx.database.db, organization) };
    },
  );
};
