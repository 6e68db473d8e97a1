import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { GlobalSearchRow } from '@qualis/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/query-client';
import { sessionStore } from '../session/session-store';
import { jsonResponse, renderApp, stubApi, testTokens, testUser } from '../../test/app';
import { LAZY, NOT_FOUND, ORG, SOON, organizationAnswer, preparePages, queryOf } from '../../test/organization';
import { GlobalSearchTable } from './GlobalSearchTable';

/** The machine may be busy: a whole journey through a page gets three minutes (see actions.test.tsx). */
const SLOW = 180_000;
const SEARCH = `/${ORG}/global-search`;
const DOC = '0190a8e4-0000-7000-8000-0000000000f1';
const TASK = '0190a8e4-0000-7000-8000-0000000000b1';
const TRAINING = '0190a8e4-0000-7000-8000-0000000000f2';
const RECORD = '0190a8e4-0000-7000-8000-0000000000e1';

const rows: GlobalSearchRow[] = [
  {
    type: 'Document',
    id: DOC,
    name: 'SOP-12 Cleaning procedure',
    link: `/organizations/${ORG}/documents/${DOC}?revision=2`,
    revision: 2,
    number: 12,
    matchedIn: 'file',
    matchedFile: 'cleaning.pdf',
    snippet: [
      { text: '… wipe the bench with ', match: false },
      { text: 'ethanol', match: true },
      { text: ' before …', match: false },
    ],
  },
  {
    type: 'Action',
    id: TASK,
    name: 'Order ethanol',
    link: `/organizations/${ORG}/tasks/${TASK}`,
    revision: null,
    number: 7,
    matchedIn: 'name',
    matchedFile: null,
    snippet: [],
  },
  {
    type: 'TrainingRecord',
    id: TRAINING,
    name: 'Hand hygiene',
    link: `/organizations/${ORG}/training-records/${TRAINING}`,
    revision: null,
    number: 4,
    matchedIn: 'fields',
    matchedFile: null,
    snippet: [
      { text: 'Disinfect with ', match: false },
      { text: 'ethanol', match: true },
    ],
  },
  {
    type: 'HumanResource',
    id: RECORD,
    name: 'Uma Ulm',
    link: `/organizations/${ORG}/human-resources/${RECORD}`,
    revision: null,
    number: null,
    matchedIn: 'tag',
    matchedFile: null,
    snippet: [{ text: 'Ethanol handling', match: true }],
  },
];

