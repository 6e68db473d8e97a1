import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../shared/session-store';
import { jsonResponse, renderApp, stubApi, testTokens, testUser } from '../test/app';
import { LAZY, ORG, organizationAnswer, preparePages, SOON } from '../test/organization';
import { req } from '../../../../docs/requirements/req.js';

/** The machine may be busy: a whole journey through a page gets three minutes (see actions.test.tsx). */
const SLOW = 180_000;
const RECORD = '0190a8e4-0000-7000-8000-0000000000e1';
const DENIED = 'Access denied. Please, contact your support team.';
const emptyList = () => jsonResponse(200, { data: [], pagination: { totalCount: 0 } });
/** What the server answers for a record that is not there or that the person may not see. */
const notFound = () =>
  jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'The requested item was not found.' }] });
const forbidden = () => jsonResponse(403, { errors: [{ code: 'FORBIDDEN', message: 'You may not do this.' }] });

/** The organization, its document types and the bell's count; null for any other route. */
function layoutAnswer(route: string) {
  if (route === 'GET /api/v1/system-notifications/count') return jsonResponse(200, { data: { count: 0 } });
  if (route === `GET /api/v1/organizations/${ORG}/document-types`) return jsonResponse(200, { data: [] });
  return organizationAnswer(route);
}

/** Every toast put on screen, in order (one shows at a time, so a repeat replaces the shown one). */
let toasts: string[] = [];
let observer: MutationObserver | null = null;
beforeEach(() => {
  toasts = [];
  observer = new MutationObserver((changes) => {
    for (const change of changes)
      for (const node of change.addedNodes)
        if (node instanceof HTMLElement)
          for (const notice of [node, ...node.querySelectorAll('*')].filter((e) =>
            e.classList.contains('ant-message-notice'),
          ))
            toasts.push(notice.textContent ?? '');
  });
  observer.observe(document.body, { childList: true, subtree: true });
});
afterEach(() => observer?.disconnect());

preparePages(
  () => import('./DocumentDetailPage'),
  () => import('./DocumentsPage'),
  () => import('./ActionDetailPage'),
  () => import('./ActionsPage'),
  () => import('./TrainingRecordDetailPage'),
  () => import('./TrainingRecordsPage'),
  () => import('./HumanResourceDetailPage'),
  () => import('./DashboardPage'),
);

describe('Opening a record the person may not see (spec 03 sections 2, 6 and 8)', () => {
  it.each([
    ['document', 'documents', '/documents', 'There are no Documents to display'],
    ['action', 'tasks', '/tasks', 'There are no Actions to display'],
    ['training record', 'training-records', '/training-records', 'There are no Trainings to display'],
  ])(
    "a %s answering 404 says 'Access denied' once and opens its list, which loads",
    async (_kind, area, api, empty) => {
      sessionStore.start(testUser({ role: 'User' }), testTokens, false);
      stubApi((route) => {
        if (route === `GET /api/v1${api}`) return emptyList();
        if (route === `GET /api/v1${api}/${RECORD}` || route === `GET /api/v1${api}/${RECORD}/general`)
          return notFound();
        return layoutAnswer(route) ?? notFound();
      });
      const view = renderApp(`/organizations/${ORG}/${area}/${RECORD}`);

      expect(await screen.findByText(empty, {}, LAZY)).toBeTruthy();
      expect(view.location()).toBe(`/organizations/${ORG}/${area}`);
      await waitFor(() => expect(toasts).toEqual([DENIED]), SOON);
      expect(screen.queryByText('The list could not be loaded.')).toBeNull();
    },
    SLOW,
  );

  it(
    `an HR record opened by a User says 'Access denied' once and opens the dashboard, not a list they may not load ${req('UI-004')}`,
    async () => {
      sessionStore.start(testUser({ role: 'User' }), testTokens, false);
      const fetch = stubApi((route) => {
        if (route.startsWith('GET /api/v1/human-resource-records')) return forbidden();
        if (route === 'GET /api/v1/dashboard/counters')
          return jsonResponse(200, {
            data: { actionsToDo: 0, trainingToPass: 0, documentsToReview: 0, documentsToApprove: 0 },
          });
        if (route.startsWith('GET /api/v1/dashboard/')) return jsonResponse(200, { data: [] });
        return layoutAnswer(route) ?? notFound();
      });
      const view = renderApp(`/organizations/${ORG}/human-resources/${RECORD}`);

      await waitFor(() => expect(view.location()).toBe(`/organizations/${ORG}/dashboard`), LAZY);
      await waitFor(() => expect(toasts).toEqual([DENIED]), SOON);
      const asked = fetch.mock.calls.map(([url]) => new URL(url, 'http://x').pathname);
      expect(asked).not.toContain('/api/v1/human-resource-records');
    },
    SLOW,
  );
});
