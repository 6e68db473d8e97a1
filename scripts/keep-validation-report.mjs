// Part of `npm run build`: keeps the latest validation report (test-results/validation/, written by
// `npm run validation-report`) beside the web build, in apps/web/validation/, where the server
// serves it to the SuperAdmin (GET /api/v1/validation-report). Not in apps/web/dist: that folder is
// served to anyone. Without a report the folder is emptied: a build never serves another one's.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const from = path.join(root, 'test-results/validation');
const to = path.join(root, 'apps/web/validation');
const files = ['report.pdf', 'report.html', 'report.json'];

fs.rmSync(to, { recursive: true, force: true });
if (files.every((file) => fs.existsSync(path.join(from, file)))) {
  fs.mkdirSync(to, { recursive: true });
  for (const file of files) fs.copyFileSync(path.join(from, file), path.join(to, file));
  console.log(`validation report kept in ${path.relative(root, to)}/`);
} else {
  console.log('no validation report to keep (npm run validation-report makes one from the test results)');
}
