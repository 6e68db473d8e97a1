// The data of bench/search.ts (issue 12): one organization of N documents (one revision each, a
// controlled file of about 2 KB of extracted text each), N actions and N/10 training records, an
// Admin and a "related only" User (no view-all option: related to about 1% of each), seeded
// set-based in one transaction.
import type { Database } from '../apps/server/src/db/client.js';
import { MEASURED_MEMBERS, measuredPeople, regroup, seedMeasuredOrganization, type Person } from './in-process.js';

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

export interface Fixture {
  organizationId: string;
  admin: Person;
  /** In no group: the documents they take part in, the actions assigned to them, their trainings. */
  related: Person;
}

export async function fixtureOf(database: Database): Promise<Fixture> {
  const { organizationId, admin, members } = await measuredPeople(database, 1);
  return { organizationId, admin, related: members[0]! };
}

/**
 * In set-based statements (one transaction): the seed's large organization with MEASURED_MEMBERS Users in
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

export async function seedSearch(database: Database, sizes: Sizes) {
  const { documents, actions, trainings, neighbourFiles } = sizes;
  await seedMeasuredOrganization(database);
  const fixture = await fixtureOf(database);
  const { organizationId, admin, related } = fixture;
  await regroup(database, organizationId, related);
  const org = [organizationId];
  // The members in order: the related User, then the others.
  const members = `(SELECT array_agg(u.id ORDER BY substring(u.email from 'bench-member-(\\d+)@')::int) AS ids
    FROM memberships ms JOIN users u ON u.id = ms.user_id
    WHERE ms.organization_id = $1 AND u.email LIKE 'bench-member-%') AS m`;
  const other = (g: string) => `(m.ids)[2 + (${g}) % ${MEASURED_MEMBERS - 1}]`;
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
