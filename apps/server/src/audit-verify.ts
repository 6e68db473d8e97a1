import { configOrExit, openConfiguredDatabase } from './command-line.js';
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
  const database = await openConfiguredDatabase(configOrExit());
  try {
    const { ok, lines } = await reportAuditChains(database.db, organizationId);
    for (const line of lines) console.log(line);
    process.exitCode = ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

await main();
