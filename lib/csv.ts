/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: quoted (RFC 4180), and a leading quote mark before text a
 * spreadsheet would run as a formula, so an exported name like
 * `=HYPERLINK(…)` stays text.
 */
function csvCell(value: string | null | undefined): string {
  const text = value ?? '';
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** One CSV record, with the CRLF line end RFC 4180 asks for. */
export const csvLine = (cells: ReadonlyArray<string | null | undefined>) => `${cells.map(csvCell).join(',')}\r\n`;
