import path from 'node:path';
import type { Entry } from 'yauzl';
import { ProcessingFailure, readingFailures } from '../processing-failure';
import { MAX_COLUMNS, MAX_ROWS, type Cell } from '../processing-result';
import { expandsTooFar, openZipArchive, type ZipArchive } from './check-zip-archive';
import { XmlScanner, type XmlHandler } from './xml-scanner';

const UNREADABLE = 'This spreadsheet could not be read: it may be damaged or password-protected.';

const MB = 1024 * 1024;
/**
 * Unpacked sizes of the parts a workbook is read from besides its sheets
 * (which are read as they inflate and stop at the rows wanted): the shared
 * strings are all kept while a sheet is read, so they are bounded on their
 * own; the others are a few KB in real workbooks.
 */
const PART_LIMITS = {
  sharedStrings: { maxBytes: 64 * MB, tooLarge: () => expandsTooFar('64 MB of shared text') },
  other: { maxBytes: 8 * MB, tooLarge: () => expandsTooFar('8 MB in one of its parts') },
};

export interface Sheet {
  name: string;
  rows: Cell[][];
}

/** A worksheet whose rows are read as they are asked for: stopping early leaves the rest of it unread. */
export interface SheetReader {
  name: string;
  rows(): AsyncGenerator<Cell[]>;
}

export interface Workbook {
  /** The worksheets in the workbook's order. */
  sheets: SheetReader[];
  close(): void;
}

const RELATIONSHIP_TYPES = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';

/** Number formats built into Excel that show dates or times (ECMA-376 §18.8.30). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** Whether a number format shows a date or time: any of its date letters outside quoted text and [brackets]. */
const isDateFormat = (code: string) => /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** A date serial number as the instant it names (1900 or 1904 date system). */
const serialToDate = (serial: number, date1904: boolean) => new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

