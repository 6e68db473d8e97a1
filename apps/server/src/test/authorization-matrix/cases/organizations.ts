import { documentTypes, tags } from '../../../db/schema/index.js';
import { newId } from '../../../core/ids.js';
import { createOrganization } from '../../factories.js';
import {
  ADMINS_ONLY,
  MEMBERS,
  SETTINGS,
  SIGNED_IN,
  SUPERADMIN_ONLY,
  fresh,
  ownImage,
  row,
  today,
  type Case,
} from '../matrix.js';

/** Organizations: one’s own, the provider’s administration of them, and their settings. */
export const organizationCases: Case[] = [
  // Organizations
  {
    // Everyone lists their own organizations: the inactive member gets none, the outsider only B.
    routes: ['GET /api/v1/organizations'],
    expected: SIGNED_IN(200),
    request: () => ({}),
  },
  {
    routes: ['GET /api/v1/organizations/:organizationId'],
    expected: MEMBERS(200),
    request: ({ f }) => ({ params: { organizationId: f.orgA } }),
  },
  // Provider administration
  {
    routes: ['POST /api/v1/organizations'],
    expected: SUPERADMIN_ONLY(201),
    request: () => ({ payload: { name: fresh('Org') } }),
  },
  {
    routes: ['PUT /api/v1/organizations/:organizationId/name'],
    expected: SUPERADMIN_ONLY(200),
    request: ({ f }) => ({ params: { organizationId: f.orgA }, payload: { name: 'Alpha Medical' } }),
  },
  {
    routes: ['PATCH /api/v1/organizations/:organizationId/status', 'PUT /api/v1/organizations/:organizationId/status'],
    note: 'of a new organization',
    expected: SUPERADMIN_ONLY(200),
    request: async ({ t }) => ({ params: { organizationId: (await createOrganization(t.db)).id } }),
  },
  {
    routes: [
      'PATCH /api/v1/organizations/:organizationId/managed-by-client',
      'PUT /api/v1/organizations/:organizationId/managed-by-client',
    ],
    note: 'of a new organization',
    expected: SUPERADMIN_ONLY(200),
    request: async ({ t }) => ({ params: { organizationId: (await createOrganization(t.db)).id } }),
  },
  {
    routes: ['DELETE /api/v1/organizations/:organizationId'],
    note: 'a new organization',
    expected: SUPERADMIN_ONLY(200),
    request: async ({ t }) => ({ params: { organizationId: (await createOrganization(t.db)).id } }),
  },
  {
    routes: ['GET /api/v1/export/organizations'],
    expected: SUPERADMIN_ONLY(200),
    request: () => ({}),
  },
  {
    routes: ['GET /api/v1/export/Organization-logs', 'GET /api/v1/export/organization-logs'],
    expected: SUPERADMIN_ONLY(200),
    request: () => ({
      query: { IncludeOrganizationChanges: 'true', 'DateRange.Start': today(), 'DateRange.End': today() },
    }),
  },
  {
    // 'Export everything': the organization's Admins and the SuperAdmin; an HR-limited Admin would
    // get a package without HR records, so it is refused like the Users (decision 0029).
    routes: ['POST /api/v1/organizations/:organizationId/inspection-package'],
    expected: row(401, 200, 200, 403, 403, 403, 404, 403, 403),
    request: ({ f }) => ({ params: { organizationId: f.orgA } }),
  },
  // Organization settings
  {
    routes: [
      'GET /api/v1/organizations/:organizationId/document-types',
      'GET /api/v1/organizations/:organizationId/tags',
    ],
    expected: MEMBERS(200),
    request: ({ f }) => ({ params: { organizationId: f.orgA } }),
  },
  {
    routes: [
      'POST /api/v1/organizations/:organizationId/document-types',
      'POST /api/v1/organizations/:organizationId/tags',
    ],
    expected: SETTINGS(201),
    request: ({ f }) => ({ params: { organizationId: f.orgA }, payload: { name: fresh('Entry') } }),
  },
  {
    routes: ['DELETE /api/v1/organizations/:organizationId/tags/:id'],
    note: 'a new tag',
    expected: SETTINGS(200),
    request: async ({ f, t }) => {
      const [tag] = await t.db
        .insert(tags)
        .values({ organizationId: f.orgA, id: newId(), name: fresh('tag') })
        .returning();
      return { params: { organizationId: f.orgA, id: tag!.id } };
    },
  },
  {
    routes: ['DELETE /api/v1/organizations/:organizationId/document-types/:id'],
    note: 'a new document type',
    expected: SETTINGS(200),
    request: async ({ f, t }) => {
      const [type] = await t.db
        .insert(documentTypes)
        .values({ organizationId: f.orgA, id: newId(), name: fresh('type') })
        .returning();
      return { params: { organizationId: f.orgA, id: type!.id } };
    },
  },
  {
    routes: ['PUT /api/v1/organizations/:organizationId/document-types/:id/review-interval'],
    note: 'a new document type',
    expected: SETTINGS(200),
    request: async ({ f, t }) => {
      const [type] = await t.db
        .insert(documentTypes)
        .values({ organizationId: f.orgA, id: newId(), name: fresh('type') })
        .returning();
      return { params: { organizationId: f.orgA, id: type!.id }, payload: { reviewIntervalMonths: 24 } };
    },
  },
  {
    routes: ['PUT /api/v1/organizations/:organizationId/review-reminder'],
    expected: SETTINGS(200),
    request: ({ f }) => ({ params: { organizationId: f.orgA }, payload: { reviewReminderDays: 30 } }),
  },
  {
    routes: ['PUT /api/v1/organizations/:organizationId/logo/:imageId'],
    note: 'an image of one’s own',
    expected: SETTINGS(200),
    request: async (cell) => ({ params: { organizationId: cell.f.orgA, imageId: await ownImage(cell) } }),
  },
  {
    routes: ['PUT /api/v1/organizations/:organizationId/signing'],
    note: 'switched off again each time',
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ params: { organizationId: f.orgA }, payload: { signingRequiresPassword: false } }),
  },
];
