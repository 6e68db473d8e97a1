import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listEndpoints } from '@qualis/contract';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import type { Database } from './db/client.js';

/** `/user-groups/{id}` and `/user-groups/:groupId` are the same route. */
const shape = (method: string, url: string) =>
  `${method.toUpperCase()} ${url.replace(/\{\w+\}|:\w+/g, '{}').replace(/\/$/, '')}`;

describe('the contract endpoint table', () => {
  it('names only routes the server has', async () => {
    // Routes register without touching the database; the app is built, never started.
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'qualis-contract-check'), LOG_LEVEL: 'silent' }),
      database: { db: {}, listen: async () => async () => undefined } as unknown as Database,
      logger: false,
    });
    const routes = new Set(app.routeCatalogue.map((r) => shape(r.method, r.url.replace(/^\/api\/v1/, ''))));
    const endpoints = listEndpoints();
    expect(endpoints.length).toBeGreaterThan(40);
    const missing = endpoints.map((e) => shape(e.method, e.path)).filter((e) => !routes.has(e));
    expect(missing).toEqual([]);
  });
});
