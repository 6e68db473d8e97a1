// Time of the organizations CSV export at a given size, through the real app (app.inject, no
// network), on PGlite in a temporary folder: seeding, then EXPORT_RUNS downloads
// (`npx tsx bench/export-time.ts --help`).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import {
  BENCH_PASSWORD,
  BENCH_SUPERADMIN_EMAIL,
  NO_RATE_LIMITS,
  openBenchDatabase,
  positiveInt,
  seed,
} from './seed.js';
import { parseCommandLine } from './cli.js';

const EXPORT_RUNS = 3;

async function main() {
  const values = parseCommandLine(['npx tsx bench/export-time.ts --organizations 100000'], {
    organizations: { type: 'string', default: '100000', value: 'N', description: 'organizations to seed and export' },
  });
  const organizations = positiveInt('organizations', values.organizations);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'qualis-export-bench-'));
  const database = await openBenchDatabase({ dataDir });
  try {
    await migrate(database.raw);
    await seed(database.raw, {
      organizations,
      users: 10,
      membershipsPerUser: 1,
      largeOrganizationUsers: 0,
      largeOrganizationGroups: 0,
    });
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://bench.test',
      ...NO_RATE_LIMITS,
    });
    const app = await buildApp({ config, database, logger: false, signInSlowdownMs: 0 });
    await app.ready();
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      payload: { email: BENCH_SUPERADMIN_EMAIL, password: BENCH_PASSWORD },
    });
    const token = (signIn.json() as { data: { token: { accessToken: string } } }).data.token.accessToken;
    const times: number[] = [];
    for (let i = 0; i <= EXPORT_RUNS; i++) {
      const started = performance.now();
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/export/organizations',
        headers: { authorization: `Bearer ${token}` },
      });
      const ms = performance.now() - started;
      const rows = response.body.split('\n').length - 2;
      if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${response.body}`);
      // The first download warms up the caches and is not counted.
      if (i > 0) times.push(ms);
      console.log(
        `${i === 0 ? 'warm-up' : `run ${i}`}: ${rows} rows, ${response.rawPayload.length} bytes, ${ms.toFixed(0)} ms`,
      );
    }
    times.sort((a, b) => a - b);
    console.log(`median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms for ${organizations} organizations`);
    await app.close();
  } finally {
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
