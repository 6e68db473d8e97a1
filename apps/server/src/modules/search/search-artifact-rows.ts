import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_TOTAL_CAP, type SearchMode } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import { documentRevisions } from '../../db/schema/index.js';
import { actionsVisibleTo, seesEveryAction } from '../actions/actions.repository.js';
import {
  documentsVisibleTo,
  generalSectionVisibleTo,
  revisionsVisibleTo,
  rowRevisionOf,
  seesEveryGeneralSection,
  seesRelatedDocumentsOnly,
} from '../documents/document-visibility.js';
import { seesEveryDocument } from '../documents/documents.policy.js';
import { hrRecordsVisibleTo, seesHrRecords } from '../hr-records/hr-records.repository.js';
import { relatedTrainingIds, seesEveryTraining, trainingsVisibleTo } from '../training-records/training-visibility.js';
import type { SearchTerms } from './search-terms.js';

// The global search's rows of each artifact, each under the artifact's own visibility predicate
// (search.repository.ts builds the page from them).

export const CONFIG = sql.raw(`'qualis_search'`);
/** ts_rank's flags: 1 divides by 1 + log(length), 32 maps the rank to rank / (rank + 1). */
const RANK_NORMALISATION = sql.raw('33');

export interface Match {
  /** The tsquery (text form), or null when the words hold no lexeme. */
  query: SQL | null;
  terms: SearchTerms;
}

/** Alternatives of a condition, those that apply to the person's text; null when none does. */
function anyOf(parts: (SQL | null)[]): SQL | null {
  const applying = parts.filter((part): part is SQL => part !== null);
  return applying.length ? sql`(${sql.join(applying, sql` or `)})` : null;
}

/** Branches of a UNION ALL, those that apply; null when none does. */
function unionAll(branches: (SQL | null | false)[]): SQL | null {
  const applying = branches.filter((branch): branch is SQL => Boolean(branch));
  return applying.length
    ? sql.join(
        applying.map((branch) => sql`(${branch})`),
        sql` union all `,
      )
    : null;
}

const words = (vector: SQL, m: Match) => (m.query ? sql`${vector} @@ ${m.query}` : null);
const rank = (vector: SQL, m: Match) => (m.query ? sql`ts_rank(${vector}, ${m.query}, ${RANK_NORMALISATION})` : sql`0`);
const contains = (expression: SQL, pattern: string) => sql`qualis_fold(${expression}) like qualis_fold(${pattern})`;
const partialName = (expression: SQL, m: Match) =>
  m.terms.partialNames && m.terms.pattern ? contains(expression, m.terms.pattern) : null;
/**
 * Whether a row found by its words also holds the text inside its name, for many rows: one
 * trigram index scan of the table, hashed, instead of folding each row's name (unaccent costs
 * more than the rest of the row).
 */
const partialNameOf = (id: SQL, table: SQL, org: string, m: Match) =>
  m.terms.partialNames && m.terms.pattern
    ? sql`${id} in (select id from ${table} where organization_id = ${org} and ${contains(sql`name`, m.terms.pattern)})`
    : null;
const numberIs = (column: SQL, m: Match) => (m.terms.number !== null ? sql`${column} = ${m.terms.number}` : null);

/**
 * The candidates a branch of hits gives (docs/decisions/0036-search-candidates.md): its best
 * SEARCH_TOTAL_CAP + 1 rows, by score when the branch's rows score differently (`ranked`; a branch
 * whose rows all score the same takes those its plan reads first, and stops there), and `cut`,
 * whether it had more. Only hits the person may open are capped: a cap before the visibility
 * predicate could keep only hidden rows.
 */
const CUT_ABOVE = sql.raw(String(SEARCH_TOTAL_CAP));
const CANDIDATES = sql.raw(String(SEARCH_TOTAL_CAP + 1));
const capped = (branch: SQL, ranked: boolean) =>
  sql`select b.*, count(*) over () > ${CUT_ABOVE} as cut
    from (${branch}${ranked ? sql` order by score desc` : sql``} limit ${CANDIDATES}) b`;
const uncapped = (branch: SQL) => sql`select b.*, false as cut from (${branch}) b`;
/** Whether any of an artifact's hits was cut, taken before the hits are reduced to one per artifact. */
const ANY_CUT = sql`bool_or(h.cut) over () as cut`;

