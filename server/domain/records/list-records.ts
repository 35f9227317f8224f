import { and, asc, count, desc, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { records } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { pageOffset } from '../../lib/envelope';
import type { PageQuery } from '../../../lib/contract/envelope';
import { recordSystemColumns, type RecordFilter, type RecordItem } from '../../../lib/contract/records';
import { rangeFieldTypes, type TemplateField } from '../../../lib/contract/templates';
import type { SpaceViewer } from '../../policies/spaces';
import { likeEscaped } from '../search/find-spaces-and-people';
import { findRecordTable } from './find-record-table';
import { presentRecord, recordColumns, recordsOfTable } from './present-record';

export interface RecordListOptions extends PageQuery {
  q?: string;
  sort?: string;
  order: 'asc' | 'desc';
  filters: RecordFilter[];
}

const badQuery = (field: 'sort' | 'filters', message: string) => new AppError(400, 'validation_error', message, { [field]: [message] });

/** A column records are sorted and filtered by: a field of the template (removed ones too) or when they were added or changed. */
interface Column {
  /** The value as text, or null. */
  text: SQL;
  /** The value as a number (number and integer fields), else null: numbers sort as numbers. */
  numeric: SQL | null;
  /** Timestamps compare as timestamps. */
  time: SQL | null;
  isArray: boolean;
}

function columnOf(fields: readonly TemplateField[], key: string, part: 'sort' | 'filters'): Column {
  if ((recordSystemColumns as readonly string[]).includes(key)) {
    const column = key === 'created_at' ? records.createdAt : records.updatedAt;
    return { text: sql`${column}::text`, numeric: null, time: sql`${column}`, isArray: false };
  }
  const field = fields.find((f) => f.key === key);
  if (!field) throw badQuery(part, `This table has no column "${key}"`);
  const value = sql`${records.values}->${key}`;
  const isNumber = (rangeFieldTypes as readonly string[]).includes(field.type);
  return {
    text: sql`(${records.values}->>${key})`,
    numeric: isNumber ? sql`(case when jsonb_typeof(${value}) = 'number' then (${records.values}->>${key})::numeric end)` : null,
    time: null,
    isArray: field.type === 'checkboxes' || field.type === 'multi-select',
  };
}

function filterCondition(fields: readonly TemplateField[], filter: RecordFilter): SQL {
  const column = columnOf(fields, filter.field, 'filters');
  const value = filter.value ?? '';
  const isEmpty = sql`(coalesce(${column.text}, '') = '' or ${column.text} = '[]')`;
  if (filter.op === 'empty') return isEmpty;
  if (filter.op === 'not_empty') return sql`not ${isEmpty}`;
  if (value === '') throw badQuery('filters', 'Please enter a value to filter by');
  if (filter.op === 'contains') return sql`${column.text} ilike ${`%${likeEscaped(value)}%`}`;
  const number = Number(value);
  if (column.numeric) {
    if (value.trim() === '' || !Number.isFinite(number)) throw badQuery('filters', `${value} is not a number`);
  }
  if (column.time && Number.isNaN(Date.parse(value))) throw badQuery('filters', `${value} is not a date`);
  const typed = column.numeric ?? column.time ?? sql`lower(${column.text})`;
  const operand = column.numeric ? sql`${number}::numeric` : column.time ? sql`${value}::timestamptz` : sql`lower(${value})`;
  if (filter.op === 'equals') {
    if (column.isArray) return sql`${records.values}->${filter.field} @> ${JSON.stringify([value])}::jsonb`;
    return sql`${typed} = ${operand}`;
  }
  return filter.op === 'gt' ? sql`${typed} > ${operand}` : sql`${typed} < ${operand}`;
}

/**
 * A page of a record table's records: every word of `q` somewhere in the
 * record (its text, through the trigram index), every filter passed,
 * sorted by any column (numbers as numbers, the rest as text, empty last),
 * then in the order they were added.
 */
export async function listRecords(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  contentId: string;
  query: RecordListOptions;
}): Promise<{ items: RecordItem[]; count: number }> {
  const { db, viewer, query } = opts;
  const { row, template } = await findRecordTable({ db, viewer, spaceId: opts.spaceId, contentId: opts.contentId });
  const contentId = row.content.id;
  const words = (query.q ?? '').split(/\s+/).filter(Boolean);
  const where = and(
    recordsOfTable(viewer.hubId, contentId),
    ...words.map((word) => sql`${records.text} ilike ${`%${likeEscaped(word)}%`}`),
    ...query.filters.map((filter) => filterCondition(template.fields, filter)),
  );
  const direction = query.order === 'desc' ? desc : asc;
  const order: SQL[] = [];
  if (query.sort && query.sort !== 'created_at') {
    const column = columnOf(template.fields, query.sort, 'sort');
    // Blank text sorts with the empty values, last.
    const sortable = column.numeric ?? column.time ?? sql`nullif(lower(${column.text}), '')`;
    order.push(sql`${sortable} ${sql.raw(query.order)} nulls last`);
  }
  order.push(direction(records.createdAt), direction(records.id));
  const [rows, [total]] = await Promise.all([
    db.select(recordColumns).from(records).where(where).orderBy(...order).limit(query.page_size).offset(pageOffset(query)),
    db.select({ n: count() }).from(records).where(where),
  ]);
  return { items: rows.map(presentRecord), count: total?.n ?? 0 };
}
