import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { reportAuditChains } from './modules/organizations/audit-chains.js';

// `npm run audit:verify -- [--organization ID]`: verifies the audit chains (docs/decisions/0025)
// in the database the server is configured with. On PGlite, run it while the server is stopped:
// an embedded database has one user at a time.
async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--organization');
  const organizationId = at >= 0 ? args[at + 1] : undefined;
  if (at >= 0 && !organizationId) {
    console.error('usage: npm run audit:verify -- [--organization ID]');
    process.exit(2);
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const dataDir = path.join(config.dataDir, 'pglite');
  if (!config.databaseUrl && !existsSync(dataDir)) {
    console.error(`no database at ${dataDir} (set DATA_DIR or DATABASE_URL as for the server)`);
    process.exit(2);
  }
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, maxConnections: 1 })
    : await openDatabase({ kind: 'pglite', dataDir });
  try {
    const { ok, lines } = await reportAuditChains(database.db, organizationId);
    for (const line of lines) console.log(line);
    process.exitCode = ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

await main();
