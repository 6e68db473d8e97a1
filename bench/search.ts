// Global search at size (issue 12), on the data of bench/search-seed.ts: N documents with a file
// text each, N actions, N/10 trainings, an Admin and a related-only User. Each search's
// p95 and p50 through the real app (app.inject, one request at a time) against one index scan for
// the same words over what the person may see (the baseline), the two and the statements the
// request sent timed interleaved in --rounds rounds (`npm run bench:search -- --help`).
import { readSearchTerms } from '../apps/server/src/modules/search/search-terms.js';
import { buildTsQuery } from '../apps/server/src/modules/search/search.repository.js';
import type { Database, SqlRunner } from '../apps/server/src/db/client.js';
import { ROUNDS_OPTION, parseCommandLine } from './cli.js';
import { DATABASE_URL_OPTION, WARM_UP, ms, openInProcessBench, startBenchApp, type Statement } from './in-process.js';
import { inRounds, interleaved, loadAverage, median, roundsNote, spread, type Timing } from './rounds.js';
import { statementRecorder } from './statement-recorder.js';
import { fixtureOf, seedSearch, type Fixture } from './search-seed.js';
import { nonNegativeInt, positiveInt } from './seed.js';

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
