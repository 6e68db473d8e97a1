// The documents list and dashboard cards at size (issue 10): one organization of N documents with
// 3 revisions each, an Admin who sees all and a "view related only" User (no document view option:
// participant visibility only) related to a tenth of them; each endpoint's p95 through the real
// app (app.inject, one request at a time) against the raw SQL of the same page, the statements
// the request itself sent, captured at the driver (`npx tsx bench/documents.ts --help`).
import fs from 'node:fs/promises';
import path from 'node:path';
import { Permission } from '@qualis/contract';
import type { Database } from '../apps/server/src/db/client.js';
import { parseCommandLine } from './cli.js';
import {
  DATABASE_URL_OPTION,
  WARM_UP,
  benchOrganizationId,
  loadAverage,
  measureExport,
  median,
  ms,
  openInProcessBench,
  personByEmail,
  regroup,
  runStatements,
  startBenchApp,
  statementRecorder,
  timed,
  type BenchApp,
  type Person,
  type Statement,
} from './in-process.js';
import { BENCH_ADMIN_EMAIL, benchMemberEmail, positiveInt, seed } from './seed.js';

const REVISIONS = 3;
const DOCUMENT_TYPES = 20;
/** Members of the organization besides the Admin: the two measured Users and the other people. */
const MEMBERS = 20;
const EXPORT_RUNS = 3;

/** The people the cases read as, and their organization. */
interface Fixture {
  organizationId: string;
  admin: Person;
  /** No document view option: sees the documents they are responsible, reviewer or approver of. */
  related: Person;
  /** Only 16 (view approved and related): also every document with a final revision. */
  released: Person;
}

/**
 * The roles of the measured Users, by document number g: the related User is responsible for
 * revision 3 of g ≡ 0 (mod 30), its reviewer for g ≡ 10 and its approver for g ≡ 20, so a tenth
 * of the documents; the 16-holder the same at g ≡ 1, 11, 21. The other revisions' responsible,
 * reviewer and approver are three different people among the other 18 members.
 */
const roleSql = (role: 'submitter' | 'reviewer' | 'approver') => {
  const residue = { submitter: 0, reviewer: 10, approver: 20 }[role];
  const offset = { submitter: 0, reviewer: 6, approver: 12 }[role];
  return `CASE WHEN r = ${REVISIONS} AND g % 30 = ${residue} THEN (m.ids)[1]
    WHEN r = ${REVISIONS} AND g % 30 = ${residue + 1} THEN (m.ids)[2]
    ELSE (m.ids)[3 + (g + r + ${offset}) % ${MEMBERS - 2}] END`;
};

/**
 * The state of revision r of document g, by s = (g / 10) mod 5 (so every role class above gets
 * every state): s = 0 nothing final (revisions 1 and 2 Rejected, 3 Submitted); s = 1 all three
 * Approved; s = 2, 3 revisions 1-2 Approved, 3 Submitted (waiting for its review); s = 4 revisions
 * 1-2 Approved, 3 Reviewed (waiting for its approval).
 */
const STATUS_SQL = `CASE
    WHEN (g / 10) % 5 = 0 THEN CASE WHEN r < ${REVISIONS} THEN 'Rejected' ELSE 'Submitted' END
    WHEN (g / 10) % 5 = 1 OR r < ${REVISIONS} THEN 'Approved'
    WHEN (g / 10) % 5 = 4 THEN 'Reviewed'
    ELSE 'Submitted' END`;

/** The organization and the people of a seeded database. */
async function fixtureOf(database: Database): Promise<Fixture> {
  const organizationId = await benchOrganizationId(database);
  if (!organizationId) throw new Error('--reuse: this database holds no bench data');
  return {
    organizationId,
    admin: await personByEmail(database, BENCH_ADMIN_EMAIL),
    related: await personByEmail(database, benchMemberEmail(1)),
    released: await personByEmail(database, benchMemberEmail(2)),
  };
}

