import { archivalPdf, artifact, group, tagged, writeFooter } from '../../apps/server/src/core/pdf-document.js';
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
  utc,
  verdict,
} from './text.js';

const MARGIN = 40;
const FOOT = 30;
const RED = '#b00000';
const AMBER = '#8a5a00';
const GREEN = '#1b5e20';
/** At most this many test names under a requirement in the PDF; the HTML lists them all. */
const TESTS_SHOWN = 6;

interface Cell {
  text: string;
  bold?: boolean;
  color?: string;
  size?: number;
}
interface Column {
  header: string;
  width: number;
}

const colorOf = (result: TracedRequirement['result']) =>
  result === 'failed' ? RED : result === 'untested' ? AMBER : GREEN;

/** The report as a PDF/A-2b, tagged document (core/pdf-document.ts), A4 landscape. */
export function reportPdf(report: Report): PDFKit.PDFDocument {
  const { doc, root } = archivalPdf({
    title: `${TITLE} ${report.version}`,
    language: 'en',
    author: 'Qualis',
    createdAt: report.generatedAt,
    // The trace matrix has eight columns: landscape.
    layout: 'landscape',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOT },
  });
  const sect = group(doc, root, 'Sect');
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - FOOT;
  let page = 0;

  const footer = () => {
    page += 1;
    writeFooter(
      doc,
      `${TITLE} · version ${report.version} · commit ${(report.commit ?? 'unknown').slice(0, 12)} · ${utc(report.generatedAt)} · page ${page}`,
      doc.page.height - MARGIN - 10,
      7.5,
    );
  };
  doc.on('pageAdded', footer);
  footer();

  const room = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const text = (type: 'H1' | 'H2' | 'P', value: string, size: number, bold = false, color = 'black') => {
    doc.font(bold ? 'bold' : 'body').fontSize(size);
    room(doc.heightOfString(value, { width }) + 4);
    tagged(doc, sect, type, () => doc.fillColor(color).text(value, MARGIN, doc.y, { width }));
    doc.fillColor('black');
  };

  const cellHeight = (cell: Cell, column: Column, size: number) =>
    doc
      .font(cell.bold ? 'bold' : 'body')
      .fontSize(cell.size ?? size)
      .heightOfString(cell.text || ' ', { width: column.width - 6 });

  /**
   * A table, its header row again on every page it runs onto; `header: false` for label and value
   * lines, `together` to start it on a new page rather than split it.
   */
  const table = (
    columns: Column[],
    rows: Cell[][],
    size = 8,
    options: { header?: boolean; together?: boolean; heading?: string } = {},
  ) => {
    const { header: withHeader = true, together = false, heading } = options;
    const element = group(doc, sect, 'Table');
    const drawRow = (cells: Cell[], header: boolean) => {
      const height = Math.max(...cells.map((c, i) => cellHeight(c, columns[i]!, size))) + 6;
      const top = doc.y;
      const tr = group(doc, element, 'TR');
      let x = MARGIN;
      cells.forEach((c, i) => {
        const column = columns[i]!;
        if (header) artifact(doc, 'Layout', () => doc.rect(x, top, column.width, height).fill('#eeeeee'));
        tagged(doc, tr, header ? 'TH' : 'TD', () =>
          doc
            .font(c.bold || header ? 'bold' : 'body')
            .fontSize(c.size ?? size)
            .fillColor(c.color ?? 'black')
            .text(c.text || ' ', x + 3, top + 3, { width: column.width - 6 }),
        );
        x += column.width;
      });
      tr.end();
      artifact(doc, 'Layout', () =>
        doc
          .moveTo(MARGIN, top + height)
          .lineTo(MARGIN + columns.reduce((n, c) => n + c.width, 0), top + height)
          .lineWidth(0.5)
          .strokeColor('#bbbbbb')
          .stroke(),
      );
      doc.fillColor('black');
      doc.x = MARGIN;
      doc.y = top + height;
      return height;
    };
    const headerCells = columns.map((c) => ({ text: c.header }));
    const headerHeight = withHeader
      ? Math.max(...headerCells.map((c, i) => cellHeight({ ...c, bold: true }, columns[i]!, size))) + 6
      : 0;
    const heights = rows.map((row) => Math.max(...row.map((c, i) => cellHeight(c, columns[i]!, size))) + 6);
    // A heading stays with its table: the room asked for is the heading's and the table's (or its first row's).
    const headingHeight = heading ? doc.font('bold').fontSize(12).heightOfString(heading, { width }) + 6 : 0;
    room(
      headingHeight + (together ? headerHeight + heights.reduce((n, h) => n + h, 0) : headerHeight + (heights[0] ?? 0)),
    );
    if (heading) {
      text('H2', heading, 12, true);
      doc.moveDown(0.2);
    }
    if (withHeader) drawRow(headerCells, true);
    rows.forEach((row, i) => {
      if (doc.y + heights[i]! > bottom()) {
        doc.addPage();
        if (withHeader) drawRow(headerCells, true);
      }
      drawRow(row, false);
    });
    element.end();
    doc.moveDown(0.8);
  };
  /** Label and value lines, two pairs a row. */
  const pairs = (lines: [string, string][], heading: string) =>
    table(
      [
        { header: '', width: 70 },
        { header: '', width: 200 },
        { header: '', width: 70 },
        { header: '', width: 270 },
      ],
      Array.from({ length: Math.ceil(lines.length / 2) }, (_, row) =>
        lines.slice(row * 2, row * 2 + 2).flatMap(([label, value]) => [{ text: label, bold: true }, { text: value }]),
      ).map((cells) => (cells.length === 4 ? cells : [...cells, { text: '' }, { text: '' }])),
      8,
      { header: false, together: true, heading },
    );

  // First page: the verdict, the system under test, the summary.
  const v = verdict(report);
  const s = summary(report);
  text('H1', TITLE, 18, true);
  doc.moveDown(0.2);
  text('P', v.validated ? 'VALIDATED' : 'NOT VALIDATED', 16, true, v.validated ? GREEN : RED);
  if (v.validated) text('P', v.text, 9.5, false, GREEN);
  for (const reason of v.reasons) text('P', `• ${reason}`, 9.5, false, RED);
  doc.moveDown(0.4);
  text('P', ABOUT, 9);
  doc.moveDown(0.6);
  pairs(systemLines(report), 'System under test');
  table(
    [
      { header: 'Run', width: 110 },
      ...report.runs.map((run) => ({ header: `${run.column} run`, width: (width - 110) / 3 })),
    ],
    runRows(report).map(([label, ...values]) => [
      { text: label, bold: true },
      ...values.map((value) => ({ text: value })),
    ]),
    8,
    { together: true },
  );
  table(
    SUMMARY_HEADER.map((header, i) => ({ header, width: i === 0 ? 160 : 80 })),
    summaryRows(report).map((r) => [
      { text: r.label, bold: r.strong },
      { text: String(r.total) },
      { text: String(r.covered) },
      { text: String(r.passed), color: GREEN },
      { text: String(r.failed), color: r.failed ? RED : 'black' },
      { text: String(r.untested), color: r.untested ? AMBER : 'black' },
    ]),
    9,
    { together: true, heading: 'Summary' },
  );

  // The trace matrix, failed and untested first.
  doc.addPage();
  const requirementsOnly = report.traced.filter((t) => !t.control);
  text('H2', 'Trace matrix', 12, true);
  text(
    'P',
    `${requirementsOnly.length} requirements; ${s.total.failed} failed and ${s.total.untested} untested come first. A column says the result of the requirement's tests in that run: pass, FAIL, skipped, — (no test of it there) or not run.`,
    8.5,
  );
  doc.moveDown(0.4);
  const resultWidth = 56;
  const trace: Column[] = [
    { header: 'Requirement', width: 220 },
    { header: 'Source', width: 70 },
    { header: 'Risk', width: 42 },
    { header: 'Tests', width: width - 220 - 70 - 42 - resultWidth * 4 },
    ...RUNS.map((r) => ({ header: r.column, width: resultWidth })),
    { header: 'Result', width: resultWidth },
  ];
  table(
    trace,
    requirementsOnly.map((t) => {
      const shown = t.tests.slice(0, TESTS_SHOWN).map((test) => `• ${testName(test.name)}`);
      if (t.tests.length > TESTS_SHOWN) shown.push(`… and ${t.tests.length - TESTS_SHOWN} more (see the HTML report)`);
      return [
        { text: `${t.requirement.id}  ${t.requirement.text}` },
        { text: t.requirement.source },
        { text: t.requirement.risk, color: t.requirement.risk === 'high' ? RED : 'black' },
        { text: shown.join('\n') || 'no test', size: 6.5, color: shown.length ? 'black' : AMBER },
        ...RUNS.map((r) => {
          const c = t.cells[r.column];
          return { text: CELL_TEXT[c], color: c === 'failed' ? RED : c === 'passed' ? GREEN : 'black' };
        }),
        { text: resultText(t), bold: true, color: colorOf(t.result) },
      ];
    }),
    7.5,
  );

  // The Part 11 / Annex 11 controls.
  doc.addPage();
  text('H2', 'Part 11 and Annex 11 controls', 12, true);
  doc.moveDown(0.4);
  table(
    [
      { header: 'Control', width: 250 },
      { header: 'How Qualis meets it', width: 250 },
      { header: 'Shown by', width: width - 250 - 250 - 60 },
      { header: 'Result', width: 60 },
    ],
    report.traced
      .filter((t) => t.control)
      .map((t) => [
        { text: `${t.requirement.id} · ${t.requirement.source}\n${t.requirement.text}` },
        { text: t.control!.how },
        {
          text: `${t
            .control!.shownBy.map((id) => `${id} ${resultText(report.traced.find((x) => x.requirement.id === id)!)}`)
            .join('\n')}\n(${t.tests.length} tests)`,
        },
        { text: resultText(t), bold: true, color: colorOf(t.result) },
      ]),
    7.5,
  );

  sect.end();
  doc.end();
  return doc;
}
