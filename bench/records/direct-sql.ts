import { PAGE_SIZE } from '@/lib/constants';
import type { RecordFilter } from '@/lib/contract/records';
import type { RecordValues } from '@/lib/contract/templates';
import type { Statement } from '../spaces/database';
import { RARE_WORD } from './seed';

/**
 * The record reads and writes as plain SQL, written by hand with the same
 * conditions, order and columns as server/domain/records (list-records.ts,
 * present-record.ts, write-records.ts), so the API's figures can be set
 * against the bare statements.
 */

/** A number field's value as listRecords compares and sorts it. */
const numeric = (key: string) => `(case when jsonb_typeof(values->'${key}') = 'number' then (values->>'${key}')::numeric end)`;

const columns = `id, values, version, created_at, updated_at, created_by, updated_by,
  (select name from users where users.id = records.created_by) as created_by_name,
  (select name from users where users.id = records.updated_by) as updated_by_name`;

export interface ReadQuery {
  label: string;
  /** GET …/records/ query string. */
  search: Record<string, string>;
  /** The page and the total, as listRecords sends them (concurrently). */
  statements: (hubId: string, contentId: string) => [Statement, Statement];
}

function readQuery(label: string, search: Record<string, string>, opts: { where?: string; params?: unknown[]; order: string }): ReadQuery {
  return {
    label, search,
    statements(hubId, contentId) {
      const where = `organization_id = $1 and content_id = $2${opts.where ? ` and ${opts.where}` : ''}`;
      const params = [hubId, contentId, ...(opts.params ?? [])];
      return [
        { sql: `select ${columns} from records where ${where} order by ${opts.order} limit ${PAGE_SIZE} offset 0`, params },
        { sql: `select count(*)::int as n from records where ${where}`, params },
      ];
    },
  };
}

const filters: RecordFilter[] = [{ field: 'status', op: 'equals', value: 'Won' }, { field: 'amount', op: 'gt', value: '5000' }];

export const readQueries: ReadQuery[] = [
  readQuery('page 1, order added', { page: '1' }, { order: 'created_at asc, id asc' }),
  readQuery('sorted by Amount (number), descending', { page: '1', sort: 'amount', order: 'desc' }, {
    order: `${numeric('amount')} desc nulls last, created_at desc, id desc`,
  }),
  readQuery('filtered: Status = Won and Amount > 5000', { page: '1', filters: JSON.stringify(filters) }, {
    where: `lower((values->>'status')) = lower($3) and ${numeric('amount')} > $4::numeric`,
    params: ['Won', 5000],
    order: 'created_at asc, id asc',
  }),
  readQuery(`searched: q=${RARE_WORD} (in 1 % of records)`, { page: '1', q: RARE_WORD }, {
    where: 'text ilike $3',
    params: [`%${RARE_WORD}%`],
    order: 'created_at asc, id asc',
  }),
];

/** One record's change written as is, without re-indexing its table: the version checked and bumped in the statement. */
export const bareUpdate = (target: { hubId: string; contentId: string; recordId: string; userId: string }, changed: RecordValues, text: string, version: number): Statement => ({
  sql: `update records set values = values || $4::jsonb, text = $5, version = version + 1, updated_by = $6, updated_at = now()
         where organization_id = $1 and content_id = $2 and id = $3 and version = $7 returning version`,
  params: [target.hubId, target.contentId, target.recordId, JSON.stringify(changed), text, target.userId, version],
});

/** One new record written as is, without counting it into its table or re-indexing the table. */
export const bareInsert = (target: { hubId: string; contentId: string; userId: string }, values: RecordValues, text: string): Statement => ({
  sql: `insert into records (organization_id, content_id, values, text, created_by, updated_by) values ($1, $2, $3::jsonb, $4, $5, $5) returning id`,
  params: [target.hubId, target.contentId, JSON.stringify(values), text, target.userId],
});
