import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_COLUMNS, type Cell } from '../processing-result';
import { sheetPieces, writeXlsxFile, xlsxFile } from '../../test/content-fixtures';
import { readSpreadsheet } from './read-spreadsheet';

let folder: string;
beforeAll(async () => { folder = await mkdtemp(path.join(tmpdir(), 'read-spreadsheet-')); });
afterAll(async () => { await rm(folder, { recursive: true, force: true }); });

const UNREADABLE = 'This spreadsheet could not be read: it may be damaged or password-protected.';

/*
 * How workbooks were read before they were read as they inflate: exceljs
 * loaded the whole workbook, and each cell became a plain value this way.
 * Kept here as the reference the streaming reader must agree with.
 */
function wholeWorkbookCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return value.text;
  if ('result' in value) return value.result === undefined ? null : wholeWorkbookCell(value.result as ExcelJS.CellValue);
  return null;
}

async function readWhole(filePath: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(filePath);
  return workbook.worksheets.map((sheet) => {
    const rows: Cell[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => rows.push(Array.from(Array.isArray(row.values) ? row.values.slice(1) : [], wholeWorkbookCell)));
    return { name: sheet.name, rows };
  });
}

/** What readers of rows use of them: rows with a value, without the empty cells at their end. */
const meaningful = (sheets: Array<{ name: string; rows: Cell[][] }>) =>
  sheets.map(({ name, rows }) => ({
    name,
    rows: rows.filter((row) => row.some((cell) => cell !== null)).map((row) => row.slice(0, row.findLastIndex((cell) => cell !== null) + 1)),
  }));

describe('readSpreadsheet', () => {
  it('reads the same cells as reading the whole workbook did, from workbooks Excel-like writers make', async () => {
    const workbook = new ExcelJS.Workbook();
    const people = workbook.addWorksheet('People');
    people.addRow(['Name', 'Born', 'Score', 'Member', 'Link', 'Formula', 'Rich', 'Time']);
    people.addRow([
      'Asha & "Co" <x>', new Date(Date.UTC(1990, 4, 17)), 12.5, true, { text: 'Site', hyperlink: 'https://example.com' },
      { formula: 'C2*2', result: 25 }, { richText: [{ text: 'bold ', font: { bold: true } }, { text: 'plain' }] }, new Date(Date.UTC(2024, 0, 2, 13, 45)),
    ]);
    people.addRow([]);
    people.addRow(['Ravi', null, -3, false, null, { formula: 'A4&"!"', result: 'Ravi!' }, '  spaced  ']);
    people.getCell('C4').numFmt = '0.00%';
    people.getCell('J5').value = 'far right';
    people.getCell('B6').value = { error: '#N/A' };
    people.getCell('A7').value = 'tab\there';
    people.getCell('B7').value = 42;
    people.getCell('B7').numFmt = 'yyyy-mm-dd';
    people.getCell('C7').value = { formula: 'NOW()' };
    workbook.addWorksheet('Second').addRow(['x', 1]);
    const whole = path.join(folder, 'whole.xlsx');
    await workbook.xlsx.writeFile(whole);

    // exceljs's own streaming writer puts the shared strings after the sheets.
    const streamed = path.join(folder, 'streamed.xlsx');
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: streamed, useSharedStrings: true, useStyles: true });
    const sheet = writer.addWorksheet('Streamed');
    sheet.addRow(['a', new Date(Date.UTC(2020, 1, 29)), 3]).commit();
    sheet.addRow(['a', 'b', { richText: [{ text: 'r1' }, { text: 'r2' }] }]).commit();
    sheet.commit();
    await writer.commit();

    const fixture = path.join(folder, 'fixture.xlsx');
    await writeFile(fixture, xlsxFile([['Title', 'Budget'], ['Roadmap', 250.75], [null, null], ['Audit', true]]));

    for (const file of [whole, streamed, fixture]) {
      expect(meaningful(await readSpreadsheet(file)), path.basename(file)).toEqual(meaningful(await readWhole(file)));
    }
    expect((await readSpreadsheet(whole))[0]!.rows[1]).toEqual(['Asha & "Co" <x>', '1990-05-17', 12.5, true, 'Site', 25, 'bold plain', '2024-01-02T13:45:00.000Z']);
  });

  it('refuses a shared-strings table that expands past its limit before reading any of it', async () => {
    const filePath = path.join(folder, 'strings.xlsx');
    // About 70 MB of distinct strings: it compresses far less than 100:1, so only the shared-strings limit stands in its way.
    const strings = function* () {
      yield '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';
      for (let block = 0; block < 300; block += 1) {
        let text = '';
        for (let i = 0; i < 10_000; i += 1) text += `<si><t>v${block * 10_000 + i}</t></si>`;
        yield text;
      }
      yield '</sst>';
    };
    await writeXlsxFile(filePath, sheetPieces(1, () => ['x']), [{ name: 'xl/sharedStrings.xml', pieces: strings() }]);
    await expect(readSpreadsheet(filePath)).rejects.toThrow('This file expands to more than 64 MB of shared text and was not opened.');
  });

  it('keeps a row bounded however far right its cells claim to be', async () => {
    const filePath = path.join(folder, 'wide.xlsx');
    const tail = '<row r="2"><c r="A2" t="inlineStr"><is><t>near</t></is></c><c r="XFD2" t="inlineStr"><is><t>far</t></is></c></row></sheetData></worksheet>';
    await writeXlsxFile(filePath, sheetPieces(1, () => ['head'], tail));
    const [sheet] = await readSpreadsheet(filePath);
    expect(sheet!.rows[1]).toHaveLength(MAX_COLUMNS + 1);
    expect([sheet!.rows[1]![0], sheet!.rows[1]![MAX_COLUMNS]]).toEqual(['near', 'far']);
  });

  it('refuses a document type declaration, where entity expansion lives, and damaged XML', async () => {
    const declared = path.join(folder, 'doctype.xlsx');
    await writeXlsxFile(declared, ['<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaa">]><worksheet><sheetData></sheetData></worksheet>']);
    await expect(readSpreadsheet(declared)).rejects.toThrow(UNREADABLE);
    const cut = path.join(folder, 'cut.xlsx');
    await writeXlsxFile(cut, sheetPieces(3, (i) => [`r${i}`], '<row r="9"><c r="A9"'));
    await expect(readSpreadsheet(cut)).rejects.toThrow(UNREADABLE);
  });
});
