// Text extraction of organization files for the global search (issue 12: "indexing throughput
// (files per second) of the extraction job"). Uploads files through the real route, then runs the
// queued `extract-file-text` jobs through the real job runner (one process, one worker thread),
// one format at a time, and reports files per second and the time per file; then the same bytes
// read by the worker alone, without the job and the database (`npm run bench:file-texts -- --help`).
import { FileTextReader } from '../apps/server/src/modules/search/file-text-reader.js';
import type { TextFormat } from '../apps/server/src/modules/search/file-text-content.js';
import { multipartFile, PNG_BYTES } from '../apps/server/src/test/multipart.js';
import { docxOf, pdfOf, pptxOf, xlsxOf } from '../apps/server/src/test/office-files.js';
import { parseCommandLine } from './cli.js';
import { DATABASE_URL_OPTION, ms, openInProcessBench, startBenchApp, type BenchApp } from './in-process.js';
import { loadAverage } from './rounds.js';
import { benchUserEmail, nonNegativeInt, seed } from './seed.js';

const VOCABULARY = (
  'calibration procedure supplier audit deviation corrective preventive action risk assessment validation ' +
  'verification batch record equipment maintenance cleaning training competence document control revision ' +
  'approval review change request nonconformity complaint investigation root cause effectiveness check ' +
  'sterilisation packaging labelling traceability lot serial number specification tolerance measurement ' +
  'torque pressure temperature humidity laboratory sample inspection acceptance criteria release quarantine ' +
  'management responsibility quality objective internal external regulatory requirement clause annex'
).split(' ');

/** A deterministic pseudo-random sequence (mulberry32), so every run reads the same files. */
function random(seedValue: number) {
  let state = seedValue >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** About `chars` characters of sentences, different for each `n`. */
function paragraphs(n: number, chars: number): string[] {
  const next = random(n + 1);
  const out: string[] = [];
  let size = 0;
  while (size < chars) {
    const words = Array.from(
      { length: 8 + Math.floor(next() * 8) },
      () => VOCABULARY[Math.floor(next() * VOCABULARY.length)]!,
    );
    const sentence = `${words.join(' ')} ${n}-${out.length}.`;
    out.push(sentence.charAt(0).toUpperCase() + sentence.slice(1));
    size += sentence.length + 1;
  }
  return out;
}

interface FileSet {
  label: string;
  extension: string;
  format: TextFormat | undefined;
  count: number;
  make: (n: number) => Promise<Buffer>;
}

const TEXT_CHARS = 2000;

function fileSets(pdfs: number, docx: number, others: number): FileSet[] {
  return [
    {
      label: `PDF, 1 page, ~${TEXT_CHARS / 1000} KB of text`,
      extension: 'pdf',
      format: 'pdf',
      count: pdfs,
      make: (n) => pdfOf([paragraphs(n, TEXT_CHARS).join(' ')]),
    },
    {
      label: `DOCX, ~${TEXT_CHARS / 1000} KB of text`,
      extension: 'docx',
      format: 'docx',
      count: docx,
      make: (n) => docxOf(paragraphs(n, TEXT_CHARS)),
    },
    {
      label: `XLSX, ~${TEXT_CHARS / 1000} KB of text in 2 sheets`,
      extension: 'xlsx',
      format: 'xlsx',
      count: others,
      make: (n) => {
        const rows = paragraphs(n, TEXT_CHARS).map((sentence, i) => [i + 1, sentence, n * 1000 + i]);
        const half = Math.ceil(rows.length / 2);
        return xlsxOf([
          { name: 'Register', rows: rows.slice(0, half) },
          { name: 'Archive', rows: rows.slice(half) },
        ]);
      },
    },
    {
      label: `PPTX, 5 slides, ~${TEXT_CHARS / 1000} KB of text`,
      extension: 'pptx',
      format: 'pptx',
      count: others,
      make: (n) => {
        const all = paragraphs(n, TEXT_CHARS);
        const per = Math.ceil(all.length / 5);
        return pptxOf(Array.from({ length: 5 }, (_, s) => ({ paragraphs: all.slice(s * per, (s + 1) * per) })));
      },
    },
    {
      label: `TXT, ~${TEXT_CHARS / 1000} KB`,
      extension: 'txt',
      format: 'text',
      count: others,
      make: async (n) => Buffer.from(paragraphs(n, TEXT_CHARS).join('\n')),
    },
    {
      label: 'PNG (unsupported: the job without reading)',
      extension: 'png',
      format: undefined,
      count: others,
      make: async () => PNG_BYTES,
    },
  ];
}

async function upload(server: BenchApp, token: string, organizationId: string, name: string, bytes: Buffer) {
  const body = multipartFile(name, bytes);
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/v1/upload/file?organizationId=${organizationId}`,
    payload: body.payload,
    headers: { authorization: `Bearer ${token}`, ...body.headers },
  });
  if (res.statusCode !== 201) throw new Error(`upload ${name}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
}

/** Runs the queued jobs now, sampling the process's resident memory (the worker thread is in it). */
async function runJobs(server: BenchApp) {
  const mib = () => process.memoryUsage.rss() / 1024 / 1024;
  const before = mib();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, mib())), 20);
  const started = performance.now();
  const ran = await server.app.ctx.jobs.runNow();
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  return { ran, elapsed, rss: `${before.toFixed(0)} → ${Math.max(peak, mib()).toFixed(0)}` };
}

