import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS } from '../../lib/contract/records';
import { sniffDelimiter } from './extractors/read-delimited';
import { sheetPieces, writeXlsxFile, xlsxFile } from '../test/content-fixtures';
import { importTableOf, readImportFile, type ImportFileRead } from './read-import-file';

let folder: string;
beforeAll(async () => { folder = await mkdtemp(path.join(tmpdir(), 'read-import-')); });
afterAll(async () => { await rm(folder, { recursive: true, force: true }); });

const TOO_MANY = 'This file has more than 50,000 rows. Please split it into files of up to 50,000 rows and import each.';
const UNREADABLE_SHEET = 'This spreadsheet could not be read: it may be damaged or password-protected.';

async function fileOf(name: string, data: string | Buffer): Promise<string> {
  const filePath = path.join(folder, name);
  await writeFile(filePath, data);
  return filePath;
}

const read = async (filePath: string): Promise<ImportFileRead & { rows: string[][] }> => {
  const file = await readImportFile({ filePath, extension: path.extname(filePath).slice(1) });
  return { ...file, rows: JSON.parse(file.rowsJson) as string[][] };
};

describe('importTableOf', () => {
  it('takes the first row as the header, names blank headers, drops empty rows and pads the rest as text', () => {
    expect(importTableOf([
      ['Name', '', 'Age'],
      ['Asha', 'x', 41],
      [null, '  ', ''],
      ['Ravi', null],
      ['Mei', 'a\u0000b', true, ''],
    ])).toEqual({
      columns: ['Name', 'Column 2', 'Age'],
      rows: [['Asha', 'x', '41'], ['Ravi', '', ''], ['Mei', 'ab', 'true']],
    });
  });

  it('refuses more rows than an import takes', () => {
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 2 }, (_, i) => [`row ${i}`]);
    expect(() => importTableOf(rows)).toThrow(/more than 50,000 rows/);
    expect(importTableOf(rows.slice(0, IMPORT_MAX_ROWS + 1)).rows).toHaveLength(IMPORT_MAX_ROWS);
  });
});

describe('readImportFile', () => {
  it('reads CSV and TSV files into the same rows as parsing the whole text did', async () => {
    const files = {
      'people.csv': '\uFEFFName,Note,Age\r\n"Rao, Asha","said ""hi""",41\r\n\r\nRavi,"two\nlines",\r\n,,\r\nMei,x,7,extra\r\n',
      'semi.csv': 'Name;Budget\nHall;300,50\nFood;42\n',
      'list.tsv': 'Title\tSeats\nTabbed, with a comma\t5\n',
    };
    for (const [name, text] of Object.entries(files)) {
      const extension = path.extname(name).slice(1);
      // How the file was read before it was read row by row: the whole text at once, with the same options.
      const before = importTableOf(parse(text.replace(/^\uFEFF/, ''), {
        delimiter: extension === 'tsv' ? '\t' : sniffDelimiter(text), relax_column_count: true, relax_quotes: true, skip_empty_lines: true,
      }) as string[][]);
      const after = await read(await fileOf(name, text));
      expect({ columns: after.columns, rows: after.rows }, name).toEqual(before);
      expect(after.rowCount).toBe(before.rows.length);
    }
  });

  it("reads an XLSX file's first worksheet, with each column's first few values for the preview", async () => {
    const file = await read(await fileOf('projects.xlsx', xlsxFile([
      ['Title', 'Budget', '', 'Done'],
      ['Roadmap', 250.75, null, true],
      [null, null],
      ['Audit', null, null, false],
      ['Launch', 3, null, null],
      ['Party', 4, null, null],
    ])));
    expect(file).toEqual({
      columns: ['Title', 'Budget', 'Column 3', 'Done'],
      rowCount: 4,
      samples: [['Roadmap', 'Audit', 'Launch'], ['250.75', '3', '4'], [], ['true', 'false']],
      rowsJson: expect.any(String),
      rows: [['Roadmap', '250.75', '', 'true'], ['Audit', '', '', 'false'], ['Launch', '3', '', ''], ['Party', '4', '', '']],
    });
  });

  it('stops reading at the first row past the limit: what comes after it is never reached', async () => {
    const rowAt = (i: number) => (i === 0 ? ['Title'] : [`r${i}`]);
    // A document type declaration is refused where the reader meets it: after exactly the rows an import takes, it is met.
    const broken = '<!DOCTYPE bomb [<!ENTITY a "aaaa">]></sheetData></worksheet>';
    const atLimit = await fileOf('at-limit.xlsx', Buffer.alloc(0));
    await writeXlsxFile(atLimit, sheetPieces(IMPORT_MAX_ROWS + 1, rowAt, broken));
    await expect(read(atLimit)).rejects.toThrow(UNREADABLE_SHEET);
    const pastLimit = await fileOf('past-limit.xlsx', Buffer.alloc(0));
    await writeXlsxFile(pastLimit, sheetPieces(IMPORT_MAX_ROWS + 2, rowAt, broken));
    await expect(read(pastLimit)).rejects.toThrow(TOO_MANY);

    // The same for text: a quote never closed is an error only for a reader that gets that far.
    const lines = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `r${i}`).join('\n');
    await expect(read(await fileOf('past-limit.csv', `Title\n${lines}\n"never closed\n`))).rejects.toThrow(TOO_MANY);
    await expect(read(await fileOf('broken.csv', 'Title\nr1\n"never closed\n'))).rejects.toThrow(/could not be read as rows and columns/);
  });

  it('counts only rows with something in them against the limit', async () => {
    const lines = Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => `r${i},1\n,\n`).join('');
    const file = await read(await fileOf('sparse.csv', `Title,Budget\n${lines}`));
    expect(file.rowCount).toBe(IMPORT_MAX_ROWS);
  });
});