/**
 * One file text by its key, read as a sub-query of its own (`offset 0`), so its vector is tested
 * row by row: related-only hits start from what the person may open, never from the text index.
 */
const fileTextOf = (org: string, fileId: SQL) =>
  sql`select ft.file_id, ft.search_vector from file_texts ft
    where ft.organization_id = ${org} and ft.file_id = ${fileId} offset 0`;

/**
 * The organization's file texts that hold the words (the statement's first CTE), for every
 * artifact that has files: a controlled or extra file, a training's file, a CV. Not materialised:
 * each capped branch reads only as many as it keeps (docs/performance.md, global search).
 */
const MATCHING_FILES = sql.raw('matching_files');
export const matchingFiles = (org: string, m: Match) =>
  m.query
    ? sql`${MATCHING_FILES} as not materialized (select file_id from file_texts
        where organization_id = ${org} and search_vector @@ ${m.query}),`
    : sql``;

/** Tags of the organization whose name holds the text (tag mode). */
const matchingTags = (organizationId: string, pattern: string) =>
  sql`select id, name from tags where organization_id = ${organizationId} and ${contains(sql`name`, pattern)}`;

// ---------------------------------------------------------------------------------------------
// Rows per artifact: (type, id, revision, number, name, score, source, file_id, tag_name, cut); each
// artifact once, with its best hit. Two ways to gather the hits (docs/performance.md, global
// search): a person who sees every row of the artifact (or most, as 16 does) reads the GIN and
// trigram indexes, and the visibility predicate keeps their hits; a person who sees only what
// they are related to reads those rows by the predicate's own indexes and tests each one's text,
// fenced (`offset 0`) so that PostgreSQL cannot start from the text indexes: their time follows
// what they may open, not how many hidden artifacts hold the words. (`offset 0` also keeps a test
// that a row's score and source both use computed once.)

const documentHit = (score: SQL, source: 'name' | 'fields' | 'file', fileId: SQL = sql`null::uuid`) =>
  sql`r.document_id, r.revision, r.effective_at, concat_ws(' ', r.type_description, r.name) as name,
    (${score})::float8 as score, ${sql.raw(`'${source}'`)} as source, ${fileId} as file_id`;

/**
 * Whether every document hit is one the person may open: a related-only person's hits are all
 * theirs; someone who sees every document and every General section keeps every hit. Others (16,
 * or 11 without 34) are checked document by document, after their hits are gathered.
 */
const everyDocumentHitVisible = (access: OrganizationAccess) =>
  seesRelatedDocumentsOnly(access) || (seesEveryDocument(access) && seesEveryGeneralSection(access));

/** The documents' hits: (document_id, revision, effective_at, name, score, source, file_id, cut). */
function documentHits(access: OrganizationAccess, m: Match): SQL | null {
  const org = access.organization.id;
  const cap = everyDocumentHitVisible(access) ? capped : uncapped;
  const inName = anyOf([
    words(sql`r.search_name`, m),
    partialName(sql`coalesce(r.type_description, '') || ' ' || r.name`, m),
  ]);
  const inDetails = words(sql`r.search_details`, m);
  const inFile = words(sql`f.search_vector`, m);
  const byNumber =
    m.terms.number !== null &&
    sql`select ${documentHit(sql`3`, 'name')} from documents
      join document_revisions r on r.organization_id = documents.organization_id and r.document_id = documents.id
        and r.revision = ${rowRevisionOf(access)}
      where ${documentsVisibleTo(access)} and documents.number = ${m.terms.number}`;
  const nameScore = sql`3 + ${rank(sql`r.search_name`, m)}`;
  const detailsScore = sql`2 + ${rank(sql`r.search_details`, m)}`;
  if (seesRelatedDocumentsOnly(access)) {
    // Each revision of the person's documents once, its name, fields and files tested in turn.
    const tests = unionAll([
      inName && sql`select ${nameScore}, 'name', null::uuid where ${inName}`,
      inDetails && sql`select ${detailsScore}, 'fields', null::uuid where ${inDetails}`,
      inFile && sql`select 1, 'file', f.file_id from (${fileTextOf(org, sql`r.file_id`)}) f where ${inFile}`,
      inFile &&
        sql`select 1, 'file', f.file_id from document_revision_files x
          cross join lateral (${fileTextOf(org, sql`x.file_id`)}) f
          where x.organization_id = ${org} and x.document_id = r.document_id and x.revision = r.revision and ${inFile}`,
    ]);
    return unionAll([
      tests &&
        cap(
          sql`select r.document_id, r.revision, r.effective_at, concat_ws(' ', r.type_description, r.name) as name,
            t.score::float8 as score, t.source, t.file_id
          from (select r.* from document_participants dp
            join document_revisions r on r.organization_id = dp.organization_id and r.document_id = dp.document_id
            where dp.organization_id = ${org} and dp.user_id = ${access.actor.userId} offset 0) r
          cross join lateral (${tests}) t(score, source, file_id)`,
          true,
        ),
      byNumber && cap(byNumber, false),
    ]);
  }
  const fileHit = documentHit(sql`1`, 'file', sql`f.file_id`);
  return unionAll([
    inName &&
      cap(
        sql`select ${documentHit(nameScore, 'name')} from document_revisions r
        where r.organization_id = ${org} and ${inName}`,
        true,
      ),
    byNumber && cap(byNumber, false),
    inDetails &&
      cap(
        sql`select ${documentHit(detailsScore, 'fields')} from document_revisions r
        where r.organization_id = ${org} and ${inDetails}`,
        true,
      ),
    inFile &&
      cap(
        sql`select ${fileHit} from ${MATCHING_FILES} f
        join document_revisions r on r.organization_id = ${org} and r.file_id = f.file_id`,
        false,
      ),
    inFile &&
      cap(
        sql`select ${fileHit} from ${MATCHING_FILES} f
        join document_revision_files x on x.organization_id = ${org} and x.file_id = f.file_id
        join document_revisions r on r.organization_id = x.organization_id and r.document_id = x.document_id
          and r.revision = x.revision`,
        false,
      ),
  ]);
}

