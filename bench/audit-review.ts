// The audit review page at size (issue 23): one organization whose chain holds N events (a seal
// at its head); each of the page's requests through the real app (app.inject, one at a time)
// against the statements it sent, recorded at the driver and timed interleaved with it in
// --rounds rounds, as bench/documents.ts does; the chain's
// verification (the page's banner) timed on its own (`npx tsx bench/audit-review.ts --help`).
import { eventHash, type HashedFields } from '../apps/server/src/core/audit.js';
import { newId } from '../apps/server/src/core/ids.js';
import type { Database } from '../apps/server/src/db/client.js';
import { ROUNDS_OPTION, parseCommandLine } from './cli.js';
import {
  DATABASE_URL_OPTION,
  MEASURED_MEMBERS,
  WARM_UP,
  endpointsAgainstTheirSql,
  measuredPeople,
  ms,
  openInProcessBench,
  ownStatements,
  runStatements,
  seedMeasuredOrganization,
  startBenchApp,
  type SqlCase,
  type Statement,
} from './in-process.js';
import { loadAverage, median } from './rounds.js';
import { statementRecorder } from './statement-recorder.js';
import { positiveInt } from './seed.js';

const BATCH = 5_000;
const ENTITY_TYPES = ['document', 'action', 'training-record', 'user', 'hr-record'];

const options = parseCommandLine(['npx tsx bench/audit-review.ts [options]'], {
  events: { type: 'string', default: '1000000', value: 'N', description: 'events of the organization’s chain' },
  runs: { type: 'string', default: '100', value: 'N', description: `timed runs of each list case, after ${WARM_UP}` },
  'verification-runs': { type: 'string', default: '5', value: 'N', description: 'timed runs of the verification' },
  'database-url': DATABASE_URL_OPTION,
  rounds: ROUNDS_OPTION,
  reuse: {
    type: 'boolean',
    description: 'the PostgreSQL database already holds this bench’s chain (an earlier run): no seed',
  },
});

/**
 * N events of the chain with their real hashes, inserted a batch at a time, then the head moved to
 * the last and a seal of it. The head only advances one event at a time (migration 0031): the
 * seeding session, as the database's owner, sets it at once with triggers off.
 */
async function seedChain(database: Database, events: number) {
  await seedMeasuredOrganization(database);
  const fixture = await measuredPeople(database, MEASURED_MEMBERS);
  const { organizationId, members } = fixture;
  const start = Date.UTC(2024, 0, 1);
  let prevHash = '0'.repeat(64);
  for (let first = 1; first <= events; first += BATCH) {
    const rows: (HashedFields & { hash: string })[] = [];
    for (let seq = first; seq < Math.min(first + BATCH, events + 1); seq++) {
      const actor = members[seq % MEASURED_MEMBERS]!;
      const entityType = ENTITY_TYPES[seq % ENTITY_TYPES.length]!;
      const fields: HashedFields = {
        id: newId(),
        chainKey: organizationId,
        seq,
        organizationId,
        occurredAt: new Date(start + seq * 60_000),
        actorUserId: actor.id,
        actorEmail: actor.email,
        actorIp: '10.0.0.1',
        requestId: null,
        infoType: 'Documents',
        action: seq % 3 ? 'update' : 'create',
        entityType,
        entityId: `${entityType}-${seq % 10_000}`,
        before: seq % 3 ? { name: `Name ${seq - 1}`, status: 'Draft' } : null,
        after: { name: `Name ${seq}`, status: 'Draft' },
        reason: null,
        prevHash,
      };
      prevHash = eventHash(fields);
      rows.push({ ...fields, hash: prevHash });
    }
    const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((r) => r[key]);
    await database.raw.query(
      `INSERT INTO audit_events (id, chain_key, seq, organization_id, occurred_at, actor_user_id, actor_email, actor_ip,
         info_type, action, entity_type, entity_id, before, after, prev_hash, hash)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::bigint[], $4::uuid[], $5::timestamptz[], $6::uuid[], $7::text[],
         $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::jsonb[], $14::jsonb[], $15::text[], $16::text[])`,
      [
        column('id'),
        column('chainKey'),
        column('seq'),
        column('organizationId'),
        column('occurredAt').map((d) => d.toISOString()),
        column('actorUserId'),
        column('actorEmail'),
        column('actorIp'),
        column('infoType'),
        column('action'),
        column('entityType'),
        column('entityId'),
        column('before').map((v) => (v === null ? null : JSON.stringify(v))),
        column('after').map((v) => JSON.stringify(v)),
        column('prevHash'),
        column('hash'),
      ],
    );
  }
  await database.raw.withSession(async (sql) => {
    await sql.exec(`SET session_replication_role = replica`);
    await sql.query(
      `INSERT INTO audit_chain_heads (chain_key, last_seq, last_hash) VALUES ($1, $2, $3)
       ON CONFLICT (chain_key) DO UPDATE SET last_seq = $2, last_hash = $3`,
      [organizationId, events, prevHash],
    );
    await sql.exec(`SET session_replication_role = DEFAULT`);
  });
  await database.raw.query(
    `INSERT INTO audit_seals (id, chain_key, last_seq, last_hash, sealed_at) VALUES ($1, $2, $3, $4, now())`,
    [newId(), organizationId, events, prevHash],
  );
  await database.raw.exec('VACUUM ANALYZE');
  return fixture;
}

