import { type AnyColumn, type SQL, asc, count, desc, ilike, or } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { type ListQuery, messages } from '@qualis/contract';
import type { DbOrTx } from '../db/client.js';
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

/**
 * One page of a list and the total of its filtered rows. `select()` builds the filtered query
 * (no order, no limit; `.$dynamic()`); the page walks the sort index and stops at the limit.
 * The total needs a count only when the page is full or past the end: a short page ends the list.
 * (A `count(*) over ()` in the page query would make the database read and number every row.)
 */
export async function readPage<T extends PgSelect>(
  db: DbOrTx,
  select: () => T,
  list: Pick<ResolvedList, 'limit' | 'offset' | 'orderBy'>,
): Promise<{ rows: Awaited<T>; totalCount: number }> {
  const rows = (await select()
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset)) as Awaited<T>;
  const length = (rows as unknown[]).length;
  if (length > 0 && length < list.limit) return { rows, totalCount: list.offset + length };
  if (length === 0 && list.offset === 0) return { rows, totalCount: 0 };
  // The page's own selection may repeat column names (joins); the count needs none of them.
  const filtered = select().as('filtered_rows') as unknown as Parameters<ReturnType<DbOrTx['select']>['from']>[0];
  const [counted] = await db.select({ n: count() }).from(filtered);
  return { rows, totalCount: counted?.n ?? 0 };
}
