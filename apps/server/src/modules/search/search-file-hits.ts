import { sql, type SQL } from 'drizzle-orm';
import type { SearchMode, SearchResultType } from '@qualis/contract';
import type { OrganizationAccess } from '../../core/access.js';
import { seesRelatedDocumentsOnly } from '../documents/document-visibility.js';
import { seesHrRecords } from '../hr-records/hr-records.repository.js';
import { seesEveryTraining } from '../training-records/training-visibility.js';
import { capped, type Match } from './search-sql.js';

// The hits in file texts of the people who search the text index (docs/decisions/0044-search-file-owners.md).

export const MATCHING_FILES = sql.raw('matching_files');
const FILE_HITS = sql.raw('file_hits');

type FileOwnerType = Exclude<SearchResultType, 'Action'>;

/**
 * The artifacts that hold a file, by the file's key, one select each: (type, owner_id, revision).
 * A document holds its revisions' controlled files and extra files, a training its files, an HR
 * record its CV.
 */
const OWNERS: Record<FileOwnerType, ((org: string, fileId: SQL) => SQL)[]> = {
  Document: [
    (org, fileId) => sql`select 'Document'::text as type, r.document_id as owner_id, r.revision
      from document_revisions r where r.organization_id = ${org} and r.file_id = ${fileId}`,
    (org, fileId) => sql`select 'Document'::text as type, x.document_id as owner_id, x.revision
      from document_revision_files x where x.organization_id = ${org} and x.file_id = ${fileId}`,
  ],
  TrainingRecord: [
    (org, fileId) => sql`select 'TrainingRecord'::text as type, x.training_id as owner_id, null::int as revision
      from training_record_files x where x.organization_id = ${org} and x.file_id = ${fileId}`,
  ],
  HumanResource: [
    (org, fileId) => sql`select 'HumanResource'::text as type, r.id as owner_id, null::int as revision
      from hr_records r where r.organization_id = ${org} and r.file_id = ${fileId}`,
  ],
};

/**
 * The artifacts whose file hits come from the one capped scan of the matching files: those whose
 * every hit the person may open where it is gathered (someone who sees every document and General
 * section, every training, the HR records). A related-only person's hits start from their own
 * rows instead; a person whose document hits are checked afterwards (16, or 11 without 34) keeps
 * them uncapped (documentFileHitsUncapped).
 */
export function ownersScanned(access: OrganizationAccess, everyDocumentHitVisible: boolean): FileOwnerType[] {
  return [
    ...(everyDocumentHitVisible && !seesRelatedDocumentsOnly(access) ? (['Document'] as const) : []),
    ...(seesEveryTraining(access) ? (['TrainingRecord'] as const) : []),
    ...(seesHrRecords(access) ? (['HumanResource'] as const) : []),
  ];
}

/**
 * The statement's first CTEs: the organization's file texts that hold the words (not
 * materialised: whoever reads them reads only as many as they keep), and the file hits of the
 * artifacts `ownersScanned`: one scan of the matching files, each file's owners looked up by
 * their keys, that stops at SEARCH_TOTAL_CAP + 1 hits of any of them. The hits of every file all
 * score the same, so any of them serve as candidates; below the cap every one is read.
 * (Joining the matching files to each owner table on its own read every matching file for the
 * few that are extra files: docs/performance.md, global search.)
 */
export function fileCtes(access: OrganizationAccess, mode: SearchMode, m: Match, owners: FileOwnerType[]): SQL {
  if (!m.query || mode === 'tag') return sql``;
  const org = access.organization.id;
  const matching = sql`${MATCHING_FILES} as not materialized (select file_id from file_texts
    where organization_id = ${org} and search_vector @@ ${m.query}),`;
  if (owners.length === 0) return matching;
  const ownersOfFile = sql.join(
    owners.flatMap((type) => OWNERS[type].map((owner) => sql`(${owner(org, sql`f.file_id`)})`)),
    sql` union all `,
  );
  return sql`${matching} ${FILE_HITS} as materialized (${capped(
    sql`select o.type, o.owner_id, o.revision, f.file_id from ${MATCHING_FILES} f
      cross join lateral (${ownersOfFile}) o`,
    false,
  )}),`;
}

/** The file hits of one type from the capped scan: (owner_id, revision, file_id, cut) as `fh`. */
export const scannedFileHits = (type: FileOwnerType) =>
  sql`(select owner_id, revision, file_id, cut from ${FILE_HITS} where type = ${type}) fh`;

/**
 * The documents' file hits of a person whose hits are checked after they are gathered, every one
 * (uncapped): `hit` selects from the owner `o` and its revision `r`, the file `f`. Each owner is
 * joined on its own, so PostgreSQL may hash the matching files against it.
 */
export const documentFileHitsUncapped = (org: string, hit: SQL) =>
  OWNERS.Document.map(
    (owner) => sql`select ${hit} from ${MATCHING_FILES} f cross join lateral (${owner(org, sql`f.file_id`)}) o
      join document_revisions r on r.organization_id = ${org} and r.document_id = o.owner_id and r.revision = o.revision`,
  );
