import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { recordImports } from '../../db/schema';
import { fieldErrorsOf } from '../../../lib/contract/envelope';
import { IMPORT_KEEP_MINUTES, IMPORT_MAX_REPORTED_FAILURES, type ImportReport } from '../../../lib/contract/records';
import type { RecordValues, TemplateField } from '../../../lib/contract/templates';
import { defaultValuesOf, recordSchemaOf } from '../../../lib/validation/template-schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import { mapInTurns } from '../../lib/in-turns';
import type { SpaceViewer } from '../../policies/spaces';
import { findRecordTable } from './find-record-table';
import { ownImport } from './find-record-import';
import { insertRecords, requestReindex } from './save-records';

/** The fields a file's columns can fill: live ones, but no groups of fields and no files (a cell of text is neither). */
export const importableFields = (fields: readonly TemplateField[]) =>
  fields.filter((f) => !f.removed && f.type !== 'form' && f.type !== 'file');

const LIST_SEPARATOR = /[,;]/;

/**
 * A cell as the value handed to a field's rule: undefined when blank (the
 * field is left out), a list for the fields that pick several options
 * ("a, b; c"), else the text itself (number fields read numbers from text).
 */
export function cellValue(field: TemplateField, text: string): string | string[] | undefined {
  if (text.trim() === '') return undefined;
  if (field.type === 'multi-select' || field.type === 'checkboxes') {
    return text.split(LIST_SEPARATOR).map((part) => part.trim()).filter(Boolean);
  }
  return text;
}

const expired = () => new AppError(410, 'not_found', 'This import has expired. Please upload the file again.');
const cancelled = () => conflict('The import was cancelled: nothing was imported.');
const alreadyImported = () => new AppError(422, 'validation_error', 'This file was already imported');

/** Each mapped field's key must be one a file can fill, and its column one the file has (400 otherwise). */
function checkMapping(mapping: Record<string, number>, fields: readonly TemplateField[], columnCount: number): void {
  const keys = new Set(fields.map((f) => f.key));
  const errors: Record<string, string[]> = {};
  for (const [key, index] of Object.entries(mapping)) {
    if (!keys.has(key)) errors[`mapping.${key}`] = [`There is no field "${key}" to import into`];
    else if (index >= columnCount) errors[`mapping.${key}`] = [`This file has no column ${index + 1}`];
  }
  if (Object.keys(errors).length > 0) throw new AppError(400, 'validation_error', 'Please check the columns chosen for each field.', errors);
}

/** Rows read from the database at a time: an import's 50,000 rows are never parsed in one piece. */
const READ_PAGE = 5_000;

/** Rows `from` to `to` (0-based, inclusive) of an import's kept rows. */
async function importRows(db: Database, importId: string, from: number, to: number): Promise<string[][]> {
  const [page] = await db
    .select({ rows: sql<string[][]>`jsonb_path_query_array(${recordImports.rows}, '$[$from to $to]', jsonb_build_object('from', ${from}::int, 'to', ${to}::int))` })
    .from(recordImports)
    .where(eq(recordImports.id, importId));
  return page?.rows ?? [];
}

/**
 * Checks an import's rows against the template through the mapping, a page
 * of rows at a time, giving the event loop turns as it goes (mapInTurns).
 */
async function checkRows(opts: { db: Database; importId: string; rowCount: number; fields: readonly TemplateField[]; mapping: Record<string, number> }) {
  const { fields, mapping } = opts;
  const mapped = importableFields(fields).flatMap((field) => {
    const index = mapping[field.key];
    return index === undefined ? [] : [{ field, index }];
  });
  const schema = recordSchemaOf(fields);
  const defaults = defaultValuesOf(fields);
  const valid: RecordValues[] = [];
  const failures: ImportReport['failures'] = [];
  let failedCount = 0;
  for (let from = 0; from < opts.rowCount; from += READ_PAGE) {
    const rows = await importRows(opts.db, opts.importId, from, from + READ_PAGE - 1);
    const checked = await mapInTurns(rows, (cells) => {
      const values: Record<string, unknown> = { ...defaults };
      for (const { field, index } of mapped) {
        const value = cellValue(field, cells[index] ?? '');
        if (value !== undefined) values[field.key] = value;
      }
      return schema.safeParse(values);
    });
    checked.forEach((parsed, i) => {
      if (parsed.success) {
        valid.push(parsed.data);
        return;
      }
      failedCount += 1;
      if (failures.length < IMPORT_MAX_REPORTED_FAILURES) failures.push({ row: from + i + 1, errors: fieldErrorsOf(parsed.error.issues) });
    });
  }
  return { valid, failures, failedCount };
}

