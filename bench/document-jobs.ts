// The daily document jobs at size (issue 24): over bench/documents.ts's organization of N documents
// with 3 revisions each, the effect job (makeDueRevisionsEffective) with D due revisions and the
// periodic review reminders (sendReviewReminders) with M due reminders, run as the job runner
// runs them. For each: time, the statements sent (captured at the driver), the rows changed
// against the rows that should change, a second run that must change nothing, and the EXPLAIN of
// the due query (`npx tsx bench/document-jobs.ts --help`).
import { dayOf } from '../apps/server/src/core/clock.js';
import type { Database } from '../apps/server/src/db/client.js';
import { sendReviewReminders } from '../apps/server/src/modules/documents/periodic-review.reminders.js';
import { dueReminders } from '../apps/server/src/modules/documents/periodic-review.schedule.js';
import { findDueRevisions } from '../apps/server/src/modules/documents/revision-effect.repository.js';
import { makeDueRevisionsEffective } from '../apps/server/src/modules/documents/revision-effect.js';
import { parseCommandLine } from './cli.js';
import { REVISIONS, fixtureOf, seedDocuments } from './documents-seed.js';
import { DATABASE_URL_OPTION, openInProcessBench, startBenchApp, type Statement } from './in-process.js';
import { loadAverage } from './rounds.js';
import { statementRecorder } from './statement-recorder.js';
import { positiveInt } from './seed.js';

type Recorder = ReturnType<typeof statementRecorder>;
const all = () => true;

const count = async (database: Database, text: string, params: unknown[]) =>
  (await database.raw.query<{ n: number }>(text, params))[0]!.n;

/** The current transaction id: rows written from now on have an xmin at or above it. */
const transactionMark = async (database: Database) =>
  (await database.raw.query<{ x: string }>('SELECT (txid_current() % 4294967296)::text AS x'))[0]!.x;

/** Rows of the organization in `table` written (inserted or updated) since `mark`. */
const written = (database: Database, table: string, organizationId: string, mark: string) =>
  count(
    database,
    `SELECT count(*)::int AS n FROM ${table} WHERE organization_id = $1 AND xmin::text::bigint >= $2::bigint`,
    [organizationId, mark],
  );

/** EXPLAIN (ANALYZE, BUFFERS) of the first statement `work` sends, and whether its plan reads an index. */
async function explainFirst(database: Database, recorder: Recorder, work: () => Promise<unknown>) {
  const [statement] = (await recorder.during(work, all)) as [Statement];
  const plan = await database.raw.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
    statement.params,
  );
  const lines = plan.map((p) => p['QUERY PLAN']);
  console.log(`\n${statement.text}\n${lines.join('\n')}`);
  const scans = lines.filter((l) => / Scan /.test(l)).map((l) => l.trim().replace(/^->\s*/, ''));
  return scans.map((s) => s.replace(/\s+\(cost.*$/, '')).join('; ');
}

/**
 * Revision 3 of `due` documents (not withdrawn: their revision 3 is Obsolete, never released)
 * whose revision 2 is effective and 3 pending becomes released with
 * an effective date of `day` (due now), and of as many others a date a month on (not due): the
 * state approving with an effective date leaves. Answers the due documents' count.
 */
async function releaseWithDates(database: Database, organizationId: string, due: number, day: string) {
  const pick = `SELECT r.document_id, row_number() OVER (ORDER BY d.number) AS i
    FROM documents d JOIN document_revisions r ON r.organization_id = d.organization_id AND r.document_id = d.id
      AND r.revision = ${REVISIONS}
    WHERE d.organization_id = $1 AND d.effective_revision = ${REVISIONS - 1} AND NOT r.is_final AND d.withdrawn_at IS NULL
    ORDER BY d.number LIMIT $2`;
  await database.raw.query(
    `WITH picked AS (${pick})
     UPDATE document_revisions r SET status = 'Approved', is_final = true, final_at = now(), approved_at = now(),
       effective_on = CASE WHEN p.i <= $3 THEN $4::date ELSE $4::date + 30 END
     FROM picked p WHERE r.organization_id = $1 AND r.document_id = p.document_id AND r.revision = ${REVISIONS}`,
    [organizationId, 2 * due, due, day],
  );
  await database.raw.query(
    `UPDATE documents d SET released_revision = ${REVISIONS} FROM document_revisions r
     WHERE d.organization_id = $1 AND r.organization_id = d.organization_id AND r.document_id = d.id
       AND r.revision = ${REVISIONS} AND r.effective_on IS NOT NULL AND r.effective_at IS NULL`,
    [organizationId],
  );
  await database.raw.exec('ANALYZE document_revisions');
}

/**
 * Every released document not withdrawn (a withdrawal ends the review, endPeriodicReview) gets a
 * review schedule, its reminder spread over the coming year, but `due` of them whose reminder day
 * is `day`.
 */
async function scheduleReviews(database: Database, organizationId: string, due: number, day: string) {
  await database.raw.query(
    `UPDATE documents d SET review_from = $3::date - 300, next_review_on = $3::date + 65,
       review_remind_on = CASE WHEN x.i <= $2 THEN $3::date ELSE $3::date + 1 + (d.number % 365)::int END
     FROM (SELECT id, row_number() OVER (ORDER BY number) AS i FROM documents
           WHERE organization_id = $1 AND released_revision IS NOT NULL AND withdrawn_at IS NULL) AS x
     WHERE d.organization_id = $1 AND d.id = x.id`,
    [organizationId, due, day],
  );
  await database.raw.exec('ANALYZE documents');
}

