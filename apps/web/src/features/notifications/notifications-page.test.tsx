import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { endpoints, type Notification } from '@qualis/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../shared/query-client';
import NotificationsPage from '../../pages/NotificationsPage';
import { sessionStore } from '../../shared/session-store';
import { formatDateTime } from '../../shared/dates';
import { jsonResponse, queriesOf, stubApi, TestProviders, testTokens, testUser } from '../../test/app';
import { NOT_FOUND, ORG } from '../../test/organization';
import { req } from '../../../../../docs/requirements/req.js';

const SLOW = 120_000;
const taskId = (n: number) => `0190a8e4-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`;
/** Received on 15 January 2030 at 13:05:09 in the browser's time zone, minus `n` minutes. */
const receivedAt = (n: number) => new Date(2030, 0, 15, 13, 5 - n, 9);

/** Seven notifications, newest first; the 2nd and 4th are read. */
function notifications(): Notification[] {
  return Array.from({ length: 7 }, (_, i) => ({
    id: `0190a8e4-0000-7000-8000-0000000002${String(i).padStart(2, '0')}`,
    kind: 'ActionAssigned',
    status: i === 1 || i === 3 ? 'Read' : 'Unread',
    createdAt: receivedAt(i).toISOString(),
    task: {
      id: taskId(i),
      number: 40 - i,
      name: `Calibrate scale ${i + 1}`,
      nameKey: null,
      nameParams: null,
      dueDate: '2030-02-01',
    },
  }));
}

/** The server: the list paged by limit and offset, the unread count, and dismissals that mark read. */
function serveNotifications(answers: { one: string; all: string }) {
  const stored = notifications();
  return stubApi((route, body, query) => {
    if (route === 'GET /api/v1/system-notifications') {
      const offset = Number(query.get('offset'));
      const data = stored.slice(offset, offset + Number(query.get('limit')));
      return jsonResponse(200, { data, pagination: { totalCount: stored.length } });
    }
    if (route === 'GET /api/v1/system-notifications/count') {
      return jsonResponse(200, { data: { count: stored.filter((n) => n.status === 'Unread').length } });
    }
    if (route === 'PATCH /api/v1/system-notifications') {
      const { id } = body as { id?: string };
      for (const n of stored) if (!id || n.id === id) n.status = 'Read';
      return jsonResponse(200, { message: id ? answers.one : answers.all });
    }
    return NOT_FOUND();
  });
}

function TaskPage() {
  const { organizationId, taskId } = useParams();
  return <p>{`Action ${taskId} of ${organizationId}`}</p>;
}

function renderPage() {
  render(
    <TestProviders>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[`/organizations/${ORG}/notifications`]}>
          <Routes>
            <Route path="/organizations/:organizationId/notifications" element={<NotificationsPage />} />
            <Route path="/organizations/:organizationId/tasks/:taskId" element={<TaskPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </TestProviders>,
  );
}

const entries = async () =>
  within(await screen.findByRole('list', { name: 'Notifications' })).findAllByRole('listitem');
const entryOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('the notifications page', () => {
  it(
    `shows 5 entries a page with their time, Dismiss only on unread ones, and See action opens the action ${req('NOTIF-002', 'NOTIF-004')}`,
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const fetch = serveNotifications({ one: 'dismissed', all: 'all dismissed' });
      renderPage();

      expect(await entries()).toHaveLength(5);
      const firstPage = queriesOf(fetch, endpoints.notifications.list)[0]!;
      expect([firstPage.get('organizationId'), firstPage.get('limit'), firstPage.get('offset')]).toEqual([
        ORG,
        '5',
        '0',
      ]);
      const first = entryOf('Calibrate scale 1');
      expect(within(first).getByText('Action Assigned')).toBeTruthy();
      expect(within(first).getByText('#40')).toBeTruthy();
      expect(within(first).getByText(formatDateTime(receivedAt(0).toISOString(), 'en'), { exact: true })).toBeTruthy();
      expect(within(first).getByText('Unread')).toBeTruthy();
      // Dismiss only where unread: the 2nd and 4th are read.
      expect(within(entryOf('Calibrate scale 2')).queryByRole('button', { name: 'Dismiss' })).toBeNull();
      expect(within(entryOf('Calibrate scale 2')).getByText('Read')).toBeTruthy();
      expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(3);
      expect(screen.getAllByRole('button', { name: 'See action' })).toHaveLength(5);

      fireEvent.click(screen.getByTitle('2'));
      await screen.findByText('Calibrate scale 7');
      expect(await entries()).toHaveLength(2);
      expect(queriesOf(fetch, endpoints.notifications.list).at(-1)?.get('offset')).toBe('5');

      fireEvent.click(within(entryOf('Calibrate scale 7')).getByRole('button', { name: 'See action' }));
      expect(await screen.findByText(`Action ${taskId(6)} of ${ORG}`)).toBeTruthy();
    },
    SLOW,
  );

  it(
    `dismisses one and then all, shows the server’s message each time, and refreshes the list ${req('NOTIF-002')}`,
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const fetch = serveNotifications({ one: 'That one is dismissed', all: 'Every notification is dismissed' });
      renderPage();
      await entries();

      fireEvent.click(within(entryOf('Calibrate scale 1')).getByRole('button', { name: 'Dismiss' }));
      expect(await screen.findByText('That one is dismissed')).toBeTruthy();
      await waitFor(() => expect(within(entryOf('Calibrate scale 1')).getByText('Read')).toBeTruthy());
      expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(2);

      fireEvent.click(screen.getByRole('button', { name: 'Dismiss all' }));
      expect(await screen.findByText('Every notification is dismissed')).toBeTruthy();
      await waitFor(() => expect(screen.queryAllByRole('button', { name: 'Dismiss' })).toHaveLength(0));
      const patches = fetch.mock.calls
        .filter(([, init]) => init?.method === 'PATCH')
        .map(([, init]) => JSON.parse(String(init?.body)) as object);
      expect(patches).toEqual([{ organizationId: ORG, id: notifications()[0]!.id }, { organizationId: ORG }]);
      // Nothing unread is left: Dismiss all has nothing more to do.
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Dismiss all' }).hasAttribute('disabled')).toBe(true),
      );
    },
    SLOW,
  );
});
