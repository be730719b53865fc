/**
 * CSV for the admin exports: RFC 4180 (comma-separated, CRLF line ends, a field quoted when it holds a quote, comma,
 * CR or LF, quotes doubled) with the OWASP "CSV Injection" defence: a cell that starts with `=`, `+`, `-`, `@`, tab
 * or CR is prefixed with `'`, so a spreadsheet shows it as text instead of running it as a formula. Product titles,
 * customer names and addresses are typed by other people; an admin opening the export must not run their formulas.
 */
import { Readable } from 'node:stream';

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: neutralised, then quoted when RFC 4180 requires it. */
export function csvCell(value: CsvCell): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One record, CRLF-terminated. */
export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * A CSV body streamed from batches of rows: the header row first, then each batch as it is read, so a large export
 * never sits whole in memory. `batches` yields arrays of records.
 */
export function csvStream(header: readonly string[], batches: AsyncIterable<CsvCell[][]>): Readable {
  async function* lines() {
    yield csvRow(header);
    for await (const batch of batches) {
      if (batch.length > 0) yield batch.map(csvRow).join('');
    }
  }
  return Readable.from(lines());
}

/** `Content-Disposition` for a download named `<prefix>-<YYYY-MM-DD>.csv`. */
export function attachment(prefix: string, now = new Date()): string {
  return `attachment; filename="${prefix}-${now.toISOString().slice(0, 10)}.csv"`;
}
