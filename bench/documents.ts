// The documents list and dashboard cards at size (issues 10 and 24): one organization of N
// documents with 3 revisions each (bench/documents-seed.ts; the list shows each document's
// effective revision; some released with a date to come, some withdrawn, some with a review
// overdue), an Admin who sees all and a "view related only" User (no document view option:
// participant visibility only) related to a tenth of them; each endpoint's p95 through the real
// app (app.inject, one request at a time) against the statements the request itself sent,
// recorded at the driver, timed interleaved in --rounds rounds (`npx tsx bench/documents.ts --help`).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../apps/server/src/db/client.js';
import { ROUNDS_OPTION, parseCommandLine } from './cli.js';
import { REVISIONS, fixtureOf, seedDocuments, type Fixture } from './documents-seed.js';
import {
  DATABASE_URL_OPTION,
  WARM_UP,
  endpointsAgainstTheirSql,
  measureExport,
  openInProcessBench,
  ownStatements,
  startBenchApp,
  type BenchApp,
  type SqlCase,
} from './in-process.js';
import { positiveInt } from './seed.js';

const EXPORT_RUNS = 3;

/** Issue 24's list cases beside issue 10's: a deep-ish page of the default order, and the list's filters. */
const issue24Cases: [label: string, query: string][] = [
  ['page 101', '&offset=2500'],
  ['State Approved', '&statuses=Approved'],
  ['Obsolete', '&statuses=Obsolete'],
  ['review overdue', '&isReviewOverdue=true'],
];

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
      rounds: ROUNDS_OPTION,
      runs: {
        type: 'string',
        default: '200',
        value: 'N',
        description: 'timed runs per case, after the warm-up',
      },
      'warm-up': {
        type: 'string',
        default: String(WARM_UP),
        value: 'N',
        description: 'untimed runs before each case’s timed ones (fewer for cases of a second or more)',
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
  const warmUp = positiveInt('warm-up', values['warm-up']);
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
    const org = f.organizationId;
    const list = (query: string) => `/api/v1/documents?organizationId=${org}&limit=25${query}`;
    const byName = '&orderBy=name&orderType=asc';
    const dashboard = ['documents-to-review', 'documents-to-approve', 'counters'].map(
      (card) => `/api/v1/dashboard/${card}?organizationId=${org}`,
    );
    const cases: SqlCase[] = [
      { name: '`GET /documents?limit=25`, Admin (view all)', urls: [list('')], as: f.admin.email },
      {
        name: '`GET /documents?limit=25`, User (related only)',
        urls: [list('')],
        as: f.related.email,
        unfiltered: '`GET /documents?limit=25`, Admin (view all)',
      },
      { name: '`GET /documents?limit=25&orderBy=name`, Admin', urls: [list(byName)], as: f.admin.email },
      {
        name: '`GET /documents?limit=25&orderBy=name`, User',
        urls: [list(byName)],
        as: f.related.email,
        unfiltered: '`GET /documents?limit=25&orderBy=name`, Admin',
      },
      {
        name: '`GET /documents?limit=25`, User with 16 (approved and related)',
        urls: [list('')],
        as: f.released.email,
        unfiltered: '`GET /documents?limit=25`, Admin (view all)',
      },
      {
        name: '`/dashboard/documents-to-review` + `-to-approve` + `/counters`, User',
        urls: dashboard,
        as: f.related.email,
      },
      // Issue 24: a deep-ish page of the default order and the list's filters, each for the Admin
      // and the related-only User (their related / Admin ratio in the last column).
      ...issue24Cases.flatMap(([label, query]) => {
        const admin = `\`GET /documents?limit=25\`, ${label}, Admin`;
        return [
          { name: admin, urls: [list(query)], as: f.admin.email },
          {
            name: `\`GET /documents?limit=25\`, ${label}, User`,
            urls: [list(query)],
            as: f.related.email,
            unfiltered: admin,
          },
        ];
      }),
    ].filter(
      (_c, i) =>
        values.cases === 'all' ||
        values
          .cases!.split(',')
          .map(Number)
          .includes(i + 1),
    );
    await endpointsAgainstTheirSql(server, database, cases, {
      keep: ownStatements,
      rounds,
      runs,
      warmUp,
      explain: Boolean(values.explain),
      title: `${count} documents`,
    });

    await measureAttachments(server, database, f, await server.tokenOf(f.related.email), attachments, bench.dataDir);

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