export function documentRows(access: OrganizationAccess, mode: SearchMode, m: Match): SQL | null {
  if (mode === 'tag') return documentTagRows(access, m);
  const hits = documentHits(access, m);
  if (!hits) return null;
  const org = access.organization.id;
  const revisionVisible = revisionsVisibleTo(access, sql`h.effective_at`) ?? sql`true`;
  const visible = everyDocumentHitVisible(access)
    ? sql``
    : sql`join documents on documents.organization_id = ${org} and documents.id = h.document_id
      where ${documentsVisibleTo(access)} and ${revisionVisible}
        and (h.source = 'name' or ${generalSectionVisibleTo(access)})`;
  return sql`select distinct on (h.document_id) 'Document' as type, h.document_id as id, h.revision,
      null::int as number, h.name, h.score, h.source, h.file_id, null::text as tag_name, ${ANY_CUT}
    from (${hits}) h ${visible}
    order by h.document_id, h.score desc, h.revision desc`;
}

function documentTagRows(access: OrganizationAccess, m: Match): SQL | null {
  if (!m.terms.pattern) return null;
  const org = access.organization.id;
  const revisionVisible = revisionsVisibleTo(access, documentRevisions.effectiveAt) ?? sql`true`;
  return sql`select distinct on (documents.id) 'Document' as type, documents.id, document_revisions.revision,
      null::int as number, concat_ws(' ', document_revisions.type_description, document_revisions.name) as name,
      3::float8 as score, 'tag' as source, null::uuid as file_id, mt.name as tag_name, false as cut
    from document_revision_tags t join (${matchingTags(org, m.terms.pattern)}) mt on mt.id = t.tag_id
    join documents on documents.organization_id = ${org} and documents.id = t.document_id
    join document_revisions on document_revisions.organization_id = ${org}
      and document_revisions.document_id = documents.id and document_revisions.revision = t.revision
    where t.organization_id = ${org} and ${documentsVisibleTo(access)} and ${revisionVisible}
      and ${generalSectionVisibleTo(access)}
    order by documents.id, document_revisions.revision desc, mt.name`;
}

/**
 * How many tiers an automatic action's hit ranks below where it matched. Its name and text are
 * made from the record it asks about ("Review …", "Approve …", "Pass …"): it merely mentions that
 * record, so the document, training or HR record itself ranks above its automatic actions for an
 * equal or better match of the same field, and the actions follow it.
 */
const AUTOMATIC_ACTION_DEMOTION = sql.raw('1');

