import type { ContentDetails, ContentKind } from '../../lib/contract/contents';
import type { LocatedSegment } from './located-text';
import type { ImportFileRead } from './read-import-file';

/** One cell of a parsed table, as stored in content_rows.cells. */
export type Cell = string | number | boolean | null;

/**
 * A file derived from the original, stored under `<storage key>.<suffix>`:
 * thumbnail and preview of an image, an email's sanitised HTML and its attachments.
 */
export type DerivedSuffix = 'thumb.webp' | 'preview.webp' | 'body.html' | `att-${number}`;

export interface DerivedFile {
  suffix: DerivedSuffix;
  data: Uint8Array;
}

/** What reading a file produced; the main thread saves it. */
export interface ExtractedContent {
  details: ContentDetails;
  /** Extracted text (what search and the reader use), or null when the file has none. */
  body: string | null;
  /** Parsed rows of a table or contact file, cells in `details.columns` order. */
  rows: Cell[][] | null;
  files: DerivedFile[];
  /** Where stretches of the body came from (pages, slides, rows, email parts, headings), over `body`. */
  segments?: LocatedSegment[];
}

/** What a processing worker is given. */
export interface ProcessingInput {
  filePath: string;
  kind: ContentKind;
  /** The lower-case extension of the uploaded file's name. */
  extension: string;
}

/** A file sent for import into a record table, read in a processing thread like any upload. */
export interface ImportInput {
  filePath: string;
  /** csv, tsv or xlsx. */
  extension: string;
}

/** What a processing worker is asked to do, and what each task answers. */
export interface WorkerTasks {
  extract: { input: ProcessingInput; output: ExtractedContent };
  import: { input: ImportInput; output: ImportFileRead };
}
export type WorkerTask = keyof WorkerTasks;
export type WorkerJob = { [T in WorkerTask]: { task: T; input: WorkerTasks[T]['input'] } }[WorkerTask];

/** What a processing worker answers. */
export type WorkerReply<T = ExtractedContent> = { ok: true; content: T } | { ok: false; reason: string };

/** Extracted text kept per item (the reader pages through it; search indexes its start). */
const BODY_MAX_CHARACTERS = 5_000_000;
/** Rows kept per table or contact file. */
export const MAX_ROWS = 100_000;
/** Columns kept per table. */
export const MAX_COLUMNS = 500;

/**
 * A string as PostgreSQL can hold it in text and jsonb: no NUL, no unpaired
 * surrogate (a JSON escape jsonb refuses). Files put anything in names,
 * headers and cells.
 */
export const storableString = (text: string) => text.replace(/\u0000/g, '').replace(/\p{Cs}/gu, '\uFFFD');

/** Extracted text as it is stored: storable, cut to the body limit; null when empty once trimmed. */
export function storableText(text: string): string | null {
  const clean = storableString(text.slice(0, BODY_MAX_CHARACTERS));
  return clean.trim() === '' ? null : clean;
}

/** The details every text-bearing item gets, alongside its body (and where its stretches came from, when known). */
export function textContent(text: string | { text: string; segments: LocatedSegment[] }, extra: ContentDetails = {}): ExtractedContent {
  const located = typeof text === 'string' ? { text, segments: [] } : text;
  const body = storableText(located.text);
  return { details: { ...extra, characters: body?.length ?? 0 }, body, rows: null, files: [], segments: located.segments };
}
