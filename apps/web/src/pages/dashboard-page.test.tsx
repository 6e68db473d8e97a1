import { screen } from '@testing-library/react';
import { endpoints } from '@qualis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DashboardPage from './DashboardPage';
import { sessionStore } from '../shared/session-store';
import { on, renderFeature, stubEndpoints, testTokens, testUser } from '../test/app';

const ORG = '0190a8e4-0000-7000-8000-0000000000aa';
const DOCUMENT = '0190a8e4-0000-7000-8000-0000000000d1';
const dashboard = endpoints.dashboard;

const renderDashboard = () =>
  renderFeature(<DashboardPage />, {
    route: '/organizations/:organizationId/dashboard',
    path: `/organizations/${ORG}/dashboard`,
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dashboard', () => {
  it('opens the documents card on To approve when nothing waits for review', async () => {
    sessionStore.start(testUser({ role: 'User' }), testTokens, false);
    stubEndpoints(
      on(dashboard.counters, () => ({
        data: { actionsToDo: 1, trainingToPass: 0, documentsToReview: 0, documentsToApprove: 1 },
      })),
      on(dashboard.actions, () => ({ data: [] })),
      on(dashboard.trainings, () => ({ data: [] })),
      on(dashboard.documentsToReview, () => ({ data: [] })),
      on(dashboard.documentsToApprove, () => ({
        data: [
          {
            id: DOCUMENT,
            type: 'SOP',
            typeDescription: 'SOP-007',
            name: 'Cleanroom Gowning',
            revision: 1,
            isFinal: false,
            dueDate: '2030-02-01',
          },
        ],
      })),
    );
    renderDashboard();
    const link = await screen.findByRole('link', { name: 'SOP-007 Cleanroom Gowning' });
    expect(link).toHaveAttribute('href', `/organizations/${ORG}/documents/${DOCUMENT}?revision=1`);
    expect(screen.getByRole('tab', { name: /To approve/ })).toHaveAttribute('aria-selected', 'true');
  });
});
