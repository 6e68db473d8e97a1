import fs from 'node:fs';
import path from 'node:path';
import { controls, requirements, type Control, type Requirement } from '../../docs/requirements/index.js';
import { idsInTitle } from '../../docs/requirements/tags.js';

/** The suites' runs the report reads (scripts/test-all.mjs writes them), one column each. */
export const RUNS = [
  { file: 'unit-web-api-pglite', column: 'PGlite', what: 'unit, web components and API' },
  { file: 'e2e-pglite', column: 'Browser', what: 'browser journeys on PGlite' },
  { file: 'api-postgresql', column: 'PostgreSQL', what: 'API' },
] as const;
export type Column = (typeof RUNS)[number]['column'];

export type Outcome = 'passed' | 'failed' | 'skipped';
/** A requirement's result: on one run (`none`: no test of it there; `not run`: no results of that run). */
export type Result = 'passed' | 'failed' | 'untested';
export type CellResult = Result | 'none' | 'not run';

export interface TestCase {
  file: string;
  name: string;
  ids: string[];
  outcome: Outcome;
}

export interface RunEnvironment {
  node: string;
  database: { engine: string; version: string };
  browser: string | null;
  os: string;
  commit: string | null;
  startedAt: string;
  /** The checkout the suite ran in (absent in results written before it was recorded). */
  root?: string;
}

export interface Run {
  column: Column;
  what: string;
  present: boolean;
  environment: RunEnvironment | null;
  tests: TestCase[];
  counts: { passed: number; failed: number; skipped: number };
}

export interface TracedRequirement {
  requirement: Requirement;
  control?: Control;
  result: Result;
  cells: Record<Column, CellResult>;
  /** The tests that name it (a control's also those of the requirements it lists), once each. */
  tests: { name: string; file: string; outcomes: Partial<Record<Column, Outcome>> }[];
}

export interface Report {
  generatedAt: Date;
  commit: string | null;
  /** When the commit was made (its committer date), ISO 8601. */
  commitTime: string | null;
  version: string;
  runs: Run[];
  traced: TracedRequirement[];
  /** High-risk requirements without a passing test: any makes the report 'not validated'. */
  blocking: TracedRequirement[];
}

interface VitestJson {
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string }[];
  }[];
}

const outcomeOf = (status: string): Outcome =>
  status === 'passed' ? 'passed' : status === 'failed' ? 'failed' : 'skipped';

function readRun(dir: string, root: string, run: (typeof RUNS)[number]): Run {
  const file = path.join(dir, `${run.file}.json`);
  const envFile = path.join(dir, `${run.file}.env.json`);
  const environment = fs.existsSync(envFile) ? (JSON.parse(fs.readFileSync(envFile, 'utf8')) as RunEnvironment) : null;
  if (!fs.existsSync(file)) {
    return {
      column: run.column,
      what: run.what,
      present: false,
      environment,
      tests: [],
      counts: { passed: 0, failed: 0, skipped: 0 },
    };
  }
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as VitestJson;
  const tests: TestCase[] = json.testResults.flatMap((suite) => {
    const rel = path.relative(environment?.root ?? root, suite.name);
    // A file that failed to load has no test results: its failure stands for the file.
    if (suite.assertionResults.length === 0 && suite.status === 'failed') {
      return [
        {
          file: rel,
          name: `(the file failed to load) ${suite.message ?? ''}`.trim(),
          ids: [],
          outcome: 'failed' as const,
        },
      ];
    }
    return suite.assertionResults.map((test) => ({
      file: rel,
      name: test.fullName,
      ids: idsInTitle(test.fullName),
      outcome: outcomeOf(test.status),
    }));
  });
  const count = (o: Outcome) => tests.filter((t) => t.outcome === o).length;
  return {
    column: run.column,
    what: run.what,
    present: true,
    environment,
    tests,
    counts: { passed: count('passed'), failed: count('failed'), skipped: count('skipped') },
  };
}

