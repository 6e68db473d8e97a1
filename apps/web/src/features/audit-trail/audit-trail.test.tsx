import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints, type AuditReview, type AuditTrailEvent, type AuditTrailVerification } from '@qualis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AuditTrailPage from '../../pages/AuditTrailPage';
import { sessionStore } from '../../shared/session-store';
import { jsonResponse, on, queriesOf, renderFeature, stubEndpoints, testTokens, testUser } from '../../test/app';
import { ORG, organizationEndpoints, uma } from '../../test/organization';
import { req } from '../../../../../docs/requirements/req.js';

const { saveFile } = await import('../../shared/save-file');

/** The machine may be busy: a whole journey through a page gets a minute. */
const SLOW = 60_000;
const trail = endpoints.auditTrail;

const event = (overrides: Partial<AuditTrailEvent>): AuditTrailEvent => ({
  seq: 1,
  occurredAt: '2030-04-01T09:30:00.000Z',
  actorUserId: uma.id,
  actorEmail: uma.email,
  actorIp: '10.0.0.1',
  infoType: 'User Groups',
  action: 'create',
  entityType: 'user-group',
  entityId: 'group-1',
  changes: [],
  reason: null,
  ...overrides,
});

const EVENTS = [
  event({
    seq: 2,
    action: 'rename',
    changes: [{ field: 'name', label: 'Name', before: 'Calibration', after: 'Calibration team' }],
  }),
  event({ seq: 1, changes: [{ field: 'userIds', label: 'People', before: null, after: 'Uma User' }] }),
];

const verification = (overrides: Partial<AuditTrailVerification> = {}): AuditTrailVerification => ({
  count: 1120,
  intact: true,
  brokenAtSeq: null,
  seal: null,
  verifiedAt: '2026-11-25T21:03:00.000Z',
  text: '',
  ...overrides,
});

