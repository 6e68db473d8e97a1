import { type AnyColumn, type SQL, asc, desc, ilike, or, sql } from 'drizzle-orm';
import { type ListQuery, messages } from '@qualis/contract';
import { AppError } from './errors.js';

export interface ListSpec {
  /** Sort keys the client may send, mapped to their SQL expression. Anything else is refused. */
  sortable: Record<string, AnyColumn | SQL>;
  defaultSort: { key: string; direction: 'asc' | 'desc' };
  /** Expressions the search text is matched against (case-insensitive substring). */
  searchable: (AnyColumn | SQL)[];
  /** A stable last sort key, so pages never repeat or skip rows that sort equal. */
  tiebreaker: AnyColumn;
}

export interface ResolvedList {
  limit: number;
  offset: number;
  where: SQL | undefined;
  orderBy: SQL[];
  sortKey: string;
  direction: 'asc' | 'desc';
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Turns the spec's list parameters into SQL pieces, accepting both spellings of the order. */
export function resolveList(query: ListQuery, spec: ListSpec): ResolvedList {
  const requestedKey = query.orderBy ?? query['Order.Key'];
  const direction = query.orderType ?? query['Order.Direction'] ?? spec.defaultSort.direction;
  const sortKey = requestedKey ?? spec.defaultSort.key;
  const sortExpr = lookupSortable(spec.sortable, sortKey);
  if (!sortExpr) throw AppError.badRequest(messages.invalidSortColumn, 'orderBy');
  const order = direction === 'desc' ? desc : asc;
  const search = query.search?.trim();
  return {
    limit: query.limit,
    offset: query.offset,
    where: search ? or(...spec.searchable.map((expr) => ilike(expr as AnyColumn, likePattern(search)))) : undefined,
    orderBy: [order(sortExpr), order(spec.tiebreaker)],
    sortKey,
    direction,
  };
}

/** Sort keys match case-insensitively: the spec's client sends both "name" and "Name". */
function lookupSortable(sortable: ListSpec['sortable'], key: string) {
  const match = Object.keys(sortable).find((k) => k.toLowerCase() === key.toLowerCase());
  return match ? sortable[match] : undefined;
}

/** `count(*) over ()`: the total of the filtered rows, read in the same query as the page. */
export const totalCountColumn = sql<number>`count(*) over ()`.mapWith(Number);

/**
 * Reads one page with its total. `page(limit, offset)` selects the rows with `totalCountColumn`
 * as `totalCount`; a page past the end has no row to carry the total, so the first row is read.
 */
export async function readPage<T extends { totalCount: number }>(
  page: (limit: number, offset: number) => Promise<T[]>,
  list: Pick<ResolvedList, 'limit' | 'offset'>,
): Promise<{ rows: Omit<T, 'totalCount'>[]; totalCount: number }> {
  const rows = await page(list.limit, list.offset);
  const totalCount =
    rows.length > 0 || list.offset === 0 ? (rows[0]?.totalCount ?? 0) : ((await page(1, 0))[0]?.totalCount ?? 0);
  return { rows: rows.map(({ totalCount: _, ...row }) => row), totalCount };
}
