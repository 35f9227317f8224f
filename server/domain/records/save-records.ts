import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contents, recordReindexRequests, records } from '../../db/schema';
import type { RecordValues, TemplateField } from '../../../lib/contract/templates';
import { valueToText } from '../../../lib/validation/template-schema';
import { mapInTurns } from '../../lib/in-turns';
import { joinLocated } from '../../processing/located-text';
import { storableString } from '../../processing/processing-result';
import { savePassages } from '../passages/save-passages';
import { indexContent } from '../search/index-content';
import { findTemplate } from '../templates/find-template';

/** Records per insert statement. */
const INSERT_BATCH = 500;

/** The fields a record shows: removed ones are hidden from forms, the grid and search. */
const liveFields = (fields: readonly TemplateField[]) => fields.filter((f) => !f.removed);

/** A record's values as text for searching within its table: the live fields' values, one after the other. */
export function recordText(fields: readonly TemplateField[], values: RecordValues): string {
  return storableString(liveFields(fields).map((f) => valueToText(f, values[f.key])).filter(Boolean).join(' · '));
}

/** A record as one line of its table's body: "Label: value · Label: value", like a contact file's rows. */
export function recordLine(fields: readonly TemplateField[], values: RecordValues): string {
  return liveFields(fields)
    .flatMap((f) => {
      const text = valueToText(f, values[f.key]);
      return text === '' ? [] : [`${f.label}: ${text.replace(/\s+/g, ' ')}`];
    })
    .join(' · ');
}

/**
 * Saves new records of a record table (already checked against its
 * template) and counts them into the table's row_count. Answers how many
 * were saved. The caller asks for the table to be re-indexed (requestReindex).
 */
export async function insertRecords(opts: {
  db: Database;
  hubId: string;
  contentId: string;
  userId: string;
  fields: readonly TemplateField[];
  values: RecordValues[];
  /** Told how many are saved after each batch (an import's progress); what it throws ends the saving. */
  onBatch?: (saved: number) => Promise<void>;
}): Promise<number> {
  const { db, hubId, contentId, userId, fields } = opts;
  if (opts.values.length === 0) return 0;
  for (let start = 0; start < opts.values.length; start += INSERT_BATCH) {
    const batch = opts.values.slice(start, start + INSERT_BATCH);
    // Each statement is awaited before the next is built, so a large import leaves the event loop free between batches.
    await db.insert(records).values(
      batch.map((values, i) => {
        // A transaction's now() is one instant: a microsecond apart, records keep the order they were given in (an import's rows).
        const at = sql`now() + make_interval(secs => ${(start + i) / 1e6})`;
        return { hubId, contentId, values, text: recordText(fields, values), createdBy: userId, updatedBy: userId, createdAt: at, updatedAt: at };
      }),
    );
    await opts.onBatch?.(start + batch.length);
  }
  await bumpRowCount({ db, hubId, contentId, by: opts.values.length });
  return opts.values.length;
}

/** Adds to (or, negative, takes from) a record table's row_count and marks it changed. */
export async function bumpRowCount(opts: { db: Database; hubId: string; contentId: string; by: number }): Promise<void> {
  await opts.db
    .update(contents)
    .set({
      details: sql`jsonb_set(${contents.details}, '{row_count}', to_jsonb(greatest(coalesce((${contents.details}->>'row_count')::int, 0) + ${opts.by}, 0)))`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(contents.hubId, opts.hubId), eq(contents.id, opts.contentId)));
}

/**
 * Asks for a record table to be re-indexed after its records changed: one
 * row per table however many writes ask, so a write costs one upsert, not a
 * rebuild of the whole table (reindexPendingTables does that, shortly after).
 */
export async function requestReindex(opts: { db: Database; hubId: string; contentId: string }): Promise<void> {
  await opts.db
    .insert(recordReindexRequests)
    .values({ contentId: opts.contentId, hubId: opts.hubId })
    .onConflictDoUpdate({ target: recordReindexRequests.contentId, set: { requestedAt: sql`now()` } });
}

/**
 * Re-indexes the tables that asked, oldest request first, each in its own
 * transaction under an advisory lock on the table, so several processes may
 * run this at once without rebuilding one table twice together. A request
 * made while its table was being rebuilt stays for the next round. Answers
 * how many tables were rebuilt.
 */
