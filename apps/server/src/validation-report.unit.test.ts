import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { req } from '../../../docs/requirements/req.js';
import { buildReport, summary, type Report, type TracedRequirement } from '../../../scripts/validation/model.js';
import { reportHtml } from '../../../scripts/validation/report-html.js';
import { reportPdf } from '../../../scripts/validation/report-pdf.js';
import { runRows, systemLines, verdict } from '../../../scripts/validation/text.js';

// `npm run validation-report` (decision 0034) from made-up suite results: what it traces, in which
// order, what it calls validated, and that its PDF holds it.

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
let dir: string;
let report: Report;

const suite = (file: string, tests: [string, string][]) => ({
  name: path.join(root, file),
  status: tests.some(([, status]) => status === 'failed') ? 'failed' : 'passed',
  assertionResults: tests.map(([fullName, status]) => ({ fullName, status })),
});
const tag = (...ids: string[]) => ids.map((id) => `[${id}]`).join(' ');

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qualis-report-'));
  const write = (name: string, value: unknown) => fs.writeFileSync(path.join(dir, name), JSON.stringify(value));
  write('unit-web-api-pglite.json', {
    testResults: [
      suite('apps/server/src/a.test.ts', [
        [`signs in ${tag('AUTH-001')}`, 'passed'],
        [`audits ${tag('AUD-001', 'AUD-002')}`, 'failed'],
        [`pages ${tag('UI-006')}`, 'skipped'],
      ]),
    ],
  });
  write('unit-web-api-pglite.env.json', {
    node: 'v20.0.0',
    database: { engine: 'PGlite', version: '0.5 (PostgreSQL 18)' },
    browser: null,
    os: 'Linux',
    commit: 'abc',
    startedAt: '2026-01-01T00:00:00Z',
  });
  write('api-postgresql.json', {
    testResults: [suite('apps/server/src/a.test.ts', [[`signs in ${tag('AUTH-001')}`, 'passed']])],
  });
  // The browser run began (its environment is there) but wrote no results.
  write('e2e-pglite.env.json', {
    node: 'v20.0.0',
    database: { engine: 'PGlite', version: '0.5 (PostgreSQL 18)' },
    browser: 'Chromium 150',
    os: 'Linux',
    commit: 'abc',
    startedAt: '2026-01-01T00:01:00Z',
  });
  report = buildReport({
    resultsDir: dir,
    root,
    version: '9.9.9',
    commit: 'abc',
    commitTime: '2025-12-31T23:00:00+01:00',
  });
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const traced = (id: string) => report.traced.find((t) => t.requirement.id === id)!;

describe(`the validation report ${req('VAL-001')}`, () => {
  it('traces each requirement to its tests, per run: failed first, then untested, then passed', () => {
    expect(traced('AUTH-001')).toMatchObject({
      result: 'passed',
      cells: { PGlite: 'passed', PostgreSQL: 'passed', Browser: 'not run' },
    });
    expect(traced('AUTH-001').tests).toHaveLength(1);
    expect(traced('AUD-001')).toMatchObject({ result: 'failed', cells: { PGlite: 'failed', PostgreSQL: 'none' } });
    expect(traced('UI-006').result).toBe('untested');
    const order = report.traced.map((t) => t.result);
    expect(order.indexOf('failed')).toBeLessThan(order.indexOf('untested'));
    expect(order.lastIndexOf('untested')).toBeLessThan(order.indexOf('passed'));
  });

  it('meets a control only when every requirement it lists passed', () => {
    // 21 CFR 11.10(e) lists AUD-001 (failed) among others.
    expect(traced('P11-11.10e').result).toBe('failed');
    expect(traced('P11-11.10d').result).toBe('untested');
  });

  it("says 'not validated' while a high-risk requirement has no passing test, and counts by risk", () => {
    expect(report.blocking.map((t) => t.requirement.id)).toContain('AUD-001');
    expect(report.blocking.map((t) => t.requirement.id)).not.toContain('AUTH-001');
    const s = summary(report);
    expect(s.total.passed).toBe(1);
    expect(s.total.failed).toBe(2);
    expect(s.byRisk.find((r) => r.risk === 'high')!.passed).toBe(1);
    expect(reportHtml(report)).toContain('Not validated');
  });

  it('names on its first page why it is not validated: requirements, controls and runs without results apart', () => {
    const { validated, reasons } = verdict(report);
    expect(validated).toBe(false);
    expect(reasons[0]).toMatch(
      /^\d+ high-risk requirements without a passing test \(AUD-001, .*listed first in the trace matrix$/,
    );
    expect(reasons[0]).not.toContain('P11-');
    // None is met: their results are those of the requirements they list. The failed come first.
    expect(reasons[1]).toMatch(
      /^22 Part 11 or Annex 11 controls not met by passing tests \(P11-11\.10c, P11-11\.10e, .* and 12 more\), listed first in the control table$/,
    );
    expect(reasons[2]).toBe(
      'no results of the Browser run (browser journeys on PGlite): this report is no evidence of it',
    );
    const tests = runRows(report).find(([label]) => label === 'Tests')!;
    expect(tests).toEqual([
      'Tests',
      '1 passed, 1 failed, 1 skipped',
      'no results: the run began but wrote none',
      '1 passed, 0 failed, 0 skipped',
    ]);
    expect(systemLines(report)).toContainEqual(['Commit time', '2025-12-31 22:00:00 UTC']);
  });

  it('is validated only when every high-risk requirement and control passed, in every run', () => {
    const passing = (list: TracedRequirement[]) => list.map((t) => ({ ...t, result: 'passed' as const }));
    const all = { ...report, traced: passing(report.traced), blocking: [] };
    const runs = all.runs.map((run) => ({ ...run, present: true }));
    expect(verdict({ ...all, runs })).toEqual({
      validated: true,
      reasons: [],
      text: 'Validated: every high-risk requirement and every Part 11 and Annex 11 control passed, in every run.',
    });
    expect(verdict(all)).toMatchObject({
      validated: false,
      reasons: [expect.stringMatching(/^no results of the Browser run/)],
    });
    // Results of another commit than the report's are no evidence of it.
    expect(verdict({ ...all, runs, commit: 'def' })).toMatchObject({
      validated: false,
      reasons: ['the results of the PGlite run and the Browser run are of another commit (abc) than the report’s'],
    });
  });

  it('prints the verdict, the runs and the trace in the PDF', async () => {
    const file = path.join(dir, 'report.pdf');
    await pipeline(reportPdf(report), fs.createWriteStream(file));
    const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).stdout;
    expect(text).toContain('NOT VALIDATED');
    expect(text).toContain('• no results of the Browser run');
    expect(text).toContain('PGlite 0.5 (PostgreSQL 18)');
    expect(text).toMatch(/AUD-001 +Every change of a record/);
    expect(text).toContain('Part 11 and Annex 11 controls');
  }, 60_000);
});
