import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@qualis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../../shared/query-client';
import { sessionStore } from '../../shared/session-store';
import { jsonResponse, queriesOf, stubApi, TestProviders, testTokens, testUser } from '../../test/app';
import { NOT_FOUND, ORG, SOON, uma } from '../../test/organization';
import { ActionsTable } from './ActionsTable';
import { req } from '../../../../../docs/requirements/req.js';

/** The machine may be busy: antd's menus and pickers take seconds each under load. */
const SLOW = 120_000;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

function serveActions() {
  return stubApi((route) => {
    if (route === 'GET /api/v1/tasks') return jsonResponse(200, { data: [], pagination: { totalCount: 0 } });
    if (route === `GET /api/v1/organizations/${ORG}/member-options`) return jsonResponse(200, { data: [uma] });
    if (route === 'GET /api/v1/export/Tasks') {
      return new Response('Name\r\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="Tasks.csv"' },
      });
    }
    return NOT_FOUND();
  });
}

const lastListQuery = (fetch: ReturnType<typeof stubApi>) => {
  const query = queriesOf(fetch, endpoints.actions.list).at(-1)!;
  return { ...Object.fromEntries(query), status: query.getAll('status') };
};

/** Opens an antd select by its label and picks the option with `text`. */
async function choose(label: string, text: string) {
  const select = screen.getByLabelText(label);
  fireEvent.mouseDown(select);
  fireEvent.click(await screen.findByText(text, { selector: '.ant-select-item-option-content' }, SOON));
}

describe('Actions list filters (spec 03 section 2)', () => {
  it(
    `asks the server for the chosen statuses, the assignee and the due range, in the list and its exports ${req('ACT-006')}`,
    async () => {
      sessionStore.start(testUser({ role: 'Admin' }), testTokens, false);
      const fetch = serveActions();
      render(
        <TestProviders>
          <QueryClientProvider client={createQueryClient()}>
            <MemoryRouter>
              <ActionsTable organizationId={ORG} onSuccess={vi.fn()} />
            </MemoryRouter>
          </QueryClientProvider>
        </TestProviders>,
      );
      expect(await screen.findByText('There are no Actions to display', {}, SOON)).toBeTruthy();
      expect(lastListQuery(fetch)).toMatchObject({ status: [], offset: '0' });
      expect(screen.getByText('Any status')).toBeTruthy();
      expect(screen.getByText('Any assignee')).toBeTruthy();
      expect(screen.getByPlaceholderText('Due from')).toBeTruthy();
      expect(screen.getByPlaceholderText('Due to')).toBeTruthy();

      await choose('Filter by status', 'Complete');
      await waitFor(() => expect(lastListQuery(fetch).status).toEqual(['1']), SOON);
      await choose('Filter by status', 'To do');
      await waitFor(() => expect(lastListQuery(fetch).status).toEqual(['1', '0']), SOON);

      await choose('Filter by assignee', 'Uma User (uma@example.com)');
      await waitFor(() => expect(lastListQuery(fetch)).toMatchObject({ assigneeId: uma.id }), SOON);

      const from = screen.getByPlaceholderText('Due from');
      fireEvent.mouseDown(from);
      fireEvent.change(from, { target: { value: '2030-01-01' } });
      fireEvent.keyDown(from, { key: 'Enter', code: 'Enter' });
      const to = screen.getByPlaceholderText('Due to');
      fireEvent.change(to, { target: { value: '2030-02-01' } });
      fireEvent.keyDown(to, { key: 'Enter', code: 'Enter' });
      await waitFor(
        () =>
          expect(lastListQuery(fetch)).toMatchObject({
            dueDateFrom: '2030-01-01',
            dueDateTo: '2030-02-01',
            assigneeId: uma.id,
            status: ['1', '0'],
          }),
        SOON,
      );

      // The export holds what the filters show (issue 20).
      fireEvent.click(screen.getByRole('button', { name: /Export/ }));
      fireEvent.click(await screen.findByText('CSV file', {}, SOON));
      await waitFor(() => expect(queriesOf(fetch, endpoints.actions.exportCsv)).toHaveLength(1), SOON);
      const [exported] = queriesOf(fetch, endpoints.actions.exportCsv);
      expect({ ...Object.fromEntries(exported!), status: exported!.getAll('status') }).toMatchObject({
        dueDateFrom: '2030-01-01',
        dueDateTo: '2030-02-01',
        assigneeId: uma.id,
        status: ['1', '0'],
      });
    },
    SLOW,
  );
});
