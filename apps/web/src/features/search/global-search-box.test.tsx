import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { endpoints, type GlobalSearchRow } from '@qualis/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../shared/i18n';
import { createQueryClient } from '../../shared/query-client';
import { GlobalSearchBox } from './GlobalSearchBox';
import { sessionStore } from '../../shared/session-store';
import {
  jsonResponse,
  on,
  queriesOf,
  renderApp,
  stubEndpoints,
  TestProviders,
  testTokens,
  testUser,
} from '../../test/app';
import { LAZY, ORG, organizationEndpoints, preparePages, SOON } from '../../test/organization';
import { req } from '../../../../../docs/requirements/req.js';

/**
 * The box lives in the organization's top bar and leads from page to page: these tests are the
 * whole app's. The machine may be busy: a whole journey gets three minutes (see actions.test.tsx).
 */
const SLOW = 180_000;
const SEARCH = endpoints.search.global;
const RESULTS = `/organizations/${ORG}/global-search`;
const HELP = `/organizations/${ORG}/help`;
const DOC = '0190a8e4-0000-7000-8000-0000000000f1';

const result: GlobalSearchRow = {
  type: 'Document',
  id: DOC,
  name: 'SOP-12 Cleaning procedure',
  link: `/organizations/${ORG}/documents/${DOC}?revision=2`,
  revision: 2,
  number: 12,
  matchedIn: 'name',
  matchedFile: null,
  snippet: [],
};
const found = () => jsonResponse(200, { data: [result], pagination: { totalCount: 1, totalCapped: false } });

/** The search answers `answer()` (one result unless given); the rest as for any organization page. */
function serve(answer: () => Response | Promise<Response> = found) {
  return stubEndpoints(
    on(SEARCH, () => answer()),
    ...organizationEndpoints(),
  );
}

const box = () => screen.getByRole('textbox', { name: 'Global search' });
const modeShown = () => document.querySelector('.qualis-global-search__mode .ant-select-content')?.textContent;

preparePages(
  () => import('../../pages/GlobalSearchPage'),
  () => import('../../pages/HelpPage'),
);