export function actionRows(access: OrganizationAccess, mode: SearchMode, m: Match): SQL | null {
  const org = access.organization.id;
  if (mode === 'tag') {
    if (!m.terms.pattern) return null;
    return sql`select distinct on (actions.id) 'Action' as type, actions.id, null::int as revision, actions.number,
        actions.name, 3::float8 as score, 'tag' as source, null::uuid as file_id, mt.name as tag_name, false as cut
      from action_tags t join (${matchingTags(org, m.terms.pattern)}) mt on mt.id = t.tag_id
      join actions on actions.organization_id = ${org} and actions.id = t.action_id
      where t.organization_id = ${org} and ${actionsVisibleTo(access)}
      order by actions.id, mt.name`;
  }
  const found = anyOf([words(sql`a.search_vector`, m), partialName(sql`a.name`, m), numberIs(sql`a.number`, m)]);
  if (!found) return null;
  const everyAction = seesEveryAction(access);
  const inName = anyOf([
    words(sql`ts_filter(a.search_vector, '{a}')`, m),
    everyAction ? partialNameOf(sql`a.id`, sql`actions`, org, m) : partialName(sql`a.name`, m),
    numberIs(sql`a.number`, m),
  ])!;
  const actions = everyAction
    ? sql`actions a where a.organization_id = ${org} and ${found}`
    : sql`(select id, number, name, kind, search_vector from actions where ${actionsVisibleTo(access)} offset 0) a
      where ${found}`;
  return capped(
    sql`select 'Action' as type, a.id, null::int as revision, a.number, a.name,
      (case when a.in_name then 3 else 2 end) - (case when a.automatic then ${AUTOMATIC_ACTION_DEMOTION} else 0 end)
        + a.rank as score,
      case when a.in_name then 'name' else 'fields' end as source, null::uuid as file_id, null::text as tag_name
    from (select a.id, a.number, a.name, ${inName} as in_name, a.kind <> 'manual' as automatic,
        ${rank(sql`a.search_vector`, m)} as rank
      from ${actions} offset 0) a`,
    true,
  );
}

/** The trainings' hits: (training_id, score, source, file_id, tag_name, cut). */
function trainingHits(access: OrganizationAccess, mode: SearchMode, m: Match): SQL | null {
  const org = access.organization.id;
  if (mode === 'tag') {
    if (!m.terms.pattern) return null;
    return uncapped(sql`select t.training_id, 3::float8 as score, 'tag' as source, null::uuid as file_id,
        mt.name as tag_name
      from training_record_tags t join (${matchingTags(org, m.terms.pattern)}) mt on mt.id = t.tag_id
      where t.organization_id = ${org}`);
  }
  const found = anyOf([words(sql`t.search_vector`, m), partialName(sql`t.name`, m), numberIs(sql`t.number`, m)]);
  const everyTraining = seesEveryTraining(access);
  const inName =
    anyOf([
      words(sql`ts_filter(t.search_vector, '{a}')`, m),
      everyTraining ? partialNameOf(sql`t.id`, sql`training_records`, org, m) : partialName(sql`t.name`, m),
      numberIs(sql`t.number`, m),
    ]) ?? sql`false`;
  const inQuestion = words(sql`q.search_vector`, m);
  const inFile = words(sql`f.search_vector`, m);
  const questionScore = sql`2 + ${rank(sql`q.search_vector`, m)}`;
  if (!everyTraining) {
    // Each training the person may see once, its own fields, current questions and files tested in turn.
    const tests = unionAll([
      found &&
        sql`select (case when n.in_name then 3 else 2 end) + ${rank(sql`t.search_vector`, m)},
            case when n.in_name then 'name' else 'fields' end, null::uuid
          from (select ${inName} as in_name offset 0) n where ${found}`,
      inQuestion &&
        sql`select ${questionScore}, 'fields', null::uuid
          from (select q.search_vector from training_questions q
            where q.organization_id = ${org} and q.training_id = t.id and q.quiz_version = t.quiz_version offset 0) q
          where ${inQuestion}`,
      inFile &&
        sql`select 1, 'file', f.file_id from training_record_files x
          cross join lateral (${fileTextOf(org, sql`x.file_id`)}) f
          where x.organization_id = ${org} and x.training_id = t.id and ${inFile}`,
    ]);
    return (
      tests &&
      capped(
        sql`select t.id as training_id, h.score::float8 as score, h.source, h.file_id, null::text as tag_name
        from (select training_records.* from training_records
          where ${trainingsVisibleTo(access)} and training_records.id in (${relatedTrainingIds(access)}) offset 0) t
        cross join lateral (${tests}) h(score, source, file_id)`,
        true,
      )
    );
  }
  // Everyone's trainings are visible to this person (trainingsVisibleTo is the organization): capped here.
  return unionAll([
    found &&
      capped(
        sql`select t.id as training_id, ((case when t.in_name then 3 else 2 end) + t.rank)::float8 as score,
          case when t.in_name then 'name' else 'fields' end as source, null::uuid as file_id, null::text as tag_name
        from (select t.id, ${inName} as in_name, ${rank(sql`t.search_vector`, m)} as rank from training_records t
          where t.organization_id = ${org} and ${found} offset 0) t`,
        true,
      ),
    inQuestion &&
      capped(
        sql`select q.training_id, (${questionScore})::float8 as score, 'fields' as source, null::uuid as file_id,
          null::text as tag_name
        from training_questions q
        join training_records t on t.organization_id = q.organization_id and t.id = q.training_id
          and t.quiz_version = q.quiz_version
        where q.organization_id = ${org} and ${inQuestion}`,
        true,
      ),
    inFile &&
      capped(
        sql`select x.training_id, 1::float8 as score, 'file' as source, f.file_id, null::text as tag_name
        from ${MATCHING_FILES} f
        join training_record_files x on x.organization_id = ${org} and x.file_id = f.file_id`,
        false,
      ),
  ]);
}

