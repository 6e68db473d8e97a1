import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { AppError } from './errors.js';
import { attachmentHeader } from './files.js';
import type { ExportListQuery } from './lists.js';

export interface CsvColumn<T> {
  /** The list column key the client names in `columns`. */
  key: string;
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

/**
 * The spec's export file name: a label, 'version' with the person's e-mail, a timestamp, .csv
 * (e.g. `Organizations_version_ann@example.com_2026-11-22_09-30-00.csv`).
 */
export function exportFileName(label: string, email: string, at: Date = new Date(), extension = 'csv'): string {
  const stamp = at.toISOString().slice(0, 19).replace('T', '_').replace(/:/g, '-');
  return `${label}_version_${email}_${stamp}.${extension}`;
}

/**
 * An export's columns and order (spec 03 section 9): the visible columns the client sent (the
 * list's default ones otherwise); without an order, by number descending when the number is
 * visible, else by name ascending.
 */
export function exportListQuery<Q extends Pick<ExportListQuery, 'columns' | 'orderBy' | 'orderType' | 'Order.Key'>>(
  query: Q,
  defaultColumns: readonly string[],
): { columns: string[]; query: Q } {
  const columns = query.columns?.length ? query.columns : [...defaultColumns];
  const ordered = query.orderBy ?? query['Order.Key'];
  const numberVisible = columns.some((c) => c.toLowerCase() === 'number');
  return {
    columns,
    query: ordered || numberVisible ? query : { ...query, orderBy: 'name', orderType: 'asc' as const },
  };
}

/** Cells a spreadsheet would run as a formula are prefixed with a quote (CSV injection). */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The visible columns, in the order the client sent them; unknown keys are ignored. */
export function pickColumns<T>(all: CsvColumn<T>[], requested: string[] | undefined): CsvColumn<T>[] {
  if (!requested || requested.length === 0) return all;
  const byKey = new Map(all.map((c) => [c.key.toLowerCase(), c]));
  const picked = requested.map((k) => byKey.get(k.toLowerCase())).filter((c): c is CsvColumn<T> => Boolean(c));
  return picked.length > 0 ? picked : all;
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Lines are gathered into chunks of about this many characters before they are written. */
const CSV_CHUNK = 64 * 1024;

export function csvStream<T>(columns: CsvColumn<T>[], rows: AsyncIterable<T> | Iterable<T>): Readable {
  const values = columns.map((c) => c.value);
  // One string per row, built cell by cell: no array of cells per row (100,000 rows, issue 26).
  const toLine = (row: T) => {
    let line = '';
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!(row);
      if (i > 0) line += ',';
      if (v !== null && v !== undefined) line += csvField(neutralizeFormula(String(v)));
    }
    return line + '\n';
  };
  return Readable.from(
    (async function* () {
      // A byte-order mark first, so spreadsheet programs read the file as UTF-8.
      let chunk = '\ufeff' + columns.map((c) => csvField(c.header)).join(',') + '\n';
      for await (const row of rows) {
        chunk += toLine(row);
        if (chunk.length >= CSV_CHUNK) {
          yield chunk;
          chunk = '';
        }
      }
      if (chunk) yield chunk;
    })(),
    { objectMode: false },
  );
}

export function sendCsv<T>(
  reply: FastifyReply,
  fileName: string,
  columns: CsvColumn<T>[],
  rows: AsyncIterable<T> | Iterable<T>,
) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachmentHeader(fileName))
    .header('cache-control', 'no-store')
    .send(csvStream(columns, rows));
}

/**
 * Streams a list export: `rows` is the list read by keyset (core/lists.ts `readByKeyset`), pulled
 * while the CSV is written. Nothing to export answers 400 'No records to export' before any byte
 * is sent (the client shows that message).
 */
export async function sendCsvExport<T>(
  reply: FastifyReply,
  fileName: string,
  columns: CsvColumn<T>[],
  rows: AsyncIterable<T>,
) {
  return sendCsv(reply, fileName, columns, await nonEmpty(rows));
}

/** The same rows, once it is known there is a first one; none answers 400 'No records to export'. */
export async function nonEmpty<T>(rows: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw AppError.badRequest('noRecordsToExport');
  return (async function* () {
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  })();
}
