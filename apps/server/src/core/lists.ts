import {
  type AnyColumn,
  type SQL,
  Column,
  and,
  asc,
  count,
  desc,
  ilike,
  isNotNull,
  isNull,
  or,
  sql,
} from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { LIST_TOTAL_CAP, type ListQuery } from '@qualis/contract';
import type { DbOrTx } from '../db/client.js';
import { AppError } from './errors.js';
import { compileRowMapper, selectArrays } from './row-mapper.js';

export interface ListSpec {
  /** Sort keys the client may send, mapped to their SQL expression. Anything else is refused. */
  sortable: Record<string, AnyColumn | SQL>;
  defaultSort: { key: string; direction: 'asc' | 'desc' };
  /** Expressions the search text is matched against (case-insensitive substring). */
  searchable: (AnyColumn | SQL)[];
  /** A stable last sort key, so pages never repeat or skip rows that sort equal. */
  tiebreaker: AnyColumn;
  /**
   * Sort keys whose SQL expression is never NULL (a column says so itself). Their keyset pages
   * are one row comparison the sort index answers; other keys also look for NULLs.
   */
  notNull?: string[];
}

/** A sort order a keyset can page through: the sort expression, then the tiebreaker. */
export interface KeysetOrder {
  sort: AnyColumn | SQL;
  tiebreaker: AnyColumn;
  direction: 'asc' | 'desc';
  /** The sort expression is never NULL. */
  sortNotNull: boolean;
}

/** An export's list parameters: the list's search and order, without a page. */
export type ExportListQuery = Omit<ListQuery, 'limit' | 'offset'>;

