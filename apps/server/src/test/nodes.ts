import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const LOG_DIR = path.join(ROOT, 'test-results', 'nodes');

/** One server process of a deployment, as `npm start` runs it (apps/server/dist/main.js). */
export interface Node {
  name: string;
  /** http://127.0.0.1:<port>, also its PUBLIC_URL. */
  url: string;
  logFile: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs`; removes its DATA_DIR. Answers the exit code. */
  stop(graceMs?: number): Promise<number | null>;
}

/** Builds the server as `npm start` runs it (the script skips what is up to date). */
export function buildServer() {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'ignore' });
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

/**
 * Starts a server process on a free port with its own DATA_DIR (nothing on disk shared with the
 * other nodes) and the given environment, and waits until /api/v1/health answers. Its output goes
 * to <logDir>/<name>.log (test-results/nodes by default). A process still running when the test
 * process ends is killed. The browser journeys start theirs with it too (e2e/support/server.ts).
 */
export async function startNode(
  name: string,
  env: Record<string, string>,
  options: { logDir?: string; readyWithinMs?: number } = {},
): Promise<Node> {
  const { logDir = LOG_DIR, readyWithinMs = 45_000 } = options;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `qualis-${name}-`));
  fs.mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${name}.log`);
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  fs.closeSync(log);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = once(child, 'exit').then(([code]) => code as number | null);

  const stop = async (graceMs = 12_000) => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const late = sleep(graceMs).then(() => 'late' as const);
      if ((await Promise.race([exited, late])) === 'late') child.kill('SIGKILL');
    }
    const code = await exited;
    await fs.promises.rm(dataDir, { recursive: true, force: true });
    return code;
  };

  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
      throw new Error(`${name} exited before it was ready (log: ${logFile}):\n${tail}`);
    }
    const healthy = await fetch(`${url}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { name, url, logFile, child, exited, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} did not become healthy within ${readyWithinMs / 1000} s (log: ${logFile})`);
    }
    await sleep(150);
  }
}

/** A request to a node's API as a client sends it: the bearer token, and the body as JSON. */
export function fetchApi(node: Pick<Node, 'url'>, method: string, path: string, token?: string, body?: unknown) {
  return fetch(`${node.url}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A JSON call from another client address of the loopback (127.0.0.0/8): its own rate-limit counts. */
export function postFrom(localAddress: string, url: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The events of a server-sent event stream as they arrive, and a way to close it. */
export async function openEventStream(url: string, token: string) {
  const aborter = new AbortController();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: aborter.signal });
  if (response.status !== 200) throw new Error(`the stream answered ${response.status}: ${await response.text()}`);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  const next = async (): Promise<{ event: string; data: unknown }> => {
    for (;;) {
      const end = buffered.indexOf('\n\n');
      if (end >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        // Comments (heartbeats) carry neither.
        if (event && data !== undefined) return { event, data: JSON.parse(data) as unknown };
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffered += value;
    }
  };
  return { next, close: () => aborter.abort() };
}
