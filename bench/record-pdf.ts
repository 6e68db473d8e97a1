// The PDF factory's cost per document (core/pdf-document.ts): N small record PDFs, one after the
// other as an archive or inspection package makes them, and N empty documents; medians
// (`npx tsx bench/record-pdf.ts --help`).
import { buffer } from 'node:stream/consumers';
import { archivalPdf } from '../apps/server/src/core/pdf-document.js';
import { recordPdfStream, utc, type PdfLetterhead, type PdfRecord } from '../apps/server/src/core/record-pdf.js';
import { parseCommandLine } from './cli.js';
import { positiveInt } from './seed.js';

const options = parseCommandLine(['npx tsx bench/record-pdf.ts [options]'], {
  count: { type: 'string', default: '50', value: 'N', description: 'PDFs of each kind' },
});

const head: PdfLetterhead = {
  organizationName: 'Ιατρικά Συστήματα',
  logo: null,
  exportedBy: 'auditor@example.com',
  exportedAt: new Date('2026-11-26T03:00:00Z'),
  language: 'en',
};

const record = (i: number): PdfRecord => ({
  title: `Action ${i}`,
  fileName: `A-${i}.pdf`,
  fields: [
    { label: 'Name', value: `Check the cleaning of line ${i} (Проверка, Έλεγχος)` },
    { label: 'Due date', value: '2030-01-01' },
    { label: 'Assignee', value: 'Otto Reviewer <otto@example.com>' },
  ],
  history: [{ at: new Date(Date.UTC(2026, 0, 1)), who: 'Otto Reviewer', what: 'Created', changes: 'Name: — → Check' }],
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(count: number, make: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await make(i);
    times.push(performance.now() - started);
  }
  return { first: times[0]!, median: median(times.slice(1)) };
}

async function main() {
  const count = positiveInt('count', options.count);
  const empty = await timed(count, async () => {
    const { doc } = archivalPdf({ title: 'Empty', language: 'en', author: 'bench', createdAt: new Date() });
    doc.text(utc(new Date()));
    doc.end();
    await buffer(doc as unknown as NodeJS.ReadableStream);
  });
  const records = await timed(count, async (i) => buffer(await recordPdfStream(record(i), head)));
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `load average ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`one-line document: first ${ms(empty.first)}, median of the next ${count - 1} ${ms(empty.median)}`);
  console.log(`record PDF: first ${ms(records.first)}, median of the next ${count - 1} ${ms(records.median)}`);
}

await main();
