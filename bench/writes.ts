// The saves a person waits for (issue 26): each request through the real app (app.inject, one at a
// time) against the time its own statements were in flight at the database driver during that
// same request. A write cannot be sent twice as a read can (its ids, numbers and unique names are
// taken by the first), so its SQL is timed where it runs instead of replayed
// (`npx tsx bench/writes.ts --help`).
import type { FastifyInstance } from 'fastify';
import type { Database } from '../apps/server/src/db/client.js';
import { createDocument, uploadOrganizationFile } from '../apps/server/src/test/factories.js';
import { ROUNDS_OPTION, parseCommandLine } from './cli.js';
import {
  DATABASE_URL_OPTION,
  WARM_UP,
  measuredPeople,
  ms,
  openInProcessBench,
  seedMeasuredOrganization,
  startBenchApp,
  type Person,
} from './in-process.js';
import { inRounds, loadAverage, median, p95, roundsNote, spread } from './rounds.js';
import { positiveInt } from './seed.js';
import { statementRecorder } from './statement-recorder.js';

interface Save {
  method: 'POST' | 'PUT';
  url: string;
  payload: object;
  status: number;
}

/** A save the bench sends again and again; `next(n)` makes the n-th one (fresh names, the same record edited). */
interface WriteCase {
  name: string;
  next: (n: number) => Promise<Save>;
}

interface Measured {
  endpoint: { p95: number; p50: number };
  sql: { p95: number; p50: number };
  statements: number;
}

function writeCases(
  app: FastifyInstance,
  database: Database,
  organizationId: string,
  admin: Person,
  headers: Record<string, string>,
) {
  const action = (n: number) => ({
    organizationId,
    name: `Bench write ${n}`,
    description: 'Check the balance against the reference weights',
    dueDate: '2030-06-01',
    assignerId: admin.id,
    assigneeId: admin.id,
  });
  let editedAction: string | undefined;
  let editedDocument: Record<string, unknown> | undefined;
  const cases: WriteCase[] = [
    {
      name: 'action create (POST /tasks)',
      next: async (n) => ({ method: 'POST', url: '/api/v1/tasks', payload: action(n), status: 201 }),
    },
    {
      name: 'action save (PUT /tasks/{id}/details)',
      next: async (n) => {
        if (!editedAction) {
          const created = await app.inject({ method: 'POST', url: '/api/v1/tasks', headers, payload: action(0) });
          editedAction = (created.json() as { data: { id: string } }).data.id;
        }
        return {
          method: 'PUT',
          url: `/api/v1/tasks/${editedAction}/details`,
          payload: { ...action(n), status: 0 },
          status: 200,
        };
      },
    },
    {
      name: 'training create (POST /training-records)',
      next: async (n) => ({
        method: 'POST',
        url: '/api/v1/training-records',
        payload: {
          organizationId,
          name: `Bench training ${n}`,
          description: 'Read the procedure and answer the quiz',
          dueDate: '2030-06-01',
          assignerId: admin.id,
          assigneeUserIds: [admin.id],
          newAssigneeUserGroupIds: [],
          fileIds: [],
          tagIds: [],
          questions: [
            {
              name: 'What do you put on first?',
              answers: [
                { name: 'Hair cover', isCorrect: true },
                { name: 'Gloves', isCorrect: false },
              ],
            },
          ],
        },
        status: 201,
      }),
    },
    {
      name: 'document general save (PUT /documents/{id}/general)',
      next: async (n) => {
        if (!editedDocument) {
          const created = await createDocument(app, database.db, { id: admin.id, headers }, organizationId);
          const detail = await app.inject({
            method: 'GET',
            url: `/api/v1/documents/${created.id}?organizationId=${organizationId}`,
            headers,
          });
          const d = (detail.json() as { data: Record<string, unknown> }).data;
          editedDocument = {
            id: created.id,
            organizationId,
            ...Object.fromEntries(
              [
                'typeId',
                'submitterId',
                'revision',
                'revisionName',
                'revisionDescription',
                'typeDescription',
                'fileId',
                'extraFileIds',
                'tagIds',
              ].map((key) => [key, d[key]]),
            ),
          };
        }
        const { id, ...fields } = editedDocument;
        return {
          method: 'PUT',
          url: `/api/v1/documents/${id as string}/general`,
          payload: { ...fields, name: `Cleaning procedure ${n}` },
          status: 200,
        };
      },
    },
    {
      name: 'document create (POST /documents)',
      next: async (n) => {
        // The file is uploaded before the timed save, as the wizard's upload step does it.
        const fileId = await uploadOrganizationFile(app, headers, organizationId);
        const [type] = await database.raw.query<{ id: string }>(
          'SELECT id FROM document_types WHERE organization_id = $1 LIMIT 1',
          [organizationId],
        );
        return {
          method: 'POST',
          url: '/api/v1/documents',
          payload: {
            organizationId,
            typeId: type!.id,
            submitterId: admin.id,
            name: `Bench procedure ${n}`,
            revision: 1,
            revisionDescription: 'First issue',
            typeDescription: null,
            fileId,
            extraFileIds: [],
            tagIds: [],
          },
          status: 201,
        };
      },
    },
  ];
  return cases;
}

