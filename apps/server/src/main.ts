import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ensureSuperAdmin } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WEB_DIST = path.resolve(HERE, '../../web/dist');
/** Beside the web build, not in it (that is served to anyone): scripts/keep-validation-report.mjs. */
const VALIDATION_REPORT = path.resolve(HERE, '../../web/validation');
/** The product's version: the root package.json's, three folders up from src/ or dist/ as well. */
const VERSION = (
  JSON.parse(fs.readFileSync(path.resolve(HERE, '../../../package.json'), 'utf8')) as { version: string }
).version;
/** Written next to the built server by scripts/build-server.mjs; absent when run from source. */
const PGLITE_TEMPLATE = path.join(HERE, 'pglite-template');

async function main() {
  let config;
  try {
    config = { ...loadConfig(), webDir: WEB_DIST, validationReportDir: VALIDATION_REPORT, version: VERSION };
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // V8 optimises PGlite's WebAssembly functions as they get hot, several at once in the background,
  // each compilation holding its own memory: one at a time lowers the embedded start's peak by
  // ~40 MiB, and queries are as fast once they are optimised (docs/performance.md, decision 0045).
  if (!config.databaseUrl) v8.setFlagsFromString('--wasm-num-compilation-tasks=1');
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite'), template: PGLITE_TEMPLATE });
  const app = await buildApp({ config, database });
  await migrate(database.raw, (msg) => app.log.info(msg));
  await ensureSuperAdmin(database.db, config, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Qualis is ready on ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((error) => {
  // A configuration found wrong only at start (REDIS_URL that does not answer) says just that.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
