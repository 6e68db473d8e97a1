import { sql, type SQL } from 'drizzle-orm';
import type { GlobalSearchQuery, SearchMode, SearchResultType } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import type { DbOrTx } from '../../db/client.js';
import { actionsVisibleTo } from '../actions/actions.repository.js';
import {
  documentsVisibleTo,
  generalSectionVisibleTo,
  revisionsVisibleTo,
  rowRevisionOf,
} from '../documents/documents.repository.js';
import { documentRevisions } from '../../db/schema/index.js';
import { hrRecordsVisibleTo } from '../hr-records/hr-records.repository.js';
import { trainingsVisibleTo } from '../training-records/training-records.repository.js';
import type { SearchTerms } from './search-terms.js';

/**
 * Global search in one statement (docs/decisions/0021-global-search.md). Each artifact gathers
 * its hits from the GIN and trigram indexes, keeps the best hit of each artifact the person may
 * open (the artifact's own visibility predicate, the same one its list uses), and the page,
 * the total and the snippets are taken from those rows only: a hidden artifact adds no row, no
 * count and no snippet.
 *
 * Scores rank by where the text matched: the name or System # (3 + rank), the other fields
 * (2 + rank), a file's name or text (1); within a tier, ts_rank of the field (normalised to
 * 0..1). Files are not ranked by their text: reading every matching file's vector to rank it
 * would cost more than the search itself (docs/performance.md, global search).
 */

const CONFIG = sql.raw(`'qualis_search'`);
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
  total: number;
}

