import { count, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { ListQuery } from '@qualis/contract';
import type { DbOrTx } from '../db/client.js';
import type { OrganizationAccess } from './access.js';
import { likePattern, pageWithTotal, resolveList, type ListPage, type ListSpec, type ResolvedList } from './lists.js';

/** The placeholder names every prepared list binds, besides its own (`params`). */
const LIMIT = 'listLimit';
const OFFSET = 'listOffset';
const SEARCH = 'listSearch';
const COUNT_UP_TO = 'listCountUpTo';
/** A prepared query's name that PostgreSQL does not keep (see `preparedListPage`). */
const UNNAMED = '';

/**
 * A value's placeholder, standing where the value goes in a query built once: drizzle binds it at
 * `execute`. Typed as the value so the builders of a list serve both the prepared page (placeholders)
 * and its exports (values).
 */
export const param = <T>(name: string): T => sql.placeholder(name) as unknown as T;

interface Statements {
  page: { execute(params: Record<string, unknown>): Promise<unknown[]> };
  count: { execute(params: Record<string, unknown>): Promise<{ n: number }[]> };
}

export interface PreparedListOptions<Scope> {
  /** The list's name: the prefix of its statements' keys. */
  name: string;
  /** The list's sort keys and search (placeholders for values, as `select`). */
  spec: (scope: Scope) => ListSpec;
  /**
   * What, besides the sort key, the direction and whether there is a search, changes the text of the
   * statements for this scope (a role, a permission, a filter): one pair of statements per variant.
   */
  variant: (scope: Scope) => string;
  /**
   * The filtered query (no order, no page), with `param(...)` wherever a value of the scope goes;
   * `where` is the search. Built for the first request of a variant, sort and direction and kept:
   * of the scope it reads only what `variant` captures.
   */
  select: (db: DbOrTx, scope: Scope, where: SQL | undefined) => PgSelect;
  /** The values of the scope's placeholders. */
  params: (scope: Scope) => Record<string, unknown>;
  /**
   * The total when the list keeps it (instead of a count): an unfiltered list's, which its page
   * may also carry in a column (`rows`: the page read), saving a statement.
   */
  knownTotal?: (db: DbOrTx, scope: Scope, searched: boolean, rows: unknown[]) => Promise<number> | number | undefined;
  /**
   * Whether the statements of this shape have one best plan whatever their values: then they are
   * named, and PostgreSQL parses and plans them once per connection instead of with every request.
   */
  planOnce?: (scope: Scope, searched: boolean) => boolean;
}

/**
 * A list's page and its count as prepared statements: built by drizzle once per database and
 * shape (variant, sort, direction, searched or not), their text and row mapping kept, their
 * values bound at each request, where `listReaders` builds both statements again every time. The
 * total follows the rule of every list (`pageWithTotal`).
 *
 * They are sent to PostgreSQL unnamed (an empty name: node-postgres then parses them with each
 * request), so PostgreSQL plans each request for its own values. A named statement switches to a
 * generic plan after five runs, and a list's best plan depends on its organization's size: one
 * organization of 5,000 people among 100,000 small ones made the named Users list 3.2x its SQL
 * (docs/performance.md, issue 26). The session and access lookups, one row by key, stay named, and
 * so do a list's statements where `planOnce` says their plan does not depend on their values
 * (the unfiltered organizations page: planning it took 1.0-1.2 ms, running it 0.4 ms).
 */
export function preparedListPage<Scope, Row>(options: PreparedListOptions<Scope>) {
  const byDatabase = new WeakMap<DbOrTx, Map<string, Statements>>();
  const statementsOf = (db: DbOrTx, scope: Scope, variant: string, list: ResolvedList, searched: boolean) => {
    let prepared = byDatabase.get(db);
    if (!prepared) byDatabase.set(db, (prepared = new Map()));
    const key = `${options.name}_${variant}_${list.sortKey.toLowerCase()}_${list.direction}_${searched ? 's' : 'a'}`;
    let statements = prepared.get(key);
    if (!statements) {
      const name = options.planOnce?.(scope, searched) ? key : UNNAMED;
      const filtered = () => options.select(db, scope, list.where);
      // Counted no further than the cap past the page (readPage's rule, core/lists.ts).
      const counted = filtered().limit(sql.placeholder(COUNT_UP_TO)).as('capped_rows') as unknown as Parameters<
        ReturnType<DbOrTx['select']>['from']
      >[0];
      statements = {
        page: filtered()
          .orderBy(...list.orderBy)
          .limit(sql.placeholder(LIMIT))
          .offset(sql.placeholder(OFFSET))
          .prepare(name) as unknown as Statements['page'],
        count: db
          .select({ n: count() })
          .from(counted)
          .prepare(name && `${name}_count`) as unknown as Statements['count'],
      };
      prepared.set(key, statements);
    }
    return statements;
  };

  return async (db: DbOrTx, scope: Scope, query: ListQuery): Promise<ListPage<Row>> => {
    const variant = options.variant(scope);
    const search = query.search?.trim();
    const list = resolveList(query, options.spec(scope), SEARCH);
    const statements: Statements = statementsOf(db, scope, variant, list, Boolean(search));
    const params = { ...options.params(scope), ...(search ? { [SEARCH]: likePattern(search) } : {}) };
    const rows = (await statements.page.execute({ ...params, [LIMIT]: list.limit, [OFFSET]: list.offset })) as Row[];
    return pageWithTotal(rows, list, {
      known: options.knownTotal && (() => options.knownTotal?.(db, scope, Boolean(search), rows)),
      countUpTo: async (max) => {
        const [counted] = await statements.count.execute({ ...params, [COUNT_UP_TO]: max });
        return counted?.n ?? 0;
      },
    });
  };
}

/**
 * An organization access with its two ids as placeholders (`organizationId`, `actorUserId`), for
 * the builder of a prepared statement; the role, restriction and permissions stay as they are, so
 * the list's `variant` must capture what of them its SQL depends on.
 */
export const accessWithParams = (access: OrganizationAccess): OrganizationAccess => ({
  ...access,
  organization: { ...access.organization, id: param('organizationId') },
  actor: { ...access.actor, userId: param('actorUserId') },
});

/** The values of `accessWithParams`' placeholders. */
export const accessParams = (access: OrganizationAccess) => ({
  organizationId: access.organization.id,
  actorUserId: access.actor.userId,
});