describe('The top bar search box', () => {
  it(
    `opens the results after a pause in typing, with a spinner while they load ${req('SRCH-003')}`,
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      let answer: (r: Response) => void = () => undefined;
      const fetch = serve(() => new Promise<Response>((resolve) => (answer = resolve)));
      const view = renderApp(HELP);
      const input = await screen.findByRole('textbox', { name: 'Global search' }, LAZY);

      fireEvent.change(input, { target: { value: 'ethanol' } });
      expect(view.location()).toBe(HELP);
      await waitFor(() => expect(view.location()).toBe(`${RESULTS}?q=ethanol&mode=text`));
      expect(await screen.findByRole('heading', { name: 'Global search' }, LAZY)).toBeInTheDocument();
      expect(box()).toHaveValue('ethanol');
      expect(await screen.findByRole('img', { name: 'Searching' }, SOON)).toBeInTheDocument();
      expect(box()).toHaveAttribute('aria-busy', 'true');

      answer(found());
      expect(await screen.findByText('SOP-12 Cleaning procedure', {}, SOON)).toBeInTheDocument();
      expect(screen.queryByRole('img', { name: 'Searching' })).not.toBeInTheDocument();
      expect(Object.fromEntries(queriesOf(fetch, SEARCH)[0]!)).toMatchObject({ search: 'ethanol', mode: 'text' });
    },
    SLOW,
  );

  it(
    'waits 400 ms after the last keystroke, and searches at once on Enter',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      serve();
      const view = renderApp(HELP);
      const input = await screen.findByRole('textbox', { name: 'Global search' }, LAZY);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        fireEvent.change(input, { target: { value: 'eth' } });
        await act(async () => vi.advanceTimersByTime(300));
        fireEvent.change(input, { target: { value: 'ethanol' } });
        await act(async () => vi.advanceTimersByTime(399));
        expect(view.location()).toBe(HELP);
        await act(async () => vi.advanceTimersByTime(1));
        expect(view.location()).toBe(`${RESULTS}?q=ethanol&mode=text`);

        fireEvent.change(box(), { target: { value: 'ethanol 70%' } });
        fireEvent.keyDown(box(), { key: 'Enter', code: 'Enter', keyCode: 13 });
        await act(async () => undefined);
        expect(view.location()).toBe(`${RESULTS}?q=ethanol+70%25&mode=text`);
      } finally {
        vi.useRealTimers();
      }
    },
    SLOW,
  );

  it(
    'empties the box with its clear icon, and the results page with it',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      serve();
      const view = renderApp(`${RESULTS}?q=ethanol&mode=text`);
      expect(await screen.findByText('SOP-12 Cleaning procedure', {}, LAZY)).toBeInTheDocument();
      expect(box()).toHaveValue('ethanol');

      fireEvent.click(document.querySelector('.qualis-global-search .ant-input-clear-icon')!);
      expect(box()).toHaveValue('');
      await waitFor(() => expect(view.location()).toBe(`${RESULTS}?mode=text`));
      expect(
        await screen.findByText('Type in the search box above to search every record you may open.', {}, SOON),
      ).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'opens the results page in tag mode when Tags is chosen, and searches tags from there',
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      const fetch = serve();
      const view = renderApp(HELP);
      await screen.findByRole('textbox', { name: 'Global search' }, LAZY);

      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Search mode' }));
      fireEvent.click(await screen.findByText('Tags', { selector: '.ant-select-item-option-content' }, SOON));
      await waitFor(() => expect(view.location()).toBe(`${RESULTS}?mode=tag`));
      expect(box()).toHaveAttribute('placeholder', 'Search tags');

      fireEvent.change(box(), { target: { value: 'audit' } });
      await waitFor(() => expect(view.location()).toBe(`${RESULTS}?q=audit&mode=tag`));
      expect(await screen.findByText('Records tagged “audit”', {}, SOON)).toBeInTheDocument();
      expect(Object.fromEntries(queriesOf(fetch, SEARCH).at(-1)!)).toMatchObject({ search: 'audit', mode: 'tag' });
    },
    SLOW,
  );

  it(
    `empties the box and goes back to text mode when the person leaves the results page ${req('SRCH-003')}`,
    async () => {
      sessionStore.start(testUser(), testTokens, false);
      serve();
      const view = renderApp(`${RESULTS}?q=audit&mode=tag`);
      expect(await screen.findByText('SOP-12 Cleaning procedure', {}, LAZY)).toBeInTheDocument();
      expect(box()).toHaveValue('audit');
      expect(modeShown()).toBe('Tags');

      fireEvent.click(screen.getByRole('link', { name: 'Help' }));
      await waitFor(() => expect(view.location()).toBe(HELP));
      expect(box()).toHaveValue('');
      expect(modeShown()).toBe('Text');
    },
    SLOW,
  );
});

describe('The search mode selector', () => {
  it('speaks the language on screen: German', async () => {
    await changeLanguage('de');
    try {
      render(
        <TestProviders>
          <QueryClientProvider client={createQueryClient()}>
            <MemoryRouter>
              <GlobalSearchBox organizationId={ORG} />
            </MemoryRouter>
          </QueryClientProvider>
        </TestProviders>,
      );
      expect(screen.getByRole('combobox', { name: 'Suchmodus' })).toBeInTheDocument();
      expect(modeShown()).toBe('Volltext');
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Suchmodus' }));
      const options = await screen.findAllByRole('option');
      expect(options.map((o) => o.textContent)).toEqual(['Volltext', 'Tags']);
    } finally {
      await changeLanguage('en');
    }
  });
});

describe('The search box on a phone', () => {
  it(
    'opens under the top bar from its button, and stays open on the results page',
    async () => {
      const width = window.innerWidth;
      window.innerWidth = 390;
      try {
        sessionStore.start(testUser(), testTokens, false);
        serve();
        const view = renderApp(HELP);
        const open = await screen.findByRole('button', { name: 'Open search' }, LAZY);
        expect(screen.queryByRole('textbox', { name: 'Global search' })).not.toBeInTheDocument();
        expect(open).toHaveAttribute('aria-expanded', 'false');

        fireEvent.click(open);
        expect(open).toHaveAttribute('aria-expanded', 'true');
        await waitFor(() => expect(box()).toHaveFocus());
        fireEvent.change(box(), { target: { value: 'ethanol' } });
        await waitFor(() => expect(view.location()).toBe(`${RESULTS}?q=ethanol&mode=text`));
        expect(await screen.findByText('SOP-12 Cleaning procedure', {}, LAZY)).toBeInTheDocument();
        expect(box()).toHaveValue('ethanol');
        expect(screen.queryByRole('button', { name: 'Open search' })).not.toBeInTheDocument();
      } finally {
        window.innerWidth = width;
      }
    },
    SLOW,
  );
});