export async function reindexPendingTables(opts: { db: Database; limit?: number }): Promise<number> {
  const { db } = opts;
  const pending = await db
    .select({
      contentId: recordReindexRequests.contentId,
      hubId: recordReindexRequests.hubId,
      // As text: a Date would drop the microseconds, and the request would never match itself to be cleared.
      requestedAt: sql<string>`${recordReindexRequests.requestedAt}::text`,
    })
    .from(recordReindexRequests)
    .orderBy(asc(recordReindexRequests.requestedAt))
    .limit(opts.limit ?? 20);
  let rebuilt = 0;
  for (const request of pending) {
    const done = await db.transaction(async (tx) => {
      const { rows: [locked] } = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtextextended(${`record-table:${request.contentId}`}, 0)) as locked`);
      if (!locked?.locked) return false;
      const [table] = await tx
        .select({ details: contents.details })
        .from(contents)
        .where(and(eq(contents.hubId, request.hubId), eq(contents.id, request.contentId)));
      const templateId = table?.details.template_id;
      if (templateId) {
        const template = await findTemplate({ db: tx, hubId: request.hubId, templateId });
        await reindexRecordTable({ db: tx, hubId: request.hubId, contentId: request.contentId, fields: template.fields });
      }
      await tx
        .delete(recordReindexRequests)
        .where(and(eq(recordReindexRequests.contentId, request.contentId), sql`${recordReindexRequests.requestedAt} <= ${request.requestedAt}::timestamptz`));
      return true;
    });
    if (done) rebuilt += 1;
  }
  return rebuilt;
}

/** Records read per query when a whole table is read. */
const READ_PAGE = 5_000;

/**
 * A table's records in the order they were added, a page at a time after
 * the last one read, so a table of tens of thousands never arrives (and is
 * turned into objects) in one piece.
 */
async function recordsInOrder(opts: { db: Database; hubId: string; contentId: string }) {
  const all: Array<{ id: string; values: RecordValues; text: string; at: string }> = [];
  for (let after: { at: string; id: string } | undefined; ;) {
    const page = await opts.db
      // As text: a Date would drop the microseconds that keep an import's records apart.
      .select({ id: records.id, values: records.values, text: records.text, at: sql<string>`${records.createdAt}::text` })
      .from(records)
      .where(and(
        eq(records.hubId, opts.hubId),
        eq(records.contentId, opts.contentId),
        after ? sql`(${records.createdAt}, ${records.id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
      ))
      .orderBy(asc(records.createdAt), asc(records.id))
      .limit(READ_PAGE);
    all.push(...page);
    const last = page.at(-1);
    if (page.length < READ_PAGE || !last) return all;
    after = { at: last.at, id: last.id };
  }
}

/**
 * Rebuilds a record table's text (one line per record, in the order they
 * were added), its search index and its passages (one per record, located
 * by the record's id), so the hub's search finds records like any content.
 */
export async function reindexRecordTable(opts: { db: Database; hubId: string; contentId: string; fields: readonly TemplateField[] }): Promise<void> {
  const { db, hubId, contentId, fields } = opts;
  const rows = await recordsInOrder({ db, hubId, contentId });
  // After a template change (a field removed or added) the in-table search text follows the fields.
  // A table may hold tens of thousands of records: the work over them is done in turns (mapInTurns).
  const stale = (await mapInTurns(rows, (row) => {
    const text = recordText(fields, row.values);
    return text === row.text ? null : { id: row.id, text };
  })).filter((row) => row !== null);
  if (stale.length) {
    await db.execute(sql`
      update ${records} set ${sql.identifier(records.text.name)} = fresh.text
        from jsonb_to_recordset(${JSON.stringify(stale)}::jsonb) as fresh(id uuid, text text)
       where ${records.hubId} = ${hubId} and ${records.contentId} = ${contentId} and ${records.id} = fresh.id`);
  }
  const located = joinLocated(await mapInTurns(rows, (row) => ({ location: { record: row.id }, text: recordLine(fields, row.values) })), '\n');
  const body = located.text.trim() === '' ? null : located.text;
  const [table] = await db
    .update(contents)
    .set({
      body,
      sizeBytes: Buffer.byteLength(located.text),
      details: sql`jsonb_set(${contents.details}, '{row_count}', to_jsonb(${rows.length}::int))`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(contents.hubId, hubId), eq(contents.id, contentId)))
    .returning({ name: contents.name });
  if (!table) return;
  await indexContent({ db, hubId, contentId, name: table.name, body });
  await savePassages({ db, hubId, contentId, body, segments: located.segments.filter((s) => s.end > s.start), keepUnchanged: true });
}
