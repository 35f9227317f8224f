import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { readingFailure } from '../processing-failure';
import { MAX_ROWS, type Cell } from '../processing-result';
import { decodeText } from './read-plain-text';

const DELIMITERS = [',', ';', '\t', '|'] as const;
const QUOTED = /"(?:[^"]|"")*"/g;
const UNREADABLE = 'This file could not be read as rows and columns: please check that it is a valid CSV file.';

/**
 * The delimiter a file uses: the one found the same number of times on each
 * of its first lines (quoted text aside), preferring the most frequent.
 * A single column falls back to a comma.
 */
export function sniffDelimiter(text: string): string {
  const lines = text.slice(0, 64 * 1024).replace(QUOTED, '').split(/\r?\n/).filter((l) => l.trim() !== '').slice(0, 20);
  let best: { delimiter: string; score: number } = { delimiter: ',', score: 0 };
  for (const delimiter of DELIMITERS) {
    const counts = lines.map((line) => line.split(delimiter).length - 1);
    const fewest = Math.min(...counts);
    // Consistent counts beat a delimiter that merely appears inside some cells.
    const score = fewest > 0 ? fewest + (counts.every((c) => c === fewest) ? 1000 : 0) : 0;
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

/**
 * Hands each row of a CSV, TSV or delimited record file to `onRow` as the
 * parser reaches it, stopping after `max` rows, or where `onRow` throws (a
 * reader with enough rows): the rest is never parsed. The file is decoded
 * whole first (it is at most an upload's size), so one encoding is chosen
 * for all of it; it is the rows that would take the memory.
 */
export async function eachDelimitedRow(filePath: string, extension: string, onRow: (row: Cell[]) => void, max = -1): Promise<void> {
  const text = decodeText(await readFile(filePath));
  await readingFailure(UNREADABLE, async () => {
    parse(text, {
      delimiter: extension === 'tsv' ? '\t' : sniffDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      to: max,
      // Each row goes to the reader at once and none is collected here.
      on_record: (record: string[]) => {
        onRow(record);
        return null;
      },
    });
  });
}

/** Rows of a CSV, TSV or delimited record file (at most MAX_ROWS + 1: a header and the rows kept). */
export async function readDelimited(filePath: string, extension: string): Promise<Cell[][]> {
  const rows: Cell[][] = [];
  await eachDelimitedRow(filePath, extension, (row) => rows.push(row), MAX_ROWS + 1);
  return rows;
}
