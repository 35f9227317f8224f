import { HttpResponse, type HttpHandler } from 'msw';
import { extensionOf, type ContentItem } from '@/lib/contract/contents';
import { fieldErrorsOf } from '@/lib/contract/envelope';
import { errorMessages } from '@/lib/contract/error-messages';
import {
  createRecordBody, createRecordTableBody, exportQuery, IMPORT_KEEP_MINUTES, IMPORT_MAX_REPORTED_FAILURES,
  importFromContentBody, recordEndpoints, recordListQuery, runImportBody, updateRecordBody,
  type ImportPreview, type ImportProgress, type ImportReport, type RecordFilter, type RecordItem,
} from '@/lib/contract/records';
import type { RecordValues, TemplateField } from '@/lib/contract/templates';
import { csvLine, parseCsv } from '@/lib/csv';
import { contentAbilities } from '@/lib/policies/abilities';
import { recordSchemaOf, valueToText } from '@/lib/validation/template-schema';
import { mockTemplateOf, recordsData, type MockRecord, type MockRecordImport } from '../records-state';
import type { MockContent, MockDb } from '../state';
import { advance } from './contents';
import { answer, fail, fieldFail, notFound, ok, paged, parse, parseBody } from './respond';
import { spaceAccess } from './spaces';

/*
 * Record tables over plain data. Values are read with the shared template
 * schema (lib/validation/template-schema.ts) and abilities come from
 * lib/policies; the sorting, filtering and column guessing here only give
 * contract-shaped answers (the API's own are tested against it). Nothing is
 * refused for a role, a stale version, an archived template or a file's
 * size or age: those are the API's rules (server/routes/records).
 */


const TABLE = 'That record table';
const RECORD = 'That record';
const SAMPLES = 3;

const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
const live = (fields: readonly TemplateField[]) => fields.filter((f) => !f.removed);

/** Values compared for sorting and filtering: numbers as numbers, else text without case. */
function compareValues(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  if (a !== '' && b !== '' && Number.isFinite(x) && Number.isFinite(y)) return x - y;
  return a.localeCompare(b, undefined, { sensitivity: 'base' });
}

function passes(text: string, filter: RecordFilter): boolean {
  const value = filter.value ?? '';
  switch (filter.op) {
    case 'contains':
      return text.toLowerCase().includes(value.toLowerCase());
    case 'equals':
      return compareValues(text, value) === 0;
    case 'empty':
      return text === '';
    case 'not_empty':
      return text !== '';
    case 'gt':
      return text !== '' && compareValues(text, value) > 0;
    case 'lt':
      return text !== '' && compareValues(text, value) < 0;
  }
}

