import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { records, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { RecordItem } from '../../../lib/contract/records';
import type { RecordValues } from '../../../lib/contract/templates';
import { isUuid } from '../spaces/is-uuid';

const nameOf = (userId: typeof records.createdBy | typeof records.updatedBy) => sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${userId})`;

/** The columns a record is answered from: its own and the names of who added and last changed it. */
export const recordColumns = {
  id: records.id,
  values: records.values,
  version: records.version,
  createdAt: records.createdAt,
  updatedAt: records.updatedAt,
  createdBy: records.createdBy,
  updatedBy: records.updatedBy,
  createdByName: nameOf(records.createdBy),
  updatedByName: nameOf(records.updatedBy),
};

export interface RecordRow {
  id: string;
  values: RecordValues;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  createdBy: string | null;
  updatedBy: string | null;
  createdByName: string | null;
  updatedByName: string | null;
}

const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

export function presentRecord(row: RecordRow): RecordItem {
  return {
    id: row.id,
    values: row.values,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by: person(row.createdBy, row.createdByName),
    updated_by: person(row.updatedBy, row.updatedByName),
  };
}

/** The records of one table of one hub: every query over records starts here. */
export const recordsOfTable = (hubId: string, contentId: string): SQL =>
  and(eq(records.hubId, hubId), eq(records.contentId, contentId))!;

/** One record of a table: 404 for a missing one or another table's. */
export async function findRecord(opts: { db: Database; hubId: string; contentId: string; recordId: string; lock?: boolean }): Promise<RecordRow> {
  if (!isUuid(opts.recordId)) throw notFound('That record');
  const query = opts.db
    .select(recordColumns)
    .from(records)
    .where(and(recordsOfTable(opts.hubId, opts.contentId), eq(records.id, opts.recordId)))
    .limit(1)
    .$dynamic();
  const [row] = await (opts.lock ? query.for('update', { of: records }) : query);
  if (!row) throw notFound('That record');
  return row;
}
