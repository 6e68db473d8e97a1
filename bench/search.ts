// Global search at size (issue 12): one organization of N documents (one revision each, a
// controlled file of about 2 KB of extracted text each), N actions and N/10 training records, an
// Admin and a "related only" User (no view-all option: related to about 1% of each). Each search's
// p95 and p50 through the real app (app.inject, one request at a time) against one index scan for
// the same words over what the person may see (the baseline), the two and the statements the
// request sent timed interleaved in --rounds rounds (`npm run bench:search -- --help`).
import { readSearchTerms } from '../apps/server/src/modules/search/search-terms.js';
import { buildTsQuery } from '../apps/server/src/modules/search/search.repository.js';
import type { Database, SqlRunner } from '../apps/server/src/db/client.js';
import { ROUNDS_OPTION, parseCommandLine } from './cli.js';
import {
  DATABASE_URL_OPTION,
  WARM_UP,
  benchOrganizationId,
  ms,
  openInProcessBench,
  personByEmail,
  regroup,
  startBenchApp,
  type Person,
  type Statement,
} from './in-process.js';
import { inRounds, interleaved, loadAverage, median, roundsNote, spread, type Timing } from './rounds.js';
import { statementRecorder } from './statement-recorder.js';
import { BENCH_ADMIN_EMAIL, benchMemberEmail, nonNegativeInt, positiveInt, seed } from './seed.js';

/** Members of the organization besides the Admin: the related-only User and the other people. */
const MEMBERS = 20;
/** The related-only User is related to every RELATED-th document, action and training. */
const RELATED = 100;
// Syllables without q, w, x, y or z, so no generated word is, or starts with, a measured word.
const SYLLABLES = ['ba', 'ce', 'di', 'fo', 'gu', 'ha', 'ke', 'li', 'mo', 'nu', 'pa', 're', 'si', 'to', 'vu', 'lan'];
/** Distinct words of the generated text (2 or 3 syllables); word i is picked with a probability about 1/i (Zipf). */
const VOCABULARY = SYLLABLES.length ** 3;
/** Generated sentences of SENTENCE_WORDS words each, shared out among the texts. */
const SENTENCES = 20_000;
const SENTENCE_WORDS = 14;
/** Sentences of a file's text: about 2 KB. */
const FILE_SENTENCES = 24;
const TOPICS = [
  'Cleanroom gowning',
  'Incoming inspection',
  'Supplier audit',
  'Calibration of balances',
  'Sterilisation cycle',
  'Label review',
  'Complaint handling',
  'Risk assessment',
  'Design verification',
  'Packaging validation',
  'Document control',
  'Training matrix',
  'Internal audit',
  'Corrective action',
  'Change control',
  'Equipment maintenance',
  'Pest control',
  'Environmental monitoring',
  'Purified water system',
  'Batch release',
  'Deviation handling',
  'Stability testing',
  'Cleaning validation',
  'Process validation',
  'Software validation',
  'Management review',
  'Vendor qualification',
  'Nonconforming product',
  'Recall procedure',
  'Post-market surveillance',
  'Usability engineering',
  'Biocompatibility',
  'Clinical evaluation',
  'Technical file',
  'Device history record',
  'Labelling control',
  'Warehouse storage',
  'Shipping conditions',
  'Customer feedback',
  'Record retention',
];
const DOCUMENT_ID_PREFIXES = ['SOP', 'WI', 'FRM', 'SPEC', 'POL'];
const VERBS = ['Review', 'Update', 'Check', 'Close', 'Verify', 'Investigate', 'Approve', 'Plan'];

/**
 * The measured words and where they are, by an artifact's number g (documents and their files,
 * actions, trainings; the related-only User is related to g ≡ 0 mod 100):
 *
 * - common `quality`: files of g mod 5 ≠ 1 (80%), actions of g mod 3 = 0 or g mod 100 = 0 (34%),
 *   trainings of even g (50%): every one the User is related to has it;
 * - rare `zirconium`: files of g mod 12,500 in {4300, 777} (16, 8 related), actions of g mod
 *   25,000 in {500, 1234} (8, 4 related), trainings 4200 and 777 (1 related);
 * - the phrase `torque wrench`: files of g mod 40 = 0 (2.5%, a fifth related), actions of g mod 100
 *   = 50 or g mod 400 = 0, trainings of g mod 50 = 25 or g mod 200 = 0; and each of its words
 *   alone in a tenth of the files (`torque limits`, `wrench size`), so the phrase is not their AND;
 * - `waxwing`: exactly what the User is related to (g mod 100 = 0). The User finds the same
 *   artifacts for it as for `quality`, without the hidden ones: the pair shows whether the
 *   time grows with hidden matches.
 */
