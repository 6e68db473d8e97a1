import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_TOTAL_CAP, type GlobalSearchQuery, type SearchResultType } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import type { DbOrTx } from '../../db/client.js';
import { actionRows, hrRows, trainingRows } from './search-artifact-rows.js';
import { documentRows, everyDocumentHitVisible } from './search-document-rows.js';
import { fileCtes, ownersScanned } from './search-file-hits.js';
import { CONFIG, type Match } from './search-sql.js';
import type { SearchTerms } from './search-terms.js';

/**
 * Global search in one statement (docs/decisions/0021-global-search.md). Each artifact gathers
 * its hits (from the text indexes, or from the rows a related-only person may open: see "Rows per
 * artifact" in search-artifact-rows.ts, and the file hits in search-file-hits.ts), keeps the best
 * hit of each artifact the person may open (the artifact's own visibility predicate, the same one
 * its list uses), and the page, the total
 * and the snippets are taken from those rows only: a hidden artifact adds no row, no count and no
 * snippet.
 *
 * Scores rank by where the text matched: the name or System # (3 + rank), the other fields
 * (2 + rank), a file's name or text (1); an automatic action's hit one tier lower (it merely
 * mentions the record it asks about); within a tier, ts_rank of the field, divided by
 * 1 + log of its length (a short name that is the words beats a long one that holds them) and
 * normalised to 0..1. Files are not ranked by their text: reading every matching file's vector to rank it
 * would cost more than the search itself (docs/performance.md, global search).
 *
 * Each branch of hits gives at most its SEARCH_TOTAL_CAP + 1 best candidates (`capped` in
 * search-sql.ts); the page is ranked among them, and the total is counted over them:
 * `capped` when a branch had more or the total passes the cap, and then given as the cap.
 */

/** Highlight markers of ts_headline; file texts and fields are stripped of them first. */
export const MATCH_START = '\uE000';
export const MATCH_END = '\uE001';
const HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=24, MinWords=10, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;
/** ts_headline parses the whole text it is given: a snippet is looked for in the first part of a long file. */
const SNIPPET_SOURCE_CHARS = 60_000;

export interface SearchHitRow {
  type: SearchResultType;
  id: string;
  revision: number | null;
  number: number | null;
  name: string;
  source: 'name' | 'fields' | 'file' | 'tag';
  fileName: string | null;
  tagName: string | null;
  snippet: string | null;
  /** The artifacts found, at most SEARCH_TOTAL_CAP. */
  total: number;
  /** There are more than `total`. */
  capped: boolean;
}

/** The person's words as one tsquery (text form); null when they hold no lexeme. */
export async function buildTsQuery(db: DbOrTx, terms: SearchTerms): Promise<string | null> {
  const parts: SQL[] = [];
  if (terms.words) parts.push(sql`to_tsquery(${CONFIG}, ${terms.words})`);
  for (const phrase of terms.phrases) parts.push(sql`phraseto_tsquery(${CONFIG}, ${phrase})`);
  if (parts.length === 0) return null;
  const [row] = await rowsOf<{ query: string }>(db, sql`select (${sql.join(parts, sql` && `)})::text as query`);
  const query = row?.query ?? '';
  return query.trim() ? query : null;
}

/** Both drivers (PGlite, node-postgres) answer `execute` with `{ rows }`. */
async function rowsOf<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

// ---------------------------------------------------------------------------------------------
// The page

const TYPE_ORDER = sql`case type when 'Document' then 1 when 'Action' then 2 when 'TrainingRecord' then 3 else 4 end`;

function orderOf(query: GlobalSearchQuery): SQL {
  const key = query.orderBy;
  const direction = sql.raw(
    (query.orderDirection ?? (key === 'relevance' ? 'desc' : 'asc')) === 'asc' ? 'asc' : 'desc',
  );
  const byName = sql`lower(name) ${direction}, id`;
  if (key === 'type') return sql`${TYPE_ORDER} ${direction}, score desc, lower(name), id`;
  if (key === 'name') return sql`${byName}, score desc`;
  // A name that is the whole text first: the record the person named, before those that hold its
  // words. A document's row name starts with its Document ID ('SOP-007 Cleanroom Gowning').
  const text = sql`lower(${query.search})`;
  const isTheName = sql`(lower(name) = ${text} or (type = 'Document' and right(lower(name), length(${text}) + 1) = ' ' || ${text}))`;
  return sql`${isTheName} ${direction}, score ${direction}, lower(name), id`;
}

