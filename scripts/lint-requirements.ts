// Lints the requirement ids the tests name (docs/decisions/0034-validation-evidence.md): exits 1
// when a test file names an id the catalogue (docs/requirements/) does not have; prints, without
// failing, the requirements no test names.
//   npm run lint:requirements
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { controls, requirements } from '../docs/requirements/index.js';
import { coverage } from '../docs/requirements/tags.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEST_FILE = /\.test\.tsx?$/;
const SKIPPED = new Set(['node_modules', 'dist', 'test-results']);

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : testFiles(file);
    return TEST_FILE.test(entry.name) ? [file] : [];
  });
}

const files = ['apps', 'packages', 'e2e'].flatMap(testFiles).map((file) => ({
  path: file,
  text: fs.readFileSync(path.join(root, file), 'utf8'),
}));
const { unknown, untested } = coverage(files, requirements, controls);
console.log(
  `requirements: ${requirements.length}, named by a test: ${requirements.length - untested.length}, untested: ${untested.length}`,
);
for (const r of untested) console.log(`  untested (${r.risk}): ${r.id} ${r.text}`);
if (unknown.length > 0) {
  console.error(unknown.join('\n'));
  process.exit(1);
}