const special = (parts: [string, string][]) =>
  `concat_ws(' ', ${parts.map(([when, words]) => `CASE WHEN ${when} THEN '${words}' END`).join(', ')})`;
const FILE_WORDS = special([
  ['g % 5 <> 1', 'quality'],
  [`g % ${RELATED} = 0`, 'waxwing'],
  ['g % 12500 IN (4300, 777)', 'zirconium'],
  ['g % 40 = 0', 'torque wrench'],
  ['g % 10 = 3', 'torque limits'],
  ['g % 10 = 7', 'wrench size'],
]);
const ACTION_WORDS = special([
  [`g % 3 = 0 OR g % ${RELATED} = 0`, 'quality'],
  [`g % ${RELATED} = 0`, 'waxwing'],
  ['g % 25000 IN (500, 1234)', 'zirconium'],
  ['g % 100 = 50 OR g % 400 = 0', 'torque wrench'],
]);
const TRAINING_WORDS = special([
  ['g % 2 = 0', 'quality'],
  [`g % ${RELATED} = 0`, 'waxwing'],
  ['g IN (4200, 777)', 'zirconium'],
  ['g % 50 = 25 OR g % 200 = 0', 'torque wrench'],
]);

/** `count` generated sentences for the row `key` (g: the artifact's number), the k-th picked by a hash of (key, k, salt). */
const sentences = (count: number, salt: number, from = 1, key = 'g') =>
  `(SELECT string_agg(s.text, ' ' ORDER BY k) FROM generate_series(${from}, ${from + count - 1}) AS k
    JOIN bench_sentences s ON s.i = ((${key}) * 7919 + k * 104729 + ${salt}) % ${SENTENCES})`;

interface Fixture {
  organizationId: string;
  admin: Person;
  /** In no group: the documents they take part in, the actions assigned to them, their trainings. */
  related: Person;
}

async function fixtureOf(database: Database): Promise<Fixture> {
  const organizationId = await benchOrganizationId(database);
  if (!organizationId) throw new Error('--reuse: this database holds no bench data');
  return {
    organizationId,
    admin: await personByEmail(database, BENCH_ADMIN_EMAIL),
    related: await personByEmail(database, benchMemberEmail(1)),
  };
}

/**
 * In set-based statements (one transaction): the seed's large organization with MEMBERS Users in
 * one group that sees everything, the related-only User taken out of it; `documents` documents of
 * one revision each (Document ID `SOP-000042`, a topic and the number as the name; a seventh not
 * released) whose responsible is the User for g ≡ 0 (mod 100), with their participants as the
 * service keeps them; a controlled file each (an organization_files row, no bytes) with its
 * extracted text in file_texts (FILE_SENTENCES generated sentences and the measured words);
 * `actions` actions (assigned to the User for g ≡ 0 mod 100) with a two-sentence description;
 * `trainings` trainings with two questions, one assignee each (the User for g ≡ 0 mod 100); an
 * annex for every tenth document and a file for every fifth training, with shorter texts. The
 * seed's other organization (the neighbour) gets `neighbourFiles` file texts made the same way,
 * measured words included: what the indexes hold of another organization is hidden too.
 */
interface Sizes {
  documents: number;
  actions: number;
  trainings: number;
  /** Files of the neighbour organization. */
  neighbourFiles: number;
}

