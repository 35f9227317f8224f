import { IMPORT_MAX_ROWS } from '../../lib/contract/records';
import { AppError } from '../lib/errors';
import { ProcessingFailure } from './processing-failure';
import { MAX_COLUMNS, type Cell } from './processing-result';
import { eachDelimitedRow } from './extractors/read-delimited';

/** The file types an import reads. */
export const IMPORT_EXTENSIONS = ['csv', 'tsv', 'xlsx'] as const;
export const isImportExtension = (extension: string) => (IMPORT_EXTENSIONS as readonly string[]).includes(extension);

/** A file as an import keeps it: the header's names and every row's cells as text, each row as wide as the header. */
export interface ImportTable {
  columns: string[];
  rows: string[][];
}

/**
 * A file read for import as it is handed from the thread that read it: its
 * rows as the JSON text they are stored as (one string crosses threads and
 * goes to the database without being parsed again), with what its preview
 * shows.
 */
export interface ImportFileRead {
  columns: string[];
  rowCount: number;
  /** For each column, its first few non-blank values. */
  samples: string[][];
  rowsJson: string;
}

const SAMPLES = 3;

/** A parsed cell as text; PostgreSQL cannot store NUL. */
export const cellText = (cell: Cell | undefined): string => (cell === null || cell === undefined ? '' : String(cell).replace(/\u0000/g, ''));

const rowCount = (n: number) => n.toLocaleString('en-US');
const tooManyRows = () =>
  `This file has more than ${rowCount(IMPORT_MAX_ROWS)} rows. Please split it into files of up to ${rowCount(IMPORT_MAX_ROWS)} rows and import each.`;
const tooManyColumns = () => `This file has more than ${MAX_COLUMNS} columns, more than an import takes.`;

/** Refuses more rows than an import takes, before any of them is kept. */
export function assertImportRows(count: number): void {
  if (count > IMPORT_MAX_ROWS) throw new AppError(422, 'validation_error', tooManyRows());
}

/**
 * Rows as an import reads them, one at a time: the first row is the header
 * (a blank header cell is named "Column N"), rows with nothing in them are
 * dropped, the rest padded to one width. It refuses (ProcessingFailure) as
 * soon as the rows or the width pass what an import takes, so a reader
 * feeding it stops there.
 */
class ImportRows {
  private header: string[] | null = null;
  private readonly rows: string[][] = [];
  private width = 0;

  add(raw: Cell[]): void {
    const row = raw.map(cellText);
    const filled = row.findLastIndex((cell) => cell.trim() !== '') + 1;
    if (filled === 0) return;
    if (filled > MAX_COLUMNS) throw new ProcessingFailure(tooManyColumns());
    this.width = Math.max(this.width, filled);
    if (!this.header) this.header = row;
    else if (this.rows.length === IMPORT_MAX_ROWS) throw new ProcessingFailure(tooManyRows());
    else this.rows.push(row);
  }

  table(): ImportTable {
    const pad = (row: string[]) => Array.from({ length: this.width }, (_, i) => row[i] ?? '');
    return {
      columns: pad(this.header ?? []).map((name, i) => name.trim() || `Column ${i + 1}`),
      rows: this.rows.map(pad),
    };
  }
}

/** Rows as an import reads them (see ImportRows); 422 with why when the file has too many. */
export function importTableOf(raw: Cell[][]): ImportTable {
  const rows = new ImportRows();
  try {
    for (const row of raw) rows.add(row);
  } catch (error) {
    throw error instanceof ProcessingFailure ? new AppError(422, 'validation_error', error.message) : error;
  }
  return rows.table();
}

/** A table as it is handed over and stored: its columns, rows as JSON, and each column's samples. */
export function importFileOf(table: ImportTable): ImportFileRead {
  const samples = table.columns.map((_, i) => {
    const found: string[] = [];
    for (const row of table.rows) {
      const value = row[i]?.trim() ?? '';
      if (value !== '') found.push(value);
      if (found.length === SAMPLES) break;
    }
    return found;
  });
  return { columns: table.columns, rowCount: table.rows.length, samples, rowsJson: JSON.stringify(table.rows) };
}

/**
 * A CSV, TSV or XLSX file (its first worksheet) as an import reads it, read
 * row by row and stopped at the first row past what an import takes. Runs
 * in a processing thread: the file may be hostile, and reading it is work
 * the event loop must not wait on. A file that cannot be read, or has too
 * many rows or columns, is a ProcessingFailure with why.
 */
export async function readImportFile({ filePath, extension }: { filePath: string; extension: string }): Promise<ImportFileRead> {
  const rows = new ImportRows();
  if (extension === 'xlsx') {
    const { openSpreadsheet } = await import('./extractors/read-spreadsheet');
    const workbook = await openSpreadsheet(filePath);
    try {
      const [first] = workbook.sheets;
      if (first) for await (const row of first.rows()) rows.add(row);
    } finally {
      workbook.close();
    }
  } else {
    await eachDelimitedRow(filePath, extension, (row) => rows.add(row));
  }
  return importFileOf(rows.table());
}
