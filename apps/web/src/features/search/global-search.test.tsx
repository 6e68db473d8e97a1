import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { endpoints, SEARCH_TOTAL_CAP, type GlobalSearchRow } from '@qualis/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../shared/query-client';
import { sessionStore } from '../../shared/session-store';
import GlobalSearchPage from '../../pages/GlobalSearchPage';
import {
  jsonResponse,
  on,
  queriesOf,
  renderFeature,
  stubEndpoints,
  TestProviders,
  testTokens,
  testUser,
} from '../../test/app';
import { ORG, organizationEndpoints } from '../../test/organization';
import { GlobalSearchTable } from './GlobalSearchTable';
import { req } from '../../../../../docs/requirements/req.js';

/** The machine may be busy: a whole journey through a page gets a minute. */
const SLOW = 60_000;
const SEARCH = endpoints.search.global;
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

function serveResults(
  answer: (query: URLSearchParams) => { data: GlobalSearchRow[]; totalCount: number; totalCapped?: boolean },
) {
  return stubEndpoints(
    on(SEARCH, (_, _body, query) => {
      const { data, totalCount, totalCapped = false } = answer(query);
      return { data, pagination: { totalCount, totalCapped } };
    }),
    ...organizationEndpoints(),
  );
}

/** The results page alone, opened at `search`. */
const renderResults = (search: string) =>
  renderFeature(<GlobalSearchPage />, {
    route: '/organizations/:organizationId/global-search',
    path: `/organizations/${ORG}/global-search${search}`,
  });

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Global search page', () => {
  it(
    'shows each result with its type, a link to it, its numbers and where it matched, highlighted',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const fetch = serveResults(() => ({ data: rows, totalCount: 4 }));
      const view = renderResults('?q=ethanol&mode=text');

      expect(await screen.findByText('SOP-12 Cleaning procedure')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Global search' })).toBeInTheDocument();
      expect(screen.getByText('Results for “ethanol”')).toBeInTheDocument();
      const [query] = queriesOf(fetch, SEARCH);
      expect(Object.fromEntries(query!)).toEqual({ limit: '25', offset: '0', search: 'ethanol', mode: 'text' });

      const doc = rowOf('SOP-12 Cleaning procedure');
      expect(within(doc).getByText('Document')).toBeInTheDocument();
      expect(within(doc).getByText('System # 12 · rev. 2')).toBeInTheDocument();
      expect(within(doc).getByText('File cleaning.pdf')).toBeInTheDocument();
      expect([...doc.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['ethanol']);
      expect(doc.querySelector('.qualis-snippet')).toHaveTextContent(/^… wipe the bench with ethanol before …$/);

      const action = rowOf('Order ethanol');
      expect(within(action).getByText('Action')).toBeInTheDocument();
      expect(within(action).getByText('System # 7')).toBeInTheDocument();
      expect(within(action).getByText('Name or number')).toBeInTheDocument();
      expect(action.querySelector('mark')).not.toBeInTheDocument();

      expect(within(rowOf('Hand hygiene')).getByText('Training record')).toBeInTheDocument();
      expect(within(rowOf('Hand hygiene')).getByText('Details')).toBeInTheDocument();
      const person = rowOf('Uma Ulm');
      expect(within(person).getByText('HR record')).toBeInTheDocument();
      expect(within(person).getByText('Tag')).toBeInTheDocument();
      expect(person.querySelector('mark')).toHaveTextContent(/^Ethanol handling$/);
      // Nothing to do with the results together, and the search lives in the top bar.
      expect(screen.queryByLabelText('Select all rows on this page')).not.toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: 'Search' })).not.toBeInTheDocument();

      const link = within(doc).getByRole('link', { name: 'SOP-12 Cleaning procedure' });
      expect(link).toHaveAttribute('href', `/organizations/${ORG}/documents/${DOC}?revision=2`);
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
      renderResults('?q=ethanol&mode=text');
      expect(await screen.findByText('SOP-12 Cleaning procedure')).toBeInTheDocument();
      const last = () => Object.fromEntries(queriesOf(fetch, SEARCH).at(-1)!);
      const found = screen.getByText('Found in', { selector: '.qualis-th-text' }).closest('th')!;
      expect(found).toHaveAttribute('aria-sort', 'descending');

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
    `shows a total the server stopped counting at as that many and more ${req('SRCH-004')}`,
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      serveResults(() => ({ data: rows, totalCount: SEARCH_TOTAL_CAP, totalCapped: true }));
      renderResults('?q=ethanol&mode=text');
      expect(await screen.findByText(`1–25 of ${SEARCH_TOTAL_CAP.toLocaleString('en')}+`)).toBeInTheDocument();
      expect(screen.getByLabelText(`Page ${SEARCH_TOTAL_CAP / 25}`)).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'searches tags in tag mode, and says when nothing matched',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const fetch = serveResults(() => ({ data: [], totalCount: 0 }));
      renderResults('?q=audit&mode=tag');

      expect(await screen.findByText('No results found')).toBeInTheDocument();
      expect(screen.getByText('Records tagged “audit”')).toBeInTheDocument();
      expect(Object.fromEntries(queriesOf(fetch, SEARCH)[0]!)).toMatchObject({ search: 'audit', mode: 'tag' });
    },
    SLOW,
  );

  it(
    'asks for something to search for, without a request, while there is no text',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const fetch = serveResults(() => ({ data: rows, totalCount: 4 }));
      renderResults('?mode=tag');

      expect(
        await screen.findByText('Type a tag name in the search box above to find the records tagged with it.'),
      ).toBeInTheDocument();
      expect(screen.getByText('Results')).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(queriesOf(fetch, SEARCH)).toHaveLength(0);
      expect(screen.queryByText('SOP-12 Cleaning procedure')).not.toBeInTheDocument();
    },
    SLOW,
  );
});

describe('Global search results', () => {
  it(
    'clear the previous search’s rows while a new search loads, and keep them while another page loads',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const fetch = stubEndpoints(
        on(SEARCH, (_, _body, query) => {
          // The second search never answers: its page stays loading.
          if (query.get('search') === 'hygiene') return new Promise<Response>(() => undefined);
          const offset = Number(query.get('offset'));
          return offset === 0
            ? jsonResponse(200, { data: rows, pagination: { totalCount: 60, totalCapped: false } })
            : new Promise<Response>(() => undefined);
        }),
      );
      const client = createQueryClient();
      const table = (q: string): ReactNode => (
        <TestProviders>
          <QueryClientProvider client={client}>
            <MemoryRouter>
              <GlobalSearchTable organizationId={ORG} terms={{ q, mode: 'text' }} />
            </MemoryRouter>
          </QueryClientProvider>
        </TestProviders>
      );
      const view = render(table('ethanol'));
      expect(await screen.findByText('SOP-12 Cleaning procedure')).toBeInTheDocument();

      fireEvent.click(await screen.findByLabelText('Page 2'));
      await waitFor(() => expect(Object.fromEntries(queriesOf(fetch, SEARCH).at(-1)!).offset).toBe('25'));
      expect(screen.getByText('SOP-12 Cleaning procedure')).toBeInTheDocument();

      view.rerender(table('hygiene'));
      await waitFor(() => expect(Object.fromEntries(queriesOf(fetch, SEARCH).at(-1)!).search).toBe('hygiene'));
      expect(screen.queryByText('SOP-12 Cleaning procedure')).not.toBeInTheDocument();
      expect(screen.queryByText('Order ethanol')).not.toBeInTheDocument();
    },
    SLOW,
  );
});