/**
 * N documents of 3 revisions in the large organization, in a few set-based statements, with what
 * the documents service keeps beside them: documents.latest_revision and released_revision
 * (refreshDocumentRevisions: the highest revision, the highest final one), document_participants
 * (rebuildParticipants: the document's creator and every creator, responsible, reviewer and
 * approver of any revision), the signatures
 * the revisions' states derive from (a review and an approval of each Approved revision, a review
 * of each Reviewed one, a rejecting review of each Rejected one) and the 'document' counter.
 * Every revision has its own controlled file (an organization_files row; no bytes are written).
 * Documents are created by the other members (one each), a revision by its responsible.
 */
async function seedDocuments(database: Database, count: number): Promise<Fixture> {
  await seed(database.raw, {
    organizations: 1,
    users: 1,
    membershipsPerUser: 1,
    largeOrganizationUsers: MEMBERS,
    largeOrganizationGroups: 1,
  });
  const fixture = await fixtureOf(database);
  const { organizationId, admin, related, released } = fixture;
  // The seed's one group grants 11 (view all documents): the measured Users leave it. The related
  // User is in no group (every member sees what they are related to); the other is in one
  // granting only 16.
  await regroup(database, organizationId, related);
  await regroup(database, organizationId, released, {
    permission: Permission.ViewApprovedAndRelatedDocuments,
    groupName: 'Bench approved and related documents',
  });

  const org = [organizationId];
  // The members in order: the related User, the 16-holder, then the 18 others.
  const members = `(SELECT array_agg(u.id ORDER BY substring(u.email from 'bench-member-(\\d+)@')::int) AS ids
    FROM memberships ms JOIN users u ON u.id = ms.user_id
    WHERE ms.organization_id = $1 AND u.email LIKE 'bench-member-%') AS m`;
  // Document g's revisions: g from the document's number, r = 1..3, with the people of each role.
  const revisionsOf = `(SELECT x.document_id, x.g, x.r, x.at, ${roleSql('submitter')} AS submitter_id,
      ${roleSql('reviewer')} AS reviewer_id, ${roleSql('approver')} AS approver_id, ${STATUS_SQL} AS status
    FROM (SELECT d.id AS document_id, d.number AS g, r, d.created_at + r * interval '1 day' AS at
          FROM documents d CROSS JOIN generate_series(1, ${REVISIONS}) AS r WHERE d.organization_id = $1) AS x
    CROSS JOIN ${members})`;

  await database.raw.withSession(async (sql) => {
    await sql.exec('BEGIN');
    try {
      await sql.query(
        `INSERT INTO document_types (organization_id, id, name)
         SELECT $1, gen_random_uuid(), 'Bench type ' || lpad(t::text, 2, '0') FROM generate_series(1, $2::int) AS t`,
        [organizationId, DOCUMENT_TYPES],
      );
      // latest_revision is set from the revisions below, as the service sets it.
      await sql.query(
        `INSERT INTO documents (organization_id, id, number, creator_id, latest_revision, created_at, updated_at)
         SELECT $1, gen_random_uuid(), g, (m.ids)[3 + g % ${MEMBERS - 2}], 1, t, t
         FROM generate_series(1, $2::int) AS g CROSS JOIN ${members},
         LATERAL (SELECT now() - ($2::int - g) * interval '5 minutes' AS t) AS c`,
        [organizationId, count],
      );
      // One controlled file per revision: its id is the revision's file_id.
      await sql.exec(
        'CREATE TEMPORARY TABLE bench_revision_files (document_id uuid, r int, file_id uuid, g int) ON COMMIT DROP',
      );
      await sql.query(
        `INSERT INTO bench_revision_files SELECT v.document_id, v.r, gen_random_uuid(), v.g FROM ${revisionsOf} AS v`,
        org,
      );
      await sql.query(
        `INSERT INTO organization_files (organization_id, id, storage_key, original_name, content_type, size_bytes, sha256, uploaded_by)
         SELECT $1::uuid, f.file_id, 'organizations/' || $1::uuid || '/bench/' || f.file_id,
                'Document ' || f.g || ' revision ' || f.r || '.pdf', 'application/pdf',
                20000 + (f.g * 7919 + f.r) % 400000, md5(f.file_id::text) || md5(f.g::text || '-' || f.r), $2
         FROM bench_revision_files f`,
        [organizationId, admin.id],
      );
      // Names in no particular order relative to the numbers; type i of g ≡ i (mod 20).
      await sql.query(
        `WITH types AS (SELECT id, row_number() OVER (ORDER BY name) - 1 AS i FROM document_types WHERE organization_id = $1)
         INSERT INTO document_revisions (organization_id, document_id, revision, type_id, type_description, name,
           revision_name, revision_description, file_id, submitter_id, creator_id, status, is_final, final_at,
           reviewed_at, approved_at, created_at, updated_at)
         SELECT $1, v.document_id, v.r, types.id, 'SOP-' || lpad(v.g::text, 6, '0'),
                initcap(substr(md5('document' || v.g), 1, 10)) || ' procedure ' || v.g,
                'Rev. ' || v.r, 'Revision ' || v.r || ' of document ' || v.g, f.file_id, v.submitter_id, v.submitter_id,
                v.status, v.status = 'Approved', CASE WHEN v.status = 'Approved' THEN v.at + interval '2 hours' END,
                CASE WHEN v.status IN ('Reviewed', 'Approved') THEN v.at + interval '1 hour' END,
                CASE WHEN v.status = 'Approved' THEN v.at + interval '2 hours' END, v.at, v.at
         FROM ${revisionsOf} AS v
         JOIN bench_revision_files f ON f.document_id = v.document_id AND f.r = v.r
         JOIN types ON types.i = v.g % ${DOCUMENT_TYPES}`,
        org,
      );
      await sql.query(
        `INSERT INTO document_revision_signers (organization_id, document_id, revision, role, user_id, assigned_at)
         SELECT $1, v.document_id, v.r, s.role, s.user_id, v.at
         FROM ${revisionsOf} AS v
         CROSS JOIN LATERAL (VALUES ('reviewer', v.reviewer_id), ('approver', v.approver_id)) AS s(role, user_id)`,
        org,
      );
      await sql.query(
        `INSERT INTO document_signatures (organization_id, id, document_id, revision, signature_cycle, kind, meaning,
           signer_id, signer_name, signer_email, signed_at, file_id, file_sha256)
         SELECT $1, gen_random_uuid(), v.document_id, v.r, 1, s.kind, s.meaning, s.signer_id,
                u.first_name || ' ' || u.last_name, u.email, v.at + s.after, f.id, f.sha256
         FROM ${revisionsOf} AS v
         JOIN document_revisions dr ON dr.organization_id = $1 AND dr.document_id = v.document_id AND dr.revision = v.r
         JOIN organization_files f ON f.organization_id = $1 AND f.id = dr.file_id
         CROSS JOIN LATERAL (VALUES
           ('review', CASE v.status WHEN 'Rejected' THEN 'Rejected' ELSE 'Reviewed' END, v.reviewer_id, interval '1 hour',
            v.status IN ('Rejected', 'Reviewed', 'Approved')),
           ('approval', 'Approved', v.approver_id, interval '2 hours', v.status = 'Approved')
         ) AS s(kind, meaning, signer_id, after, present)
         JOIN users u ON u.id = s.signer_id
         WHERE s.present`,
        org,
      );
      // refreshDocumentRevisions, for every document at once.
      await sql.query(
        `UPDATE documents d SET latest_revision = x.latest, released_revision = x.released
         FROM (SELECT document_id, max(revision) AS latest, max(revision) FILTER (WHERE is_final) AS released
               FROM document_revisions WHERE organization_id = $1 GROUP BY document_id) AS x
         WHERE d.organization_id = $1 AND d.id = x.document_id`,
        org,
      );
      // rebuildParticipants, for every document at once.
      await sql.query(
        `INSERT INTO document_participants (organization_id, document_id, user_id)
         SELECT $1, document_id, user_id FROM (
           SELECT id AS document_id, creator_id AS user_id FROM documents WHERE organization_id = $1
           UNION
           SELECT document_id, submitter_id FROM document_revisions WHERE organization_id = $1
           UNION
           SELECT document_id, creator_id FROM document_revisions WHERE organization_id = $1
           UNION
           SELECT document_id, user_id FROM document_revision_signers WHERE organization_id = $1
         ) AS people`,
        org,
      );
      await sql.query(`INSERT INTO organization_counters (organization_id, name, value) VALUES ($1, 'document', $2)`, [
        organizationId,
        count,
      ]);
      await sql.exec('COMMIT');
    } catch (error) {
      await sql.exec('ROLLBACK');
      throw error;
    }
  });
  // As autovacuum would have by the time anyone reads them: statistics, and the visibility map
  // that lets index-only scans skip the heap.
  await database.raw.exec('VACUUM ANALYZE');
  return fixture;
}