const renderPage = () =>
  renderFeature(<AuditTrailPage />, {
    route: '/organizations/:organizationId/audit-trail',
    path: `/organizations/${ORG}/audit-trail`,
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Audit trail', () => {
  it(
    `shows the verification, the events with readable changes, filters them and marks the view reviewed ${req('AUD-004', 'AUD-005')}`,
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const reviews: AuditReview[] = [];
      const posted: unknown[] = [];
      const fetch = stubEndpoints(
        on(trail.list, () => ({ data: EVENTS, pagination: { totalCount: EVENTS.length } })),
        on(trail.verification, () => ({ data: verification() })),
        on(trail.reviews, () => ({ data: reviews, pagination: { totalCount: reviews.length } })),
        on(trail.markReviewed, (_, body) => {
          posted.push(body);
          reviews.push({
            id: '0190a8e4-0000-7000-8000-0000000000e9',
            reviewerUserId: testUser().id,
            reviewerEmail: testUser().email,
            reviewedAt: '2026-11-26T07:00:00.000Z',
            filters: { entityType: 'user-group' },
            upToSeq: 1120,
            eventCount: 2,
            comment: 'Checked',
          });
          return jsonResponse(201, { data: reviews[0], message: 'The audit trail is marked as reviewed' });
        }),
        ...organizationEndpoints(),
      );
      renderPage();

      const banner = await screen.findByTestId('audit-verification');
      expect(banner).toHaveTextContent(/^1,120 events, chain intact, verified .*2026/);
      expect(screen.getByRole('heading', { name: 'Audit trail' })).toBeInTheDocument();
      const renamed = await screen.findByRole('row', { name: /rename/ });
      expect(within(renamed).getByText(/Calibration → Calibration team/)).toBeInTheDocument();
      expect(within(screen.getByRole('row', { name: /create/ })).getByText(/Uma User/)).toBeInTheDocument();
      expect(screen.getByText('No reviews yet')).toBeInTheDocument();

      // A row option narrows the view to the row's record.
      fireEvent.click(within(renamed).getByRole('button', { name: /Show the events of this record/ }));
      await waitFor(() => expect(queriesOf(fetch, trail.list).at(-1)!.get('entityId')).toBe('group-1'));
      expect(queriesOf(fetch, trail.list).at(-1)!.get('entityType')).toBe('user-group');
      expect(queriesOf(fetch, trail.list)[0]!.get('organizationId')).toBe(ORG);

      fireEvent.click(screen.getByRole('button', { name: /Mark reviewed/ }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('spinbutton')).toHaveValue('1120');
      fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Checked' } });
      fireEvent.click(within(dialog).getByRole('button', { name: /Mark reviewed/ }));

      await waitFor(() => expect(posted).toHaveLength(1));
      expect(await screen.findByText('The audit trail is marked as reviewed')).toBeInTheDocument();
      expect(posted).toEqual([
        {
          organizationId: ORG,
          filters: { entityType: 'user-group', entityId: 'group-1' },
          upToSeq: 1120,
          comment: 'Checked',
        },
      ]);
      const reviewRow = await screen.findByRole('row', { name: /Checked/ });
      expect(within(reviewRow).getByText(testUser().email)).toBeInTheDocument();
      expect(within(reviewRow).getByText('Record kind: user-group, up to event 1120')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    `says where a broken chain breaks, and exports the filtered view as PDF ${req('AUD-003', 'AUD-004')}`,
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      vi.mocked(saveFile).mockClear();
      const fetch = stubEndpoints(
        on(trail.list, () => ({ data: EVENTS, pagination: { totalCount: EVENTS.length } })),
        on(trail.verification, () => ({ data: verification({ count: 3, intact: false, brokenAtSeq: 2 }) })),
        on(trail.reviews, () => ({ data: [], pagination: { totalCount: 0 } })),
        on(
          trail.exportPdf,
          () =>
            new Response('%PDF', {
              status: 200,
              headers: {
                'Content-Type': 'application/pdf',
                'Content-Disposition': 'attachment; filename="Audit_trail.pdf"',
              },
            }),
        ),
        ...organizationEndpoints(),
      );
      renderPage();

      const banner = await screen.findByTestId('audit-verification');
      expect(banner).toHaveTextContent(/^3 events, chain broken at event 2, verified /);
      await screen.findByRole('row', { name: /rename/ });
      fireEvent.click(screen.getByRole('button', { name: /Export/ }));
      fireEvent.click(await screen.findByText('PDF file'));
      await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
      expect(vi.mocked(saveFile).mock.calls[0]![1]).toBe('Audit_trail.pdf');
      expect(queriesOf(fetch, trail.exportPdf)[0]!.get('organizationId')).toBe(ORG);
    },
    SLOW,
  );

  it(
    "shows the SuperAdmin the provider's trail, without an organization",
    async () => {
      sessionStore.start(testUser({ role: 'SuperAdmin' }), testTokens, false);
      const fetch = stubEndpoints(
        on(trail.providerList, () => ({ data: EVENTS, pagination: { totalCount: EVENTS.length } })),
        on(trail.providerVerification, () => ({ data: verification({ count: 7 }) })),
        on(trail.providerReviews, () => ({ data: [], pagination: { totalCount: 0 } })),
      );
      renderFeature(<AuditTrailPage />, { route: '/provider-audit-trail', path: '/provider-audit-trail' });

      expect(await screen.findByTestId('audit-verification')).toHaveTextContent(/^7 events, chain intact/);
      expect(screen.getByRole('heading', { name: 'Provider audit trail' })).toBeInTheDocument();
      await screen.findByRole('row', { name: /rename/ });
      // No organization, so no person filter (its people are an organization's).
      expect(screen.queryByRole('combobox', { name: 'Person' })).not.toBeInTheDocument();
      expect(queriesOf(fetch, trail.providerList)[0]!.has('organizationId')).toBe(false);
    },
    SLOW,
  );
});
