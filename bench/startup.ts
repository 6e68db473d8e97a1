// Start-up time and memory of the real server with the embedded database: the time from spawning
// the process until /api/v1/health answers, and its resident memory then and at its peak.
//   npm run bench:startup                    (built server, 3 cold starts then 3 warm starts)
//   npm run bench:startup -- --runs 5 --command "node --import tsx apps/server/src/main.ts"
// A cold start uses a fresh DATA_DIR (the database is created, migrated and the SuperAdmin made);
// a warm start reuses the DATA_DIR of the first cold start. See docs/performance.md.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HELP = `Usage: npm run bench:startup -- [options]

  --runs <n>         cold starts and warm starts each (default 3)
  --command <cmd>    how the server is started (default "node apps/server/dist/main.js",
                     built first by scripts/build-server.mjs)
  --help             this text`;

interface Sample {
  ms: number;
  /** CPU time the process used until then (user + system): less sensitive to a busy machine. */
  cpuMs: number;
  rssMiB: number;
  peakMiB: number;
}

async function freePort(): Promise<number> {
  const probe = net.createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

function cpuMs(pid: number): number {
  // Fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses: clock ticks.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function memoryMiB(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

async function startOnce(command: string[], dataDir: string): Promise<Sample> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  });
  const exited = once(child, 'exit');
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const healthy = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) {
        const ms = performance.now() - started;
        const { rss, peak } = memoryMiB(child.pid!);
        return { ms, cpuMs: cpuMs(child.pid!), rssMiB: rss, peakMiB: peak };
      }
      await sleep(10);
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

function summary(label: string, samples: Sample[]) {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const line = (name: string, pick: (s: Sample) => number, unit: string) =>
    `${name} ${median(samples.map(pick)).toFixed(0)} ${unit} (${samples.map((s) => pick(s).toFixed(0)).join(', ')})`;
  console.log(
    `${label}: ${line('to healthy', (s) => s.ms, 'ms')}; ${line('CPU', (s) => s.cpuMs, 'ms')}; ` +
      `${line('RSS', (s) => s.rssMiB, 'MiB')}; ${line('peak RSS', (s) => s.peakMiB, 'MiB')}`,
  );
}

async function main() {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '3' }, command: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number of 1 or more');
  if (!values.command) {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const command = (values.command ?? `${process.execPath} apps/server/dist/main.js`).split(/\s+/);
  console.log(`command: ${command.join(' ')}`);

  const dirs: string[] = [];
  const freshDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qualis-startup-'));
    dirs.push(dir);
    return dir;
  };
  try {
    const cold: Sample[] = [];
    for (let i = 0; i < runs; i++) cold.push(await startOnce(command, freshDir()));
    summary('cold (fresh DATA_DIR)', cold);
    const warm: Sample[] = [];
    for (let i = 0; i < runs; i++) warm.push(await startOnce(command, dirs[0]!));
    summary('warm (existing DATA_DIR)', warm);
  } finally {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
