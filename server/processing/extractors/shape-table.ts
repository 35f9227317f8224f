import { contactFields, type ContentDetails } from '../../../lib/contract/contents';
import { isPhone } from '../../../lib/validation/template-schema';
import { joinLocated, type LocatedText } from '../located-text';
import { CONTACT_SYNONYMS, normaliseHeader } from './header-synonyms';
import { MAX_COLUMNS, MAX_ROWS, type Cell } from '../processing-result';

export type Column = NonNullable<ContentDetails['columns']>[number];
export type ColumnType = Column['type'];

export interface ShapedTable {
  columns: Column[];
  rows: Cell[][];
}

const BOOLEAN = /^(true|false|yes|no)$/i;
// No leading zeros: "007" or "02134" are codes, and a number would lose them.
const NUMBER = /^[-+]?(0|[1-9]\d*|[1-9]\d{0,2}(,\d{3})+)(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const LOCAL_DATE = /^\d{1,2}[/.-]\d{1,2}[/.-](\d{2}|\d{4})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL = /^(https?:\/\/|www\.)\S+$/i;

/** What one non-empty cell looks like. */
export function valueType(value: string | number | boolean): ColumnType {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return 'number';
  if (BOOLEAN.test(value)) return 'boolean';
  if (NUMBER.test(value)) return 'number';
  if (ISO_DATE.test(value) || LOCAL_DATE.test(value)) return 'date';
  if (EMAIL.test(value)) return 'email';
  if (URL.test(value)) return 'url';
  if (isPhone(value)) return 'phone';
  return 'text';
}

const clean = (cell: Cell | undefined): Cell => {
  if (cell === undefined || cell === null) return null;
  if (typeof cell !== 'string') return cell;
  const text = cell.replace(/\u0000/g, '').trim();
  return text === '' ? null : text;
};

/** A column's type: the one every value shares, else text. */
function columnType(values: Array<string | number | boolean>): ColumnType {
  const types = new Set(values.map(valueType));
  const [only] = types;
  return types.size === 1 && only ? only : 'text';
}

function typedCell(cell: Cell, type: ColumnType): Cell {
  if (typeof cell !== 'string') return cell;
  if (type === 'number') return Number(cell.replace(/,/g, ''));
  if (type === 'boolean') return /^(true|yes)$/i.test(cell);
  return cell;
}

/** The first row is a header when most of its cells are labels (plain text) and no two are alike. */
function isHeader(row: Cell[]): boolean {
  const filled = row.filter((c): c is string | number | boolean => c !== null);
  if (filled.length === 0) return false;
  const labels = filled.filter((c) => typeof c === 'string' && valueType(c) === 'text');
  const distinct = new Set(filled.map((c) => String(c).toLowerCase())).size === filled.length;
  return distinct && labels.length > filled.length / 2;
}

/** The rows without empty lines, padded to one width, and the column names (from the header or "Column 1…"). */
function layOut(raw: Cell[][]): { names: string[]; hasHeader: boolean; rows: Cell[][] } {
  const nonEmpty = raw.map((row) => row.slice(0, MAX_COLUMNS).map(clean)).filter((row) => row.some((c) => c !== null));
  const width = Math.max(0, ...nonEmpty.map((row) => row.findLastIndex((c) => c !== null) + 1));
  const header = nonEmpty[0] && isHeader(nonEmpty[0]) ? nonEmpty[0] : null;
  const rows = (header ? nonEmpty.slice(1) : nonEmpty)
    .slice(0, MAX_ROWS)
    .map((row) => Array.from({ length: width }, (_, i) => row[i] ?? null));
  const names = Array.from({ length: width }, (_, i) => (header?.[i] != null ? String(header[i]) : `Column ${i + 1}`));
  return { names, hasHeader: header !== null, rows };
}

/**
 * Turns parsed rows into a table: the header (or "Column 1…" when the first
 * row is data), each column's type, and the rows (at most MAX_ROWS, typed:
 * numbers and yes/no as values, the rest as text).
 */
export function shapeTable(raw: Cell[][]): ShapedTable {
  const { names, rows } = layOut(raw);
  const columns = names.map((name, i): Column => ({
    name,
    type: columnType(rows.map((row) => row[i] ?? null).filter((c): c is string | number | boolean => c !== null)),
  }));
  return { columns, rows: rows.map((row) => row.map((cell, i) => typedCell(cell, columns[i]!.type))) };
}

const CONTACT_TYPES: Record<string, ColumnType> = { email: 'email', phone: 'phone' };

/**
 * A contact file as the contact form's fields, in the form's order: each
 * field takes the column whose header means it (phone, mobile, tel… for the
 * contact number), or, without a header, the column in the same position.
 * Columns that match no field follow, so nothing in the file is lost.
 */
export function shapeContacts(raw: Cell[][]): ShapedTable {
  const { names, hasHeader, rows } = layOut(raw);
  const taken = new Set<number>();
  const fieldColumns = contactFields.map((field, position) => {
    const index = hasHeader
      ? names.findIndex((name, i) => !taken.has(i) && CONTACT_SYNONYMS[field.name].includes(normaliseHeader(name)))
      : position < names.length ? position : -1;
    if (index >= 0) taken.add(index);
    return index;
  });
  const extra = names.map((_, i) => i).filter((i) => !taken.has(i));
  const columns: Column[] = [
    ...contactFields.map((field) => ({ name: field.name, type: CONTACT_TYPES[field.type] ?? 'text' })),
    ...extra.map((i) => ({ name: names[i]!, type: 'text' as const })),
  ];
  // Form fields hold text: a phone number kept as a number would lose its leading + or 0.
  const text = (cell: Cell | undefined) => (cell === null || cell === undefined ? null : String(cell));
  return {
    columns,
    rows: rows.map((row) => [...fieldColumns.map((i) => (i >= 0 ? text(row[i]) : null)), ...extra.map((i) => text(row[i]))]),
  };
}

const CONTACT_LABELS: Record<string, string> = Object.fromEntries(contactFields.map((field) => [field.name, field.label]));

/**
 * A contact list as text: one line per person of "Label: value" pairs
 * ("Name: Asha Rao · Occupation: Engineer · Department: Budget"), the form's
 * labels for its fields and the file's own headers for the rest. Search
 * snippets and the reader show these, never the field keys.
 */
export function contactText(table: ShapedTable, sheet?: string): LocatedText {
  const labels = table.columns.map((column) => CONTACT_LABELS[column.name] ?? column.name);
  const line = (cells: Cell[]) =>
    cells.flatMap((cell, i) => (cell === null || cell === '' ? [] : [`${labels[i]}: ${String(cell)}`])).join(' · ');
  return joinLocated(
    table.rows.map((cells, row) => ({ location: sheet === undefined ? { row } : { sheet, row }, text: line(cells) })),
    '\n',
  );
}

/**
 * A table as text (header, then one line per row, cells separated by tabs):
 * what search and the reader see. Each row's line is located by its index
 * in the rows (and the worksheet's name, when it has one).
 */
export function tableText(table: ShapedTable, sheet?: string): LocatedText {
  const line = (cells: Cell[]) => cells.map((c) => (c === null ? '' : String(c))).join('\t');
  return joinLocated(
    [
      { location: null, text: line(table.columns.map((c) => c.name)) },
      ...table.rows.map((cells, row) => ({ location: sheet === undefined ? { row } : { sheet, row }, text: line(cells) })),
    ],
    '\n',
  );
}