/**
 * How the statement is planned, for its transaction (docs/performance.md, "Global search"): no
 * sequential scans, since for a word in most rows PostgreSQL costs reading every TOASTed file vector
 * as cheap as the text index, and it is several times slower; no parallel workers and no JIT, whose
 * start-up costs an interactive statement more than they save (and whose use would turn on the
 * words' statistics, hidden rows included).
 */
const PLANNER_SETTINGS = sql`select set_config('enable_seqscan', 'off', true),
  set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)`;

const CAP = sql.raw(String(SEARCH_TOTAL_CAP));

const stripMarkers = (text: SQL) => sql`translate(${text}, ${MATCH_START + MATCH_END}, '')`;

export async function searchArtifacts(
  db: DbOrTx,
  access: OrganizationAccess,
  query: GlobalSearchQuery,
  terms: SearchTerms,
  tsQuery: string | null,
): Promise<SearchHitRow[]> {
  const m: Match = { query: tsQuery ? sql`${tsQuery}::tsquery` : null, terms };
  const mode = query.mode;
  const org = access.organization.id;
  const headline = (text: SQL) =>
    m.query
      ? sql`ts_headline(${CONFIG}, ${stripMarkers(sql`left(${text}, ${SNIPPET_SOURCE_CHARS})`)}, ${m.query}, ${HEADLINE_OPTIONS})`
      : sql`null`;
  const rows = [documentRows, actionRows, trainingRows, hrRows]
    .map((rowsOfType) => rowsOfType(access, mode, m))
    .filter((part): part is SQL => part !== null);
  if (rows.length === 0) return [];
  const files = fileCtes(access, mode, m, ownersScanned(access, everyDocumentHitVisible(access)));
  const statement = sql`with ${files} hits as (${sql.join(
    rows.map((part) => sql`(${part})`),
    sql` union all `,
  )}),
    page as (
      select *, count(*) over () as total, bool_or(cut) over () as any_cut from hits
      order by ${orderOf(query)}
      limit ${query.limit} offset ${query.offset}
    )
    select p.type, p.id, p.revision, p.name, p.source, least(p.total, ${CAP})::int as total,
      (p.any_cut or p.total > ${CAP}) as capped, p.tag_name as "tagName",
      case when p.type = 'Document' then (select d.number from documents d where d.organization_id = ${org} and d.id = p.id)
        else p.number end as number,
      (select ft.file_name from file_texts ft where ft.organization_id = ${org} and ft.file_id = p.file_id) as "fileName",
      case p.source
        when 'file' then (select ${headline(sql`ft.content`)} from file_texts ft
          where ft.organization_id = ${org} and ft.file_id = p.file_id and ft.content is not null)
        when 'fields' then ${headline(fieldTextOf(org))}
      end as snippet
    from page p
    order by ${orderOf(query)}`;
  return db.transaction(async (tx) => {
    await tx.execute(PLANNER_SETTINGS);
    return rowsOf<SearchHitRow>(tx, statement);
  });
}

/** The text a 'fields' hit matched in: what the artifact shows beside its name. */
function fieldTextOf(org: string): SQL {
  return sql`case p.type
    when 'Document' then (select concat_ws(' — ', r.revision_name, r.revision_description) from document_revisions r
      where r.organization_id = ${org} and r.document_id = p.id and r.revision = p.revision)
    when 'Action' then (select a.description from actions a where a.organization_id = ${org} and a.id = p.id)
    when 'TrainingRecord' then (select concat_ws(' — ', t.description,
        (select string_agg(q.name, ' — ' order by q.number) from training_questions q
          where q.organization_id = t.organization_id and q.training_id = t.id and q.quiz_version = t.quiz_version))
      from training_records t where t.organization_id = ${org} and t.id = p.id)
    end`;
}