async function seedSearch(database: Database, sizes: Sizes) {
  const { documents, actions, trainings, neighbourFiles } = sizes;
  await seed(database.raw, {
    organizations: 1,
    users: 1,
    membershipsPerUser: 1,
    largeOrganizationUsers: MEMBERS,
    largeOrganizationGroups: 1,
  });
  const fixture = await fixtureOf(database);
  const { organizationId, admin, related } = fixture;
  await regroup(database, organizationId, related);
  const org = [organizationId];
  // The members in order: the related User, then the others.
  const members = `(SELECT array_agg(u.id ORDER BY substring(u.email from 'bench-member-(\\d+)@')::int) AS ids
    FROM memberships ms JOIN users u ON u.id = ms.user_id
    WHERE ms.organization_id = $1 AND u.email LIKE 'bench-member-%') AS m`;
  const other = (g: string) => `(m.ids)[2 + (${g}) % ${MEMBERS - 1}]`;
  const person = `CASE WHEN g % ${RELATED} = 0 THEN (m.ids)[1] ELSE ${other('g')} END`;
  const topic = `(ARRAY[${TOPICS.map((t) => `'${t}'`).join(', ')}])[1 + g % ${TOPICS.length}]`;

  await database.raw.withSession(async (sql) => {
    await sql.exec('BEGIN');
    try {
      await sql.query('SELECT setseed(0.12)');
      // Words drawn once per position; materialised so each is drawn once.
      await sql.exec(
        `CREATE TEMPORARY TABLE bench_sentences ON COMMIT DROP AS
         WITH picks AS MATERIALIZED (
           SELECT s, k, floor(exp(random() * ln(${VOCABULARY})))::int AS i
           FROM generate_series(0, ${SENTENCES - 1}) AS s, generate_series(1, ${SENTENCE_WORDS}) AS k),
         syllables AS (SELECT ARRAY[${SYLLABLES.map((s) => `'${s}'`).join(', ')}] AS a)
         SELECT s AS i, string_agg(a[1 + i % ${SYLLABLES.length}] || a[1 + (i / ${SYLLABLES.length}) % ${SYLLABLES.length}]
             || CASE WHEN i >= ${SYLLABLES.length ** 2} THEN a[1 + (i / ${SYLLABLES.length ** 2}) % ${SYLLABLES.length}] ELSE '' END,
           ' ' ORDER BY k) || '.' AS text
         FROM picks, syllables GROUP BY s`,
      );
      await sql.exec('CREATE UNIQUE INDEX ON bench_sentences (i); ANALYZE bench_sentences');
      await sql.query(
        `INSERT INTO document_types (organization_id, id, name)
         SELECT $1, gen_random_uuid(), p FROM unnest($2::text[]) AS p`,
        [organizationId, DOCUMENT_ID_PREFIXES],
      );
      await sql.query(
        `INSERT INTO documents (organization_id, id, number, creator_id, latest_revision, released_revision, created_at, updated_at)
         SELECT $1, gen_random_uuid(), g, ${other('g')}, 1, CASE WHEN g % 7 <> 3 THEN 1 END, t, t
         FROM generate_series(1, $2::int) AS g CROSS JOIN ${members},
         LATERAL (SELECT now() - ($2::int - g) * interval '5 minutes' AS t) AS c`,
        [organizationId, documents],
      );
      await sql.exec(
        `CREATE TEMPORARY TABLE bench_documents (document_id uuid, g int, file_id uuid, document_code text,
           name text, type_name text) ON COMMIT DROP`,
      );
      await sql.query(
        `INSERT INTO bench_documents
         SELECT d.id, g, gen_random_uuid(), p.prefix || '-' || lpad(g::text, 6, '0'), ${topic} || ' ' || g, p.prefix
         FROM (SELECT id, number AS g FROM documents WHERE organization_id = $1) AS d,
         LATERAL (SELECT ($2::text[])[1 + g % ${DOCUMENT_ID_PREFIXES.length}] AS prefix) AS p`,
        [organizationId, DOCUMENT_ID_PREFIXES],
      );
      await sql.query(
        `INSERT INTO organization_files (organization_id, id, storage_key, original_name, content_type, size_bytes, sha256, uploaded_by)
         SELECT $1::uuid, file_id, 'organizations/' || $1::uuid || '/bench/' || file_id, document_code || ' ' || name || '.pdf',
                'application/pdf', 20000 + (g * 7919) % 400000, md5(file_id::text) || md5(g::text), $2
         FROM bench_documents`,
        [organizationId, admin.id],
      );
      await sql.query(
        `INSERT INTO document_revisions (organization_id, document_id, revision, type_id, type_description, name,
           revision_name, revision_description, file_id, submitter_id, creator_id, status, is_final, final_at,
           approved_at, created_at, updated_at)
         SELECT $1, b.document_id, 1, dt.id, b.document_code, b.name, 'Rev. 1', 'First issue of ' || b.name, b.file_id,
                ${person}, ${person}, CASE WHEN final THEN 'Approved' ELSE 'Submitted' END, final,
                CASE WHEN final THEN d.created_at END, CASE WHEN final THEN d.created_at END, d.created_at, d.created_at
         FROM bench_documents b CROSS JOIN ${members}
         JOIN documents d ON d.organization_id = $1 AND d.id = b.document_id
         JOIN document_types dt ON dt.organization_id = $1 AND dt.name = b.type_name,
         LATERAL (SELECT d.released_revision IS NOT NULL AS final) AS f`,
        org,
      );
      // rebuildParticipants: the document's creator and its revision's creator and responsible.
      await sql.query(
        `INSERT INTO document_participants (organization_id, document_id, user_id)
         SELECT $1, id, creator_id FROM documents WHERE organization_id = $1
         UNION
         SELECT $1, document_id, submitter_id FROM document_revisions WHERE organization_id = $1`,
        org,
      );
      await sql.query(
        `INSERT INTO file_texts (organization_id, file_id, file_name, status, content, extracted_at)
         SELECT $1, b.file_id, f.original_name, 'extracted',
                ${sentences(FILE_SENTENCES / 2, 0)} || ' ' || ${FILE_WORDS} || ' ' || ${sentences(FILE_SENTENCES / 2, 0, FILE_SENTENCES / 2 + 1)},
                now()
         FROM bench_documents b JOIN organization_files f ON f.organization_id = $1 AND f.id = b.file_id`,
        org,
      );
      await sql.query(
        `INSERT INTO actions (organization_id, id, number, name, description, due_date, assigner_id, assignee_id, creator_id)
         SELECT $1, gen_random_uuid(), g,
                (ARRAY[${VERBS.map((v) => `'${v}'`).join(', ')}])[1 + g % ${VERBS.length}] || ' ' || lower(${topic}),
                ${sentences(1, 1)} || ' ' || ${ACTION_WORDS} || ' ' || ${sentences(1, 2)},
                DATE '2030-01-01' + (g % 365), $2, ${person}, $2
         FROM generate_series(1, $3::int) AS g CROSS JOIN ${members}`,
        [organizationId, admin.id, actions],
      );
      await sql.query(
        `INSERT INTO training_records (organization_id, id, number, name, description, due_date, assigner_id, creator_id)
         SELECT $1, gen_random_uuid(), g, 'Training: ' || ${topic},
                ${sentences(1, 3)} || ' ' || ${TRAINING_WORDS} || ' ' || ${sentences(1, 4)},
                DATE '2030-01-01' + (g % 365), $2, $2
         FROM generate_series(1, $3::int) AS g`,
        [organizationId, admin.id, trainings],
      );
      const trainingRows = `(SELECT id, number AS g FROM training_records WHERE organization_id = $1) AS t`;
      await sql.query(
        `INSERT INTO training_questions (organization_id, id, training_id, quiz_version, number, name)
         SELECT $1, gen_random_uuid(), t.id, 1, q, ${sentences(1, 5, 1, 'g * 2 + q')}
         FROM ${trainingRows} CROSS JOIN generate_series(1, 2) AS q`,
        org,
      );
      for (const table of ['training_assignee_users', 'training_assignments']) {
        await sql.query(
          `INSERT INTO ${table} (organization_id, training_id, user_id)
           SELECT $1, t.id, ${person} FROM ${trainingRows} CROSS JOIN ${members}`,
          org,
        );
      }
      // Every tenth document an annex (an extra file of its revision), every fifth training a file:
      // shorter texts, the common word in every second of them (documents and trainings that
      // have it already), so an artifact can match in two files; `waxwing` in the User's, as for
      // `quality`.
      await sql.exec(
        'CREATE TEMPORARY TABLE bench_extra_files (kind text, owner_id uuid, g int, file_id uuid, name text) ON COMMIT DROP',
      );
      await sql.query(
        `INSERT INTO bench_extra_files
         SELECT 'document', document_id, g, gen_random_uuid(), document_code || ' annex.pdf' FROM bench_documents WHERE g % 10 = 0
         UNION ALL
         SELECT 'training', t.id, t.g, gen_random_uuid(), 'Training ' || t.g || ' slides.pdf' FROM ${trainingRows} WHERE t.g % 5 = 0`,
        org,
      );
      await sql.query(
        `INSERT INTO organization_files (organization_id, id, storage_key, original_name, content_type, size_bytes, sha256, uploaded_by)
         SELECT $1::uuid, file_id, 'organizations/' || $1::uuid || '/bench/' || file_id, name, 'application/pdf',
                10000 + (g * 7919) % 100000, md5(file_id::text) || md5(name), $2
         FROM bench_extra_files`,
        [organizationId, admin.id],
      );
      await sql.query(
        `INSERT INTO file_texts (organization_id, file_id, file_name, status, content, extracted_at)
         SELECT $1, file_id, name, 'extracted',
                ${sentences(FILE_SENTENCES / 3, 6)}
                  || CASE WHEN g % (CASE kind WHEN 'document' THEN 20 ELSE 10 END) = 0 THEN ' quality' ELSE '' END
                  || CASE WHEN g % ${RELATED} = 0 THEN ' waxwing' ELSE '' END, now()
         FROM bench_extra_files`,
        org,
      );
      await sql.query(
        `INSERT INTO document_revision_files (organization_id, document_id, revision, file_id, position)
         SELECT $1, owner_id, 1, file_id, 1 FROM bench_extra_files WHERE kind = 'document'`,
        org,
      );
      await sql.query(
        `INSERT INTO training_record_files (organization_id, training_id, file_id, position)
         SELECT $1, owner_id, file_id, 1 FROM bench_extra_files WHERE kind = 'training'`,
        org,
      );
      // The neighbour's files: rows of the same indexes that no one of the measured organization may see.
      await sql.query(
        `WITH neighbour AS (SELECT id FROM organizations WHERE id <> $1),
         files AS (SELECT neighbour.id AS organization_id, gen_random_uuid() AS file_id, g
                   FROM neighbour, generate_series(1, $2::int) AS g),
         stored AS (
           INSERT INTO organization_files (organization_id, id, storage_key, original_name, content_type, size_bytes, sha256)
           SELECT organization_id, file_id, 'organizations/' || organization_id || '/bench/' || file_id,
                  'Record ' || g || '.pdf', 'application/pdf', 20000 + (g * 7919) % 400000, md5(file_id::text) || md5(g::text)
           FROM files RETURNING organization_id, id, original_name)
         INSERT INTO file_texts (organization_id, file_id, file_name, status, content, extracted_at)
         SELECT s.organization_id, s.id, s.original_name, 'extracted',
                ${sentences(FILE_SENTENCES / 2, 7)} || ' ' || ${FILE_WORDS} || ' ' || ${sentences(FILE_SENTENCES / 2, 7, FILE_SENTENCES / 2 + 1)},
                now()
         FROM stored s JOIN files f ON f.file_id = s.id`,
        [organizationId, neighbourFiles],
      );
      await sql.query(
        `INSERT INTO organization_counters (organization_id, name, value)
         VALUES ($1, 'document', $2), ($1, 'action', $3), ($1, 'training', $4)`,
        [organizationId, documents, actions, trainings],
      );
      await sql.exec('COMMIT');
    } catch (error) {
      await sql.exec('ROLLBACK');
      throw error;
    }
  });
  // As autovacuum would have by the time anyone searches: statistics and the visibility map.
  await database.raw.exec('VACUUM ANALYZE');
  return fixture;
}