export function trainingRows(access: OrganizationAccess, mode: SearchMode, m: Match): SQL | null {
  const hits = trainingHits(access, mode, m);
  if (!hits) return null;
  const org = access.organization.id;
  return sql`select distinct on (training_records.id) 'TrainingRecord' as type, training_records.id,
      null::int as revision, training_records.number, training_records.name,
      h.score, h.source, h.file_id, h.tag_name, ${ANY_CUT}
    from (${hits}) h
    join training_records on training_records.organization_id = ${org} and training_records.id = h.training_id
    where ${trainingsVisibleTo(access)}
    order by training_records.id, h.score desc`;
}

function hrHits(org: string, mode: SearchMode, m: Match): SQL | null {
  if (mode === 'tag') {
    if (!m.terms.pattern) return null;
    return uncapped(sql`select t.hr_record_id, 3::float8 as score, 'tag' as source, null::uuid as file_id,
        mt.name as tag_name
      from hr_record_tags t join (${matchingTags(org, m.terms.pattern)}) mt on mt.id = t.tag_id
      where t.organization_id = ${org}`);
  }
  const names = sql`concat_ws(' ', u.first_name, u.last_name, u.email)`;
  const inName = anyOf([words(sql`to_tsvector(${CONFIG}, ${names})`, m), partialName(names, m)]);
  const inFile = words(sql`f.search_vector`, m);
  // Only people who see every HR record of the organization search them (hrRows): capped here.
  return unionAll([
    inName &&
      capped(
        sql`select r.id as hr_record_id, (3 + ${rank(sql`to_tsvector(${CONFIG}, ${names})`, m)})::float8 as score,
          'name' as source, null::uuid as file_id, null::text as tag_name
        from hr_records r join users u on u.id = r.user_id
        where r.organization_id = ${org} and ${inName}`,
        true,
      ),
    inFile &&
      capped(
        sql`select r.id as hr_record_id, 1::float8 as score, 'file' as source, f.file_id, null::text as tag_name
        from ${MATCHING_FILES} f
        join hr_records r on r.organization_id = ${org} and r.file_id = f.file_id`,
        false,
      ),
  ]);
}

export function hrRows(access: OrganizationAccess, mode: SearchMode, m: Match): SQL | null {
  if (!seesHrRecords(access)) return null;
  const org = access.organization.id;
  const hits = hrHits(org, mode, m);
  if (!hits) return null;
  return sql`select distinct on (hr_records.id) 'HumanResource' as type, hr_records.id,
      null::int as revision, null::int as number,
      coalesce(nullif(concat_ws(' ', users.first_name, users.last_name), ''), users.email) as name,
      h.score, h.source, h.file_id, h.tag_name, ${ANY_CUT}
    from (${hits}) h
    join hr_records on hr_records.organization_id = ${org} and hr_records.id = h.hr_record_id
    join users on users.id = hr_records.user_id
    where ${hrRecordsVisibleTo(access)}
    order by hr_records.id, h.score desc`;
}
