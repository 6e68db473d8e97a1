import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_TOTAL_CAP } from '@qualis/contract';
import type { SearchTerms } from './search-terms.js';

// The pieces the global search's rows of every artifact are written with (search-document-rows.ts,
// search-artifact-rows.ts, search-file-hits.ts).

export const CONFIG = sql.raw(`'qualis_search'`);
/** ts_rank's flags: 1 divides by 1 + log(length), 32 maps the rank to rank / (rank + 1). */
const RANK_NORMALISATION = sql.raw('33');

export interface Match {
  /** The tsquery (text form), or null when the words hold no lexeme. */
  query: SQL | null;
  terms: SearchTerms;
}

/** Alternatives of a condition, those that apply to the person's text; null when none does. */
export function anyOf(parts: (SQL | null)[]): SQL | null {
  const applying = parts.filter((part): part is SQL => part !== null);
  return applying.length ? sql`(${sql.join(applying, sql` or `)})` : null;
}

/** Branches of a UNION ALL, those that apply; null when none does. */
export function unionAll(branches: (SQL | null | false)[]): SQL | null {
  const applying = branches.filter((branch): branch is SQL => Boolean(branch));
  return applying.length
    ? sql.join(
        applying.map((branch) => sql`(${branch})`),
        sql` union all `,
      )
    : null;
}

export const words = (vector: SQL, m: Match) => (m.query ? sql`${vector} @@ ${m.query}` : null);
export const rank = (vector: SQL, m: Match) =>
  m.query ? sql`ts_rank(${vector}, ${m.query}, ${RANK_NORMALISATION})` : sql`0`;
export const contains = (expression: SQL, pattern: string) =>
  sql`qualis_fold(${expression}) like qualis_fold(${pattern})`;
export const partialName = (expression: SQL, m: Match) =>
  m.terms.partialNames && m.terms.pattern ? contains(expression, m.terms.pattern) : null;
export const numberIs = (column: SQL, m: Match) =>
  m.terms.number !== null ? sql`${column} = ${m.terms.number}` : null;

/**
 * The candidates a branch of hits gives (docs/decisions/0036-search-candidates.md): its best
 * SEARCH_TOTAL_CAP + 1 rows, by score when the branch's rows score differently (`ranked`; a branch
 * whose rows all score the same, or are ranked only once taken, gives those its plan reads first,
 * and stops there), and `cut`, whether it had more. Only hits the person may open are capped: a
 * cap before the visibility predicate could keep only hidden rows.
 */
const CUT_ABOVE = sql.raw(String(SEARCH_TOTAL_CAP));
const CANDIDATES = sql.raw(String(SEARCH_TOTAL_CAP + 1));
export const capped = (branch: SQL, ranked: boolean) =>
  sql`select b.*, count(*) over () > ${CUT_ABOVE} as cut
    from (${branch}${ranked ? sql` order by score desc` : sql``} limit ${CANDIDATES}) b`;
export const uncapped = (branch: SQL) => sql`select b.*, false as cut from (${branch}) b`;
/** Whether any of an artifact's hits was cut, taken before the hits are reduced to one per artifact. */
export const ANY_CUT = sql`bool_or(h.cut) over () as cut`;

/**
 * One file text by its key, read as a sub-query of its own (`offset 0`), so its vector is tested
 * row by row: related-only hits start from what the person may open, never from the text index.
 */
export const fileTextOf = (org: string, fileId: SQL) =>
  sql`select ft.file_id, ft.search_vector from file_texts ft
    where ft.organization_id = ${org} and ft.file_id = ${fileId} offset 0`;

/** Tags of the organization whose name holds the text (tag mode). */
export const matchingTags = (organizationId: string, pattern: string) =>
  sql`select id, name from tags where organization_id = ${organizationId} and ${contains(sql`name`, pattern)}`;
