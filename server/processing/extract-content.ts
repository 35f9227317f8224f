import { ProcessingFailure, failureReasons } from './processing-failure';
import { textContent, storableText, type Cell, type ExtractedContent, type ProcessingInput } from './processing-result';
import { readDelimited } from './extractors/read-delimited';
import { readPlainText } from './extractors/read-plain-text';
import { shapeContacts, shapeTable, tableText } from './extractors/shape-table';

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

/** The rows of a table file: delimited text, or the first worksheet that has any. */
async function readRows(filePath: string, extension: string): Promise<Cell[][]> {
  if (DELIMITED.has(extension)) return readDelimited(filePath, extension);
  if (extension === 'xlsx') return (await readSheets(filePath)).find((sheet) => sheet.rows.length > 0)?.rows ?? [];
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
    case 'docx':
    case 'pptx': {
      const { readOfficeText } = await import('./extractors/read-office-text');
      return textContent(await readOfficeText(filePath, extension));
    }
    case 'xlsx': {
      const sheets = await readSheets(filePath);
      return textContent(sheets.map((sheet) => `${sheet.name}\n${tableText(shapeTable(sheet.rows))}`).join('\n\n'));
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
  const rows = await readRows(filePath, extension);
  const table = contacts ? shapeContacts(rows) : shapeTable(rows);
  return {
    details: { columns: table.columns, row_count: table.rows.length },
    body: storableText(tableText(table)),
    rows: table.rows,
    files: [],
  };
}

async function extractEmail(filePath: string): Promise<ExtractedContent> {
  const { readEmail } = await import('./extractors/read-email');
  const email = await readEmail(filePath);
  const body = storableText(email.text);
  return {
    details: { email: email.headers, characters: body?.length ?? 0 },
    body,
    rows: null,
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