async function main() {
  const events = positiveInt('events', options.events);
  const runs = positiveInt('runs', options.runs);
  const rounds = positiveInt('rounds', options.rounds);
  const verificationRuns = positiveInt('verification-runs', options['verification-runs']);
  const bench = await openInProcessBench('audit-review', options['database-url']);
  const { database } = bench;
  try {
    const seeding = performance.now();
    const f = options.reuse ? await measuredPeople(database, MEASURED_MEMBERS) : await seedChain(database, events);
    const [head] = await database.raw.query<{ last_seq: number }>(
      'SELECT last_seq FROM audit_chain_heads WHERE chain_key = $1',
      [f.organizationId],
    );
    console.log(
      `${options.reuse ? 'Reused' : 'Seeded'} ${head!.last_seq} events in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const server = await startBenchApp(database, bench.dataDir, options['database-url']);
    const org = `organizationId=${f.organizationId}`;
    const half = Math.floor(head!.last_seq / 2);
    const list = (query: string) => `/api/v1/audit-trail?${org}&limit=25${query}`;
    const as = f.admin.email;
    const cases: SqlCase[] = [
      { name: '`GET /audit-trail?limit=25` (newest first)', urls: [list('')], as },
      { name: `\`GET /audit-trail?limit=25&offset=${half}\``, urls: [list(`&offset=${half}`)], as },
      {
        name: '`GET /audit-trail?limit=25&actorUserId=…` (a twentieth)',
        urls: [list(`&actorUserId=${f.members[0]!.id}`)],
        as,
      },
      { name: '`GET /audit-trail?limit=25&entityType=document` (a fifth)', urls: [list('&entityType=document')], as },
      { name: '`GET /audit-trail/reviews?limit=25`', urls: [`/api/v1/audit-trail/reviews?${org}&limit=25`], as },
    ];
    const ofAudit = (s: Statement) => /"audit_/.test(s.text) && ownStatements(s);
    await endpointsAgainstTheirSql(server, database, cases, {
      keep: ofAudit,
      rounds,
      runs,
      explain: false,
      title: `${head!.last_seq} events`,
    });
    const recorder = statementRecorder(database);
    // The banner: the first verification in the process reads the whole chain, the next ones
    // (docs/decisions/0027) only what was added since; each against the statements it sent.
    const verification = `/api/v1/audit-trail/verification?${org}`;
    const token = await server.tokenOf(f.admin.email);
    const once = async () => {
      const started = performance.now();
      const sent = await recorder.during(() => server.get(verification, token), ofAudit);
      const endpointMs = performance.now() - started;
      const rawStarted = performance.now();
      await runStatements(database, sent);
      return { endpointMs, rawMs: performance.now() - rawStarted, statements: sent.length };
    };
    const first = await once();
    const next: Awaited<ReturnType<typeof once>>[] = [];
    for (let i = 0; i < verificationRuns; i++) next.push(await once());
    const answer = (await server.get(verification, token)).json() as { data: { text: string } };
    const row = (name: string, runs: typeof next) => {
      const endpoint = median(runs.map((r) => r.endpointMs));
      const raw = median(runs.map((r) => r.rawMs));
      console.log(
        `| ${name} (${runs[0]!.statements} statements) | ${ms(endpoint)} | ${ms(raw)} | ${(endpoint / raw).toFixed(2)}x | |`,
      );
    };
    console.log(`\n${answer.data.text}`);
    console.log('| case | endpoint ms | its SQL ms | endpoint / SQL | |');
    console.log('| --- | ---: | ---: | ---: | --- |');
    row('`GET /audit-trail/verification`, the first in the process (the whole chain)', [first]);
    row(`\`GET /audit-trail/verification\`, the next ones (median of ${verificationRuns})`, next);
    console.log(`load average ${loadAverage()}`);
    await server.app.close();
  } finally {
    await bench.close();
  }
}

await main();