/** The job run once, timed, with its statements; then again (nothing left to do), timed. */
async function runTwice(recorder: Recorder, job: () => Promise<number>) {
  let done = 0;
  const started = performance.now();
  const sent = await recorder.during(async () => (done = await job()), all);
  const ms = performance.now() - started;
  let again = 0;
  const restarted = performance.now();
  const resent = await recorder.during(async () => (again = await job()), all);
  const againMs = performance.now() - restarted;
  const updates = sent.filter((s) => /^\s*update\b/i.test(s.text)).length;
  return { done, ms, statements: sent.length, updates, again, againMs, againStatements: resent.length };
}

async function main() {
  const values = parseCommandLine(
    [
      'npx tsx bench/document-jobs.ts --documents 100000 --due 1000 --reminders 1000',
      'npm run bench:document-jobs -- --database-url postgres://postgres@127.0.0.1:5432/bench_s9 --reuse',
    ],
    {
      documents: {
        type: 'string',
        default: '100000',
        value: 'N',
        description: `documents, ${REVISIONS} revisions each`,
      },
      due: { type: 'string', default: '1000', value: 'D', description: 'revisions whose effective date is today' },
      reminders: { type: 'string', default: '1000', value: 'M', description: 'documents whose reminder is due today' },
      'database-url': DATABASE_URL_OPTION,
      reuse: {
        type: 'boolean',
        description: 'the database holds bench/documents.ts’s data (with the same --documents): no seed',
      },
    },
  );
  const documents = positiveInt('documents', values.documents);
  const due = positiveInt('due', values.due);
  const reminders = positiveInt('reminders', values.reminders);
  const bench = await openInProcessBench('document-jobs', values['database-url']);
  const { database } = bench;
  try {
    const f = values.reuse ? await fixtureOf(database) : await seedDocuments(database, documents);
    const org = f.organizationId;
    const server = await startBenchApp(database, bench.dataDir, values['database-url']);
    // The bench runs the jobs itself, not the runner's poller.
    await server.app.ctx.jobs.stop();
    const ctx = server.app.ctx;
    const recorder = statementRecorder(database);
    const at = new Date();
    const day = dayOf(at);
    const loads = [loadAverage()];

    await releaseWithDates(database, org, due, day);
    const dueRevisions = await count(
      database,
      `SELECT count(*)::int AS n FROM document_revisions WHERE organization_id = $1 AND effective_on <= $2 AND effective_at IS NULL`,
      [org, day],
    );
    const effectPlan = await explainFirst(database, recorder, () => findDueRevisions(ctx.database.db, day, 200));
    let mark = await transactionMark(database);
    const effect = await runTwice(recorder, () => makeDueRevisionsEffective(ctx, at));
    const revisionsChanged = await written(database, 'document_revisions', org, mark);
    const documentsChanged = await written(database, 'documents', org, mark);
    const notYet = await count(
      database,
      `SELECT count(*)::int AS n FROM document_revisions WHERE organization_id = $1 AND effective_on > $2 AND effective_at IS NULL`,
      [org, day],
    );
    loads.push(loadAverage());

    await scheduleReviews(database, org, reminders, day);
    const reminderPlan = await explainFirst(database, recorder, () => dueReminders(ctx.database.db, day, null, 100));
    mark = await transactionMark(database);
    const reminded = await runTwice(recorder, () => sendReviewReminders(ctx, at));
    const remindedDocuments = await written(database, 'documents', org, mark);
    const actions = await written(database, 'actions', org, mark);
    const scheduled = await count(
      database,
      `SELECT count(*)::int AS n FROM documents WHERE organization_id = $1 AND review_remind_on IS NOT NULL`,
      [org],
    );
    loads.push(loadAverage());

    console.log(
      `\n${database.kind}, ${documents} documents (${documents * REVISIONS} revisions); load average ${loads.join(' → ')}\n`,
    );
    console.log(
      '| job | due | done | ms | ms per due row | statements (updates) per due row | rows changed (expected) | again: done, ms, statements | due query plan |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |');
    const row = (name: string, n: number, r: Awaited<ReturnType<typeof runTwice>>, changed: string, plan: string) =>
      console.log(
        `| ${name} | ${n} | ${r.done} | ${r.ms.toFixed(0)} | ${(r.ms / Math.max(r.done, 1)).toFixed(2)} | ` +
          `${(r.statements / Math.max(r.done, 1)).toFixed(1)} (${(r.updates / Math.max(r.done, 1)).toFixed(1)}) | ${changed} | ` +
          `${r.again}, ${r.againMs.toFixed(0)}, ${r.againStatements} | ${plan} |`,
      );
    row(
      'makeDueRevisionsEffective',
      dueRevisions,
      effect,
      `${revisionsChanged} revisions (${2 * dueRevisions}: effective + superseded), ${documentsChanged} documents ` +
        `(${dueRevisions}); ${notYet} dated later untouched`,
      effectPlan,
    );
    row(
      'sendReviewReminders',
      reminders,
      reminded,
      `${remindedDocuments} documents (${reminders}), ${actions} actions (${reminders}); ${scheduled} reminders later untouched`,
      reminderPlan,
    );
    await server.app.close();
  } finally {
    await bench.close();
  }
}

await main();
