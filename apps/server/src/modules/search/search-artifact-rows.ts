import { sql, type SQL } from 'drizzle-orm';
import type { SearchMode } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import { actionsVisibleTo, seesEveryAction } from '../actions/actions.repository.js';
import { hrRecordsVisibleTo, seesHrRecords } from '../hr-records/hr-records.repository.js';
import { relatedTrainingIds, seesEveryTraining, trainingsVisibleTo } from '../training-records/training-visibility.js';
import { scannedFileHits } from './search-file-hits.js';
import {
  ANY_CUT,
  CONFIG,
  anyOf,
  capped,
  fileTextOf,
  matchingTags,
  numberIs,
  partialName,
  rank,
  uncapped,
  unionAll,
  words,
  type Match,
} from './search-sql.js';

// The global search's rows of actions, trainings and HR records, each under the artifact's own
// visibility predicate (search.repository.ts builds the page from them; documents are in
// search-document-rows.ts).

// ---------------------------------------------------------------------------------------------
// Rows per artifact: (type, id, revision, number, name, score, source, file_id, tag_name, cut); each
// artifact once, with its best hit. Two ways to gather the hits (docs/performance.md, global
// search): a person who sees every row of the artifact (or most, as 16 does) reads the GIN and
// trigram indexes, and the visibility predicate keeps their hits; a person who sees only what
// they are related to reads those rows by the predicate's own indexes and tests each one's text,
// fenced (`offset 0`) so that PostgreSQL cannot start from the text indexes: their time follows
// what they may open, not how many hidden artifacts hold the words. (`offset 0` also keeps a test
// that a row's score and source both use computed once.)

/** Whether a row `t` of actions or training records holds the text in its name or is the System # asked for. */
const inNameOf = (m: Match) =>
  anyOf([words(sql`ts_filter(t.search_vector, '{a}')`, m), partialName(sql`t.name`, m), numberIs(sql`t.number`, m)]);
/** Whether a row `t` of actions or training records holds the text anywhere. */
const foundIn = (m: Match) =>
  anyOf([words(sql`t.search_vector`, m), partialName(sql`t.name`, m), numberIs(sql`t.number`, m)]);

/** A name and its System # match in the tier above the other fields'. */
const TIER = (inName: boolean) => sql.raw(inName ? '3' : '2');

/**
 * The rows of a table whose vector weighs the name 'A' (actions, training records) that hold the
 * text, for a person who sees every row, as candidates (`t.*` of `columns`, score, source, cut):
 * the name tier (the name's words, through the index of migration 0047, the text inside the name,
 * the System #) from its own indexes, its best by score; the other fields' tier taken as read and
 * ranked once taken, so a word in most rows reads SEARCH_TOTAL_CAP + 1 of them instead of ranking
 * every one (docs/decisions/0044-search-file-owners.md). Below the cap both tiers are exact.
 */
function nameTierThenFields(table: SQL, org: string, m: Match, columns: SQL, score: (inName: boolean) => SQL) {
  const inName = inNameOf(m);
  const inFields = words(sql`t.search_vector`, m);
  const tier = (inName: boolean, where: SQL) =>
    sql`select ${columns}, (${score(inName)} + ${rank(sql`t.search_vector`, m)})::float8 as score,
      ${inName ? sql`'name'` : sql`'fields'`} as source
    from ${table} t where t.organization_id = ${org} and ${where}`;
  return unionAll([
    inName && capped(tier(true, inName), true),
    inFields && capped(tier(false, inName ? sql`${inFields} and not coalesce(${inName}, false)` : inFields), false),
  ]);
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
  const automatic = sql`(case when t.kind <> 'manual' then ${AUTOMATIC_ACTION_DEMOTION} else 0 end)`;
  const columns = sql`'Action' as type, t.id, null::int as revision, t.number, t.name`;
  const hitColumns = sql`type, id, revision, number, name, score, source, null::uuid as file_id, null::text as tag_name, cut`;
  if (seesEveryAction(access)) {
    const tiers = nameTierThenFields(sql`actions`, org, m, columns, (inName) => sql`${TIER(inName)} - ${automatic}`);
    return tiers && sql`select ${hitColumns} from (${tiers}) h`;
  }
  // The person's actions, each tested in turn.
  const found = foundIn(m);
  if (!found) return null;
  const inName = inNameOf(m)!;
  return capped(
    sql`select ${columns}, (case when t.in_name then 3 else 2 end) - ${automatic} + t.rank as score,
      case when t.in_name then 'name' else 'fields' end as source, null::uuid as file_id, null::text as tag_name
    from (select t.id, t.number, t.name, t.kind, ${inName} as in_name, ${rank(sql`t.search_vector`, m)} as rank
      from (select id, number, name, kind, search_vector from actions where ${actionsVisibleTo(access)} offset 0) t
      where ${found} offset 0) t`,
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
  const inQuestion = words(sql`q.search_vector`, m);
  const questionScore = sql`2 + ${rank(sql`q.search_vector`, m)}`;
  if (!seesEveryTraining(access)) {
    const found = foundIn(m);
    const inName = inNameOf(m) ?? sql`false`;
    const inFile = words(sql`f.search_vector`, m);
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
  const tiers = nameTierThenFields(sql`training_records`, org, m, sql`t.id as training_id`, TIER);
  return unionAll([
    tiers &&
      sql`select training_id, score, source, null::uuid as file_id, null::text as tag_name, cut from (${tiers}) h`,
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
    m.query &&
      sql`select fh.owner_id as training_id, 1::float8 as score, 'file' as source, fh.file_id, null::text as tag_name,
        fh.cut from ${scannedFileHits('TrainingRecord')}`,
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
    m.query &&
      sql`select fh.owner_id as hr_record_id, 1::float8 as score, 'file' as source, fh.file_id, null::text as tag_name,
        fh.cut from ${scannedFileHits('HumanResource')}`,
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
