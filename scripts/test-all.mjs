// `npm test`: every suite: unit, web components and API (PGlite, or PostgreSQL when
// TEST_DATABASE_URL is set), then the browser journeys. Ends with one summary line.
// `--only api` runs the API suite alone (CI runs it again on PostgreSQL this way).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testEnvironment } from './test-environment.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const label = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';
const resultsDir = path.join(root, 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });

const runs = only
  ? [{ name: only, projects: [only] }]
  : [
      // The unit suite turns exported PDFs into pictures with pdftoppm and checks them with qpdf.
      {
        name: 'unit-web-api',
        projects: ['unit', 'web', 'api'],
        before: ['node', ['scripts/ensure-browser-tools.mjs', 'pdftoppm', 'qpdf']],
      },
      { name: 'e2e', projects: ['e2e'], before: ['node', ['scripts/ensure-browser-tools.mjs']] },
    ];

let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;
for (const run of runs) {
  if (run.before) {
    const pre = spawnSync(run.before[0], run.before[1], { cwd: root, stdio: 'inherit' });
    if (pre.status !== 0) {
      exitCode = 1;
      failed += 1;
      console.error(`${run.name}: could not prepare (see above)`);
      continue;
    }
  }
  const report = path.join(resultsDir, `${run.name}-${label}.json`);
  fs.rmSync(report, { force: true });
  // What it ran on, for the validation report (scripts/validation-report.ts).
  fs.writeFileSync(
    report.replace(/\.json$/, '.env.json'),
    JSON.stringify(await testEnvironment(run.projects), null, 2),
  );
  const args = [
    'vitest',
    'run',
    ...run.projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  const started = Date.now();
  const result = spawnSync('npx', args, { cwd: root, stdio: 'inherit' });
  console.log(`${run.name} (${label}): ${((Date.now() - started) / 60_000).toFixed(1)} minutes`);
  if (result.status !== 0) exitCode = 1;
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    skipped += json.numPendingTests + json.numTodoTests;
    if (json.numTotalTests === 0) exitCode = 1;
  } else {
    failed += 1;
  }
}

fs.writeFileSync(
  path.join(resultsDir, `summary-${only ?? 'all'}-${label}.json`),
  JSON.stringify({ passed, failed, skipped }),
);
console.log(`\n${label}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