type Who = 'Admin' | 'User';

/** What a case compares the search with: one GIN index scan for the same text. */
type Baseline = 'file texts' | 'names';

interface Case {
  name: string;
  search: string;
  who: Who;
  baseline: Baseline;
}

const CASES: Case[] = (
  [
    ['common word', 'quality', 'file texts'],
    ['rare word', 'zirconium', 'file texts'],
    ['two-word phrase', '"torque wrench"', 'file texts'],
    ['partial Document ID', 'OP-0042', 'names'],
    ['System #', '4200', 'names'],
  ] as const
).flatMap(([name, search, baseline]) =>
  (['Admin', 'User'] as const).map((who) => ({ name: `${name} \`${search}\``, search, who, baseline })),
);
/** The User's hits for `waxwing` are those for `quality`, without the hidden ones. */
const NO_HIDDEN: Case = {
  name: 'only what the User sees `waxwing`',
  search: 'waxwing',
  who: 'User',
  baseline: 'file texts',
};
/** The fixed cost: the text is read and every index probed, nothing found. */
const NOTHING: Case = { name: 'no match `xylograph`', search: 'xylograph', who: 'Admin', baseline: 'file texts' };

/**
 * The baseline's statement: the count of the file texts whose vector matches the tsquery the
 * search builds (file_texts_search_idx; the biggest table holding the words: ~2 KB per row), or of
 * the document revisions whose Document ID and name hold the text (document_revisions_name_trgm_idx,
 * as the search's partial-name condition writes it). The Admin's over the whole organization; the
 * related-only User's over what they may see: the files of the documents they take part in (their
 * revisions' controlled files and annexes) and of the trainings assigned to them, the revisions
 * of those documents. It runs with sequential scans off (see `onIndex`): for a word in most files
 * PostgreSQL would rather read the whole table.
 */
