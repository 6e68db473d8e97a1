import { SEARCH_MAX_LENGTH, type SearchMode } from '@qualis/contract';

/** The top bar's box waits this long after the last keystroke before it searches. */
export const GLOBAL_SEARCH_DEBOUNCE_MS = 400;

/** What is searched for: the text and the mode, kept in the results page's URL (`?q=…&mode=…`). */
export interface SearchTerms {
  q: string;
  mode: SearchMode;
}

export const NO_SEARCH: SearchTerms = { q: '', mode: 'text' };

export const globalSearchPath = (organizationId: string) => `/organizations/${organizationId}/global-search`;

/** The terms of a results page's query string; anything but `tag` is a text search. */
export function readSearchTerms(query: URLSearchParams): SearchTerms {
  return {
    q: (query.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    mode: query.get('mode') === 'tag' ? 'tag' : 'text',
  };
}

/** The results page for the terms: `?q=…&mode=…`, without `q` while there is no text. */
export function globalSearchUrl(organizationId: string, terms: SearchTerms): string {
  const query = new URLSearchParams();
  const q = terms.q.trim();
  if (q) query.set('q', q);
  query.set('mode', terms.mode);
  return `${globalSearchPath(organizationId)}?${query.toString()}`;
}
