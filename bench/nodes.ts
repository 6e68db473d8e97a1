// Several nodes against one (issue 27): throughput of uploads and downloads of 1 MB files and of
// the documents list, with local files on one node, S3 files on one node and S3 files on three
// nodes, all on this machine and one PostgreSQL database per storage (`npm run bench:nodes -- --help`).
// The built servers run as `npm start` runs them (startNode of the three-node test), the bucket is
// s3rver in a process of its own (bench/s3-server-process.ts); this process seeds the databases and
// is the client: autocannon, its connections spread over the nodes in turn. See docs/performance.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { withDatabase } from '../apps/server/src/test/global-setup.js';
import { buildServer, fetchApi, startNode, type Node } from '../apps/server/src/test/nodes.js';
import { ROUNDS_OPTION, parseCommandLine } from './cli.js';
import { seedDocuments } from './documents-seed.js';
import { inRounds, median, roundsNote, spread, type Round } from './rounds.js';
import { BENCH_PASSWORD, NO_RATE_LIMITS, openBenchDatabase, positiveInt } from './seed.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOG_DIR = path.join(ROOT, 'test-results', 'bench-nodes');
const FILE_BYTES = 1024 * 1024;
const WARM_UP_SECONDS = 1;
/** Linux counts a process's CPU time in ticks of 1/100 s (/proc/<pid>/stat). */
const TICKS_PER_SECOND = 100;

/** One storage's deployment: its database, its nodes, the Admin's token and what the cases read. */
interface Deployment {
  database: Database;
  nodes: Node[];
  token: string;
  organizationId: string;
  downloadPath: string;
}

/** A measured setup: the nodes the client spreads its connections over. */
interface Setup {
  label: string;
  deployment: Deployment;
  nodes: Node[];
}

type Workload = 'upload' | 'download' | 'list';
const WORKLOADS: Workload[] = ['upload', 'download', 'list'];

/** A run's throughput and, per second of it, the CPU seconds (2 = both cores) of the setup's nodes, the bucket and this client. */
interface Run {
  requestsPerSecond: number;
  cores: { nodes: number; bucket: number; client: number };
}
type RoundResult = Record<Workload, Record<string, Run>>;

/**
 * A 1 MB PNG as a scan or photo would be: the signature, a 1×1 header and one IDAT chunk of random
 * bytes. Its format is sniffed at upload; its text job ends at once (no text in an image), so the
 * uploads measure the transfer and not the text extraction.
 */
function imageOfOneMegabyte(): Buffer {
  const header = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de', 'hex');
  const dataLength = FILE_BYTES - header.length - 12;
  const chunkHead = Buffer.alloc(8);
  chunkHead.writeUInt32BE(dataLength, 0);
  chunkHead.write('IDAT', 4);
  return Buffer.concat([header, chunkHead, randomBytes(dataLength), Buffer.alloc(4)]);
}

