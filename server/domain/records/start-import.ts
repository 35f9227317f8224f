import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, asc, count, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { contentRows, recordImports } from '../../db/schema';
import { MAX_UPLOAD_BYTES, extensionOf } from '../../../lib/contract/contents';
import { IMPORT_KEEP_MINUTES, type ImportPreview } from '../../../lib/contract/records';
import { AppError } from '../../lib/errors';
import type { SpaceViewer } from '../../policies/spaces';
import { assertContentReady } from '../contents/assert-content-ready';
import { findSpaceContent } from '../contents/find-space-content';
import { sanitizeFileName } from '../contents/sanitize-file-name';
import { UploadInspector, interrupted, refusal } from '../contents/upload-content';
import { findRecordTable, type RecordTable } from './find-record-table';
import type { ImportReader } from './import-reader';
import { IMPORT_EXTENSIONS, assertImportRows, cellText, importFileOf, isImportExtension, type ImportFileRead } from '../../processing/read-import-file';
import { suggestMapping } from './suggest-mapping';

/** An import's file size limit: a table upload's. */
export const IMPORT_MAX_BYTES = MAX_UPLOAD_BYTES.table;

const unprocessable = (message: string) => new AppError(422, 'validation_error', message);

/**
 * Keeps a file's rows for the table's import, by the person who read it,
 * and answers its columns with samples and a suggested mapping. Imports of
 * the hub kept past IMPORT_KEEP_MINUTES go on the way. The rows arrive as
 * their JSON text and are stored as it is, never parsed on this thread.
 */
async function saveImport(opts: { db: Database; viewer: SpaceViewer; table: RecordTable; file: ImportFileRead }): Promise<ImportPreview> {
  const { db, viewer, table, file } = opts;
  if (file.rowCount === 0) throw unprocessable('This file has no rows to import.');
  await db
    .delete(recordImports)
    .where(and(eq(recordImports.hubId, viewer.hubId), lt(recordImports.createdAt, sql`now() - make_interval(mins => ${IMPORT_KEEP_MINUTES})`)));
  const [saved] = await db
    .insert(recordImports)
    .values({ hubId: viewer.hubId, contentId: table.row.content.id, createdBy: viewer.userId, columns: file.columns, rows: sql`${file.rowsJson}::jsonb` })
    .returning({ id: recordImports.id });
  const columns = file.columns.map((name, i) => ({ name, samples: file.samples[i] ?? [] }));
  return {
    import_id: saved!.id,
    columns,
    row_count: file.rowCount,
    suggested_mapping: suggestMapping(table.template.fields, columns),
  };
}

/**
 * Reads a CSV, TSV or XLSX file sent for import into a record table. The
 * table, the right to write to it, the type and the declared size are
 * checked before the body is opened; the bytes are checked on their way to
 * a temporary file like any upload (what they are, how many), which is
 * read off the event loop (`reader`) and gone once read.
 */
export async function importFromFile(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  contentId: string;
  fileName: string;
  /** The request's Content-Length. */
  declaredBytes: number;
  openBody: () => Readable;
  reader: ImportReader;
}): Promise<ImportPreview> {
  const { db, viewer } = opts;
  const table = await findRecordTable({ db, viewer, spaceId: opts.spaceId, contentId: opts.contentId, write: true });
  const name = sanitizeFileName(opts.fileName);
  const extension = extensionOf(name);
  if (!isImportExtension(extension)) {
    throw new AppError(415, 'unsupported_file_type', `Imports accept ${IMPORT_EXTENSIONS.map((e) => `.${e}`).join(', ')} files only.`);
  }
  if (opts.declaredBytes > IMPORT_MAX_BYTES) throw refusal('table', { name, size: opts.declaredBytes });

  const folder = await mkdtemp(path.join(tmpdir(), 'record-import-'));
  try {
    const filePath = path.join(folder, `file.${extension}`);
    const inspector = new UploadInspector({
      extension,
      maxBytes: IMPORT_MAX_BYTES,
      tooLarge: () => refusal('table', { name, size: Math.max(opts.declaredBytes, IMPORT_MAX_BYTES + 1) }),
      empty: () => refusal('table', { name, size: 0 }),
    });
    await pipeline(opts.openBody(), inspector, createWriteStream(filePath)).catch((error: unknown) => {
      const refused = inspector.errored;
      if (refused instanceof AppError) throw refused;
      throw refused ? interrupted() : error;
    });
    return await saveImport({ db, viewer, table, file: await opts.reader.read(filePath, extension) });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Takes an uploaded table or contact file of the same space as an import:
 * the rows its processing parsed, under its columns' names. 404 when it is
 * not an item of that space; 422 when it is not an uploaded table or
 * contact file, or not processed yet.
 */
export async function importFromContent(opts: {
  db: Database;
  viewer: SpaceViewer;
  spaceId: string;
  contentId: string;
  sourceId: string;
}): Promise<ImportPreview> {
  const { db, viewer } = opts;
  const table = await findRecordTable({ db, viewer, spaceId: opts.spaceId, contentId: opts.contentId, write: true });
  const { row } = await findSpaceContent({ db, viewer, spaceId: table.access.space.id, contentId: opts.sourceId });
  const source = row.content;
  if (source.source !== 'upload' || (source.kind !== 'table' && source.kind !== 'contact')) {
    throw unprocessable('Only an uploaded table or contact file can be imported.');
  }
  assertContentReady(source);
  const where = and(eq(contentRows.hubId, viewer.hubId), eq(contentRows.contentId, source.id));
  const [total] = await db.select({ n: count() }).from(contentRows).where(where);
  assertImportRows(total?.n ?? 0);
  const stored = await db.select({ cells: contentRows.cells }).from(contentRows).where(where).orderBy(asc(contentRows.rowIndex));
  const columns = (source.details.columns ?? []).map((column, i) => column.name.trim() || `Column ${i + 1}`);
  const rows = stored.map(({ cells }) => columns.map((_, i) => cellText(cells[i])));
  return saveImport({ db, viewer, table, file: importFileOf({ columns, rows }) });
}
