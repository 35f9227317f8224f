import { IMPORT_MAX_ROWS } from '../../../lib/contract/records';
import { AppError } from '../../lib/errors';
import { ProcessingFailure } from '../../processing/processing-failure';
import { MAX_COLUMNS, type Cell } from '../../processing/processing-result';
import { readDelimited } from '../../processing/extractors/read-delimited';
import { readSpreadsheet } from '../../processing/extractors/read-spreadsheet';

/** The file types an import reads. */
export const IMPORT_EXTENSIONS = ['csv', 'tsv', 'xlsx'] as const;
export const isImportExtension = (extension: string) => (IMPORT_EXTENSIONS as readonly string[]).includes(extension);

/** A file as an import keeps it: the header's names and every row's cells as text, each row as wide as the header. */
export interface ImportTable {
  columns: string[];
  rows: string[][];
}

/** A parsed cell as text; PostgreSQL cannot store NUL. */
export const cellText = (cell: Cell | undefined): string => (cell === null || cell === undefined ? '' : String(cell).replace(/\u0000/g, ''));

const unprocessable = (message: string) => new AppError(422, 'validation_error', message);
const rowCount = (n: number) => n.toLocaleString('en-US');

/** Refuses more rows than an import takes, before any of them is kept. */
export function assertImportRows(count: number): void {
  if (count > IMPORT_MAX_ROWS)
    throw unprocessable(`This file has more than ${rowCount(IMPORT_MAX_ROWS)} rows. Please split it into files of up to ${rowCount(IMPORT_MAX_ROWS)} rows and import each.`);
}

/**
 * Rows as an import reads them: the first row is the header (a blank
 * header cell is named "Column N"), rows with nothing in them are dropped,
 * the rest padded to one width.
 */
export function importTableOf(raw: Cell[][]): ImportTable {
  const lines = raw.map((row) => row.map(cellText)).filter((row) => row.some((cell) => cell.trim() !== ''));
  const [header = [], ...rows] = lines;
  const width = lines.reduce((widest, row) => Math.max(widest, row.findLastIndex((cell) => cell.trim() !== '') + 1), 0);
  if (width > MAX_COLUMNS) throw unprocessable(`This file has more than ${MAX_COLUMNS} columns, more than an import takes.`);
  assertImportRows(rows.length);
  const pad = (row: string[]) => Array.from({ length: width }, (_, i) => row[i] ?? '');
  return {
    columns: pad(header).map((name, i) => name.trim() || `Column ${i + 1}`),
    rows: rows.map(pad),
  };
}

/** A CSV, TSV or XLSX file (its first worksheet) as an import table; a file that cannot be read is 422 with why. */
export async function readImportFile(filePath: string, extension: string): Promise<ImportTable> {
  try {
    if (extension === 'xlsx') {
      const [first] = await readSpreadsheet(filePath);
      return importTableOf(first?.rows ?? []);
    }
    return importTableOf(await readDelimited(filePath, extension));
  } catch (error) {
    throw error instanceof ProcessingFailure ? unprocessable(error.message) : error;
  }
}