/**
 * Checks every row of an import against the table's template through the
 * mapping, and, unless a dry run, saves the rows that pass (all in one
 * transaction, the table re-indexed once). Only the person who read the
 * file may run its import, on the table it was read for, within
 * IMPORT_KEEP_MINUTES (410 after), and only once for real: the saved run
 * empties the import's rows, which is how a second run knows (an import is
 * never started from a file without rows), and runs of one import take
 * turns.
 *
 * A real run saves in batches, and after each it records its progress on
 * the import outside its transaction (whose records nobody sees until it
 * ends), where findImportProgress reads it and a cancel
 * (requestImportCancel) reaches it: the run then stops, saving nothing
 * (409), and can be run again.
 */
export async function runImport(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  contentId: string;
  importId: string;
  mapping: Record<string, number>;
  dryRun: boolean;
}): Promise<ImportReport> {
  const { viewer } = opts;
  /** Whether this run got as far as saving, and whether it stopped because it was asked to. */
  let saving = false;
  let stopped = false;
  /** Progress goes through the pool, not the run's transaction, so others see it as it happens. */
  const mark = (values: Partial<typeof recordImports.$inferInsert>) =>
    opts.db.update(recordImports).set(values).where(and(eq(recordImports.hubId, viewer.hubId), eq(recordImports.id, opts.importId)))
      .returning({ cancelRequested: recordImports.cancelRequested });

  const run = async (db: Database): Promise<ImportReport> => {
    const table = await findRecordTable({ db, viewer, spaceId: opts.spaceId, contentId: opts.contentId, write: true });
    const contentId = table.row.content.id;
    // A real run holds the import until it is marked as run, so two at once cannot both save its rows. An
    // advisory lock rather than a row lock: the progress written beside the run goes to that row.
    if (!opts.dryRun) await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`record-import:${opts.importId}`}, 0))`);
    const [found] = await db
      .select({
        columns: recordImports.columns,
        // Counted where they are; the rows themselves are read a page at a time (checkRows).
        rowCount: sql<number>`jsonb_array_length(${recordImports.rows})`,
        expired: sql<boolean>`${recordImports.createdAt} < now() - make_interval(mins => ${IMPORT_KEEP_MINUTES})`,
      })
      .from(recordImports)
      .where(ownImport(viewer, contentId, opts.importId))
      .limit(1);
    if (!found) throw notFound('That import');
    if (found.expired) throw expired();
    if (found.rowCount === 0) throw alreadyImported();

    const { fields } = table.template;
    checkMapping(opts.mapping, importableFields(fields), found.columns.length);
    const { valid, failures, failedCount } = await checkRows({ db, importId: opts.importId, rowCount: found.rowCount, fields, mapping: opts.mapping });

    let imported = 0;
    if (!opts.dryRun) {
      const { hubId } = viewer;
      const stopIfCancelled = ([marked]: Array<{ cancelRequested: boolean }>) => {
        if (!marked?.cancelRequested) return;
        stopped = true;
        throw cancelled();
      };
      saving = true;
      stopIfCancelled(await mark({ state: 'importing', savedRows: 0, totalRows: valid.length }));
      imported = await insertRecords({
        db, hubId, contentId, userId: viewer.userId, fields, values: valid,
        onBatch: async (saved) => stopIfCancelled(await mark({ savedRows: saved })),
      });
      await requestReindex({ db, hubId, contentId });
      await db.update(recordImports).set({ rows: [] }).where(and(eq(recordImports.hubId, hubId), eq(recordImports.id, opts.importId)));
    }
    return { row_count: found.rowCount, valid_count: valid.length, failed_count: failedCount, failures, imported };
  };

  if (opts.dryRun) return run(opts.db);
  try {
    const report = await opts.db.transaction((tx) => run(tx));
    await mark({ state: 'imported', cancelRequested: false });
    return report;
  } catch (error) {
    // The transaction is rolled back: nothing of this run was saved.
    // Failing to record that must not hide why the run failed.
    if (saving) await mark(stopped ? { state: 'cancelled', savedRows: 0, cancelRequested: false } : { state: 'ready', savedRows: 0 }).catch(() => undefined);
    throw error;
  }
}
