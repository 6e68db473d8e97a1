import { recordAudit } from '../../../core/audit.js';
import { ADMINS_ONLY, SUPERADMIN_ONLY, once, type Case, type Cell } from '../matrix.js';

/** An event of the provider's chain (made once), so its exports have something to hold. */
const providerEvent = ({ t, f }: Cell) =>
  once(f, 'provider event', () =>
    t.db.transaction((tx) =>
      recordAudit(
        tx,
        { userId: f.ids.sa, email: f.emails.sa, ip: null, requestId: null },
        { organizationId: null, infoType: 'Organizations', action: 'create', entityType: 'organization' },
      ),
    ),
  );

/** The audit trail review: an organization's trail (Admins, SuperAdmin), the provider's (SuperAdmin). */
export const auditCases: Case[] = [
  {
    routes: [
      'GET /api/v1/audit-trail',
      'GET /api/v1/audit-trail/verification',
      'GET /api/v1/audit-trail/reviews',
      'GET /api/v1/export/audit-trail',
      'GET /api/v1/export/audit-trail-pdf',
    ],
    expected: ADMINS_ONLY(200),
    request: ({ f }) => ({ query: { organizationId: f.orgA } }),
  },
  {
    routes: ['POST /api/v1/audit-trail/reviews'],
    note: 'up to the first event',
    expected: ADMINS_ONLY(201),
    request: ({ f }) => ({ payload: { organizationId: f.orgA, upToSeq: 1 } }),
  },
  {
    routes: [
      'GET /api/v1/provider/audit-trail',
      'GET /api/v1/provider/audit-trail/verification',
      'GET /api/v1/provider/audit-trail/reviews',
      'GET /api/v1/export/provider-audit-trail',
      'GET /api/v1/export/provider-audit-trail-pdf',
    ],
    expected: SUPERADMIN_ONLY(200),
    request: async (cell) => {
      await providerEvent(cell);
      return {};
    },
  },
  {
    routes: ['POST /api/v1/provider/audit-trail/reviews'],
    note: 'up to the first event',
    expected: SUPERADMIN_ONLY(201),
    request: async (cell) => {
      await providerEvent(cell);
      return { payload: { upToSeq: 1 } };
    },
  },
];