/** A date as the day alone when it has no time of day (how spreadsheets store plain dates). */
function dateText(date: Date): string | null {
  if (Number.isNaN(date.getTime())) return null;
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/** The 0-based column of a cell reference ("C7" is 2). */
function columnOf(reference: string): number {
  let column = 0;
  for (let i = 0; i < reference.length; i += 1) {
    const c = reference.charCodeAt(i);
    if (c < 65 || c > 90) break;
    column = column * 26 + (c - 64);
  }
  return column - 1;
}

/** Shared strings keep characters XML cannot hold as _xHHHH_. */
const unescapeSharedString = (text: string) => text.replace(/_x([0-9A-F]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** Reads a part through the XML scanner as it inflates. */
async function scanPart(zip: ZipArchive, entry: Entry, handler: XmlHandler, limit = PART_LIMITS.other): Promise<void> {
  const scanner = new XmlScanner(handler, UNREADABLE);
  const decoder = new TextDecoder();
  for await (const chunk of zip.read(entry, limit)) scanner.write(decoder.decode(chunk, { stream: true }));
  scanner.write(decoder.decode());
  scanner.end();
}

/** A part's relationships (`_rels/<name>.rels` beside it): where each id points, resolved to part names, and its type. */
async function relationshipsOf(zip: ZipArchive, part: string): Promise<Map<string, { target: string; type: string }>> {
  const found = new Map<string, { target: string; type: string }>();
  const dir = path.posix.dirname(part);
  const entry = zip.entries.get(path.posix.join(dir, '_rels', `${path.posix.basename(part)}.rels`));
  if (!entry) return found;
  await scanPart(zip, entry, {
    open(name, attributes) {
      const { Id: id, Target: target = '', Type: type = '' } = attributes;
      if (name !== 'Relationship' || !id || attributes.TargetMode === 'External') return;
      const resolved = target.startsWith('/') ? target.slice(1) : path.posix.normalize(path.posix.join(dir, target));
      found.set(id, { target: resolved, type });
    },
    close: () => undefined,
    text: () => undefined,
  });
  return found;
}

/** The workbook part's sheets (name and relationship id, in order) and its date system. */
async function readWorkbookPart(zip: ZipArchive, entry: Entry) {
  const sheets: Array<{ name: string; id: string }> = [];
  let date1904 = false;
  await scanPart(zip, entry, {
    open(name, attributes) {
      if (name === 'sheet' && attributes['r:id']) sheets.push({ name: attributes.name ?? '', id: attributes['r:id'] });
      if (name === 'workbookPr') date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
    },
    close: () => undefined,
    text: () => undefined,
  });
  return { sheets, date1904 };
}

/** Every shared string, as plain text (rich text runs joined, phonetic guides left out). */
async function readSharedStrings(zip: ZipArchive, entry: Entry | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let parts: string[] | null = null;
  let inText = false;
  let phonetic = 0;
  await scanPart(zip, entry, {
    open(name) {
      if (name === 'si') parts = [];
      else if (name === 'rPh') phonetic += 1;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'si' && parts) {
        strings.push(unescapeSharedString(parts.join('')));
        parts = null;
      }
    },
    text(text) {
      if (inText) parts?.push(text);
    },
  }, PART_LIMITS.sharedStrings);
  return strings;
}

/** For each cell style (cellXfs, by index), whether its number format shows a date. */
async function readDateStyles(zip: ZipArchive, entry: Entry | undefined): Promise<boolean[]> {
  const formats = new Map<number, string>();
  const styleFormats: number[] = [];
  if (!entry) return [];
  let inCellStyles = false;
  await scanPart(zip, entry, {
    open(name, attributes) {
      if (name === 'numFmt') formats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      else if (name === 'cellXfs') inCellStyles = true;
      else if (name === 'xf' && inCellStyles) styleFormats.push(Number(attributes.numFmtId ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellStyles = false;
    },
    text: () => undefined,
  });
  return styleFormats.map((id) => {
    const custom = formats.get(id);
    return custom === undefined ? BUILT_IN_DATE_FORMATS.has(id) : id !== 0 && isDateFormat(custom);
  });
}

interface SheetContext {
  sharedStrings: string[];
  dateStyles: boolean[];
  date1904: boolean;
}

interface OpenCell {
  column: number;
  type: string;
  style: number;
  formula: boolean;
  text: string | null;
}

/**
 * A worksheet's rows as the scanner reports its XML: each row once it
 * closes, cells at their column (a cell past MAX_COLUMNS lands on the
 * column just past it, so a row stays bounded and its readers still see
 * that something is there), rows without a value left out.
 */
class SheetRows implements XmlHandler {
  readonly done: Cell[][] = [];
  private inSheetData = false;
  private row: Cell[] | null = null;
  private nextColumn = 0;
  private cell: OpenCell | null = null;
  private capturing = false;
  private phonetic = 0;

  constructor(private readonly context: SheetContext) {}

  open(name: string, attributes: Record<string, string>): void {
    if (name === 'sheetData') this.inSheetData = true;
    else if (!this.inSheetData) return;
    else if (name === 'row') {
      this.row = [];
      this.nextColumn = 0;
    } else if (name === 'c' && this.row) {
      const column = attributes.r ? columnOf(attributes.r) : this.nextColumn;
      this.cell = { column: Math.min(Math.max(column, 0), MAX_COLUMNS), type: attributes.t ?? 'n', style: Number(attributes.s ?? 0), formula: false, text: null };
      this.nextColumn = column + 1;
    } else if (!this.cell) return;
    else if (name === 'f') this.cell.formula = true;
    else if (name === 'rPh') this.phonetic += 1;
    else if ((name === 'v' || name === 't') && this.phonetic === 0) this.capturing = true;
  }

  close(name: string): void {
    if (name === 'sheetData') this.inSheetData = false;
    else if (name === 'v' || name === 't') this.capturing = false;
    else if (name === 'rPh') this.phonetic -= 1;
    else if (name === 'c' && this.cell && this.row) {
      const value = this.valueOf(this.cell);
      if (value !== null) this.row[this.cell.column] = value;
      this.cell = null;
    } else if (name === 'row' && this.row) {
      if (this.row.some((value) => value !== null && value !== undefined)) this.done.push(Array.from(this.row, (value) => value ?? null));
      this.row = null;
    }
  }

  text(text: string): void {
    if (this.capturing && this.cell) this.cell.text = (this.cell.text ?? '') + text;
  }

  /** A cell's value: shared or inline text, a boolean, a number or a date (by its style); formulas give their cached result, errors nothing. */
  private valueOf({ type, style, text }: OpenCell): Cell {
    if (text === null) return null;
    switch (type) {
      case 's':
        return this.context.sharedStrings[Number.parseInt(text, 10)] ?? null;
      case 'str':
      case 'inlineStr':
        return text;
      case 'b':
        return Number.parseInt(text, 10) !== 0;
      case 'e':
        return null;
      default: {
        const number = Number.parseFloat(text);
        if (!Number.isFinite(number)) return null;
        return this.context.dateStyles[style] ? dateText(serialToDate(number, this.context.date1904)) : number;
      }
    }
  }
}

/** A worksheet's rows as its part inflates; rows before a damaged stretch are given before the failure is. */
async function* sheetRows(zip: ZipArchive, entry: Entry, context: SheetContext): AsyncGenerator<Cell[]> {
  const rows = new SheetRows(context);
  const scanner = new XmlScanner(rows, UNREADABLE);
  const decoder = new TextDecoder();
  const scan = (piece: string, last = false) => {
    try {
      scanner.write(piece);
      if (last) scanner.end();
      return null;
    } catch (error) {
      return error;
    }
  };
  for await (const chunk of zip.read(entry)) {
    const failure = scan(decoder.decode(chunk, { stream: true }));
    yield* rows.done.splice(0);
    if (failure) throw failure;
  }
  const failure = scan(decoder.decode(), true);
  yield* rows.done.splice(0);
  if (failure) throw failure;
}

/**
 * Opens an XLSX workbook through its central directory (the one the zip
 * checks inspected), reading its structure, styles and shared strings,
 * each part bounded, and gives its worksheets to read row by row: a
 * worksheet is inflated and parsed only as far as its reader goes, so a
 * workbook of millions of rows costs no more than the rows wanted.
 */
export async function openSpreadsheet(filePath: string): Promise<Workbook> {
  const zip = await openZipArchive(filePath, UNREADABLE);
  try {
    const unreadable = () => new ProcessingFailure(UNREADABLE);
    const root = await relationshipsOf(zip, '');
    const workbookPart = [...root.values()].find((r) => r.type === `${RELATIONSHIP_TYPES}officeDocument`)?.target ?? 'xl/workbook.xml';
    const workbookEntry = zip.entries.get(workbookPart);
    if (!workbookEntry) throw unreadable();
    const related = await relationshipsOf(zip, workbookPart);
    const partOf = (type: string, fallback: string) =>
      zip.entries.get([...related.values()].find((r) => r.type === `${RELATIONSHIP_TYPES}${type}`)?.target ?? path.posix.join(path.posix.dirname(workbookPart), fallback));
    const { sheets, date1904 } = await readWorkbookPart(zip, workbookEntry);
    const context: SheetContext = {
      date1904,
      dateStyles: await readDateStyles(zip, partOf('styles', 'styles.xml')),
      sharedStrings: await readSharedStrings(zip, partOf('sharedStrings', 'sharedStrings.xml')),
    };
    const readers = sheets.flatMap(({ name, id }) => {
      const relation = related.get(id);
      const entry = relation?.type === `${RELATIONSHIP_TYPES}worksheet` ? zip.entries.get(relation.target) : undefined;
      return entry ? [{ name, rows: () => readingFailures(UNREADABLE, sheetRows(zip, entry, context)) }] : [];
    });
    return { sheets: readers, close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error instanceof ProcessingFailure ? error : new ProcessingFailure(UNREADABLE);
  }
}

/** The first `max` rows a sheet gives; it is left there, the rest of it unread. */
async function firstRows(rows: AsyncIterable<Cell[]>, max: number): Promise<Cell[][]> {
  const kept: Cell[][] = [];
  for await (const row of rows) {
    kept.push(row);
    if (kept.length >= max) break;
  }
  return kept;
}

/** Every worksheet's rows (at most MAX_ROWS + 1 each: a header and the rows kept), cells as plain values. */
export async function readSpreadsheet(filePath: string): Promise<Sheet[]> {
  const workbook = await openSpreadsheet(filePath);
  try {
    const sheets: Sheet[] = [];
    for (const sheet of workbook.sheets) sheets.push({ name: sheet.name, rows: await firstRows(sheet.rows(), MAX_ROWS + 1) });
    return sheets;
  } finally {
    workbook.close();
  }
}
