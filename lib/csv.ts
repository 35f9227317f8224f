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

/**
 * Rows of CSV (or, with `delimiter` '\t', TSV) text as RFC 4180 reads them:
 * quoted cells may hold delimiters, quotes ("") and line breaks; CRLF or LF
 * ends a row; a leading byte-order mark and blank lines are dropped.
 */
export function parseCsv(text: string, delimiter = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  const endRow = () => {
    row.push(cell);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    cell = '';
  };
  for (let i = 0; i < source.length; i += 1) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i += 1;
      endRow();
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}
