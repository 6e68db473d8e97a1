// `npm run validation-report`: the suites' JSON results (test-results/*.json, written by
// scripts/test-all.mjs) traced to the requirements catalogue (docs/requirements/), written as
// test-results/validation/report.html and report.pdf, with report.json saying what About shows of
// them (docs/decisions/0034-validation-evidence.md).
// Never fails for what the tests found: CI decides pass or fail from the tests themselves.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { ValidationReportFacts } from '@qualis/contract';
import { buildReport, summary } from './validation/model.js';
import { reportHtml } from './validation/report-html.js';
import { reportPdf } from './validation/report-pdf.js';
import { verdict } from './validation/text.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');
const out = path.join(resultsDir, 'validation');
fs.mkdirSync(out, { recursive: true });

const git = (args: string[]) => {
  const run = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : null;
};
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: string };
const commit = git(['rev-parse', 'HEAD']);
const commitTime = git(['log', '-1', '--format=%cI']);
const dirty = git(['status', '--porcelain', '--untracked-files=no']);

const report = buildReport({
  resultsDir,
  root,
  version: `${pkg.version ?? 'unversioned'}${dirty ? ' (with uncommitted changes)' : ''}`,
  commit,
  commitTime,
});
fs.writeFileSync(path.join(out, 'report.html'), reportHtml(report));
await pipeline(reportPdf(report), fs.createWriteStream(path.join(out, 'report.pdf')));
// What the About page says of the report (GET /api/v1/about), beside it.
const facts: ValidationReportFacts = {
  version: report.version,
  commit: report.commit,
  madeAt: report.generatedAt.toISOString(),
  validated: verdict(report).validated,
  verdict: verdict(report).text,
};
fs.writeFileSync(path.join(out, 'report.json'), `${JSON.stringify(facts, null, 2)}\n`);

const s = summary(report);
console.log(
  `validation report: ${s.total.total} requirements, ${s.total.passed} passed, ${s.total.failed} failed, ${s.total.untested} untested; ` +
    `controls met ${s.controls.passed} of ${s.controls.total}`,
);
console.log(facts.verdict);
console.log(`written to ${path.relative(root, out)}/report.html, report.pdf and report.json`);