async function baselineOf(database: Database, f: Fixture, c: Case): Promise<Statement> {
  const terms = readSearchTerms(c.search);
  const user = c.who === 'User';
  const params = (...more: unknown[]) => [f.organizationId, ...more, ...(user ? [f.related.id] : [])];
  const personal = `$${user ? 3 : 0}`;
  const theirDocuments = `select p.document_id from document_participants p
    where p.organization_id = $1 and p.user_id = ${personal}`;
  if (c.baseline === 'names') {
    return {
      text: `select count(*) from document_revisions
        where organization_id = $1 and qualis_fold(coalesce(type_description, '') || ' ' || name) like qualis_fold($2)
        ${user ? `and document_id in (${theirDocuments})` : ''}`,
      params: params(terms.pattern),
    };
  }
  const query = await buildTsQuery(database.db, terms);
  const theirFiles = `select r.file_id from document_revisions r
      where r.organization_id = $1 and r.document_id in (${theirDocuments})
    union all select rf.file_id from document_revision_files rf
      where rf.organization_id = $1 and rf.document_id in (${theirDocuments})
    union all select tf.file_id from training_record_files tf join training_assignments ta
      on ta.organization_id = tf.organization_id and ta.training_id = tf.training_id
      where tf.organization_id = $1 and ta.user_id = ${personal}`;
  return {
    text: `select count(*) from file_texts where organization_id = $1 and search_vector @@ $2::tsquery
      ${user ? `and file_id in (${theirFiles})` : ''}`,
    params: params(query),
  };
}

