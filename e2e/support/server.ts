import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNode } from '../../apps/server/src/test/nodes.js';

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

/**
 * Starts the real server as `npm start` does (apps/server/dist/main.js, built once per run by
 * e2e/support/global-setup.ts) in its own process, on a free port, with a fresh embedded database
 * in a temporary DATA_DIR, and waits until it answers /api/v1/health. Its output goes to
 * test-results/e2e/<name>.log.
 */
export async function startServer(
  options: { smtpUrl?: string; env?: Record<string, string>; name?: string } = {},
): Promise<RunningServer> {
  const node = await startNode(
    options.name ?? 'server',
    {
      DATABASE_URL: '',
      SMTP_URL: options.smtpUrl ?? '',
      SUPERADMIN_EMAIL: SUPERADMIN.email,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
      // The journeys may move the server's clock (POST /api/test/clock, decision 0032).
      QUALIS_TEST_CONTROLS: '1',
      ...options.env,
    },
    { logDir: RESULTS_DIR, readyWithinMs: 60_000 },
  );
  return {
    url: node.url,
    logFile: node.logFile,
    stop: async () => {
      await node.stop(10_000);
    },
  };
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