interface Match {
  /** The tsquery (text form), or null when the words hold no lexeme. */
  query: SQL | null;
  terms: SearchTerms;
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

const never = sql`false`;
const matches = (vector: SQL, m: Match) => (m.query ? sql`${vector} @@ ${m.query}` : never);
const rank = (vector: SQL, m: Match) => (m.query ? sql`ts_rank(${vector}, ${m.query}, 32)` : sql`0`);
const contains = (expression: SQL, pattern: string | null) =>
  pattern ? sql`qualis_fold(${expression}) like qualis_fold(${pattern})` : never;
const nameLike = (expression: SQL, m: Match) => contains(expression, m.terms.partialNames ? m.terms.pattern : null);
const numberIs = (column: SQL, m: Match) => (m.terms.number !== null ? sql`${column} = ${m.terms.number}` : never);

/** Files of the organization whose name or text matched: (file_id, file_name). */
const matchingFiles = (organizationId: string, m: Match) =>
  sql`select file_id, file_name from file_texts
    where organization_id = ${organizationId} and ${matches(sql`search_vector`, m)}`;

/** Tags of the organization whose name holds the text (tag mode). */
const matchingTags = (organizationId: string, m: Match) =>
  sql`select id, name from tags where organization_id = ${organizationId} and ${contains(sql`name`, m.terms.pattern)}`;

// ---------------------------------------------------------------------------------------------
// Hits per artifact: (artifact key, score, source, file_id, file_name, tag_name)

function documentHits(org: string, mode: SearchMode, m: Match): SQL {
  if (mode === 'tag') {
    return sql`select t.document_id, t.revision, 3::float8 as score, 'tag' as source,
        null::uuid as file_id, null::text as file_name, mt.name as tag_name
      from document_revision_tags t join (${matchingTags(org, m)}) mt on mt.id = t.tag_id
      where t.organization_id = ${org}`;
  }
  const nameText = sql`coalesce(type_description, '') || ' ' || name`;
  return sql`select document_id, revision, 3 + ${rank(sql`search_name`, m)} as score, 'name' as source,
        null::uuid as file_id, null::text as file_name, null::text as tag_name
      from document_revisions
      where organization_id = ${org} and (${matches(sql`search_name`, m)} or ${nameLike(nameText, m)})
    union all
    select id, null, 3, 'name', null, null, null from documents
      where organization_id = ${org} and ${numberIs(sql`number`, m)}
    union all
    select document_id, revision, 2 + ${rank(sql`search_details`, m)}, 'fields', null, null, null
      from document_revisions where organization_id = ${org} and ${matches(sql`search_details`, m)}
    union all
    select r.document_id, r.revision, 1, 'file', f.file_id, f.file_name
      , null from (${matchingFiles(org, m)}) f
      join document_revisions r on r.organization_id = ${org} and r.file_id = f.file_id
    union all
    select x.document_id, x.revision, 1, 'file', f.file_id, f.file_name, null
      from (${matchingFiles(org, m)}) f
      join document_revision_files x on x.organization_id = ${org} and x.file_id = f.file_id`;
}

function documentRows(access: OrganizationAccess, mode: SearchMode, m: Match): SQL {
  const org = access.organization.id;
  const revisionVisible = revisionsVisibleTo(access, documentRevisions.isFinal) ?? sql`true`;
  return sql`select distinct on (documents.id) 'Document' as type, documents.id, document_revisions.revision,
      documents.number, concat_ws(' ', document_revisions.type_description, document_revisions.name) as name,
      h.score, h.source, h.file_id, h.file_name, h.tag_name
    from (${documentHits(org, mode, m)}) h
    join documents on documents.organization_id = ${org} and documents.id = h.document_id
    join document_revisions on document_revisions.organization_id = ${org}
      and document_revisions.document_id = documents.id
      and document_revisions.revision = coalesce(h.revision, ${rowRevisionOf(access)})
    where ${documentsVisibleTo(access)} and ${revisionVisible}
      and (h.source = 'name' or ${generalSectionVisibleTo(access)})
    order by documents.id, h.score desc, document_revisions.revision desc`;
}

function actionRows(access: OrganizationAccess, mode: SearchMode, m: Match): SQL {
  const org = access.organization.id;
  const base = sql`'Action' as type, actions.id, null::int as revision, actions.number, actions.name`;
  if (mode === 'tag') {
    return sql`select distinct on (actions.id) ${base}, 3::float8 as score, 'tag' as source,
        null::uuid as file_id, null::text as file_name, mt.name as tag_name
      from action_tags t join (${matchingTags(org, m)}) mt on mt.id = t.tag_id
      join actions on actions.organization_id = ${org} and actions.id = t.action_id
      where t.organization_id = ${org} and ${actionsVisibleTo(access)}
      order by actions.id, mt.name`;
  }
  const inName = sql`(${matches(sql`ts_filter(actions.search_vector, '{a}')`, m)}
    or ${nameLike(sql`actions.name`, m)} or ${numberIs(sql`actions.number`, m)})`;
  return sql`select ${base},
      (case when ${inName} then 3 else 2 end) + ${rank(sql`actions.search_vector`, m)} as score,
      case when ${inName} then 'name' else 'fields' end as source,
      null::uuid as file_id, null::text as file_name, null::text as tag_name
    from actions
    where ${actionsVisibleTo(access)} and (${matches(sql`actions.search_vector`, m)}
      or ${nameLike(sql`actions.name`, m)} or ${numberIs(sql`actions.number`, m)})`;
}

function trainingHits(org: string, mode: SearchMode, m: Match): SQL {
  if (mode === 'tag') {
    return sql`select t.training_id, 3::float8 as score, 'tag' as source,
        null::uuid as file_id, null::text as file_name, mt.name as tag_name
      from training_record_tags t join (${matchingTags(org, m)}) mt on mt.id = t.tag_id
      where t.organization_id = ${org}`;
  }
  const inName = sql`(${matches(sql`ts_filter(search_vector, '{a}')`, m)}
    or ${nameLike(sql`name`, m)} or ${numberIs(sql`number`, m)})`;
  return sql`select id as training_id, (case when ${inName} then 3 else 2 end) + ${rank(sql`search_vector`, m)} as score,
        case when ${inName} then 'name' else 'fields' end as source,
        null::uuid as file_id, null::text as file_name, null::text as tag_name
      from training_records
      where organization_id = ${org} and (${matches(sql`search_vector`, m)}
        or ${nameLike(sql`name`, m)} or ${numberIs(sql`number`, m)})
    union all
    select q.training_id, 2 + ${rank(sql`q.search_vector`, m)}, 'fields', null, null, null
      from training_questions q
      join training_records r on r.organization_id = q.organization_id and r.id = q.training_id
        and r.quiz_version = q.quiz_version
      where q.organization_id = ${org} and ${matches(sql`q.search_vector`, m)}
    union all
    select x.training_id, 1, 'file', f.file_id, f.file_name, null
      from (${matchingFiles(org, m)}) f
      join training_record_files x on x.organization_id = ${org} and x.file_id = f.file_id`;
}

function trainingRows(access: OrganizationAccess, mode: SearchMode, m: Match): SQL {
  const org = access.organization.id;
  return sql`select distinct on (training_records.id) 'TrainingRecord' as type, training_records.id,
      null::int as revision, training_records.number, training_records.name,
      h.score, h.source, h.file_id, h.file_name, h.tag_name
    from (${trainingHits(org, mode, m)}) h
    join training_records on training_records.organization_id = ${org} and training_records.id = h.training_id
    where ${trainingsVisibleTo(access)}
    order by training_records.id, h.score desc`;
}

function hrHits(org: string, mode: SearchMode, m: Match): SQL {
  if (mode === 'tag') {
    return sql`select t.hr_record_id, 3::float8 as score, 'tag' as source,
        null::uuid as file_id, null::text as file_name, mt.name as tag_name
      from hr_record_tags t join (${matchingTags(org, m)}) mt on mt.id = t.tag_id
      where t.organization_id = ${org}`;
  }
  const names = sql`concat_ws(' ', u.first_name, u.last_name, u.email)`;
  return sql`select r.id as hr_record_id, 3 + ${rank(sql`to_tsvector(${CONFIG}, ${names})`, m)} as score, 'name' as source,
        null::uuid as file_id, null::text as file_name, null::text as tag_name
      from hr_records r join users u on u.id = r.user_id
      where r.organization_id = ${org}
        and (${matches(sql`to_tsvector(${CONFIG}, ${names})`, m)} or ${nameLike(names, m)})
    union all
    select r.id, 1, 'file', f.file_id, f.file_name, null
      from (${matchingFiles(org, m)}) f
      join hr_records r on r.organization_id = ${org} and r.file_id = f.file_id`;
}

function hrRows(access: OrganizationAccess, mode: SearchMode, m: Match): SQL {
  const org = access.organization.id;
  return sql`select distinct on (hr_records.id) 'HumanResource' as type, hr_records.id,
      null::int as revision, null::int as number,
      coalesce(nullif(concat_ws(' ', users.first_name, users.last_name), ''), users.email) as name,
      h.score, h.source, h.file_id, h.file_name, h.tag_name
    from (${hrHits(org, mode, m)}) h
    join hr_records on hr_records.organization_id = ${org} and hr_records.id = h.hr_record_id
    join users on users.id = hr_records.user_id
    where ${hrRecordsVisibleTo(access)}
    order by hr_records.id, h.score desc`;
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
  return sql`score ${direction}, lower(name), id`;
}

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
  const statement = sql`with hits as (
      (${documentRows(access, mode, m)})
      union all (${actionRows(access, mode, m)})
      union all (${trainingRows(access, mode, m)})
      union all (${hrRows(access, mode, m)})
    ),
    page as (
      select *, count(*) over () as total from hits
      order by ${orderOf(query)}
      limit ${query.limit} offset ${query.offset}
    )
    select p.type, p.id, p.revision, p.number, p.name, p.source, p.total::int as total,
      p.file_name as "fileName", p.tag_name as "tagName",
      case p.source
        when 'file' then (select ${headline(sql`ft.content`)} from file_texts ft
          where ft.organization_id = ${org} and ft.file_id = p.file_id and ft.content is not null)
        when 'fields' then ${headline(fieldTextOf(org))}
      end as snippet
    from page p
    order by ${orderOf(query)}`;
  return rowsOf<SearchHitRow>(db, statement);
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
