import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const RESULTS_DIR = path.join(ROOT, 'test-results', 'e2e');

/** The provider's account every journey server starts with. */
export const SUPERADMIN = { email: 'superadmin@e2e.qualis.test', password: 'SuperAdmin1234' } as const;

export interface RunningServer {
  /** http://127.0.0.1:<port>, also the server's PUBLIC_URL. */
  url: string;
  logFile: string;
  stop(): Promise<void>;
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
 * Starts the real server as `npm start` does (apps/server/dist/main.js, built once per run by
 * e2e/support/global-setup.ts) in its own process, on a free port, with a fresh embedded database
 * in a temporary DATA_DIR, and waits until it answers /api/v1/health. Its output goes to
 * test-results/e2e/<name>.log.
 */
export async function startServer(
  options: { smtpUrl?: string; env?: Record<string, string>; name?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qualis-e2e-'));
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const logFile = path.join(RESULTS_DIR, `${options.name ?? 'server'}.log`);
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
      DATABASE_URL: '',
      SMTP_URL: options.smtpUrl ?? '',
      SUPERADMIN_EMAIL: SUPERADMIN.email,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
      LOG_LEVEL: 'info',
      // The journeys may move the server's clock (POST /api/test/clock, decision 0032).
      QUALIS_TEST_CONTROLS: '1',
      ...options.env,
    },
  });
  fs.closeSync(log);
  // Never leave a server behind, even when the test process ends abruptly.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = once(child, 'exit');

  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timeout = sleep(10_000).then(() => 'timeout' as const);
      if ((await Promise.race([exited, timeout])) === 'timeout') {
        child.kill('SIGKILL');
        await exited;
      }
    }
    await fs.promises.rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
      throw new Error(`the server exited before it was ready (log: ${logFile}):\n${tail}`);
    }
    const healthy = await fetch(`${url}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { url, logFile, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not become healthy within 60 s (log: ${logFile})`);
    }
    await sleep(200);
  }
}

/** Calls the server's API directly (test set-up beside the browser); a failure throws with the answer. */
export async function callApi<T>(
  server: Pick<RunningServer, 'url'>,
  method: string,
  urlPath: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${server.url}/api/v1${urlPath}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${urlPath} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}
