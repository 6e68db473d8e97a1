import { sql, type SQL } from 'drizzle-orm';
import type { SearchMode } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import { documentRevisions } from '../../db/schema/index.js';
import {
  documentsVisibleTo,
  generalSectionVisibleTo,
  revisionsVisibleTo,
  rowRevisionOf,
  seesEveryGeneralSection,
  seesRelatedDocumentsOnly,
} from '../documents/document-visibility.js';
import { seesEveryDocument } from '../documents/documents.policy.js';
import { documentFileHitsUncapped, scannedFileHits } from './search-file-hits.js';
import {
  ANY_CUT,
  anyOf,
  capped,
  fileTextOf,
  matchingTags,
  partialName,
  rank,
  uncapped,
  unionAll,
  words,
  type Match,
} from './search-sql.js';

// The global search's rows of documents, under the documents' own visibility predicate (the ways
// of gathering hits: "Rows per artifact" in search-artifact-rows.ts).

const documentHit = (score: SQL, source: 'name' | 'fields' | 'file', fileId: SQL = sql`null::uuid`) =>
  sql`r.document_id, r.revision, r.effective_at, concat_ws(' ', r.type_description, r.name) as name,
    (${score})::float8 as score, ${sql.raw(`'${source}'`)} as source, ${fileId} as file_id`;

/**
 * Whether every document hit is one the person may open: a related-only person's hits are all
 * theirs; someone who sees every document and every General section keeps every hit. Others (16,
 * or 11 without 34) are checked document by document, after their hits are gathered.
 */
export const everyDocumentHitVisible = (access: OrganizationAccess) =>
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
  // Someone who sees every document hit takes its file hits from the statement's one capped scan
  // of the matching files (search-file-hits.ts); others take every one, checked afterwards.
  const fileHits = !inFile
    ? []
    : everyDocumentHitVisible(access)
      ? [
          sql`select ${documentHit(sql`1`, 'file', sql`fh.file_id`)}, fh.cut from ${scannedFileHits('Document')}
          join document_revisions r on r.organization_id = ${org} and r.document_id = fh.owner_id
            and r.revision = fh.revision`,
        ]
      : documentFileHitsUncapped(org, documentHit(sql`1`, 'file', sql`f.file_id`)).map(uncapped);
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
    ...fileHits,
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