async function main() {
  const values = parseCommandLine(
    [
      'npx tsx bench/documents.ts --documents 100000',
      'npm run bench:documents -- --database-url postgres://postgres@127.0.0.1:5432/qualis_documents_bench --rounds 3',
    ],
    {
      documents: {
        type: 'string',
        default: '100000',
        value: 'N',
        description: `documents of the organization, ${REVISIONS} revisions each (a tenth related to each measured User)`,
      },
      'database-url': DATABASE_URL_OPTION,
      rounds: { type: 'string', default: '3', value: 'N', description: 'rounds of every case (medians and ranges)' },
      runs: {
        type: 'string',
        default: '200',
        value: 'N',
        description: `timed runs per case, after ${WARM_UP} warm-up`,
      },
      attachments: {
        type: 'string',
        default: '1000',
        value: 'N',
        description: 'files of the attachments ZIP (/export/document-attachments), measured when the route exists',
      },
      cases: {
        type: 'string',
        default: 'all',
        value: 'LIST',
        description: 'comma-separated case numbers (1-based, as printed) to measure',
      },
      explain: {
        type: 'boolean',
        description: 'print EXPLAIN (ANALYZE, BUFFERS) of every case’s statements before the rounds',
      },
      reuse: {
        type: 'boolean',
        description: 'the database already holds this bench’s data (an earlier run with the same --documents): no seed',
      },
    },
  );
  const count = positiveInt('documents', values.documents);
  const rounds = positiveInt('rounds', values.rounds);
  const runs = positiveInt('runs', values.runs);
  const attachments = positiveInt('attachments', values.attachments);
  const bench = await openInProcessBench('documents', values['database-url']);
  const { database } = bench;
  try {
    const seeding = performance.now();
    const f = values.reuse ? await fixtureOf(database) : await seedDocuments(database, count);
    const [facts] = await database.raw.query<{ related: number; released: number; finals: number }>(
      `SELECT (SELECT count(*)::int FROM document_participants WHERE organization_id = $1 AND user_id = $2) AS related,
              (SELECT count(*)::int FROM documents WHERE organization_id = $1
                AND (released_revision IS NOT NULL OR EXISTS (SELECT 1 FROM document_participants p
                  WHERE p.organization_id = $1 AND p.user_id = $3 AND p.document_id = documents.id))) AS released,
              (SELECT count(*)::int FROM documents WHERE organization_id = $1 AND released_revision IS NOT NULL) AS finals`,
      [f.organizationId, f.related.id, f.released.id],
    );
    console.log(
      `${values.reuse ? 'Reused' : 'Seeded'} ${count} documents (${count * REVISIONS} revisions, ${facts!.finals} with a final revision) in ` +
        `${((performance.now() - seeding) / 1000).toFixed(1)} s; the related User sees ${facts!.related}, ` +
        `the 16-holder ${facts!.released}`,
    );
    const server = await startBenchApp(database, bench.dataDir, values['database-url']);
    const tokens = {
      admin: await server.tokenOf(f.admin.email),
      related: await server.tokenOf(f.related.email),
      released: await server.tokenOf(f.released.email),
    };
    const get = server.get;
    const recorder = statementRecorder(database);
    // The documents' and actions' tables: not the organization access lookup every request makes.
    const ofDocumentsOrActions = (s: Statement) => /document|"actions"/.test(s.text) && !/\bmemberships\b/.test(s.text);

    const org = f.organizationId;
    const list = (query: string) => `/api/v1/documents?organizationId=${org}&limit=25${query}`;
    const byName = '&orderBy=name&orderType=asc';
    const dashboard = ['documents-to-review', 'documents-to-approve', 'counters'].map(
      (card) => `/api/v1/dashboard/${card}?organizationId=${org}`,
    );
    const cases: { name: string; urls: string[]; token: string; unfiltered?: string }[] = [
      { name: '`GET /documents?limit=25`, Admin (view all)', urls: [list('')], token: tokens.admin },
      {
        name: '`GET /documents?limit=25`, User (related only)',
        urls: [list('')],
        token: tokens.related,
        unfiltered: '`GET /documents?limit=25`, Admin (view all)',
      },
      { name: '`GET /documents?limit=25&orderBy=name`, Admin', urls: [list(byName)], token: tokens.admin },
      {
        name: '`GET /documents?limit=25&orderBy=name`, User',
        urls: [list(byName)],
        token: tokens.related,
        unfiltered: '`GET /documents?limit=25&orderBy=name`, Admin',
      },
      {
        name: '`GET /documents?limit=25`, User with 16 (approved and related)',
        urls: [list('')],
        token: tokens.released,
        unfiltered: '`GET /documents?limit=25`, Admin (view all)',
      },
      {
        name: '`/dashboard/documents-to-review` + `-to-approve` + `/counters`, User',
        urls: dashboard,
        token: tokens.related,
      },
    ].filter(
      (_c, i) =>
        values.cases === 'all' ||
        values
          .cases!.split(',')
          .map(Number)
          .includes(i + 1),
    );

    // The raw SQL of each case: what one warm request sent (the session is cached by then).
    const statements = new Map<string, Statement[]>();
    for (const c of cases) {
      for (const url of c.urls) await get(url, c.token);
      const sent: Statement[] = [];
      for (const url of c.urls) sent.push(...(await recorder.during(() => get(url, c.token), ofDocumentsOrActions)));
      statements.set(c.name, sent);
    }

    if (values.explain) {
      for (const c of cases) {
        for (const s of statements.get(c.name)!) {
          const plan = await database.raw.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN (ANALYZE, BUFFERS) ${s.text}`,
            s.params,
          );
          console.log(`\n-- ${c.name}\n${s.text}\n${plan.map((p) => p['QUERY PLAN']).join('\n')}`);
        }
      }
    }
    const timeEndpoint = (urls: string[], token: string) =>
      timed(runs, async () => {
        for (const url of urls) await get(url, token);
      });
    const timeRaw = (sent: Statement[]) => timed(runs, () => runStatements(database, sent));

    /** p95 of the endpoint and of its raw SQL, and their medians (steadier on a busy machine). */
    type Row = { endpoint: number; raw: number; endpoint50: number; raw50: number };
    const results: { load: [string, string]; rows: Map<string, Row> }[] = [];
    for (let round = 1; round <= rounds; round++) {
      const before = loadAverage();
      const rows = new Map<string, Row>();
      for (const c of cases) {
        const endpoint = await timeEndpoint(c.urls, c.token);
        const raw = await timeRaw(statements.get(c.name)!);
        const row = { endpoint: endpoint.p95, raw: raw.p95, endpoint50: endpoint.p50, raw50: raw.p50 };
        rows.set(c.name, row);
        console.log(
          `  ${c.name}: endpoint ${ms(row.endpoint)} ms, raw ${ms(row.raw)} ms; ` +
            `p50 ${ms(row.endpoint50)} / ${ms(row.raw50)} ms (load ${loadAverage()})`,
        );
      }
      results.push({ load: [before, loadAverage()], rows });
      console.log(`\nRound ${round}: load average ${before} before, ${loadAverage()} after`);
      console.log('| case | endpoint p95 ms | raw SQL p95 ms | endpoint / raw | filtered / unfiltered (endpoint) |');
      console.log('| --- | ---: | ---: | ---: | ---: |');
      for (const c of cases) {
        const r = rows.get(c.name)!;
        const unfiltered = c.unfiltered && rows.get(c.unfiltered);
        const filtered = unfiltered ? `${(r.endpoint / unfiltered.endpoint).toFixed(2)}x` : '';
        console.log(
          `| ${c.name} | ${ms(r.endpoint)} | ${ms(r.raw)} | ${(r.endpoint / r.raw).toFixed(2)}x | ${filtered} |`,
        );
      }
    }

    const spread = (of: (r: (typeof results)[number]) => number, digits = 2, suffix = '') => {
      const all = results.map(of);
      const format = (v: number) => `${v.toFixed(digits)}${suffix}`;
      return all.length === 1
        ? format(all[0]!)
        : `${format(median(all))} (${format(Math.min(...all))}-${format(Math.max(...all))})`;
    };
    console.log(
      `\n${database.kind}, ${count} documents, one request at a time, p95 of ${runs} after ${WARM_UP} warm-up; ` +
        `median of ${rounds} round(s) (range); load average ${results.map((r) => r.load.join(' → ')).join('; ')}\n`,
    );
    console.log(
      '| case | endpoint p95 ms | raw SQL p95 ms | endpoint / raw (goal ≤ 1.5x) | the same at p50 | filtered / unfiltered (goal ≤ 1.2x) |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const c of cases) {
      const of = (r: (typeof results)[number]) => r.rows.get(c.name)!;
      const unfiltered = c.unfiltered;
      const filtered =
        unfiltered && results[0]!.rows.has(unfiltered)
          ? spread((r) => of(r).endpoint / r.rows.get(unfiltered)!.endpoint, 2, 'x')
          : '';
      console.log(
        `| ${c.name} | ${spread((r) => of(r).endpoint)} | ${spread((r) => of(r).raw)} | ` +
          `${spread((r) => of(r).endpoint / of(r).raw, 2, 'x')} | ` +
          `${spread((r) => of(r).endpoint50 / of(r).raw50, 2, 'x')} | ${filtered} |`,
      );
    }

    await measureAttachments(server, database, f, tokens.related, attachments, bench.dataDir);

    await server.app.close();
  } finally {
    await bench.close();
  }
}

/**
 * The attachments ZIP (`/export/document-attachments`) of the related User's first `files`
 * documents, when the route exists: real bytes for their controlled files, then time and peak RSS
 * as bench/actions.ts measures exports.
 */
async function measureAttachments(
  server: BenchApp,
  database: Database,
  f: Fixture,
  token: string,
  files: number,
  dataDir: string,
) {
  const route = '/api/v1/export/document-attachments';
  if (!server.app.hasRoute({ method: 'GET', url: route })) {
    console.log(`\nAttachments ZIP: not measured (${route} does not exist on this branch)`);
    return;
  }
  const documents = await database.raw.query<{ id: string; storage_key: string; size_bytes: string }>(
    `SELECT d.id, o.storage_key, o.size_bytes FROM documents d
     JOIN document_revisions r ON r.organization_id = d.organization_id AND r.document_id = d.id AND r.revision = d.latest_revision
     JOIN organization_files o ON o.organization_id = r.organization_id AND o.id = r.file_id
     WHERE d.organization_id = $1 AND EXISTS (SELECT 1 FROM document_participants p
       WHERE p.organization_id = d.organization_id AND p.user_id = $2 AND p.document_id = d.id)
     ORDER BY d.number DESC LIMIT $3`,
    [f.organizationId, f.related.id, files],
  );
  // The bytes each row says the file has, not compressible (a ZIP stores PDFs mostly as they are).
  let stored = 0;
  for (const d of documents) {
    const file = path.join(dataDir, 'files', d.storage_key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const size = Number(d.size_bytes);
    const bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i += 4) bytes.writeUInt32LE((i * 2654435761) >>> 0, Math.min(i, size - 4));
    await fs.writeFile(file, bytes);
    stored += size;
  }
  // The checked documents, of every type (the route asks for at least one type).
  const types = await database.raw.query<{ id: string }>('SELECT id FROM document_types WHERE organization_id = $1', [
    f.organizationId,
  ]);
  const selected = [...types.map((t) => `&docTypeIds=${t.id}`), ...documents.map((d) => `&selectedIds=${d.id}`)].join(
    '',
  );
  const url = `${route}?organizationId=${f.organizationId}${selected}`;
  const measured = await measureExport(server, url, token, EXPORT_RUNS);
  console.log('\n| export by the related User | files | median ms | peak RSS MiB (start → peak) | bytes (files) |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  console.log(
    `| attachments ZIP | ${documents.length} | ${measured.medianMs} | ${measured.rss} | ${measured.bytes} (${stored}) |`,
  );
}

await main();