export interface ResolvedList {
  limit: number;
  offset: number;
  where: SQL | undefined;
  orderBy: SQL[];
  sortKey: string;
  direction: 'asc' | 'desc';
  keyset: KeysetOrder;
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Turns the spec's list parameters into SQL pieces, accepting both spellings of the order. With
 * `searchParam`, the search is that placeholder (its value: `likePattern(search)`), so the
 * statement's text depends on whether there is a search, not on the text (a prepared list).
 */
export function resolveList(query: ListQuery, spec: ListSpec, searchParam?: string): ResolvedList {
  const requestedKey = query.orderBy ?? query['Order.Key'];
  const direction = query.orderType ?? query['Order.Direction'] ?? spec.defaultSort.direction;
  const sortKey = requestedKey ?? spec.defaultSort.key;
  const sortExpr = lookupSortable(spec.sortable, sortKey);
  if (!sortExpr) throw AppError.badRequest('invalidSortColumn', 'orderBy');
  const order = direction === 'desc' ? desc : asc;
  const search = query.search?.trim();
  const sortNotNull =
    sortExpr instanceof Column
      ? sortExpr.notNull
      : (spec.notNull ?? []).some((k) => k.toLowerCase() === sortKey.toLowerCase());
  return {
    limit: query.limit,
    offset: query.offset,
    where: search
      ? or(
          ...spec.searchable.map((expr) =>
            ilike(expr as AnyColumn, searchParam ? sql`${sql.placeholder(searchParam)}` : likePattern(search)),
          ),
        )
      : undefined,
    orderBy: [order(sortExpr), order(spec.tiebreaker)],
    sortKey,
    direction,
    keyset: { sort: sortExpr, tiebreaker: spec.tiebreaker, direction, sortNotNull },
  };
}

/** Sort keys match case-insensitively: the spec's client sends both "name" and "Name". */
function lookupSortable(sortable: ListSpec['sortable'], key: string) {
  const match = Object.keys(sortable).find((k) => k.toLowerCase() === key.toLowerCase());
  return match ? sortable[match] : undefined;
}

/** The sort value and tiebreaker of the last row read: the next page starts after it. */
export interface KeysetCursor {
  key: unknown;
  id: unknown;
}

/**
 * What a list query adds for a keyset page: two selected fields (the row's sort value and
 * tiebreaker, read back as the cursor) and the condition "after the cursor".
 */
export interface KeysetPage {
  fields: { keysetSortValue: SQL; keysetTiebreaker: SQL };
  where: SQL | undefined;
}

/**
 * Rows after `cursor` in the order (PostgreSQL sorts NULLs last ascending, first descending).
 * Without NULLs this is one row comparison, which the sort index answers by seeking.
 */
function afterCursor(order: KeysetOrder, cursor: KeysetCursor): SQL | undefined {
  const { sort, tiebreaker, direction, sortNotNull } = order;
  const beyond = direction === 'asc' ? sql`>` : sql`<`;
  if (cursor.key === null || cursor.key === undefined) {
    const tieAfter = sql`${tiebreaker} ${beyond} ${cursor.id}`;
    return direction === 'asc' ? and(isNull(sort), tieAfter) : or(and(isNull(sort), tieAfter), isNotNull(sort));
  }
  const rowAfter = sql`(${sort}, ${tiebreaker}) ${beyond} (${cursor.key}, ${cursor.id})`;
  return sortNotNull || direction === 'desc' ? rowAfter : or(rowAfter, isNull(sort));
}

/**
 * Every row of a list in its order, read `size` rows at a time by keyset: each page starts
 * after the previous page's last row (no OFFSET, no count), so each page costs the same however
 * deep into the list it is. `select(page)` builds the list's query with the page's fields and
 * condition added (`db.select({ ...columns, ...page?.fields })...where(and(filter, page?.where))`).
 */
export async function* readByKeyset<Row>(
  select: (page: KeysetPage) => PgSelect,
  order: KeysetOrder,
  size = 1000,
): AsyncGenerator<Row> {
  const by = order.direction === 'desc' ? desc : asc;
  const fields = { keysetSortValue: sql`${order.sort}`, keysetTiebreaker: sql`${order.tiebreaker}` };
  const read = (cursor: KeysetCursor | undefined): ReturnType<typeof selectArrays> =>
    selectArrays(
      select({ fields, where: cursor && afterCursor(order, cursor) })
        .orderBy(by(order.sort), by(order.tiebreaker))
        .limit(size),
    );
  let next: ReturnType<typeof selectArrays> | undefined = read(undefined);
  // Decided on the first page: the fields' mapping, and where the cursor's two values are.
  let toRow: ((row: unknown[]) => Record<string, unknown>) | undefined;
  let keyAt = 0;
  let idAt = 0;
  try {
    while (next) {
      const { rows, prepared }: Awaited<ReturnType<typeof selectArrays>> = await next;
      if (!toRow) {
        const names = prepared.fields.map((f) => f.path[0]);
        [keyAt, idAt] = [names.indexOf('keysetSortValue'), names.indexOf('keysetTiebreaker')];
        toRow = compileRowMapper(prepared.fields, prepared.joinsNotNullableMap, new Set(Object.keys(fields)));
      }
      const last = rows.at(-1);
      // The next page is read while this one is consumed (formatted and written by the caller).
      next = rows.length === size && last ? read({ key: last[keyAt], id: last[idAt] }) : undefined;
      for (const row of rows) yield toRow(row) as Row;
    }
  } finally {
    // A consumer that stops early leaves a read in flight; its result (or failure) is not wanted.
    next?.catch(() => undefined);
  }
}

/** A list's page and its total: `totalCapped` says the total is a floor (counting stopped at the cap). */
export interface ListPage<Row> {
  rows: Row[];
  totalCount: number;
  totalCapped: boolean;
}

/** The query's rows counted no further than `max` (a count of the first `max` rows: no more are read). */
export async function countRowsUpTo(db: DbOrTx, query: PgSelect, max: number): Promise<number> {
  // The query's own selection may repeat column names (joins); the count needs none of them.
  const capped = query.limit(max).as('capped_rows') as unknown as Parameters<ReturnType<DbOrTx['select']>['from']>[0];
  const [counted] = await db.select({ n: count() }).from(capped);
  return counted?.n ?? 0;
}

/** How the total of a full page is had instead of counting the page's own query. */
export interface PageTotal {
  /** The exact total, kept by the database (an unfiltered list whose total a trigger keeps). */
  known?: () => Promise<number>;
  /** A cheaper query of the same rows, counted no further than `max` (`countRowsUpTo`). */
  countUpTo?: (max: number) => Promise<number>;
}

/**
 * One page of a list and the total of its filtered rows. `select()` builds the filtered query
 * (no order, no limit; `.$dynamic()`); the page walks the sort index and stops at the limit.
 * (A `count(*) over ()` in the page query would make the database read and number every row.)
 * `total` gives a kept total or a cheaper count; the rule is `pageWithTotal`'s.
 */
export async function readPage<T extends PgSelect>(
  db: DbOrTx,
  select: () => T,
  list: Pick<ResolvedList, 'limit' | 'offset' | 'orderBy'>,
  total: PageTotal = {},
): Promise<ListPage<Awaited<T>[number]>> {
  const rows = (await select()
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset)) as Awaited<T>[number][];
  return pageWithTotal(rows, list, {
    known: total.known,
    countUpTo: total.countUpTo ?? ((max) => countRowsUpTo(db, select(), max)),
  });
}

