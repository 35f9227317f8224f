import { describe, expect, it } from 'vitest';
import { csvLine, parseCsv } from '@/lib/csv';

describe('parseCsv', () => {
  it('reads quoted cells with delimiters, doubled quotes and line breaks; CRLF or LF; drops a BOM and blank lines', () => {
    const text = '\uFEFFName,Note\r\n"Lima, Ana","She said ""hi""\nthen left"\n\nBen,\n';
    expect(parseCsv(text)).toEqual([['Name', 'Note'], ['Lima, Ana', 'She said "hi"\nthen left'], ['Ben', '']]);
  });

  it('reads TSV with a tab delimiter, and a last row without a line end', () => {
    expect(parseCsv('a\tb\n1\t2', '\t')).toEqual([['a', 'b'], ['1', '2']]);
  });

  it('reads back what csvLine writes', () => {
    const cells = ['plain', 'with "quotes", commas', 'line\nbreak'];
    expect(parseCsv(csvLine(cells))).toEqual([cells]);
  });
});
