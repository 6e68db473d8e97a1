// The slowest test files of each suite run (from the JSON results in test-results/), printed at the
// end of `.ci/run` so the suite-time goals of docs/performance.md can be followed run by run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');
const count = Number(process.argv[2] ?? 8);
const runs = fs.existsSync(resultsDir)
  ? fs.readdirSync(resultsDir).filter((name) => /^(unit-web-api|e2e|api)-(pglite|postgresql)\.json$/.test(name))
  : [];
for (const name of runs.sort()) {
  const report = JSON.parse(fs.readFileSync(path.join(resultsDir, name), 'utf8'));
  const files = report.testResults
    .map((file) => ({ file: path.relative(root, file.name), seconds: (file.endTime - file.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds);
  const total = files.reduce((sum, file) => sum + file.seconds, 0);
  console.log(`${name}: ${files.length} files, ${total.toFixed(0)} s summed over the workers; slowest:`);
  for (const { file, seconds } of files.slice(0, count)) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
}