/**
 * The page read and the total of its filtered rows, by the one rule of every list. The total needs
 * a count only when the page is full or past the end: a short page ends the list. A kept total
 * (`known`, when it answers) is exact. The count stops `LIST_TOTAL_CAP` rows past the page's first
 * row (issue 26): a larger total is answered as that floor, `totalCapped`, so a first page costs
 * the same at 10,000 rows or a million, and the next pages count further on.
 */
export async function pageWithTotal<Row>(
  rows: Row[],
  list: Pick<ResolvedList, 'limit' | 'offset'>,
  total: { known?: () => Promise<number> | number | undefined; countUpTo: (max: number) => Promise<number> },
): Promise<ListPage<Row>> {
  const exact = (totalCount: number) => ({ rows, totalCount, totalCapped: false });
  if (rows.length > 0 && rows.length < list.limit) return exact(list.offset + rows.length);
  if (rows.length === 0 && list.offset === 0) return exact(0);
  const known = total.known?.();
  if (known !== undefined) return exact(await known);
  const cap = list.offset + LIST_TOTAL_CAP;
  const counted = await total.countUpTo(cap + 1);
  return counted > cap ? { rows, totalCount: cap, totalCapped: true } : exact(counted);
}

/** A list's query, built once from its scope and the list parameters (filter, order, keyset page). */
export type ListQueryBuilder<Scope> = (
  db: DbOrTx,
  scope: Scope,
  query: ListQuery,
) => { list: ResolvedList; select: (page?: KeysetPage) => PgSelect };

/**
 * The ways every list is read, from its one query: a page with the total (the screen), every row
 * in the same filter and order by keyset (its CSV and PDF exports), and how many rows an export
 * would hold, counted no further than `max` (whether it is small enough to stream).
 */
export function listReaders<Scope, Row>(build: ListQueryBuilder<Scope>) {
  return {
    countUpTo: async (db: DbOrTx, scope: Scope, query: ExportListQuery, max: number): Promise<number> => {
      const { select } = build(db, scope, { ...query, limit: 1, offset: 0 });
      return countRowsUpTo(db, select(), max);
    },
    page: async (db: DbOrTx, scope: Scope, query: ListQuery): Promise<ListPage<Row>> => {
      const { list, select } = build(db, scope, query);
      return (await readPage(db, () => select(), list)) as unknown as ListPage<Row>;
    },
    exportRows: (db: DbOrTx, scope: Scope, query: ExportListQuery): AsyncIterable<Row> => {
      const { list, select } = build(db, scope, { ...query, limit: 1, offset: 0 });
      return readByKeyset<Row>(select, list.keyset);
    },
  };
}
