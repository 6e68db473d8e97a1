import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { message, endpoints } from '@qualis/contract';
import { contractRoutes } from '../../core/contract-route.js';
import { organizationAccessOf, organizationFrom } from '../../core/pipeline.js';
import { approvedDocumentTypeIds } from '../documents/document-visibility.js';
import { serviceContextOf } from '../../core/service-context.js';
import { presentOrganization } from '../organizations/organizations.presenter.js';
import { listNamedEntries } from './settings.repository.js';
import { changeReviewInterval, changeReviewReminder } from './review-settings.service.js';
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

const read = { policy: 'organizationSettings.read', organization: organizationFrom.params() } as const;
const manage = { policy: 'organizationSettings.manage', organization: organizationFrom.params() } as const;

/** Organization settings: document types, tags, the logo (spec 02 sections 2, 4, 5, 7), signing and periodic review. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app, tags);
  const db = () => app.ctx.database.db;

  const registerNamedEntries = (path: 'document-types' | 'tags', kind: NamedEntryKind, label: string) => {
    const rows = endpoints.settings[path];
    route(
      rows.list,
      {
        ...read,
        summary: `The organization's ${label} matching the search, by name${kind === DOCUMENT_TYPES ? '; with isOnlyApproved=true only the types of documents with a final revision the person may see' : ''}`,
      },
      async (request) => {
        const { query } = request;
        const onlyApproved = 'isOnlyApproved' in query && query.isOnlyApproved === true;
        const onlyIds = onlyApproved ? approvedDocumentTypeIds(organizationAccessOf(request)) : undefined;
        const search = query.search;
        return { data: await listNamedEntries(db(), kind.table, request.params.organizationId, { search, onlyIds }) };
      },
    );

    route(
      rows.create,
      { ...manage, summary: `Create one of the organization's ${label} (Permission.ManageOrganizationSettings)` },
      async (request, reply) => {
        const data = await createNamedEntry(serviceContextOf(request), kind, { name: request.body.name });
        return reply.status(201).send({ data, ...message(kind.created) });
      },
    );

    route(
      rows.remove,
      { ...manage, summary: `Delete one of the organization's ${label} (Permission.ManageOrganizationSettings)` },
      async (request) => {
        const { id: entryId } = request.params;
        await removeNamedEntry(serviceContextOf(request), kind, { id: entryId });
        return { data: { id: entryId }, ...message(kind.deleted) };
      },
    );
  };

  registerNamedEntries('document-types', DOCUMENT_TYPES, 'document types');
  registerNamedEntries('tags', TAGS, 'tags');

  route(
    endpoints.organizations.setLogo,
    {
      ...manage,
      summary: 'Make an image the caller uploaded the organization logo (Permission.ManageOrganizationSettings)',
    },
    async (request) => {
      const organization = await changeLogo(serviceContextOf(request), { imageId: request.params.imageId });
      return { data: await presentOrganization(app.ctx.database.db, organization) };
    },
  );

  route(
    endpoints.periodicReview.setInterval,
    {
      ...manage,
      summary:
        "Set a document type's review interval in months, or none (null); its released documents get their next review date again (Permission.ManageOrganizationSettings)",
    },
    async (request) => {
      const { id } = request.params;
      const data = await changeReviewInterval(serviceContextOf(request), id, request.body.reviewIntervalMonths);
      return { data, ...message('reviewIntervalSaved') };
    },
  );

  route(
    endpoints.periodicReview.setReminder,
    {
      ...manage,
      summary:
        'Set how many days before a periodic review its reminder action is made (Permission.ManageOrganizationSettings)',
    },
    async (request) => {
      const data = await changeReviewReminder(serviceContextOf(request), request.body.reviewReminderDays);
      return { data, ...message('reviewReminderSaved') };
    },
  );

  route(
    endpoints.organizations.setSigning,
    {
      policy: 'organizationSigning.manage',
      organization: organizationFrom.params(),
      summary:
        "Switch the organization's password at signing on or off: signers then re-enter their password at each review and approval (Admins)",
    },
    async (request) => {
      const organization = await changeSigningSetting(serviceContextOf(request), request.body);
      return { data: await presentOrganization(db(), organization), ...message('signingSettingsSaved') };
    },
  );
};
