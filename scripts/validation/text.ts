import type { CellResult, Report, Run, TracedRequirement } from './model.js';

/** What the HTML and the PDF both print, worded once. */
export const TITLE = 'Qualis validation report';

/** Up to 10 ids, then how many more. */
const named = (ids: string[]) =>
  ids.length <= 10 ? ids.join(', ') : `${ids.slice(0, 10).join(', ')} and ${ids.length - 10} more`;

export function verdict(report: Report) {
  const n = report.blocking.length;
  return n === 0
    ? { validated: true, text: 'Validated: every high-risk requirement has a passing test and none failed.' }
    : {
        validated: false,
        text: `Not validated: ${n} high-risk requirement${n === 1 ? '' : 's'} without a passing test (${named(
          report.blocking.map((t) => t.requirement.id),
        )}); the trace matrix lists them first.`,
      };
}

export const utc = (at: Date | string) => `${new Date(at).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** The system under test as label and value lines. */
export function systemLines(report: Report): [string, string][] {
  return [
    ['Version', report.version],
    ['Commit', report.commit ?? 'unknown'],
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
          : 'not run: no results in test-results/',
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
        run.environment?.commit === report.commit ? 'the report’s' : `${run.environment?.commit} (not the report’s)`,
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