function cell(outcomes: Outcome[], present: boolean): CellResult {
  if (!present) return 'not run';
  if (outcomes.includes('failed')) return 'failed';
  if (outcomes.includes('passed')) return 'passed';
  return outcomes.length > 0 ? 'untested' : 'none';
}

const ORDER: Record<Result, number> = { failed: 0, untested: 1, passed: 2 };

/** The trace of every requirement to its tests and their results, failed and untested first. */
export function buildReport(options: {
  resultsDir: string;
  root: string;
  version: string;
  commit: string | null;
  commitTime: string | null;
}): Report {
  const runs = RUNS.map((run) => readRun(options.resultsDir, options.root, run));
  const controlOf = new Map(controls.map((c) => [c.id, c]));

  const testsOf = (ids: string[]) => {
    const byKey = new Map<string, TracedRequirement['tests'][number]>();
    for (const run of runs) {
      for (const test of run.tests) {
        if (!test.ids.some((id) => ids.includes(id))) continue;
        const key = `${test.file}\u0000${test.name}`;
        const entry = byKey.get(key) ?? { name: test.name, file: test.file, outcomes: {} };
        entry.outcomes[run.column] = test.outcome;
        byKey.set(key, entry);
      }
    }
    return [...byKey.values()];
  };

  const own = new Map(requirements.map((r) => [r.id, testsOf([r.id])]));
  const resultOf = (tests: TracedRequirement['tests']): Result => {
    const all = tests.flatMap((t) => Object.values(t.outcomes));
    return all.includes('failed') ? 'failed' : all.includes('passed') ? 'passed' : 'untested';
  };

  const traced = requirements.map((requirement): TracedRequirement => {
    const control = controlOf.get(requirement.id);
    const tests = control ? testsOf([requirement.id, ...control.shownBy]) : own.get(requirement.id)!;
    // A control is met when each requirement it lists is: one untested leaves it untested.
    let result = resultOf(tests);
    if (control && result === 'passed') {
      const parts = control.shownBy.map((id) => resultOf(own.get(id)!));
      result = parts.includes('failed') ? 'failed' : parts.includes('untested') ? 'untested' : 'passed';
    }
    const cells = Object.fromEntries(
      runs.map((run) => [
        run.column,
        cell(
          tests.flatMap((t) => (t.outcomes[run.column] ? [t.outcomes[run.column]!] : [])),
          run.present,
        ),
      ]),
    ) as Record<Column, CellResult>;
    return { requirement, control, result, cells, tests };
  });
  traced.sort((a, b) => ORDER[a.result] - ORDER[b.result]);

  return {
    generatedAt: new Date(),
    commit: options.commit,
    commitTime: options.commitTime,
    version: options.version,
    runs,
    traced,
    blocking: traced.filter((t) => t.requirement.risk === 'high' && t.result !== 'passed'),
  };
}

/** Requirements by result, in total and by risk (controls apart). */
export function summary(report: Report) {
  const rows = (['high', 'medium', 'low'] as const).map((risk) => {
    const of = report.traced.filter((t) => !t.control && t.requirement.risk === risk);
    return {
      risk,
      total: of.length,
      passed: of.filter((t) => t.result === 'passed').length,
      failed: of.filter((t) => t.result === 'failed').length,
      untested: of.filter((t) => t.result === 'untested').length,
    };
  });
  const controlRows = report.traced.filter((t) => t.control);
  const sum = (key: 'total' | 'passed' | 'failed' | 'untested') => rows.reduce((n, r) => n + r[key], 0);
  return {
    byRisk: rows,
    total: { total: sum('total'), passed: sum('passed'), failed: sum('failed'), untested: sum('untested') },
    controls: {
      total: controlRows.length,
      passed: controlRows.filter((t) => t.result === 'passed').length,
      failed: controlRows.filter((t) => t.result === 'failed').length,
      untested: controlRows.filter((t) => t.result === 'untested').length,
    },
  };
}