function serveResults(answer: (query: URLSearchParams) => { data: GlobalSearchRow[]; totalCount: number }) {
  return stubApi((route, _body, query) => {
    if (route === `GET /api/v1${SEARCH}`) {
      const { data, totalCount } = answer(query);
      return jsonResponse(200, { data, pagination: { totalCount } });
    }
    return organizationAnswer(route) ?? NOT_FOUND();
  });
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

preparePages(() => import('../../pages/GlobalSearchPage'));

describe('Global search page', () => {
  it(
    'shows each result with its type, a link to it, its numbers and where it matched, highlighted',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const fetch = serveResults(() => ({ data: rows, totalCount: 4 }));
      const view = renderApp(`/organizations/${ORG}/global-search?q=ethanol&mode=text`);

      expect(await screen.findByText('SOP-12 Cleaning procedure', {}, LAZY)).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Global search' })).toBeTruthy();
      expect(screen.getByText('Results for “ethanol”')).toBeTruthy();
      const [query] = queryOf(fetch, 'GET', SEARCH);
      expect(Object.fromEntries(query!)).toEqual({ limit: '25', offset: '0', search: 'ethanol', mode: 'text' });

      const doc = rowOf('SOP-12 Cleaning procedure');
      expect(within(doc).getByText('Document')).toBeTruthy();
      expect(within(doc).getByText('System # 12 · rev. 2')).toBeTruthy();
      expect(within(doc).getByText('File cleaning.pdf')).toBeTruthy();
      expect([...doc.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['ethanol']);
      expect(doc.querySelector('.qualis-snippet')?.textContent).toBe('… wipe the bench with ethanol before …');

      const action = rowOf('Order ethanol');
      expect(within(action).getByText('Action')).toBeTruthy();
      expect(within(action).getByText('System # 7')).toBeTruthy();
      expect(within(action).getByText('Name or number')).toBeTruthy();
      expect(action.querySelector('mark')).toBeNull();

      expect(within(rowOf('Hand hygiene')).getByText('Training record')).toBeTruthy();
      expect(within(rowOf('Hand hygiene')).getByText('Details')).toBeTruthy();
      const person = rowOf('Uma Ulm');
      expect(within(person).getByText('HR record')).toBeTruthy();
      expect(within(person).getByText('Tag')).toBeTruthy();
      expect(person.querySelector('mark')?.textContent).toBe('Ethanol handling');
      // Nothing to do with the results together, and the search lives in the top bar.
      expect(screen.queryByLabelText('Select all rows on this page')).toBeNull();
      expect(screen.queryByRole('textbox', { name: 'Search' })).toBeNull();

      const link = within(doc).getByRole('link', { name: 'SOP-12 Cleaning procedure' });
      expect(link.getAttribute('href')).toBe(`/organizations/${ORG}/documents/${DOC}?revision=2`);
      fireEvent.click(link);
      await waitFor(() => expect(view.location()).toBe(`/organizations/${ORG}/documents/${DOC}?revision=2`));
    },
    SLOW,
  );

  it(
    'asks for the next page, and sorts by name, type and back to the best match first',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const fetch = serveResults(() => ({ data: rows, totalCount: 60 }));
      renderApp(`/organizations/${ORG}/global-search?q=ethanol&mode=text`);
      expect(await screen.findByText('SOP-12 Cleaning procedure', {}, LAZY)).toBeTruthy();
      const last = () => Object.fromEntries(queryOf(fetch, 'GET', SEARCH).at(-1)!);
      const found = screen.getByText('Found in', { selector: '.qualis-th-text' }).closest('th')!;
      expect(found.getAttribute('aria-sort')).toBe('descending');

      fireEvent.click(await screen.findByLabelText('Page 2'));
      await waitFor(() => expect(last()).toMatchObject({ limit: '25', offset: '25', search: 'ethanol' }));
      expect(last()).not.toHaveProperty('orderBy');

      fireEvent.click(screen.getByRole('button', { name: 'Name' }));
      await waitFor(() => expect(last()).toMatchObject({ orderBy: 'name', orderDirection: 'asc', offset: '25' }));
      fireEvent.click(screen.getByRole('button', { name: 'Type' }));
      await waitFor(() => expect(last()).toMatchObject({ orderBy: 'type', orderDirection: 'asc' }));
      fireEvent.click(screen.getByRole('button', { name: 'Found in' }));
      await waitFor(() => expect(last()).toMatchObject({ orderBy: 'relevance', orderDirection: 'desc' }));
    },
    SLOW,
  );

  it(
    'searches tags in tag mode, and says when nothing matched',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const fetch = serveResults(() => ({ data: [], totalCount: 0 }));
      renderApp(`/organizations/${ORG}/global-search?q=audit&mode=tag`);

      expect(await screen.findByText('No results found', {}, LAZY)).toBeTruthy();
      expect(screen.getByText('Records tagged “audit”')).toBeTruthy();
      expect(Object.fromEntries(queryOf(fetch, 'GET', SEARCH)[0]!)).toMatchObject({ search: 'audit', mode: 'tag' });
    },
    SLOW,
  );

  it(
    'asks for something to search for, without a request, while there is no text',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const fetch = serveResults(() => ({ data: rows, totalCount: 4 }));
      renderApp(`/organizations/${ORG}/global-search?mode=tag`);

      expect(
        await screen.findByText(
          'Type a tag name in the search box above to find the records tagged with it.',
          {},
          LAZY,
        ),
      ).toBeTruthy();
      expect(screen.getByText('Results')).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(queryOf(fetch, 'GET', SEARCH)).toHaveLength(0);
      expect(screen.queryByText('SOP-12 Cleaning procedure')).toBeNull();
    },
    SLOW,
  );
});

describe('Global search results', () => {
  it(
    'clear the previous search’s rows while a new search loads, and keep them while another page loads',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const fetch = stubApi((route, _body, query) => {
        if (route !== `GET /api/v1${SEARCH}`) return NOT_FOUND();
        // The second search never answers: its page stays loading.
        if (query.get('search') === 'hygiene') return new Promise<Response>(() => undefined);
        const offset = Number(query.get('offset'));
        return offset === 0
          ? jsonResponse(200, { data: rows, pagination: { totalCount: 60 } })
          : new Promise<Response>(() => undefined);
      });
      const client = createQueryClient();
      const table = (q: string): ReactNode => (
        <AppProviders>
          <QueryClientProvider client={client}>
            <MemoryRouter>
              <GlobalSearchTable organizationId={ORG} terms={{ q, mode: 'text' }} />
            </MemoryRouter>
          </QueryClientProvider>
        </AppProviders>
      );
      const view = render(table('ethanol'));
      expect(await screen.findByText('SOP-12 Cleaning procedure', {}, SOON)).toBeTruthy();

      fireEvent.click(await screen.findByLabelText('Page 2'));
      await waitFor(() => expect(Object.fromEntries(queryOf(fetch, 'GET', SEARCH).at(-1)!).offset).toBe('25'), SOON);
      expect(screen.getByText('SOP-12 Cleaning procedure')).toBeTruthy();

      view.rerender(table('hygiene'));
      await waitFor(
        () => expect(Object.fromEntries(queryOf(fetch, 'GET', SEARCH).at(-1)!).search).toBe('hygiene'),
        SOON,
      );
      expect(screen.queryByText('SOP-12 Cleaning procedure')).toBeNull();
      expect(screen.queryByText('Order ethanol')).toBeNull();
    },
    SLOW,
  );
});
