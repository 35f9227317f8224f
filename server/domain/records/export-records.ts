import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { records } from '../../db/schema';
import { csvLine } from '../../../lib/csv';
import type { TemplateField } from '../../../lib/contract/templates';
import { valueToText } from '../../../lib/validation/template-schema';
import type { SpaceViewer } from '../../policies/spaces';
import { findRecordTable } from './find-record-table';

const BATCH_SIZE = 500;

export type ExportFormat = 'csv' | 'xlsx';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface RecordsExport {
  fileName: string;
  contentType: string;
  body: Readable;
}

/** The export's columns: live fields, then removed ones (their values are kept, so they are exported too). */
function exportFields(fields: readonly TemplateField[]): Array<{ field: TemplateField; heading: string }> {
  return [
    ...fields.filter((f) => !f.removed).map((field) => ({ field, heading: field.label })),
    ...fields.filter((f) => f.removed).map((field) => ({ field, heading: `${field.label} (removed)` })),
  ];
}

/** Every record of a table as rows of text, in the order they were added, read a batch at a time. */
async function* recordLines(opts: { db: Database; hubId: string; contentId: string; fields: readonly TemplateField[] }): AsyncGenerator<string[][]> {
  const columns = exportFields(opts.fields);
  yield [[...columns.map((c) => c.heading), 'Created', 'Updated']];
  let after: { cursor: string; id: string } | null = null;
  for (;;) {
    const position: SQL | undefined = after
      ? sql`(${records.createdAt}, ${records.id}) > (${after.cursor}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const batch = await opts.db
      .select({ id: records.id, values: records.values, createdAt: records.createdAt, updatedAt: records.updatedAt, cursor: sql<string>`${records.createdAt}::text` })
      .from(records)
      .where(and(eq(records.hubId, opts.hubId), eq(records.contentId, opts.contentId), position))
      .orderBy(asc(records.createdAt), asc(records.id))
      .limit(BATCH_SIZE);
    if (batch.length > 0) {
      yield batch.map((row) => [
        ...columns.map(({ field }) => valueToText(field, row.values[field.key])),
        row.createdAt.toISOString(),
        row.updatedAt.toISOString(),
      ]);
    }
    const last = batch.at(-1);
    if (!last || batch.length < BATCH_SIZE) return;
    after = { cursor: last.cursor, id: last.id };
  }
}

async function* csvOf(lines: AsyncGenerator<string[][]>): AsyncGenerator<string> {
  for await (const rows of lines) yield rows.map(csvLine).join('');
}

/** The rows as an XLSX workbook of one sheet, written as they are read. */
function xlsxOf(lines: AsyncGenerator<string[][]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Records');
  (async () => {
    for await (const rows of lines) {
      for (const row of rows) sheet.addRow(row).commit();
      // A slow reader slows the reading of records down rather than having the file pile up in memory.
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      if (out.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** A file name from the table's name: nothing a file system or a download would choke on. */
const fileNameOf = (tableName: string, format: ExportFormat) =>
  `${tableName.replace(/[\p{Cc}\\/:*?"<>|]+/gu, '_').trim() || 'records'}.${format}`;

/**
 * Every record of a table the viewer can see, as CSV (RFC 4180, UTF-8
 * without a byte-order mark, formulas neutralised) or XLSX: live fields,
 * removed fields, then when each record was created and last updated. The
 * table is checked before anything is sent; the records stream out a batch
 * at a time.
 */
export async function exportRecords(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  contentId: string;
  format: ExportFormat;
}): Promise<RecordsExport> {
  const { db, viewer, format } = opts;
  const table = await findRecordTable({ db, viewer, spaceId: opts.spaceId, contentId: opts.contentId });
  const lines = recordLines({ db, hubId: viewer.hubId, contentId: table.row.content.id, fields: table.template.fields });
  return {
    fileName: fileNameOf(table.row.content.name, format),
    contentType: CONTENT_TYPES[format],
    body: format === 'csv' ? Readable.from(csvOf(lines)) : xlsxOf(lines),
  };
}
