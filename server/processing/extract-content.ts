import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { concatLocated, joinLocated, type LocatedSegment, type LocatedText } from './located-text';
import { ProcessingFailure, failureReasons } from './processing-failure';
import { textContent, storableText, type Cell, type ExtractedContent, type ProcessingInput } from './processing-result';
import { readDelimited } from './extractors/read-delimited';
import { readPlainText } from './extractors/read-plain-text';
import { contactText, shapeContacts, shapeTable, tableText } from './extractors/shape-table';

/*
 * Each job runs in a fresh worker thread, so the parsers are imported only
 * when a file needs them: loading all of them would cost every job seconds.
 */

const PLAIN_TEXT = new Set(['txt', 'md', 'mdx', 'conf', 'log', 'json', 'xml', 'yml', 'yaml']);
const DELIMITED = new Set(['csv', 'tsv', 'record']);
/** Old binary Office formats: kept and downloadable, but nothing reads their text. */
const KEPT_AS_IS = new Set(['doc', 'xls']);

async function readSheets(filePath: string) {
  const { readSpreadsheet } = await import('./extractors/read-spreadsheet');
  return readSpreadsheet(filePath);
}

/** The rows of a table file: delimited text, or the first worksheet that has any (with its name). */
async function readRows(filePath: string, extension: string): Promise<{ sheet?: string; rows: Cell[][] }> {
  if (DELIMITED.has(extension)) return { rows: await readDelimited(filePath, extension) };
  if (extension === 'xlsx') {
    const sheet = (await readSheets(filePath)).find((s) => s.rows.length > 0);
    return { sheet: sheet?.name, rows: sheet?.rows ?? [] };
  }
  throw new ProcessingFailure(failureReasons.unsupported);
}

/** The text of a document-like file; null when the format has none to read. */
async function readText(filePath: string, extension: string): Promise<ExtractedContent | null> {
  if (PLAIN_TEXT.has(extension)) return textContent(await readPlainText(filePath));
  if (DELIMITED.has(extension)) return textContent(tableText(shapeTable(await readDelimited(filePath, extension))));
  switch (extension) {
    case 'pdf': {
      const { readPdf } = await import('./extractors/read-pdf');
      const { text, pages } = await readPdf(filePath);
      return textContent(text, { pages });
    }
    case 'docx': {
      const { readOfficeText } = await import('./extractors/read-office-text');
      return textContent(await readOfficeText(filePath));
    }
    case 'pptx': {
      const { readSlides } = await import('./extractors/read-office-text');
      return textContent(await readSlides(filePath));
    }
    case 'xlsx': {
      const sheets = await readSheets(filePath);
      return textContent(
        concatLocated(sheets.map((sheet) => concatLocated([joinLocated([{ location: null, text: sheet.name }]), tableText(shapeTable(sheet.rows), sheet.name)], '\n'))),
      );
    }
    case 'epub': {
      const { readEpub } = await import('./extractors/read-epub');
      return textContent(await readEpub(filePath));
    }
    case 'html': {
      const { htmlToText } = await import('./extractors/read-html');
      return textContent(htmlToText(await readPlainText(filePath)));
    }
    case 'eml': {
      const { emailText, readEmail } = await import('./extractors/read-email');
      return textContent(emailText(await readEmail(filePath)));
    }
    default:
      return null;
  }
}

async function extractTable(filePath: string, extension: string, contacts: boolean): Promise<ExtractedContent> {
  const { sheet, rows } = await readRows(filePath, extension);
  const table = contacts ? shapeContacts(rows) : shapeTable(rows);
  const text = contacts ? contactText(table, sheet) : tableText(table, sheet);
  return {
    details: { columns: table.columns, row_count: table.rows.length },
    body: storableText(text.text),
    rows: table.rows,
    files: [],
    segments: text.segments,
  };
}

/**
 * The text of an email's attachment, its own locations (pages, rows…) kept
 * under the attachment's name; null when nothing in it reads as text. An
 * attached email is not opened: messages nest without end.
 */
async function attachmentText(name: string, data: Uint8Array): Promise<LocatedText | null> {
  const extension = path.extname(name).slice(1).toLowerCase();
  if (extension === '' || extension === 'eml') return null;
  const folder = await mkdtemp(path.join(tmpdir(), 'attachment-'));
  try {
    const filePath = path.join(folder, 'file');
    await writeFile(filePath, data);
    const read = await readText(filePath, extension).catch((error: unknown) => {
      if (error instanceof ProcessingFailure) return null;
      throw error;
    });
    if (!read?.body) return null;
    const part = { part: 'attachment' as const, attachment: name };
    const segments: LocatedSegment[] = read.segments?.length
      ? read.segments.map((s) => ({ ...s, location: { ...part, ...s.location } }))
      : [{ location: part, start: 0, end: read.body.length }];
    return { text: read.body, segments };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * An email: its message text, then the text of each attachment that has
 * some, so search and answers reach into attachments. `characters` counts
 * the message alone (what the email view shows as its text).
 */
async function extractEmail(filePath: string): Promise<ExtractedContent> {
  const { readEmail } = await import('./extractors/read-email');
  const email = await readEmail(filePath);
  const message = joinLocated([{ location: { part: 'message' }, text: email.text }]);
  const attachments: LocatedText[] = [];
  for (const [i, data] of email.attachments.entries()) {
    const text = await attachmentText(email.headers.attachments[i]!.name, data);
    if (text) attachments.push(text);
  }
  const located = concatLocated([message, ...attachments]);
  const body = storableText(located.text);
  return {
    details: { email: email.headers, characters: Math.min(message.text.length, body?.length ?? 0) },
    body,
    rows: null,
    segments: located.segments,
    files: [
      ...(email.html === null ? [] : [{ suffix: 'body.html' as const, data: new TextEncoder().encode(email.html) }]),
      ...email.attachments.map((data, n) => ({ suffix: `att-${n}` as const, data })),
    ],
  };
}

async function extractImage(filePath: string, extension: string): Promise<ExtractedContent> {
  const { readImage } = await import('./extractors/read-image');
  return readImage(filePath, extension);
}

/**
 * Reads one file according to its kind and extension (spec §3, §5). Runs in
 * a worker thread: everything here may meet hostile input.
 */
export async function extractContent({ filePath, kind, extension }: ProcessingInput): Promise<ExtractedContent> {
  switch (kind) {
    case 'table':
    case 'contact':
      return extractTable(filePath, extension, kind === 'contact');
    case 'email':
      return extractEmail(filePath);
    case 'image':
      return extractImage(filePath, extension);
    case 'media': {
      const { readMedia } = await import('./extractors/read-media');
      return { details: await readMedia(filePath, extension), body: null, rows: null, files: [] };
    }
    case 'general':
      if (extension === 'png' || extension === 'jpg' || extension === 'jpeg') return extractImage(filePath, extension);
      if (KEPT_AS_IS.has(extension)) return { details: {}, body: null, rows: null, files: [] };
      break;
    case 'document':
      break;
  }
  const text = await readText(filePath, extension);
  if (!text) throw new ProcessingFailure(failureReasons.unsupported);
  return text;
}