export function recordHandlers(db: MockDb): HttpHandler[] {
  const { spaceFor, standingIn } = spaceAccess(db);
  const store = () => recordsData(db);

  /** The record table with its template and whether the caller may change its records. */
  const tableFor = (request: Request, params: Record<string, unknown>) => {
    const found = spaceFor(request, params.id);
    if (!found.ok) return found;
    const content = db.data.contents.find(
      (c) => c.id === String(params.content_id) && c.spaceId === found.space.id && c.hubId === found.caller.organization.id && c.source === 'records',
    );
    const template = content && mockTemplateOf(db, content.hubId, content.details.template_id);
    if (!content || !template) return { ok: false as const, response: notFound(TABLE) };
    const abilities = contentAbilities(standingIn(found.space, found.caller).abilities, content.source);
    return { ...found, content, template, abilities };
  };
  type Table = Extract<ReturnType<typeof tableFor>, { ok: true }>;

  const item = (c: MockContent, table: Pick<Table, 'abilities'>): ContentItem => {
    const creator = c.createdBy ? db.userById(c.createdBy) : undefined;
    return {
      id: c.id, space_id: c.spaceId, kind: c.kind, source: c.source, name: c.name, extension: c.extension, mime_type: c.mimeType,
      size_bytes: c.sizeBytes, status: c.status, failure_reason: c.failureReason, details: c.details,
      urls: { view: null, download: null, thumbnail: null },
      created_by: creator ? { id: creator.id, name: creator.name } : null,
      created_at: c.createdAt, updated_at: c.updatedAt, abilities: table.abilities,
    };
  };

  const person = (id: string | null) => {
    const user = id ? db.userById(id) : undefined;
    return user ? { id: user.id, name: user.name } : null;
  };
  const view = (r: MockRecord): RecordItem => ({
    id: r.id, values: r.values, version: r.version, created_at: r.createdAt, updated_at: r.updatedAt,
    created_by: person(r.createdBy), updated_by: person(r.updatedBy),
  });

  const recordsOf = (contentId: string) => store().records.filter((r) => r.contentId === contentId);

  /** Keeps the table's row count and search text in step with its records. */
  const touch = (table: Table) => {
    const rows = recordsOf(table.content.id);
    const fields = live(table.template.fields);
    table.content.details = { ...table.content.details, row_count: rows.length };
    table.content.body = rows.map((r) => fields.map((f) => valueToText(f, r.values[f.key])).filter(Boolean).join(' · ')).join('\n');
    table.content.updatedAt = db.now();
  };

  const addRecords = (table: Table, list: RecordValues[]) => {
    const at = db.now();
    for (const values of list) {
      store().records.push({
        id: db.newId(), contentId: table.content.id, values, version: 1, createdAt: at, updatedAt: at,
        createdBy: table.caller.user.id, updatedBy: table.caller.user.id,
      });
    }
    touch(table);
  };

  /** A file's rows (header first) kept for import, with its columns, samples and a guess per field by header name. */
  const keepImport = (table: Table, raw: string[][]): Response => {
    const [header = [], ...rows] = raw;
    const id = db.newId();
    const data = store();
    data.imports = data.imports.filter((i) => i.expiresAt > Date.now());
    data.imports.push({
      id, contentId: table.content.id, columns: header, rows, expiresAt: Date.now() + IMPORT_KEEP_MINUTES * 60_000, progress: { state: 'ready', saved: 0, total: 0 },
    });
    const simple = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
    const suggested = Object.fromEntries(
      live(table.template.fields).map((f) => {
        const index = header.findIndex((name) => simple(name) !== '' && (simple(name) === simple(f.label) || simple(name) === simple(f.key)));
        return [f.key, index >= 0 ? index : null];
      }),
    );
    const preview: ImportPreview = {
      import_id: id,
      columns: header.map((name, index) => ({ name, samples: rows.slice(0, SAMPLES).map((row) => row[index] ?? '') })),
      row_count: rows.length,
      suggested_mapping: suggested,
    };
    return ok(preview, { status: 201 });
  };

  const progressOf = (kept: MockRecordImport): ImportProgress => ({ import_id: kept.id, state: 'ready', saved: 0, total: 0, ...kept.progress });
  const keptImport = (request: Request, params: Record<string, unknown>): { ok: true; found: MockRecordImport } | { ok: false; response: Response } => {
    const table = tableFor(request, params);
    if (!table.ok) return table;
    const found = store().imports.find((i) => i.id === String(params.import_id) && i.contentId === table.content.id);
    return found ? { ok: true, found } : { ok: false, response: notFound('That import') };
  };

  return [
    // Before GET …/:record_id/, which would take "export" for a record's id.
    answer(recordEndpoints.export, ({ request, params }) => {
      const table = tableFor(request, params);
      if (!table.ok) return table.response;
      const query = parse(exportQuery, queryOf(request));
      if (!query.ok) return query.response;
      if (query.data.format === 'xlsx') return fail(415, 'unsupported_file_type', 'The demo API exports CSV only.');
      const fields = table.template.fields;
      const text = csvLine(fields.map((f) => f.label)) + recordsOf(table.content.id).map((r) => csvLine(fields.map((f) => valueToText(f, r.values[f.key])))).join('');
      return new HttpResponse(text, {
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(`${table.content.name}.csv`)}` },
      });
    }),
    answer(recordEndpoints.createTable, async ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const abilities = contentAbilities(standingIn(found.space, found.caller).abilities, 'records');
      const body = await parseBody(request, createRecordTableBody);
      if (!body.ok) return body.response;
      const template = mockTemplateOf(db, found.caller.organization.id, body.data.template_id);
      if (!template) return fieldFail(422, 'validation_error', 'template_id', errorMessages.templateMissing);
      const at = db.now();
      const content: MockContent = {
        id: db.newId(), hubId: found.caller.organization.id, spaceId: found.space.id, kind: 'table', source: 'records',
        name: body.data.name, extension: null, mimeType: null, sizeBytes: 0, status: 'ready', failureReason: null,
        details: { template_id: template.id, row_count: 0 }, body: '', rows: [], email: null,
        processingAt: 0, finishAt: 0, outcome: { status: 'ready' }, createdBy: found.caller.user.id, createdAt: at, updatedAt: at,
      };
      db.data.contents.push(content);
      return ok(item(content, { abilities }), { status: 201 });
    }),

    answer(recordEndpoints.list, ({ request, params }) => {
      const table = tableFor(request, params);
      if (!table.ok) return table.response;
      const query = parse(recordListQuery, queryOf(request));
      if (!query.ok) return query.response;
      const { q, sort, order, filters } = query.data;
      const fields = table.template.fields;
      const byKey = new Map(fields.map((f) => [f.key, f]));
      const textOf = (r: MockRecord, key: string) => {
        if (key === 'created_at') return r.createdAt;
        if (key === 'updated_at') return r.updatedAt;
        const field = byKey.get(key);
        return field ? valueToText(field, r.values[key]) : '';
      };
      const needle = q?.trim().toLowerCase();
      const sortKey = sort ?? 'created_at';
      const rows = recordsOf(table.content.id)
        .filter((r) => !needle || live(fields).some((f) => valueToText(f, r.values[f.key]).toLowerCase().includes(needle)))
        .filter((r) => filters.every((f) => passes(textOf(r, f.field), f)))
        .sort((a, b) => {
          const byValue = compareValues(textOf(a, sortKey), textOf(b, sortKey)) || a.createdAt.localeCompare(b.createdAt);
          return order === 'desc' ? -byValue : byValue;
        });
      return paged(rows.map(view), query.data);
    }),

    answer(recordEndpoints.create, async ({ request, params }) => {
      const table = tableFor(request, params);
      if (!table.ok) return table.response;
      const body = await parseBody(request, createRecordBody);
      if (!body.ok) return body.response;
      const values = parse(recordSchemaOf(table.template.fields), body.data.values);
      if (!values.ok) return values.response;
      addRecords(table, [values.data]);
      const records = recordsOf(table.content.id);
      return ok(view(records[records.length - 1] as MockRecord), { status: 201 });
    }),

    answer(recordEndpoints.get, ({ request, params }) => {
      const table = tableFor(request, params);
      if (!table.ok) return table.response;
      const record = recordsOf(table.content.id).find((r) => r.id === String(params.record_id));
      return record ? ok(view(record)) : notFound(RECORD);
    }),

    answer(recordEndpoints.update, async ({ request, params }) => {
      const table = tableFor(request, params);
      if (!table.ok) return table.response;
      const record = recordsOf(table.content.id).find((r) => r.id === String(params.record_id));
      if (!record) return notFound(RECORD);
      const body = await parseBody(request, updateRecordBody);
      if (!body.ok) return body.response;
      const values = parse(recordSchemaOf(table.template.fields, { partial: true }), body.data.values);
      if (!values.ok) return values.response;
      Object.assign(record, {
        values: { ...record.values, ...values.data }, version: record.version + 1, updatedAt: db.now(), updatedBy: table.caller.user.id,
      });
      touch(table);
      return ok(view(record));
    }),

    answer(recordEndpoints.remove, ({ request, params }) => {
      const table = tableFor(request, params);
      if (!table.ok) return table.response;
      const data = store();
      const record = data.records.find((r) => r.id === String(params.record_id) && r.contentId === table.content.id);
      if (!record) return notFound(RECORD);
      data.records.splice(data.records.indexOf(record), 1);
      touch(table);
      return ok(null);
    }),

    // A .tsv is read by tabs and anything else as CSV; XLSX needs a workbook reader the browser mock does not carry, so it answers 415.
    answer(recordEndpoints.uploadImport, async ({ request, params }) => {
      const table = tableFor(request, params);
      if (!table.ok) return table.response;
      const query = parse(recordEndpoints.uploadImport.query, queryOf(request));
      if (!query.ok) return query.response;
      const extension = extensionOf(query.data.name);
      if (extension === 'xlsx') return fail(415, 'unsupported_file_type', 'The demo API reads CSV and TSV files only.');
      const text = await request.text();
      return keepImport(table, parseCsv(text, extension === 'tsv' ? '\t' : ','));
    }),

    answer(recordEndpoints.importFromContent, async ({ request, params }) => {
      const table = tableFor(request, params);
      if (!table.ok) return table.response;
      const body = await parseBody(request, importFromContentBody);
      if (!body.ok) return body.response;
      const source = db.data.contents.find(
        (c) => c.id === body.data.content_id && c.spaceId === table.space.id && c.source === 'upload' && (c.kind === 'table' || c.kind === 'contact'),
      );
      if (!source) return notFound('That table or contact file');
      advance(source);
      if (source.status !== 'ready') return fail(422, 'content_not_ready', errorMessages.contentNotReady(source));
      const header = (source.details.columns ?? []).map((c) => c.name);
      return keepImport(table, [header, ...source.rows.map((row) => row.map((cell) => (cell === null ? '' : String(cell))))]);
    }),

    answer(recordEndpoints.runImport, async ({ request, params }) => {
      const table = tableFor(request, params);
      if (!table.ok) return table.response;
      const kept = store().imports.find((i) => i.id === String(params.import_id) && i.contentId === table.content.id);
      if (!kept) return notFound('That import');
      const body = await parseBody(request, runImportBody);
      if (!body.ok) return body.response;
      const schema = recordSchemaOf(table.template.fields);
      const valid: RecordValues[] = [];
      const failures: ImportReport['failures'] = [];
      kept.rows.forEach((row, index) => {
        const input = Object.fromEntries(Object.entries(body.data.mapping).map(([key, column]) => [key, row[column] ?? '']));
        const parsed = schema.safeParse(input);
        if (parsed.success) valid.push(parsed.data);
        else if (failures.length < IMPORT_MAX_REPORTED_FAILURES) failures.push({ row: index + 1, errors: fieldErrorsOf(parsed.error.issues) });
      });
      if (!body.data.dry_run) {
        addRecords(table, valid);
        kept.progress = { state: 'imported', saved: valid.length, total: valid.length };
      }
      const report: ImportReport = {
        row_count: kept.rows.length, valid_count: valid.length, failed_count: kept.rows.length - valid.length, failures,
        imported: body.data.dry_run ? 0 : valid.length,
      };
      return ok(report);
    }),

    // A run here saves at once, so there is never one under way to follow or stop: these answer the import's state.
    answer(recordEndpoints.importProgress, ({ request, params }) => {
      const kept = keptImport(request, params);
      return kept.ok ? ok(progressOf(kept.found)) : kept.response;
    }),

    answer(recordEndpoints.cancelImport, ({ request, params }) => {
      const kept = keptImport(request, params);
      if (!kept.ok) return kept.response;
      if (kept.found.progress?.state !== 'imported') kept.found.progress = { state: 'cancelled', saved: 0, total: kept.found.progress?.total ?? 0 };
      return ok(progressOf(kept.found));
    }),

  ];
}