/** `work` on a session that reads through indexes: the baseline is one index scan, whatever the word. */
async function onIndex<T>(database: Database, work: (session: SqlRunner) => Promise<T>): Promise<T> {
  return database.raw.withSession(async (session) => {
    await session.exec('SET enable_seqscan = off');
    try {
      return await work(session);
    } finally {
      await session.exec('RESET enable_seqscan');
    }
  });
}

/**
 * The statements a search request sent, again, in one transaction as the request ran them (its
 * planner settings are local to it); `last` runs instead of the last one (an EXPLAIN of it).
 */
async function replay<T>(
  database: Database,
  sent: Statement[],
  last: (session: SqlRunner, statement: Statement) => Promise<T>,
): Promise<T> {
  return database.raw.withSession(async (session) => {
    await session.exec('BEGIN');
    try {
      for (const statement of sent.slice(0, -1)) await session.query(statement.text, statement.params);
      return await last(session, sent.at(-1)!);
    } finally {
      await session.exec('COMMIT');
    }
  });
}

async function main() {
  const values = parseCommandLine(
    [
      'npm run bench:search -- --documents 20000 --actions 20000 --trainings 2000',
      'npm run bench:search -- --database-url postgres://postgres@127.0.0.1:5432/qualis_search_bench --rounds 3',
    ],
    {
      documents: {
        type: 'string',
        default: '100000',
        value: 'N',
        description: 'documents, one revision and a controlled file of about 2 KB of text each',
      },
      actions: { type: 'string', default: '100000', value: 'N', description: 'actions' },
      trainings: { type: 'string', default: '10000', value: 'N', description: 'training records, 2 questions each' },
      'neighbour-files': {
        type: 'string',
        default: '100000',
        value: 'N',
        description: 'file texts of another organization, made the same way (0: none)',
      },
      'database-url': DATABASE_URL_OPTION,
      rounds: ROUNDS_OPTION,
      runs: { type: 'string', default: '50', value: 'N', description: `timed runs per case, after ${WARM_UP} warm-up` },
      limit: { type: 'string', default: '10', value: 'N', description: 'the page size asked for' },
      explain: {
        type: 'boolean',
        description: 'print EXPLAIN (ANALYZE, BUFFERS) of every case’s search statement before the rounds',
      },
      reuse: {
        type: 'boolean',
        description: 'the database already holds this bench’s data (an earlier run with the same sizes): no seed',
      },
    },
  );
  const documents = positiveInt('documents', values.documents);
  const actions = positiveInt('actions', values.actions);
  const trainings = positiveInt('trainings', values.trainings);
  const rounds = positiveInt('rounds', values.rounds);
  const runs = positiveInt('runs', values.runs);
  const limit = positiveInt('limit', values.limit);
  const bench = await openInProcessBench('search', values['database-url']);
  const { database } = bench;
  try {
    const seeding = performance.now();
    const neighbourFiles = nonNegativeInt('neighbour-files', values['neighbour-files']);
    const f = values.reuse
      ? await fixtureOf(database)
      : await seedSearch(database, { documents, actions, trainings, neighbourFiles });
    const [facts] = await database.raw.query<{ kb: string; files: number; related: number }>(
      `SELECT (SELECT round(avg(octet_length(content)) / 1024.0, 2) FROM file_texts WHERE organization_id = $1) AS kb,
              (SELECT count(*)::int FROM file_texts WHERE organization_id = $1) AS files,
              (SELECT count(*)::int FROM document_participants WHERE organization_id = $1 AND user_id = $2) AS related`,
      [f.organizationId, f.related.id],
    );
    console.log(
      `${values.reuse ? 'Reused' : 'Seeded'} ${documents} documents (${facts!.files} file texts of ${facts!.kb} KB on ` +
        `average), ${actions} actions, ${trainings} trainings in ${((performance.now() - seeding) / 1000).toFixed(1)} s; ` +
        `the related-only User takes part in ${facts!.related} documents`,
    );
    const server = await startBenchApp(database, bench.dataDir, values['database-url']);
    const tokens: Record<Who, string> = {
      Admin: await server.tokenOf(f.admin.email),
      User: await server.tokenOf(f.related.email),
    };
    const recorder = statementRecorder(database);
    // The tsquery, the planner settings and the statement (not the transaction's begin and commit).
    const bySearch = (s: Statement) => /tsquery|qualis_fold|set_config/.test(s.text);
    const cases = [...CASES, NO_HIDDEN, NOTHING];
    const urlOf = (c: Case) =>
      `/api/v1/${f.organizationId}/global-search?search=${encodeURIComponent(c.search)}&limit=${limit}`;

    // What each case finds, what its baseline counts, and the statements one warm request sent.
    const prepared = new Map<Case, { sent: Statement[]; baseline: Statement; total: number; counted: number }>();
    for (const c of cases) {
      const first = (await server.get(urlOf(c), tokens[c.who])).json() as { pagination: { totalCount: number } };
      const sent = await recorder.during(() => server.get(urlOf(c), tokens[c.who]), bySearch);
      const baseline = await baselineOf(database, f, c);
      const [counted] = await onIndex(database, (s) => s.query<{ count: string }>(baseline.text, baseline.params));
      prepared.set(c, { sent, baseline, total: first.pagination.totalCount, counted: Number(counted!.count) });
    }
    const planOf = async (session: SqlRunner, statement: Statement) =>
      (await session.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.params))
        .map((p) => p['QUERY PLAN'])
        .join('\n');
    const explain = async (c: Case) => {
      const p = prepared.get(c)!;
      console.log(`\n-- ${c.name}, ${c.who}: the search statement\n${await replay(database, p.sent, planOf)}`);
      console.log(`\n-- ${c.name}: the baseline\n${await onIndex(database, (s) => planOf(s, p.baseline))}`);
    };
    if (values.explain) for (const c of cases) await explain(c);

    type Row = Record<'endpoint' | 'sql' | 'baseline', Timing>;
    const results = await inRounds(rounds, async () => {
      const rows = new Map<Case, Row>();
      for (const c of cases) {
        const p = prepared.get(c)!;
        const row = await interleaved(runs, WARM_UP, {
          endpoint: () => server.get(urlOf(c), tokens[c.who]),
          sql: () => replay(database, p.sent, (session, last) => session.query(last.text, last.params)),
          // Only the statement is timed, not the session's planner setting around it.
          baseline: () =>
            onIndex(database, async (session) => {
              const started = performance.now();
              await session.query(p.baseline.text, p.baseline.params);
              return performance.now() - started;
            }),
        });
        rows.set(c, row);
        console.log(
          `  ${c.name}, ${c.who}: endpoint ${ms(row.endpoint.p95)} ms (p50 ${ms(row.endpoint.p50)}), its SQL ` +
            `${ms(row.sql.p95)}, baseline ${ms(row.baseline.p95)} (p50 ${ms(row.baseline.p50)}) (load ${loadAverage()})`,
        );
      }
      return rows;
    });

    console.log(
      `\n${database.kind}, ${documents} documents with a file text each, ${actions} actions, ${trainings} trainings; ` +
        `limit=${limit}, one request at a time, the endpoint, its SQL and the baseline interleaved, p95 of ${runs} ` +
        `after ${WARM_UP} warm-up; ${roundsNote(results)}\n`,
    );
    console.log(
      '| case | person | found | baseline counts | endpoint p95 ms | its SQL p95 ms | baseline p95 ms | endpoint / baseline p95 (goal ≤ 3x) | endpoint p50 ms | baseline p50 ms | at p50 |',
    );
    console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    const ratio = (rows: Map<Case, Row>, c: Case) => rows.get(c)!.endpoint.p95 / rows.get(c)!.baseline.p95;
    for (const c of cases) {
      const p = prepared.get(c)!;
      const of = (rows: Map<Case, Row>) => rows.get(c)!;
      console.log(
        `| ${c.name} | ${c.who} | ${p.total} | ${p.counted} (${c.baseline}${c.who === 'User' ? ' they may see' : ''}) | ` +
          `${spread(results, (r) => of(r).endpoint.p95)} | ${spread(results, (r) => of(r).sql.p95)} | ` +
          `${spread(results, (r) => of(r).baseline.p95)} | ${spread(results, (r) => ratio(r, c), 2, 'x')} | ` +
          `${spread(results, (r) => of(r).endpoint.p50)} | ${spread(results, (r) => of(r).baseline.p50)} | ` +
          `${spread(results, (r) => of(r).endpoint.p50 / of(r).baseline.p50, 2, 'x')} |`,
      );
    }
    const common = CASES.find((c) => c.search === 'quality' && c.who === 'User')!;
    console.log(
      `\nHidden matches: the User finds ${prepared.get(common)!.total} for \`quality\` (with ` +
        `${prepared.get(CASES.find((c) => c.search === 'quality' && c.who === 'Admin')!)!.total - prepared.get(common)!.total} ` +
        `hidden) and ${prepared.get(NO_HIDDEN)!.total} for \`waxwing\` (none hidden): endpoint p95 ` +
        `${spread(results, (r) => r.get(common)!.endpoint.p95 / r.get(NO_HIDDEN)!.endpoint.p95, 2, 'x')}, p50 ` +
        `${spread(results, (r) => r.get(common)!.endpoint.p50 / r.get(NO_HIDDEN)!.endpoint.p50, 2, 'x')} of the second's`,
    );
    const worst = [...cases].sort(
      (a, b) => median(results.map((r) => ratio(r.measured, b))) - median(results.map((r) => ratio(r.measured, a))),
    )[0]!;
    console.log(`\nThe plan of the highest ratio's search statement:`);
    await explain(worst);
    await server.app.close();
  } finally {
    await bench.close();
  }
}

await main();
