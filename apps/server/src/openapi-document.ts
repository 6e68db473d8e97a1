import type { OpenAPIV3 } from 'openapi-types';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import type { Database } from './db/client.js';

/** Building the app opens no connection; a read of this database means a route did work at start-up. */
const unused = new Proxy(
  {},
  {
    get: (_target, key) => {
      throw new Error(`the OpenAPI document is built without a database (something read ${String(key)})`);
    },
  },
);
const NO_DATABASE = {
  kind: 'pglite',
  db: unused,
  raw: unused,
  // Nothing changes without a database: no session change to hear of.
  listen: async () => async () => {},
  close: async () => {},
} as unknown as Database;

/** The app as the server builds it, ready, with no database behind it: its routes and document only. */
export async function buildAppWithoutDatabase() {
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database: NO_DATABASE, logger: false });
  await app.ready();
  return app;
}

/**
 * The OpenAPI document the server serves at /api/docs/json, built without a database and
 * without listening (the lint in CI, `npm run lint:api`).
 */
export async function renderOpenApiDocument(): Promise<OpenAPIV3.Document> {
  const app = await buildAppWithoutDatabase();
  try {
    return app.swagger() as OpenAPIV3.Document;
  } finally {
    await app.close();
  }
}
