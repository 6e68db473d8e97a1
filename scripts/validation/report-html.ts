import type { Report, TracedRequirement } from './model.js';
import { RUNS, summary } from './model.js';
import {
  ABOUT,
  CELL_TEXT,
  resultText,
  runRows,
  SUMMARY_HEADER,
  summaryRows,
  systemLines,
  testName,
  TITLE,
  verdict,
} from './text.js';

const esc = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 1200px; padding: 0 1rem; color: #1f1f1f; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1.5rem; }
th, td { border: 1px solid #d0d0d0; padding: 4px 6px; text-align: left; vertical-align: top; }
.verdict ul { margin: 0.25rem 0 0; font-weight: 400; font-size: 1rem; }
th { background: #f2f2f2; }
.verdict { padding: 0.75rem 1rem; border-radius: 4px; font-weight: 600; font-size: 1.1rem; }
.ok { background: #e8f5e9; color: #1b5e20; }
.not { background: #fdecea; color: #8a1c12; }
.failed { color: #b00000; font-weight: 600; }
.untested { color: #8a5a00; }
.passed { color: #1b5e20; }
ul.tests { margin: 0; padding-left: 1rem; font-size: 12px; }
.file { color: #666; overflow-wrap: anywhere; }
`;

function table(head: string[], rows: string[][]) {
  const th = head.map((h) => `<th scope="col">${esc(h)}</th>`).join('');
  return `<table><thead><tr>${th}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
}

const lines = (pairs: [string, string][]) =>
  table(
    ['', ''],
    pairs.map(([label, value]) => [`<strong>${esc(label)}</strong>`, esc(value)]),
  ).replace('<thead><tr><th scope="col"></th><th scope="col"></th></tr></thead>', '');

const result = (t: TracedRequirement) => `<span class="${t.result}">${resultText(t)}</span>`;

function tests(t: TracedRequirement) {
  if (t.tests.length === 0) return '<span class="untested">no test</span>';
  const items = t.tests.map((test) => {
    const outcomes = Object.entries(test.outcomes)
      .map(([column, outcome]) => `${column}: ${outcome}`)
      .join(', ');
    return `<li>${esc(testName(test.name))} <span class="file">(${esc(test.file)}; ${esc(outcomes)})</span></li>`;
  });
  return `<ul class="tests">${items.join('')}</ul>`;
}

/** The report as one self-contained HTML page. */
export function reportHtml(report: Report): string {
  const v = verdict(report);
  const s = summary(report);
  const requirementsOnly = report.traced.filter((t) => !t.control);
  const controlsOnly = report.traced.filter((t) => t.control);
  const parts = [
    `<h1>${TITLE}</h1>`,
    v.validated
      ? `<p class="verdict ok">${esc(v.text)}</p>`
      : `<div class="verdict not">Not validated<ul>${v.reasons.map((r) => `<li>${esc(r)}</li>`).join('')}</ul></div>`,
    `<p>${esc(ABOUT)}</p>`,
    '<h2>System under test</h2>',
    lines(systemLines(report)),
    table(
      ['', ...report.runs.map((run) => `${run.column} run`)],
      runRows(report).map(([label, ...values]) => [`<strong>${esc(label)}</strong>`, ...values.map(esc)]),
    ),
    '<h2>Summary</h2>',
    table(
      [...SUMMARY_HEADER],
      summaryRows(report).map((r) => [
        r.strong ? `<strong>${esc(r.label)}</strong>` : esc(r.label),
        ...[r.total, r.covered, r.passed, r.failed, r.untested].map(String),
      ]),
    ),
    `<h2>Trace matrix</h2><p>${requirementsOnly.length} requirements: ${s.total.failed} failed and ${s.total.untested} untested, listed first.</p>`,
    table(
      ['Requirement', 'Source', 'Risk', 'Tests', ...RUNS.map((r) => r.column), 'Result'],
      requirementsOnly.map((t) => [
        `<strong>${esc(t.requirement.id)}</strong> ${esc(t.requirement.text)}`,
        esc(t.requirement.source),
        esc(t.requirement.risk),
        tests(t),
        ...RUNS.map((r) => esc(CELL_TEXT[t.cells[r.column]])),
        result(t),
      ]),
    ),
    '<h2>Part 11 and Annex 11 controls</h2>',
    table(
      ['Control', 'How Qualis meets it', 'Shown by', 'Result'],
      controlsOnly.map((t) => {
        const shownBy = t.control!.shownBy.map((id) => {
          const part = report.traced.find((x) => x.requirement.id === id)!;
          return `${esc(id)} <span class="${part.result}">(${resultText(part)})</span>`;
        });
        return [
          `<strong>${esc(t.requirement.id)} · ${esc(t.requirement.source)}</strong><br>${esc(t.requirement.text)}`,
          esc(t.control!.how),
          `${shownBy.join('<br>')}<br><span class="file">${t.tests.length} tests</span>`,
          result(t),
        ];
      }),
    ),
  ];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${TITLE} ${esc(report.version)}</title><style>${STYLE}</style></head><body>${parts.join('\n')}</body></html>\n`;
}
