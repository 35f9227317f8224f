import ExcelJS from 'exceljs';
import { readingFailure } from '../processing-failure';
import { MAX_ROWS, type Cell } from '../processing-result';
import { checkZipArchive } from './check-zip-archive';

const UNREADABLE = 'This spreadsheet could not be read: it may be damaged or password-protected.';

export interface Sheet {
  name: string;
  rows: Cell[][];
}

/** A date as the day alone when it has no time of day (how spreadsheets store plain dates). */
function dateText(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

function cellOf(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : dateText(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return value.text;
  if ('result' in value) return value.result === undefined ? null : cellOf(value.result);
  // Formulas without a cached result and error values (#N/A…) have nothing to show.
  return null;
}

/**
 * Every worksheet's rows (at most MAX_ROWS + 1 each: a header and the rows
 * kept), cells as plain values. The workbook is read whole through its
 * central directory, the one the zip check inspected.
 */
export async function readSpreadsheet(filePath: string): Promise<Sheet[]> {
  await checkZipArchive(filePath, UNREADABLE);
  return readingFailure(UNREADABLE, async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(filePath);
    return workbook.worksheets.map((worksheet) => {
      const rows: Cell[][] = [];
      worksheet.eachRow({ includeEmpty: false }, (row) => {
        if (rows.length > MAX_ROWS) return;
        // row.values is 1-based and sparse.
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        rows.push(Array.from(values, (value) => cellOf(value)));
      });
      return { name: worksheet.name, rows };
    });
  });
}
