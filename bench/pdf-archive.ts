// The PDF archive of actions (issue 26): time and memory of `GET /export/many-Tasks` for the
// stream limit's 200 records, against the same records exported one Single PDF at a time, in
// rounds (`npx tsx --expose-gc bench/pdf-archive.ts --help`).
import { RECORD_EXPORT_STREAM_MAX } from '@qualis/contract';
import { ROUNDS_OPTION, parseCommandLine } from './cli.js';
import {
  DATABASE_URL_OPTION,
  measuredPeople,
  measureExport,
  openInProcessBench,
  seedMeasuredOrganization,
  startBenchApp,
} from './in-process.js';
import { inRounds, loadAverage, roundsNote, spread } from './rounds.js';
import { positiveInt } from './seed.js';

const collect = () => (globalThis as { gc?: () => void }).gc?.();
const mib = (bytes: number) => bytes / 1024 / 1024;

async function main() {
  const values = parseCommandLine(['npx tsx --expose-gc bench/pdf-archive.ts [--records 200] [--rounds 3]'], {
    records: {
      type: 'string',
      default: String(RECORD_EXPORT_STREAM_MAX),
      value: 'N',
      description: 'actions in the archive (at most the stream limit)',
    },
    rounds: ROUNDS_OPTION,
    'database-url': DATABASE_URL_OPTION,
  });
  const records = positiveInt('records', values.records);
  const rounds = positiveInt('rounds', values.rounds);
  const bench = await openInProcessBench('pdf-archive', values['database-url']);
  const server = await startBenchApp(bench.database, bench.dataDir, values['database-url']);
  try {
    await seedMeasuredOrganization(bench.database);
    const { organizationId, admin } = await measuredPeople(bench.database, 0);
    await bench.database.raw.query(
      `INSERT INTO actions (organization_id, id, number, name, description, due_date, assigner_id, assignee_id, creator_id)
       SELECT $1, gen_random_uuid(), g, 'Calibrate balance ' || g, 'Check the balance against the reference weights, step ' || g,
              DATE '2030-01-01' + (g % 365), $2, $2, $2
       FROM generate_series(1, $3::int) AS g`,
      [organizationId, admin.id, records],
    );
    const ids = (await bench.database.raw.query<{ id: string }>('SELECT id FROM actions ORDER BY number')).map(
      (r) => r.id,
    );
    const token = await server.tokenOf(admin.email);
    const url = (path: string, chosen: string[]) =>
      `/api/v1/export/${path}?organizationId=${organizationId}${chosen.map((id) => `&selectedIds=${id}`).join('')}`;
    await measureExport(server, url('many-Tasks', ids.slice(0, 5)), token, 1); // fonts parsed, routes compiled
    const results = await inRounds(rounds, async () => {
      collect();
      const before = process.memoryUsage().rss;
      const archive = await measureExport(server, url('many-Tasks', ids), token, 1);
      let peakOfArchive = 0;
      for (const part of archive.rss.split(' → ')) peakOfArchive = Math.max(peakOfArchive, Number(part));
      collect();
      let singles = 0;
      for (const id of ids) singles += Number((await measureExport(server, url('one-task', [id]), token, 1)).medianMs);
      const measured = {
        archiveMs: Number(archive.medianMs),
        singlesMs: singles,
        growthMiB: peakOfArchive - mib(before),
        bytes: archive.bytes,
      };
      console.log(
        `  archive ${measured.archiveMs} ms (+${measured.growthMiB.toFixed(0)} MiB RSS), ${records} Single PDFs ${singles} ms ` +
          `(load ${loadAverage()})`,
      );
      return measured;
    });
    console.log(`\n${bench.database.kind}, ${records} actions; ${roundsNote(results)}\n`);
    console.log(
      '| archive ms | Single PDFs, summed ms | archive / Single PDFs | RSS growth during the archive MiB | ZIP bytes |',
    );
    console.log('| ---: | ---: | ---: | ---: | ---: |');
    console.log(
      `| ${spread(results, (r) => r.archiveMs, 0)} | ${spread(results, (r) => r.singlesMs, 0)} | ` +
        `${spread(results, (r) => r.archiveMs / r.singlesMs, 2, 'x')} | ${spread(results, (r) => r.growthMiB, 0)} | ` +
        `${results[0]!.measured.bytes} |`,
    );
  } finally {
    await server.app.close();
    await bench.close();
  }
}

await main();
