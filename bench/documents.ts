// The documents list and dashboard cards at size (issues 10 and 24): one organization of N
// documents with 3 revisions each (bench/documents-seed.ts; the list shows each document's
// effective revision; some released with a date to come, some withdrawn, some with a review
// overdue), an Admin who sees all and a "view related only" User (no document view option:
// participant visibility only) related to a tenth of them; the first page by number and by name,
// a deep-ish page (101) and the filters (State, Obsolete, review overdue); each endpoint's p95
// through the real app (app.inject, one request at a time) against the raw SQL of the same page,
// the statements the request itself sent, captured at the driver (`npx tsx bench/documents.ts --help`).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../apps/server/src/db/client.js';
import { parseCommandLine } from './cli.js';
import { REVISIONS, fixtureOf, seedDocuments, type Fixture } from './documents-seed.js';
import {
  DATABASE_URL_OPTION,
  WARM_UP,
  loadAverage,
  measureExport,
  median,
  ms,
  openInProcessBench,
  runStatements,
  startBenchApp,
  statementRecorder,
  timed,
  type BenchApp,
  type Statement,
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
      rounds: { type: 'string', default: '3', value: 'N', description: 'rounds of every case (medians and ranges)' },
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
    // Signed in again before every case's timing: an access token lives 15 minutes
    // (ACCESS_TOKEN_TTL_MS), less than three rounds of the slow cases.
    const tokens = { admin: '', related: '', released: '' };
    const signIn = async () => {
      tokens.admin = await server.tokenOf(f.admin.email);
      tokens.related = await server.tokenOf(f.related.email);
      tokens.released = await server.tokenOf(f.released.email);
    };
    await signIn();
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
    type Case = { name: string; urls: string[]; who: keyof typeof tokens; unfiltered?: string };
    const cases = (
      [
        { name: '`GET /documents?limit=25`, Admin (view all)', urls: [list('')], who: 'admin' },
        {
          name: '`GET /documents?limit=25`, User (related only)',
          urls: [list('')],
          who: 'related',
          unfiltered: '`GET /documents?limit=25`, Admin (view all)',
        },
        { name: '`GET /documents?limit=25&orderBy=name`, Admin', urls: [list(byName)], who: 'admin' },
        {
          name: '`GET /documents?limit=25&orderBy=name`, User',
          urls: [list(byName)],
          who: 'related',
          unfiltered: '`GET /documents?limit=25&orderBy=name`, Admin',
        },
        {
          name: '`GET /documents?limit=25`, User with 16 (approved and related)',
          urls: [list('')],
          who: 'released',
          unfiltered: '`GET /documents?limit=25`, Admin (view all)',
        },
        {
          name: '`/dashboard/documents-to-review` + `-to-approve` + `/counters`, User',
          urls: dashboard,
          who: 'related',
        },
        // Issue 24: a deep-ish page of the default order and the list's filters, each for the Admin
        // and the related-only User (their related / Admin ratio in the last column).
        ...issue24Cases.flatMap(([label, query]) => {
          const admin = `\`GET /documents?limit=25\`, ${label}, Admin`;
          return [
            { name: admin, urls: [list(query)], who: 'admin' as const },
            {
              name: `\`GET /documents?limit=25\`, ${label}, User`,
              urls: [list(query)],
              who: 'related' as const,
              unfiltered: admin,
            },
          ];
        }),
      ] satisfies Case[]
    ).filter(
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
      for (const url of c.urls) await get(url, tokens[c.who]);
      const sent: Statement[] = [];
      for (const url of c.urls)
        sent.push(...(await recorder.during(() => get(url, tokens[c.who]), ofDocumentsOrActions)));
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
      timed(
        runs,
        async () => {
          for (const url of urls) await get(url, token);
        },
        warmUp,
      );
    const timeRaw = (sent: Statement[]) => timed(runs, () => runStatements(database, sent), warmUp);

    /** p95 of the endpoint and of its raw SQL, and their medians (steadier on a busy machine). */
    type Row = { endpoint: number; raw: number; endpoint50: number; raw50: number };
    const results: { load: [string, string]; rows: Map<string, Row> }[] = [];
    for (let round = 1; round <= rounds; round++) {
      const before = loadAverage();
      const rows = new Map<string, Row>();
      for (const c of cases) {
        await signIn();
        const endpoint = await timeEndpoint(c.urls, tokens[c.who]);
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
      `\n${database.kind}, ${count} documents, one request at a time, p95 of ${runs} after ${warmUp} warm-up; ` +
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
