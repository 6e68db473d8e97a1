import { DEFAULT_PAGE_SIZE, type OrderDirection } from '@qualis/contract';

/** Where a list stands; independent of the URL so any page can keep it where it likes. */
export interface TableState {
  limit: number;
  offset: number;
  pageNumber: number;
  pageCount: number;
  totalItems: number;
  search: string;
  orderBy: string | null;
  orderType: OrderDirection;
  /**
   * The order the server applies while `orderBy` is null: shown as the current sort, and the
   * first click on its column reverses it. It is not sent, so exports keep their own default.
   */
  defaultSort: { key: string; direction: OrderDirection } | null;
  /** The list's own filters by query parameter (a value or several); an empty one is not sent. */
  filters: TableFilters;
}

export type TableFilterValue = string | string[] | undefined;
export type TableFilters = Record<string, TableFilterValue>;

/** The column and direction a list is sorted by now, the server's default included. */
export function currentSort(state: TableState): { key: string; direction: OrderDirection } | null {
  return state.orderBy ? { key: state.orderBy, direction: state.orderType } : state.defaultSort;
}

export type TableAction =
  | { type: 'search'; search: string }
  /** `first`: the direction a column starts in when it becomes the sorted one (ascending unless given). */
  | { type: 'sort'; key: string; first?: OrderDirection }
  | { type: 'page'; pageNumber: number }
  | { type: 'pageSize'; limit: number }
  | { type: 'total'; totalItems: number }
  /** Sets one filter (undefined or empty clears it) and goes back to the first page. */
  | { type: 'filter'; key: string; value: TableFilterValue };

export function initialTableState(
  overrides: Partial<Pick<TableState, 'limit' | 'orderBy' | 'orderType' | 'defaultSort'>> = {},
): TableState {
  const limit = overrides.limit ?? DEFAULT_PAGE_SIZE;
  return {
    limit,
    offset: 0,
    pageNumber: 1,
    pageCount: 1,
    totalItems: 0,
    search: '',
    orderBy: overrides.orderBy ?? null,
    orderType: overrides.orderType ?? 'asc',
    defaultSort: overrides.defaultSort ?? null,
    filters: {},
  };
}

const pageCountOf = (totalItems: number, limit: number) => Math.max(1, Math.ceil(totalItems / limit));

function atPage(state: TableState, pageNumber: number): TableState {
  const page = Math.min(Math.max(1, Math.trunc(pageNumber)), state.pageCount);
  return { ...state, pageNumber: page, offset: (page - 1) * state.limit };
}

export function tableReducer(state: TableState, action: TableAction): TableState {
  switch (action.type) {
    case 'search': {
      const search = action.search.trim();
      return search === state.search ? state : { ...state, search, pageNumber: 1, offset: 0 };
    }
    case 'sort': {
      const current = currentSort(state);
      return current?.key === action.key
        ? { ...state, orderBy: action.key, orderType: current.direction === 'asc' ? 'desc' : 'asc' }
        : { ...state, orderBy: action.key, orderType: action.first ?? 'asc' };
    }
    case 'page':
      return atPage(state, action.pageNumber);
    case 'pageSize':
      return action.limit === state.limit
        ? state
        : {
            ...state,
            limit: action.limit,
            pageCount: pageCountOf(state.totalItems, action.limit),
            pageNumber: 1,
            offset: 0,
          };
    case 'filter': {
      const value = isEmpty(action.value) ? undefined : action.value;
      if (sameFilter(state.filters[action.key], value)) return state;
      const { [action.key]: _previous, ...others } = state.filters;
      return {
        ...state,
        filters: value === undefined ? others : { ...others, [action.key]: value },
        pageNumber: 1,
        offset: 0,
      };
    }
    case 'total': {
      if (action.totalItems === state.totalItems) return state;
      const next = { ...state, totalItems: action.totalItems, pageCount: pageCountOf(action.totalItems, state.limit) };
      // Rows were removed under the current page (e.g. a deletion): step back to the last page.
      return next.pageNumber > next.pageCount ? atPage(next, next.pageCount) : next;
    }
  }
}

const isEmpty = (value: TableFilterValue) =>
  value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
const sameFilter = (a: TableFilterValue, b: TableFilterValue) => JSON.stringify(a) === JSON.stringify(b);

/** The list parameters of the API. */
export interface ListQueryParams {
  limit: number;
  offset: number;
  search?: string;
  orderBy?: string;
  orderType?: OrderDirection;
}

export function listQuery(state: TableState): ListQueryParams {
  return {
    limit: state.limit,
    offset: state.offset,
    search: state.search || undefined,
    orderBy: state.orderBy ?? undefined,
    orderType: state.orderBy ? state.orderType : undefined,
  };
}
