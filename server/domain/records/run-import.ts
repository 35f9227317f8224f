import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { recordImports } from '../../db/schema';
import { IMPORT_KEEP_MINUTES, IMPORT_MAX_REPORTED_FAILURES, type ImportReport } from '../../../lib/contract/records';
import type { RecordValues, TemplateField } from '../../../lib/contract/templates';
import { defaultValuesOf, recordSchemaOf } from '../../../lib/validation/template-schema';
import { AppError, notFound } from '../../lib/errors';
import type { SpaceViewer } from '../../policies/spaces';
import { findRecordTable } from './find-record-table';
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

/** A zod issue list as the report shows it: messages by field key. */
function errorsByField(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * Checks every row of an import against the table's template through the
 * mapping, and, unless a dry run, saves the rows that pass (all in one
 * transaction, the table re-indexed once). Only the person who read the
 * file may run its import, on the table it was read for, within
 * IMPORT_KEEP_MINUTES (410 after), and only once for real: the saved run
 * empties the import's rows, which is how a second run knows (an import is
 * never started from a file without rows).
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
  const run = async (db: Database): Promise<ImportReport> => {
    const { viewer } = opts;
    const table = await findRecordTable({ db, viewer, spaceId: opts.spaceId, contentId: opts.contentId, write: true });
    const query = db
      .select({
        columns: recordImports.columns,
        rows: recordImports.rows,
        expired: sql<boolean>`${recordImports.createdAt} < now() - make_interval(mins => ${IMPORT_KEEP_MINUTES})`,
      })
      .from(recordImports)
      .where(and(
        eq(recordImports.id, opts.importId),
        eq(recordImports.hubId, viewer.hubId),
        eq(recordImports.contentId, table.row.content.id),
        eq(recordImports.createdBy, viewer.userId),
      ))
      .limit(1);
    // A real run holds the import until it is marked as run, so two at once cannot both save its rows.
    const [found] = await (opts.dryRun ? query : query.for('update'));
    if (!found) throw notFound('That import');
    if (found.expired) throw expired();
    if (found.rows.length === 0) throw alreadyImported();

    const { fields } = table.template;
    const fillable = importableFields(fields);
    checkMapping(opts.mapping, fillable, found.columns.length);
    const mapped = fillable.flatMap((field) => {
      const index = opts.mapping[field.key];
      return index === undefined ? [] : [{ field, index }];
    });
    const schema = recordSchemaOf(fields);
    const defaults = defaultValuesOf(fields);

    const valid: RecordValues[] = [];
    const failures: ImportReport['failures'] = [];
    let failedCount = 0;
    found.rows.forEach((cells, i) => {
      const values: Record<string, unknown> = { ...defaults };
      for (const { field, index } of mapped) {
        const value = cellValue(field, cells[index] ?? '');
        if (value !== undefined) values[field.key] = value;
      }
      const parsed = schema.safeParse(values);
      if (parsed.success) {
        valid.push(parsed.data);
        return;
      }
      failedCount += 1;
      if (failures.length < IMPORT_MAX_REPORTED_FAILURES) failures.push({ row: i + 1, errors: errorsByField(parsed.error.issues) });
    });

    let imported = 0;
    if (!opts.dryRun) {
      const { hubId } = viewer;
      const contentId = table.row.content.id;
      imported = await insertRecords({ db, hubId, contentId, userId: viewer.userId, fields, values: valid });
      await requestReindex({ db, hubId, contentId });
      await db.update(recordImports).set({ rows: [] }).where(and(eq(recordImports.hubId, hubId), eq(recordImports.id, opts.importId)));
    }
    return { row_count: found.rows.length, valid_count: valid.length, failed_count: failedCount, failures, imported };
  };
  return opts.dryRun ? run(opts.db) : opts.db.transaction((tx) => run(tx));
}
