import { z } from 'zod';
import { endpoint } from './endpoint';
import { dataEnvelope, listEnvelope, pageQuery } from './envelope';
import { contentItemSchema } from './contents';
import { searchField } from '../validation/fields';

/*
 * Record tables: a space's table of records, each record the values of one
 * form template's fields. A record table is an item of its space (kind
 * "table", source "records"), so it is listed, found, shared and deleted
 * like any other; its records live under it.
 */

const person = z.object({ id: z.string(), name: z.string() }).nullable();

/** Values are checked against the table's template (lib/validation/template-schema.ts), not here. */
const valuesSchema = z.record(z.string(), z.unknown());

export const recordSchema = z.object({
  id: z.uuid(),
  /** Every value kept, removed fields' included (the grid shows the template's live fields). */
  values: z.record(z.string(), z.unknown()),
  /** Goes up by one with every change; an update names the version it started from. */
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: person,
  updated_by: person,
});
export type RecordItem = z.infer<typeof recordSchema>;

export const RECORD_TABLE_NAME_MAX = 200;
export const createRecordTableBody = z.object({
  name: z.string({ error: 'Please enter Name' }).trim().min(1, 'Please enter Name').max(RECORD_TABLE_NAME_MAX, `Name must be up to ${RECORD_TABLE_NAME_MAX} characters`),
  template_id: z.uuid({ error: 'Please choose a template' }),
});
export type CreateRecordTableBody = z.input<typeof createRecordTableBody>;

export const recordFilterOps = ['contains', 'equals', 'empty', 'not_empty', 'gt', 'lt'] as const;
export type RecordFilterOp = (typeof recordFilterOps)[number];
export const recordFilterSchema = z.object({
  field: z.string().max(40),
  op: z.enum(recordFilterOps),
  value: z.string().max(300).optional(),
});
export type RecordFilter = z.infer<typeof recordFilterSchema>;
export const RECORD_FILTERS_MAX = 5;

/** Columns every record has besides its fields. */
export const recordSystemColumns = ['created_at', 'updated_at'] as const;

export const recordListQuery = pageQuery.extend({
  /** Words anywhere in the record. */
  q: searchField(200),
  /** A field key, or created_at / updated_at; created_at when absent (the order records were added). */
  sort: z.string().max(40).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
  /** A JSON array of filters, all of which a record must pass. */
  filters: z
    .string()
    .max(2000)
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return [];
      try {
        const parsed = z.array(recordFilterSchema).max(RECORD_FILTERS_MAX).safeParse(JSON.parse(raw));
        if (parsed.success) return parsed.data;
      } catch {
        // Not JSON: reported below like any malformed filter.
      }
      ctx.addIssue({ code: 'custom', message: 'These filters cannot be read' });
      return z.NEVER;
    }),
});
export type RecordListQuery = z.input<typeof recordListQuery>;

export const createRecordBody = z.object({ values: valuesSchema });
export type CreateRecordBody = z.input<typeof createRecordBody>;

/** The fields to change (the others stay), on top of `version` (else 409 edit_conflict). */
export const updateRecordBody = z.object({ values: valuesSchema, version: z.number().int().min(1) });
export type UpdateRecordBody = z.input<typeof updateRecordBody>;

