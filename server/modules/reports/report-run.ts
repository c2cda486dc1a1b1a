/**
 * The files of a report run, written as the rows arrive: rows are read in keyset batches (each batch its
 * own short read, so other requests interleave and nothing holds a transaction open for a whole download)
 * and each batch is written out before the next is read. Memory stays at about one batch whatever the
 * size of the report; a client that goes away stops the reading at the next batch.
 *
 * - CSV (written by csv-stringify): UTF-8 with a BOM (so spreadsheet programs read the accents), a header
 *   row of labels, RFC 4180 quoting, CRLF line ends, lists joined with "; ", timestamps in ISO 8601, and the formula guard every CSV of the product
 *   shares (a leading `'` on a cell a spreadsheet could run, multi-line cells included).
 * - XLSX: exceljs's streaming writer (loaded on first use only), a bold frozen header row, real dates,
 *   real booleans, widths from the labels and the first batch.
 */
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { ReportCell, ReportColumnDef } from '../../../src/shared/contracts/reports.ts';
import { guardCsvFormula } from '../../../src/shared/csv-formula-guard.ts';
import type { ReportCursor } from './report-run-repository.ts';

/** Rows per read of a CSV or XLSX run. */
export const REPORT_BATCH_ROWS = 2000;

export type ReportColumn = Pick<ReportColumnDef, 'key' | 'label' | 'kind'>;

/** Reads one batch after `cursor` (from the start when null) and says where the next one starts. */
export type ReadBatch = (cursor: ReportCursor | null) => Promise<{ rows: ReportCell[][]; next: ReportCursor | null }>;

export interface RowBatches {
  /** The first batch, read before the answer starts (so that a failing read is an error answer, not a cut file). */
  first: ReportCell[][];
  /** The batches after the first, each read when the previous one has been written. */
  rest: AsyncIterable<ReportCell[][]>;
}

/** Reads the first batch now and the others on demand, until the last one or until `signal` aborts. */
export async function openRowBatches(read: ReadBatch, signal: AbortSignal): Promise<RowBatches> {
  const first = await read(null);
  async function* rest(): AsyncGenerator<ReportCell[][]> {
    let next = first.next;
    while (next && !signal.aborted) {
      // A turn of the event loop between batches: on the embedded database a read completes without one,
      // and a long run would otherwise keep other requests (and the news of a closed socket) waiting.
      await new Promise((resolve) => setImmediate(resolve));
      if (signal.aborted) return;
      const batch = await read(next);
      if (signal.aborted) return;
      next = batch.next;
      yield batch.rows;
    }
  }
  return { first: first.rows, rest: rest() };
}

// ---------------------------------------------------------------------------------------------------
// CSV

/** One cell as the text of its CSV field, with the product's formula guard (src/shared/csv-formula-guard.ts). */
function csvText(cell: ReportCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  return guardCsvFormula(typeof cell === 'boolean' ? String(cell) : Array.isArray(cell) ? cell.join('; ') : cell);
}

/** Rows as CSV lines: csv-stringify quotes (RFC 4180) and ends each line with CRLF. */
const csvLines = (rows: readonly (readonly ReportCell[])[]) =>
  rows.length === 0
    ? ''
    : stringify(
        rows.map((cells) => cells.map(csvText)),
        { record_delimiter: 'windows' },
      );

/** The CSV file, streamed: a BOM and the header first, then one chunk per batch, pulled as the client reads. */
export function csvStream(columns: readonly ReportColumn[], batches: RowBatches): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield `\uFEFF${csvLines([columns.map((c) => c.label)])}`;
    yield csvLines(batches.first);
    for await (const rows of batches.rest) yield csvLines(rows);
  }
  // Not object mode: one batch's text fills the buffer, so the next batch is read only once it has been sent.
  return Readable.from(chunks(), { objectMode: false });
}

// ---------------------------------------------------------------------------------------------------
// XLSX

const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const DAY_FORMAT = 'yyyy-mm-dd';

function xlsxValue(kind: ReportColumn['kind'], cell: ReportCell): string | number | boolean | Date | null {
  if (cell === null) return null;
  if (Array.isArray(cell)) return cell.join('; ');
  if (kind === 'date' && typeof cell === 'string') return new Date(cell);
  // A day is a date cell at midnight UTC, which spreadsheets show as that day.
  if (kind === 'day' && typeof cell === 'string') return new Date(`${cell}T00:00:00Z`);
  return cell;
}

/** Wide enough for the label and the first batch's values, within 8 and 60 characters. */
function columnWidth(column: ReportColumn, index: number, rows: readonly ReportCell[][]): number {
  if (column.kind === 'date') return Math.max(DATE_FORMAT.length + 2, column.label.length + 2);
  let widest = column.label.length;
  for (const row of rows) {
    const cell = row[index] ?? null;
    const text = cell === null ? '' : Array.isArray(cell) ? cell.join('; ') : String(cell);
    widest = Math.max(widest, text.length);
  }
  return Math.min(60, Math.max(8, widest + 2));
}

/** A worksheet name Excel accepts: no `[]:*?/\`, at most 31 characters, not empty. */
export function sheetName(name: string): string {
  return (
    name
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Report'
  );
}

async function roomToWrite(out: PassThrough, signal: AbortSignal): Promise<void> {
  if (!out.writableNeedDrain || signal.aborted) return;
  await Promise.race([once(out, 'drain'), once(signal, 'abort'), once(out, 'close')]);
}

/**
 * The XLSX file, streamed through exceljs's `WorkbookWriter` (shared strings off, so nothing accumulates
 * per row). Between batches the writer waits while the answer's buffer is full, so a slow client holds the
 * reading back instead of filling memory.
 */
export async function xlsxStream(
  columns: readonly ReportColumn[],
  batches: RowBatches,
  options: { sheet: string; signal: AbortSignal },
): Promise<Readable> {
  // Loaded here, on the first spreadsheet asked for: exceljs and its zip writer stay out of start-up.
  const { default: ExcelJS } = await import('exceljs');
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(options.sheet), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, i) => ({ key: column.key, width: columnWidth(column, i, batches.first) }));
  const header = sheet.addRow(columns.map((c) => c.label));
  header.font = { bold: true };
  header.commit();

  const writeRows = (rows: ReportCell[][]) => {
    for (const cells of rows) {
      const row = sheet.addRow(cells.map((cell, i) => xlsxValue(columns[i]!.kind, cell)));
      columns.forEach((column, i) => {
        if (column.kind === 'date') row.getCell(i + 1).numFmt = DATE_FORMAT;
        if (column.kind === 'day') row.getCell(i + 1).numFmt = DAY_FORMAT;
      });
      row.commit();
    }
  };

  const write = async () => {
    writeRows(batches.first);
    for await (const rows of batches.rest) {
      await roomToWrite(out, options.signal);
      if (options.signal.aborted) return;
      writeRows(rows);
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
