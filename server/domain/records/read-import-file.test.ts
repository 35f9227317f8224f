import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS } from '../../../lib/contract/records';
import { importTableOf } from './read-import-file';

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