/** A file's columns as an import sees them, with the first few values of each. */
export const importPreviewSchema = z.object({
  import_id: z.uuid(),
  columns: z.array(z.object({ name: z.string(), samples: z.array(z.string()) })),
  row_count: z.number().int(),
  /** For each field of the template, the column that looks like it (by header name, then values), or null. */
  suggested_mapping: z.record(z.string(), z.number().int().nullable()),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** How long a file read for import is kept for its mapping and runs. */
export const IMPORT_KEEP_MINUTES = 60;
export const IMPORT_MAX_ROWS = 50_000;
/** The failures a run reports in full; beyond them it counts. */
export const IMPORT_MAX_REPORTED_FAILURES = 1000;

export const importFromContentBody = z.object({ content_id: z.uuid({ error: 'Please choose a table or contact file' }) });

export const runImportBody = z.object({
  /** Field key → 0-based column index; a field left out gets no value from the file. */
  mapping: z.record(z.string().max(40), z.number().int().min(0).max(999)),
  /** Check every row and report, saving nothing. */
  dry_run: z.boolean(),
});
export type RunImportBody = z.input<typeof runImportBody>;

/**
 * Where an import's saving run is: `ready` (read, not saved), `importing`
 * (saving: `saved` of `total` rows so far), `imported`, or `cancelled`
 * (stopped on request: nothing was saved, and it can be run again).
 */
export const importStates = ['ready', 'importing', 'imported', 'cancelled'] as const;
export type ImportState = (typeof importStates)[number];
export const importProgressSchema = z.object({
  import_id: z.uuid(),
  state: z.enum(importStates),
  /** Rows saved so far; they are seen by others only once all are saved. */
  saved: z.number().int(),
  /** Rows the run saves: the valid ones. */
  total: z.number().int(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;
/** How often the web app asks how far a saving import has got. */
export const IMPORT_PROGRESS_POLL_MS = 500;

export const importReportSchema = z.object({
  row_count: z.number().int(),
  valid_count: z.number().int(),
  failed_count: z.number().int(),
  /** Each failing row (1-based, as in the file after its header) and why, by field; the first IMPORT_MAX_REPORTED_FAILURES. */
  failures: z.array(z.object({ row: z.number().int().min(1), errors: z.record(z.string(), z.array(z.string())) })),
  /** Records saved: 0 on a dry run. */
  imported: z.number().int(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const exportQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

const tableParams = z.object({ id: z.string(), content_id: z.string() });
const recordParams = tableParams.extend({ record_id: z.uuid() });
const importParams = tableParams.extend({ import_id: z.uuid() });
const tag = 'records';
const base = 'spaces/:id/contents/:content_id/records/';

export const recordEndpoints = {
  createTable: endpoint({
    method: 'POST', path: 'spaces/:id/contents/record-tables/', tag, signedIn: true, hub: 'header', requires: { space: 'add_content' }, summary: 'Create a record table from a form template',
    params: z.object({ id: z.string() }), body: createRecordTableBody, status: 201, response: dataEnvelope(contentItemSchema), errors: [400, 401, 403, 404, 422],
  }),
  list: endpoint({
    method: 'GET', path: base, tag, signedIn: true, hub: 'header', summary: "A page of a record table's records, sorted, filtered and searched",
    params: tableParams, query: recordListQuery, response: listEnvelope(recordSchema), errors: [400, 401, 404],
  }),
  create: endpoint({
    method: 'POST', path: base, tag, signedIn: true, hub: 'header', requires: { space: 'edit_content' }, summary: 'Add a record',
    params: tableParams, body: createRecordBody, status: 201, response: dataEnvelope(recordSchema), errors: [400, 401, 403, 404, 422],
  }),
  get: endpoint({
    method: 'GET', path: `${base}:record_id/`, tag, signedIn: true, hub: 'header', summary: 'One record',
    params: recordParams, response: dataEnvelope(recordSchema), errors: [401, 404],
  }),
  update: endpoint({
    method: 'PATCH', path: `${base}:record_id/`, tag, signedIn: true, hub: 'header', requires: { space: 'edit_content' }, summary: "Change some of a record's values",
    params: recordParams, body: updateRecordBody, response: dataEnvelope(recordSchema), errors: [400, 401, 403, 404, 409, 422],
  }),
  remove: endpoint({
    method: 'DELETE', path: `${base}:record_id/`, tag, signedIn: true, hub: 'header', requires: { space: 'edit_content' }, summary: 'Delete a record',
    params: recordParams, response: dataEnvelope(z.null()), errors: [400, 401, 403, 404, 422],
  }),
  uploadImport: endpoint({
    method: 'POST', path: `${base}imports/`, tag, signedIn: true, hub: 'header', requires: { space: 'edit_content' },
    summary: "Read a CSV, TSV or XLSX file (its bytes as the whole body, ?name=) for import: its columns and a suggested mapping",
    params: tableParams, query: z.object({ name: z.string().trim().min(1).max(1000) }), status: 201, response: dataEnvelope(importPreviewSchema), errors: [400, 401, 403, 404, 411, 413, 415, 422],
  }),
  importFromContent: endpoint({
    method: 'POST', path: `${base}imports/from-content/`, tag, signedIn: true, hub: 'header', requires: { space: 'edit_content' },
    summary: "Read an uploaded table or contact file of the same space for import: its columns and a suggested mapping",
    params: tableParams, body: importFromContentBody, status: 201, response: dataEnvelope(importPreviewSchema), errors: [400, 401, 403, 404, 422],
  }),
  runImport: endpoint({
    method: 'POST', path: `${base}imports/:import_id/`, tag, signedIn: true, hub: 'header', requires: { space: 'edit_content' },
    summary: 'Check every row against the template with a mapping (dry run), or save the valid rows',
    params: importParams, body: runImportBody, response: dataEnvelope(importReportSchema), errors: [400, 401, 403, 404, 409, 410, 422],
  }),
  importProgress: endpoint({
    method: 'GET', path: `${base}imports/:import_id/`, tag, signedIn: true, hub: 'header', requires: { space: 'edit_content' },
    summary: "How far an import's saving run has got",
    params: importParams, response: dataEnvelope(importProgressSchema), errors: [400, 401, 403, 404, 422],
  }),
  cancelImport: endpoint({
    method: 'POST', path: `${base}imports/:import_id/cancel/`, tag, signedIn: true, hub: 'header', requires: { space: 'edit_content' },
    summary: "Stop an import's saving run: nothing of it is saved, and it can be run again",
    params: importParams, response: dataEnvelope(importProgressSchema), errors: [400, 401, 403, 404, 422],
  }),
  export: endpoint({
    method: 'GET', path: `${base}export/`, tag, signedIn: true, hub: 'header', summary: 'Every record as CSV or XLSX, removed fields included',
    params: tableParams, query: exportQuery, response: z.string(), errors: [400, 401, 404],
  }),
};
