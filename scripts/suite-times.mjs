// The slowest test files of each suite run (from the JSON results in test-results/), printed at the
// end of `.ci/run` so the suite-time goals of docs/performance.md can be followed run by run.
// `--write-durations` also records every file's seconds of the PGlite runs in
// scripts/test-durations.json, which orders the files longest first (scripts/test-sequencer.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');
const durationsFile = path.join(root, 'scripts/test-durations.json');
const writeDurations = process.argv.includes('--write-durations');
const count = Number(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 8);
const durations =
  writeDurations && fs.existsSync(durationsFile) ? JSON.parse(fs.readFileSync(durationsFile, 'utf8')) : {};
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
  if (name.endsWith('-pglite.json'))
    for (const { file, seconds } of files) durations[file] = Number(seconds.toFixed(1));
}
if (writeDurations) {
  const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
  fs.writeFileSync(durationsFile, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`${path.relative(root, durationsFile)}: ${Object.keys(sorted).length} files`);
}
