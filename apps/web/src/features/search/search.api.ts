import { endpoints, type SearchMode, type SearchSortKey } from '@qualis/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api';
import type { ListQueryParams } from '../../components/DataTable/table-state';

export const searchKeys = {
  all: (organizationId: string) => ['global-search', organizationId] as const,
  results: (organizationId: string, query: GlobalSearchParams) => ['global-search', organizationId, query] as const,
};

export interface GlobalSearchParams {
  limit: number;
  offset: number;
  search: string;
  mode: SearchMode;
  orderBy?: SearchSortKey;
  orderDirection?: ListQueryParams['orderType'];
}

/** The table's state as the endpoint's query; no order sent means the server's: best matches first. */
export function globalSearchParams(list: ListQueryParams, search: string, mode: SearchMode): GlobalSearchParams {
  return {
    limit: list.limit,
    offset: list.offset,
    search,
    mode,
    orderBy: list.orderBy as SearchSortKey | undefined,
    orderDirection: list.orderType,
  };
}

/**
 * One page of results; nothing is asked while there is no text to search for. Another page or
 * order of the same search keeps the rows shown while it loads; a new search shows none of the
 * previous one's.
 */
export function useGlobalSearch(organizationId: string, query: GlobalSearchParams) {
  return useQuery({
    queryKey: searchKeys.results(organizationId, query),
    queryFn: ({ signal }) =>
      api.call(endpoints.search.global, { params: { organizationId }, query, signal, notFoundPage: true }),
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[2];
      return before?.search === query.search && before.mode === query.mode ? keepPreviousData(previous) : undefined;
    },
    enabled: query.search !== '',
  });
}