async function main() {
  const values = parseCommandLine(['npx tsx bench/writes.ts [--runs 60] [--rounds 3]'], {
    runs: { type: 'string', default: '60', value: 'N', description: 'timed saves of each case per round' },
    rounds: ROUNDS_OPTION,
    'database-url': DATABASE_URL_OPTION,
  });
  const runs = positiveInt('runs', values.runs);
  const rounds = positiveInt('rounds', values.rounds);
  const databaseUrl = values['database-url'];
  const bench = await openInProcessBench('writes', databaseUrl);
  // No background work during a save: what a job does later is not what the person waits for.
  const server = await startBenchApp(bench.database, bench.dataDir, databaseUrl, {
    jobPollMs: 3_600_000,
    mailPollMs: 3_600_000,
    wakeOnQueuedWork: false,
  });
  try {
    await seedMeasuredOrganization(bench.database);
    const { organizationId, admin } = await measuredPeople(bench.database, 0);
    const headers = { authorization: `Bearer ${await server.tokenOf(admin.email)}` };
    const cases = writeCases(server.app, bench.database, organizationId, admin, headers);
    const recorder = statementRecorder(bench.database);
    let n = 0;
    const results = await inRounds(rounds, async () => {
      const rows = new Map<string, Measured>();
      for (const c of cases) {
        const endpoint: number[] = [];
        const sql: number[] = [];
        let statements = 0;
        for (let i = 0; i < WARM_UP + runs; i++) {
          const save = await c.next(++n);
          const timed = await recorder.timedDuring(
            async () => {
              const res = await server.app.inject({
                method: save.method,
                url: save.url,
                headers,
                payload: save.payload,
              });
              if (res.statusCode !== save.status)
                throw new Error(`${c.name}: HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
            },
            () => true,
          );
          if (i < WARM_UP) continue;
          endpoint.push(timed.totalMs);
          sql.push(timed.sqlMs);
          statements = timed.statements.length;
        }
        const measured = {
          endpoint: { p95: p95(endpoint), p50: median(endpoint) },
          sql: { p95: p95(sql), p50: median(sql) },
          statements,
        };
        rows.set(c.name, measured);
        console.log(
          `  ${c.name}: p95 ${ms(measured.endpoint.p95)} ms, its SQL ${ms(measured.sql.p95)} ms; ` +
            `p50 ${ms(measured.endpoint.p50)} / ${ms(measured.sql.p50)} ms; ${statements} statements (load ${loadAverage()})`,
        );
      }
      return rows;
    });
    console.log(
      `\n${bench.database.kind}; one save at a time; its SQL is the time some statement of the request was in ` +
        `flight at the driver; p95 of ${runs} after ${WARM_UP} warm-up; ${roundsNote(results)}\n`,
    );
    console.log('| save | p95 ms | its SQL p95 ms | save / SQL p95 | at p50 | statements |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const c of cases) {
      const of = (rows: Map<string, Measured>) => rows.get(c.name)!;
      console.log(
        `| ${c.name} | ${spread(results, (r) => of(r).endpoint.p95)} | ${spread(results, (r) => of(r).sql.p95)} | ` +
          `${spread(results, (r) => of(r).endpoint.p95 / of(r).sql.p95, 2, 'x')} | ` +
          `${spread(results, (r) => of(r).endpoint.p50 / of(r).sql.p50, 2, 'x')} | ${of(results[0]!.measured).statements} |`,
      );
    }
  } finally {
    await server.app.close();
    await bench.close();
  }
}

await main();