function multipartOf(file: Buffer) {
  const boundary = `qualis-bench-${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function adminQuery(postgresUrl: string, text: string) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const databaseNameOf = (prefix: string, storage: string) => `${prefix}_${process.pid}_${storage}`;

/** s3rver in a child process, and the servers' S3_* environment for its bucket. */
async function startBucket(): Promise<{ child: ChildProcess; env: Record<string, string> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/s3-server-process.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(readline.createInterface({ input: child.stdout! }), 'line')) as [string];
  return { child, env: JSON.parse(line) as Record<string, string> };
}

async function call(node: Node, method: string, url: string, token: string | undefined, body?: unknown) {
  const response = await fetchApi(node, method, url, token, body);
  if (response.status >= 300) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

/** A database of `documents` seeded documents, `count` nodes on it, and a document whose file is the 1 MB image. */
async function startDeployment(
  storage: string,
  options: { postgresUrl: string; prefix: string; count: number; documents: number; env: Record<string, string> },
  image: Buffer,
): Promise<Deployment> {
  const databaseName = databaseNameOf(options.prefix, storage);
  await adminQuery(options.postgresUrl, `CREATE DATABASE ${databaseName}`);
  const databaseUrl = withDatabase(options.postgresUrl, databaseName);
  const database = await openBenchDatabase({ databaseUrl });
  await migrate(database.raw);
  const fixture = await seedDocuments(database, options.documents);
  const env = {
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    SUPERADMIN_EMAIL: '',
    SUPERADMIN_PASSWORD: '',
    ...NO_RATE_LIMITS,
    ...options.env,
  };
  const started = await Promise.allSettled(
    Array.from({ length: options.count }, (_, i) => startNode(`${storage}-${i + 1}`, env, { logDir: LOG_DIR })),
  );
  const nodes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.allSettled(nodes.map((node) => node.stop()));
    throw failed.reason;
  }
  const node = nodes[0]!;
  const session = await call(node, 'POST', '/sessions', undefined, {
    email: fixture.admin.email,
    password: BENCH_PASSWORD,
  });
  const token = (session as { token: { accessToken: string } }).token.accessToken;
  const organizationId = fixture.organizationId;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'scan.png');
  const uploaded = await fetch(`${node.url}/api/v1/upload/file?organizationId=${organizationId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const fileId = ((await uploaded.json()) as { data: { id: string } }).data.id;
  const [type] = await database.raw.query<{ id: string }>(
    'SELECT id FROM document_types WHERE organization_id = $1 ORDER BY id LIMIT 1',
    [organizationId],
  );
  const document = await call(node, 'POST', '/documents', token, {
    organizationId,
    typeId: type!.id,
    submitterId: fixture.admin.id,
    name: 'Scanned procedure',
    revision: 1,
    revisionDescription: 'First issue',
    typeDescription: null,
    fileId,
    extraFileIds: [],
    tagIds: [],
  });
  const downloadPath = `/api/v1/documents/${String(document.id)}/file/${fileId}/content?organizationId=${organizationId}&revision=1`;
  return { database, nodes, token, organizationId, downloadPath };
}

/** The CPU time a process has used, in seconds (Linux /proc; 0 elsewhere). */
function cpuSecondsOf(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Waits until the deployment's background jobs (the uploads' text jobs) are done, so the next case runs alone. */
async function drainJobs(deployment: Deployment) {
  for (let waited = 0; waited < 30_000; waited += 200) {
    const [row] = await deployment.database.raw.query<{ open: number }>(
      "SELECT count(*)::int AS open FROM jobs WHERE status IN ('pending', 'running')",
    );
    if (row!.open === 0) return;
    await sleep(200);
  }
  console.warn('  (jobs still open after 30 s)');
}

async function measure(
  setup: Setup,
  workload: Workload,
  upload: { body: Buffer; contentType: string },
  load: { connections: number; seconds: number },
  bucketPid: number | undefined,
): Promise<Run> {
  const { deployment } = setup;
  const request =
    workload === 'upload'
      ? {
          method: 'POST' as const,
          path: `/api/v1/upload/file?organizationId=${deployment.organizationId}`,
          headers: { 'content-type': upload.contentType },
          body: upload.body,
        }
      : {
          method: 'GET' as const,
          path:
            workload === 'download'
              ? deployment.downloadPath
              : `/api/v1/documents?organizationId=${deployment.organizationId}&limit=25`,
          headers: {},
        };
  const nodesCpu = () => setup.nodes.reduce((sum, node) => sum + cpuSecondsOf(node.child.pid), 0);
  const clientCpu = () => cpuSecondsOf(process.pid);
  const before = { nodes: nodesCpu(), bucket: cpuSecondsOf(bucketPid), client: clientCpu() };
  const result = await autocannon({
    // Autocannon takes several URLs and gives connection i the URL i mod n (its types say one).
    url: setup.nodes.map((node) => `${node.url}${request.path}`) as unknown as string,
    connections: load.connections,
    duration: load.seconds,
    method: request.method,
    headers: { ...request.headers, authorization: `Bearer ${deployment.token}` },
    ...('body' in request ? { body: request.body } : {}),
  });
  const cores = (used: number, from: number) => (used - from) / result.duration;
  const used = {
    nodes: cores(nodesCpu(), before.nodes),
    bucket: cores(cpuSecondsOf(bucketPid), before.bucket),
    client: cores(clientCpu(), before.client),
  };
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${workload} on ${setup.label}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  if (workload === 'upload') await drainJobs(deployment);
  return { requestsPerSecond: result.requests.total / result.duration, cores: used };
}

function report(rounds: Round<RoundResult>[], setups: Setup[], load: { connections: number; seconds: number }) {
  const [local, s3One, s3Three] = setups.map((s) => s.label) as [string, string, string];
  console.log(
    `\nThroughput, requests/s at ${load.connections} connections for ${load.seconds} s (${roundsNote(rounds)})\n`,
  );
  console.log(`| workload | ${setups.map((s) => s.label).join(' | ')} | S3 / local (1 node) | 3 nodes / 1 node (S3) |`);
  console.log(`|---|${setups.map(() => '---:|').join('')}---:|---:|`);
  for (const workload of WORKLOADS) {
    const of = (label: string) => (m: RoundResult) => m[workload][label]!.requestsPerSecond;
    const cells = setups.map((s) => spread(rounds, of(s.label), 1));
    const ratio = (a: string, b: string) => spread(rounds, (m) => of(a)(m) / of(b)(m), 2);
    console.log(`| ${workload} | ${cells.join(' | ')} | ${ratio(s3One, local)} | ${ratio(s3Three, s3One)} |`);
  }
  console.log('\nCPU per second of the run (cores; medians): the nodes, the bucket (s3rver), the client\n');
  console.log(`| workload | ${setups.map((s) => s.label).join(' | ')} |`);
  console.log(`|---|${setups.map(() => '---:|').join('')}`);
  for (const workload of WORKLOADS) {
    const cells = setups.map((s) => {
      const of = (part: keyof Run['cores']) =>
        median(rounds.map((r) => r.measured[workload][s.label]!.cores[part])).toFixed(2);
      return `${of('nodes')} / ${of('bucket')} / ${of('client')}`;
    });
    console.log(`| ${workload} | ${cells.join(' | ')} |`);
  }
}

async function main() {
  const values = parseCommandLine(['npm run bench:nodes -- --rounds 3'], {
    'postgres-url': {
      type: 'string',
      default: 'postgres://postgres@127.0.0.1:5432/postgres',
      value: 'URL',
      description: 'a PostgreSQL server where the bench may create (and drops) its two databases',
    },
    'database-prefix': {
      type: 'string',
      default: 'qualis_nodes_bench',
      value: 'NAME',
      description: 'the start of the two databases’ names (<prefix>_<pid>_local, <prefix>_<pid>_s3)',
    },
    rounds: ROUNDS_OPTION,
    connections: {
      type: 'string',
      default: '12',
      value: 'N',
      description: 'concurrent connections of the client (a multiple of 3 spreads them evenly)',
    },
    seconds: { type: 'string', default: '3', value: 'N', description: 'seconds of each measured run' },
    documents: {
      type: 'string',
      default: '2000',
      value: 'N',
      description: 'documents of the organization (the list reads 25 of them)',
    },
  });
  const rounds = positiveInt('rounds', values.rounds);
  const load = {
    connections: positiveInt('connections', values.connections),
    seconds: positiveInt('seconds', values.seconds),
  };
  const base = {
    postgresUrl: values['postgres-url']!,
    prefix: values['database-prefix']!,
    documents: positiveInt('documents', values.documents),
  };
  const image = imageOfOneMegabyte();
  const upload = multipartOf(image);
  buildServer();
  const bucket = await startBucket();
  const deployments: Deployment[] = [];
  try {
    deployments.push(
      await startDeployment('local', { ...base, count: 1, env: { FILE_STORAGE: 'local' } }, image),
      await startDeployment('s3', { ...base, count: 3, env: bucket.env }, image),
    );
    const [local, s3] = deployments as [Deployment, Deployment];
    const setups: Setup[] = [
      { label: 'local, 1 node', deployment: local, nodes: local.nodes },
      { label: 'S3, 1 node', deployment: s3, nodes: s3.nodes.slice(0, 1) },
      { label: 'S3, 3 nodes', deployment: s3, nodes: s3.nodes },
    ];
    console.log(`Warm-up: every case for ${WARM_UP_SECONDS} s`);
    for (const workload of WORKLOADS)
      for (const setup of setups)
        await measure(setup, workload, upload, { ...load, seconds: WARM_UP_SECONDS }, bucket.child.pid);
    const measured = await inRounds(rounds, async (round) => {
      const result = {} as RoundResult;
      for (const workload of WORKLOADS) {
        result[workload] = {};
        // The setups take turns in going first, so a busier moment falls on each alike.
        for (let i = 0; i < setups.length; i++) {
          const setup = setups[(round + i) % setups.length]!;
          result[workload][setup.label] = await measure(setup, workload, upload, load, bucket.child.pid);
        }
      }
      return result;
    });
    report(measured, setups, load);
  } finally {
    for (const deployment of deployments) {
      await Promise.allSettled(deployment.nodes.map((node) => node.stop()));
      await deployment.database.close();
    }
    for (const storage of ['local', 's3'])
      await adminQuery(
        base.postgresUrl,
        `DROP DATABASE IF EXISTS ${databaseNameOf(base.prefix, storage)} WITH (FORCE)`,
      );
    bucket.child.kill('SIGTERM');
    await once(bucket.child, 'exit');
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
