import type { CellResult, Report, Run, TracedRequirement } from './model.js';
import { summary } from './model.js';

/** What the HTML and the PDF both print, worded once. */
export const TITLE = 'Qualis validation report';
export const ABOUT =
  'Made by every build from the results of its automated test suites: each requirement of the catalogue (docs/requirements/) and each Part 11 and Annex 11 control is traced to the tests that name it, with their result in each run. A requirement passes when a test of it passed and none failed; a control, when every requirement it lists passed.';

/** Up to 10 ids, then how many more. */
const named = (ids: string[]) =>
  ids.length <= 10 ? ids.join(', ') : `${ids.slice(0, 10).join(', ')} and ${ids.length - 10} more`;

const counted = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/**
 * Validated when every high-risk requirement and control passed and every run has results of the
 * report's commit: a run without them (PostgreSQL not run, say) is no evidence for what it would
 * have tested, nor are results of another commit.
 */
export function verdict(report: Report) {
  const ids = (controls: boolean) =>
    report.blocking.filter((t) => Boolean(t.control) === controls).map((t) => t.requirement.id);
  const requirements = ids(false);
  const controls = ids(true);
  const missing = report.runs.filter((run) => !run.present);
  const reasons: string[] = [];
  if (requirements.length > 0) {
    reasons.push(
      `${counted(requirements.length, 'high-risk requirement')} without a passing test (${named(requirements)}), listed first in the trace matrix`,
    );
  }
  if (controls.length > 0) {
    reasons.push(
      `${counted(controls.length, 'Part 11 or Annex 11 control')} not met by passing tests (${named(controls)}), listed first in the control table`,
    );
  }
  // Results of another commit than the report's are no evidence of this one.
  const other = report.runs.filter(
    (run) => run.present && run.environment?.commit && run.environment.commit !== report.commit,
  );
  if (other.length > 0) {
    const commits = [...new Set(other.map((run) => run.environment!.commit!.slice(0, 12)))];
    reasons.push(
      `the results of the ${other.map((run) => `${run.column} run`).join(' and the ')} are of another commit (${commits.join(', ')}) than the report’s`,
    );
  }
  if (missing.length > 0) {
    reasons.push(
      `no results of the ${missing.map((run) => `${run.column} run (${run.what})`).join(' and the ')}: this report is no evidence of ${missing.length === 1 ? 'it' : 'them'}`,
    );
  }
  return reasons.length === 0
    ? {
        validated: true,
        reasons,
        text: 'Validated: every high-risk requirement and every Part 11 and Annex 11 control passed, in every run.',
      }
    : { validated: false, reasons, text: `Not validated: ${reasons.join('; ')}.` };
}

export const utc = (at: Date | string) => `${new Date(at).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** The system under test as label and value lines. */
export function systemLines(report: Report): [string, string][] {
  return [
    ['Version', report.version],
    ['Commit', report.commit ?? 'unknown'],
    ['Commit time', report.commitTime ? utc(report.commitTime) : 'unknown'],
    ['Report made', utc(report.generatedAt)],
  ];
}

/**
 * The runs side by side: a row per item (suites, tests, database, Node, browser, machine, start),
 * a value per run; a run without results says so.
 */
export function runRows(report: Report): [string, ...string[]][] {
  const of = (value: (run: Run) => string | null | undefined): string[] =>
    report.runs.map((run) => (run.present || run.environment ? (value(run) ?? '—') : '—'));
  const rows: [string, ...string[]][] = [
    ['Suites', ...report.runs.map((run) => run.what)],
    [
      'Tests',
      ...report.runs.map((run) =>
        run.present
          ? `${run.counts.passed} passed, ${run.counts.failed} failed, ${run.counts.skipped} skipped`
          : run.environment
            ? 'no results: the run began but wrote none'
            : 'not run: no results',
      ),
    ],
    [
      'Database',
      ...of((run) => run.environment && `${run.environment.database.engine} ${run.environment.database.version}`),
    ],
    ['Node', ...of((run) => run.environment?.node)],
    ['Browser', ...of((run) => run.environment?.browser)],
    ['Machine', ...of((run) => run.environment?.os)],
    ['Started', ...of((run) => run.environment && utc(run.environment.startedAt))],
  ];
  // Results of another commit than the report's are not evidence of this one: say so.
  if (report.runs.some((run) => run.environment?.commit && run.environment.commit !== report.commit)) {
    rows.push([
      'Commit',
      ...of((run) =>
        run.environment?.commit === report.commit
          ? 'the report’s'
          : `${run.environment?.commit?.slice(0, 12)} (not the report’s)`,
      ),
    ]);
  }
  return rows;
}

export const CELL_TEXT: Record<CellResult, string> = {
  passed: 'pass',
  failed: 'FAIL',
  untested: 'skipped',
  none: '—',
  'not run': 'not run',
};

/** A test's name without its requirement tags. */
export const testName = (name: string) => name.replace(/\s*\[[A-Z][A-Z0-9]*-\d[\w.]*\]/g, '').trim();

/** 'passed', 'FAILED', 'untested' as the report prints a requirement's result. */
export const resultText = (t: TracedRequirement) =>
  t.result === 'failed' ? 'FAILED' : t.result === 'untested' ? 'untested' : 'passed';

export const SUMMARY_HEADER = ['', 'Total', 'Covered', 'Passed', 'Failed', 'Untested'] as const;

/** The summary: requirements by risk, all of them, and the controls (met counts as passed). */
export function summaryRows(report: Report) {
  const s = summary(report);
  return [
    ...s.byRisk.map((r) => ({ label: `${r.risk} risk`, ...r, strong: false })),
    { label: 'all requirements', ...s.total, strong: true },
    { label: 'Part 11 and Annex 11 controls', ...s.controls, strong: true },
  ].map(({ label, total, passed, failed, untested, strong }) => ({
    label,
    strong,
    total,
    covered: passed + failed,
    passed,
    failed,
    untested,
  }));
}
