import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contents, records } from '../../db/schema';
import { AppError, conflict } from '../../lib/errors';
import { fieldErrorsOf } from '../../../lib/contract/envelope';
import { errorMessages } from '../../../lib/contract/error-messages';
import type { RecordItem } from '../../../lib/contract/records';
import type { AnyTemplateField, FileValue, RecordValues, TemplateField } from '../../../lib/contract/templates';
import { defaultValuesOf, recordSchemaOf, type RecordSchemaOptions } from '../../../lib/validation/template-schema';
import type { SpaceViewer } from '../../policies/spaces';
import { findRecordTable, type RecordTable } from './find-record-table';
import { findRecord, presentRecord } from './present-record';
import { bumpRowCount, recordText, requestReindex } from './save-records';


const invalidRecord = (errors: Record<string, string[]>) =>
  new AppError(400, 'validation_error', Object.values(errors)[0]?.[0] ?? 'Please check the form.', errors);

/** Values checked against the template's fields; 400 with each field's messages under its key. */
function checkedValues(fields: readonly TemplateField[], input: Record<string, unknown>, opts: RecordSchemaOptions = {}): RecordValues {
  const parsed = recordSchemaOf(fields, opts).safeParse(input);
  if (!parsed.success) throw invalidRecord(fieldErrorsOf(parsed.error.issues));
  return parsed.data;
}

/** Each file a record's live fields name, under the top-level key it is kept at (a group's files under the group's). */
function filesOf(fields: readonly AnyTemplateField[], values: Record<string, unknown>, topKey?: string): Array<{ key: string; label: string; file: FileValue }> {
  return fields.flatMap((field) => {
    const value = values[field.key];
    if (field.removed || value === null || typeof value !== 'object') return [];
    const key = topKey ?? field.key;
    if (field.type === 'file') return [{ key, label: field.label, file: value as FileValue }];
    if (field.type === 'form' && 'fields' in field) return filesOf(field.fields ?? [], value as Record<string, unknown>, key);
    return [];
  });
}

/** A file value names an item of the record table's own space (and hub): 400 otherwise. */
async function assertFilesInSpace(db: Database, table: RecordTable, values: RecordValues) {
  const files = filesOf(table.template.fields, values);
  if (files.length === 0) return;
  const ids = [...new Set(files.map((f) => f.file.content_id))];
  const found = await db
    .select({ id: contents.id })
    .from(contents)
    .where(and(eq(contents.hubId, table.row.content.hubId), eq(contents.spaceId, table.access.space.id), inArray(contents.id, ids)));
  const known = new Set(found.map((row) => row.id));
  const errors: Record<string, string[]> = {};
  for (const { key, label, file } of files) if (!known.has(file.content_id)) (errors[key] ??= []).push(`${label} is not a valid file`);
  if (Object.keys(errors).length) throw invalidRecord(errors);
}

interface RecordTarget {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  contentId: string;
}

/** Adds a record: the template's defaults, then the values given, all checked against the template. */
export async function createRecord(opts: RecordTarget & { values: Record<string, unknown> }): Promise<RecordItem> {
  const { viewer } = opts;
  return opts.db.transaction(async (tx) => {
    const table = await findRecordTable({ ...opts, db: tx, write: true });
    const { fields } = table.template;
    const values = checkedValues(fields, { ...defaultValuesOf(fields), ...opts.values });
    await assertFilesInSpace(tx, table, values);
    const contentId = table.row.content.id;
    const [created] = await tx
      .insert(records)
      .values({ hubId: viewer.hubId, contentId, values, text: recordText(fields, values), createdBy: viewer.userId, updatedBy: viewer.userId })
      .returning({ id: records.id });
    await bumpRowCount({ db: tx, hubId: viewer.hubId, contentId, by: 1 });
    await requestReindex({ db: tx, hubId: viewer.hubId, contentId });
    return presentRecord(await findRecord({ db: tx, hubId: viewer.hubId, contentId, recordId: created!.id }));
  });
}

export async function getRecord(opts: RecordTarget & { recordId: string }): Promise<RecordItem> {
  const { row } = await findRecordTable(opts);
  return presentRecord(await findRecord({ db: opts.db, hubId: opts.viewer.hubId, contentId: row.content.id, recordId: opts.recordId }));
}

/**
 * Changes the values given, on top of `version` (409 edit_conflict when
 * someone changed the record since). Only the fields sent are checked, so a
 * field made required after the record was saved applies once it is edited.
 */
export async function updateRecord(opts: RecordTarget & { recordId: string; values: Record<string, unknown>; version: number }): Promise<RecordItem> {
  const { viewer } = opts;
  return opts.db.transaction(async (tx) => {
    const table = await findRecordTable({ ...opts, db: tx, write: true });
    const { fields } = table.template;
    const contentId = table.row.content.id;
    const current = await findRecord({ db: tx, hubId: viewer.hubId, contentId, recordId: opts.recordId, lock: true });
    if (current.version !== opts.version) throw conflict(errorMessages.recordEditConflict, 'edit_conflict');
    const changed = checkedValues(fields, opts.values, { partial: true });
    await assertFilesInSpace(tx, table, changed);
    const values = { ...current.values, ...changed };
    await tx
      .update(records)
      .set({ values, text: recordText(fields, values), version: current.version + 1, updatedBy: viewer.userId, updatedAt: sql`now()` })
      .where(and(eq(records.hubId, viewer.hubId), eq(records.contentId, contentId), eq(records.id, current.id)));
    await requestReindex({ db: tx, hubId: viewer.hubId, contentId });
    return presentRecord(await findRecord({ db: tx, hubId: viewer.hubId, contentId, recordId: current.id }));
  });
}

export async function deleteRecord(opts: RecordTarget & { recordId: string }): Promise<void> {
  const { viewer } = opts;
  await opts.db.transaction(async (tx) => {
    const table = await findRecordTable({ ...opts, db: tx, write: true });
    const contentId = table.row.content.id;
    const current = await findRecord({ db: tx, hubId: viewer.hubId, contentId, recordId: opts.recordId, lock: true });
    await tx.delete(records).where(and(eq(records.hubId, viewer.hubId), eq(records.contentId, contentId), eq(records.id, current.id)));
    await bumpRowCount({ db: tx, hubId: viewer.hubId, contentId, by: -1 });
    await requestReindex({ db: tx, hubId: viewer.hubId, contentId });
  });
}