async function main() {
  const values = parseCommandLine(
    [
      'npm run bench:file-texts',
      'npm run bench:file-texts -- --database-url postgres://postgres@127.0.0.1:5432/qualis_file_texts_bench',
    ],
    {
      pdfs: { type: 'string', default: '200', value: 'N', description: 'PDFs of one page' },
      docx: { type: 'string', default: '200', value: 'N', description: 'Word documents' },
      others: {
        type: 'string',
        default: '50',
        value: 'N',
        description: 'files of each other kind (XLSX, PPTX, TXT, PNG)',
      },
      'database-url': DATABASE_URL_OPTION,
    },
  );
  const sets = fileSets(
    nonNegativeInt('pdfs', values.pdfs),
    nonNegativeInt('docx', values.docx),
    nonNegativeInt('others', values.others),
  );
  const bench = await openInProcessBench('file-texts', values['database-url']);
  const { database } = bench;
  // Jobs run only when the bench says so.
  const server = await startBenchApp(database, bench.dataDir, values['database-url'], { jobPollMs: 3_600_000 });
  try {
    await seed(database.raw, {
      organizations: 1,
      users: 1,
      membershipsPerUser: 1,
      largeOrganizationUsers: 0,
      largeOrganizationGroups: 0,
    });
    const [membership] = await database.raw.query<{ organization_id: string }>(
      'SELECT organization_id FROM memberships JOIN users ON users.id = memberships.user_id WHERE users.email = $1',
      [benchUserEmail(1)],
    );
    const organizationId = membership!.organization_id;
    const token = await server.tokenOf(benchUserEmail(1));

    console.log(`Load average before: ${loadAverage()}`);
    // The worker starts with the first file: measured apart from the throughput.
    await upload(server, token, organizationId, 'first.pdf', await pdfOf(paragraphs(0, TEXT_CHARS)));
    const first = await runJobs(server);
    console.log(`First file, the worker's start included: ${ms(first.elapsed)} ms`);

    const rows: string[] = [];
    let totalFiles = 0;
    let totalMs = 0;
    const reader = new FileTextReader();
    for (const set of sets) {
      if (set.count === 0) continue;
      const files: Buffer[] = [];
      for (let n = 0; n < set.count; n++) files.push(await set.make(n));
      const bytes = files.reduce((sum, file) => sum + file.length, 0);
      for (const [n, file] of files.entries()) {
        await upload(server, token, organizationId, `${set.extension}-${n}.${set.extension}`, file);
      }
      const run = await runJobs(server);
      if (run.ran !== set.count) throw new Error(`${set.label}: ${run.ran} jobs ran, ${set.count} expected`);
      const [outcome] = await database.raw.query<{ statuses: string }>(
        `SELECT string_agg(DISTINCT status, ', ') AS statuses FROM file_texts WHERE file_name LIKE $1`,
        [`${set.extension}-%`],
      );
      // The same bytes through the worker alone: what the job adds is the database and the storage.
      let alone = 0;
      if (set.format) {
        const format = set.format;
        await reader.read(format, new Uint8Array(files[0]!));
        const started = performance.now();
        for (const file of files) await reader.read(format, new Uint8Array(file));
        alone = (performance.now() - started) / files.length;
      }
      totalFiles += set.count;
      totalMs += run.elapsed;
      const perSecond = (set.count / run.elapsed) * 1000;
      const row =
        `| ${set.label} | ${set.count} | ${(bytes / set.count / 1024).toFixed(1)} | **${perSecond.toFixed(1)}** | ` +
        `${ms(run.elapsed / set.count)} | ${set.format ? ms(alone) : '–'} | ${outcome!.statuses} | ${run.rss} |`;
      rows.push(row);
      console.log(`  ${set.label}: ${perSecond.toFixed(1)} files/s (load ${loadAverage()})`);
    }
    await reader.close();
    console.log(
      '\n| files | count | KB a file | files / s (job) | ms a file (job) | ms a file (worker alone) | status | RSS MiB (before → peak) |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |');
    for (const row of rows) console.log(row);
    console.log(`\nAll ${totalFiles} files: ${((totalFiles / totalMs) * 1000).toFixed(1)} files/s`);
    console.log(`Load average after: ${loadAverage()} (database: ${database.kind})`);
  } finally {
    await server.app.close();
    await bench.close();
  }
}

await main();
