import { http, HttpResponse, type HttpHandler } from 'msw';
import {
  attachmentParams, contactBody, contactFields, contentEndpoints, contentListQuery, extensionOf, formatBytes, isAllowedExtension,
  MAX_UPLOAD_BYTES, noteBody, renameContentBody, signedFileQuery, TEXT_PAGE_CHARACTERS, textPageQuery, uploadProblem,
  rawUploadQuery, uploadQuery, type ContentDetails, type ContentItem, type ContentKind, type EmailView,
} from '@/lib/contract/contents';
import { pageQuery } from '@/lib/contract/envelope';
import { searchEndpoints, searchQuery, type SearchResult, type SnippetPart } from '@/lib/contract/search';
import type { Operation } from '@/lib/contract/settings';
import { EMAIL_PATTERN } from '@/lib/validation/fields';
import type { MockCell, MockContent, MockDb } from '../state';
import { answer, api, can, fail, ok, paged, parse, parseBody } from './respond';
import { spaceAccess } from './spaces';

/*
 * The content endpoints over plain data. Uploads are really read: text files
 * give their text, CSV/TSV their rows, .eml files their headers and parts,
 * PNG/GIF/JPEG their size, so previews in mock mode show what was uploaded.
 * Formats a browser cannot read here (PDF, Office) get a stand-in text.
 */

const MIME_TYPES: Record<string, string> = {
  txt: 'text/plain', md: 'text/markdown', mdx: 'text/markdown', conf: 'text/plain', log: 'text/plain', record: 'text/plain',
  json: 'application/json', xml: 'application/xml', yml: 'application/yaml', yaml: 'application/yaml', csv: 'text/csv',
  tsv: 'text/tab-separated-values', html: 'text/html', eml: 'message/rfc822', pdf: 'application/pdf', epub: 'application/epub+zip',
  doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml', bmp: 'image/bmp',
  tiff: 'image/tiff', webp: 'image/webp', ico: 'image/x-icon', psd: 'image/vnd.adobe.photoshop', ai: 'application/postscript',
  mp3: 'audio/mpeg', aac: 'audio/aac', wav: 'audio/wav', ogg: 'audio/ogg', flac: 'audio/flac',
  mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime', avi: 'video/x-msvideo', wmv: 'video/x-ms-wmv',
  flv: 'video/x-flv', mkv: 'video/x-matroska',
};

/** Types a browser shows or plays itself (as the API decides); anything else is only downloaded. */
const INLINE_SAFE = new Set([
  'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'video/mp4', 'video/webm', 'video/quicktime', 'video/ogg',
  'audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/wav', 'audio/ogg', 'audio/flac', 'audio/webm', 'application/pdf',
]);

const TEXT_EXTENSIONS = new Set(['txt', 'md', 'mdx', 'conf', 'log', 'json', 'xml', 'yml', 'yaml', 'csv', 'tsv', 'record', 'html', 'eml', 'svg']);
const PREVIEWABLE_IMAGES = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'svg', 'ico']);
const PLAYABLE_MEDIA = new Set(['mp4', 'webm', 'mov', 'mp3', 'aac', 'wav', 'ogg', 'flac']);

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const zip = (b: Uint8Array) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]);
const riff = (type: string) => (b: Uint8Array) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii(type), 8);

/** The first bytes each binary format must start with; text formats must not hold NUL bytes. */
const SIGNATURES: Record<string, (bytes: Uint8Array) => boolean> = {
  png: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47]),
  jpg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  jpeg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  gif: (b) => startsWith(b, ascii('GIF8')),
  webp: riff('WEBP'),
  bmp: (b) => startsWith(b, ascii('BM')),
  pdf: (b) => startsWith(b, ascii('%PDF')),
  docx: zip, xlsx: zip, pptx: zip, epub: zip,
  wav: riff('WAVE'),
  avi: riff('AVI '),
  ogg: (b) => startsWith(b, ascii('OggS')),
  flac: (b) => startsWith(b, ascii('fLaC')),
  mp4: (b) => startsWith(b, ascii('ftyp'), 4),
  mov: (b) => startsWith(b, ascii('ftyp'), 4) || startsWith(b, ascii('moov'), 4),
  webm: (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]),
  mkv: (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]),
  mp3: (b) => startsWith(b, ascii('ID3')) || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0),
};

function contentMatches(extension: string, bytes: Uint8Array): boolean {
  const check = SIGNATURES[extension];
  if (check) return check(bytes);
  if (TEXT_EXTENSIONS.has(extension)) return !bytes.subarray(0, 4096).includes(0);
  return true;
}

const isFileLike = (value: unknown): value is Blob & { name: string } =>
  typeof value === 'object' && value !== null && typeof (value as Blob).arrayBuffer === 'function' && typeof (value as { name?: unknown }).name === 'string';

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes);
const stripTags = (html: string) =>
  html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ').replace(/[ \t]+/g, ' ').replace(/\n\s*\n+/g, '\n\n').trim();

/* ---------- tables ---------- */

function parseDelimited(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows.filter((r) => r.some((v) => v.trim() !== ''));
}

type ColumnType = NonNullable<ContentDetails['columns']>[number]['type'];
const columnTests: [ColumnType, (v: string) => boolean][] = [
  ['number', (v) => /^-?\d+(\.\d+)?$/.test(v)],
  ['boolean', (v) => /^(true|false|yes|no)$/i.test(v)],
  ['date', (v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v))],
  ['email', (v) => EMAIL_PATTERN.test(v)],
  ['url', (v) => /^https?:\/\/\S+$/i.test(v)],
  ['phone', (v) => /^\+?[0-9 ()./-]{7,24}$/.test(v)],
];

function typeOf(values: string[]): ColumnType {
  const filled = values.filter((v) => v.trim() !== '');
  if (filled.length === 0) return 'text';
  return columnTests.find(([, test]) => filled.every((v) => test(v.trim())))?.[0] ?? 'text';
}

function cellOf(value: string, type: ColumnType): MockCell {
  const v = value.trim();
  if (v === '') return null;
  if (type === 'number') return Number(v);
  if (type === 'boolean') return /^(true|yes)$/i.test(v);
  return v;
}

const sampleTable = [['Item', 'Quantity', 'Price'], ['Notebook', '12', '3.5'], ['Pen', '40', '1.2'], ['Stapler', '3', '9.9']];
const MAX_MOCK_ROWS = 500;

function readTable(extension: string, bytes: Uint8Array) {
  const text = decode(bytes);
  const grid = extension === 'xlsx' ? sampleTable : parseDelimited(text, extension === 'tsv' ? '\t' : ',');
  const [header = [], ...data] = grid;
  const names = header.map((h, i) => h.trim() || `Column ${i + 1}`);
  const types = names.map((_, i) => typeOf(data.map((r) => r[i] ?? '')));
  const rows = data.slice(0, MAX_MOCK_ROWS).map((r) => names.map((_, i) => cellOf(r[i] ?? '', types[i] ?? 'text')));
  return {
    columns: names.map((name, i) => ({ name, type: types[i] ?? 'text' })),
    rows,
    rowCount: data.length,
    body: rows.map((r) => r.filter((c) => c !== null).join(' ')).join('\n'),
  };
}

/* ---------- email ---------- */

interface MailPart {
  headers: Record<string, string>;
  body: string;
}

function splitPart(raw: string): MailPart {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  let last = '';
  for (const line of head.split(/\r?\n/)) {
    if (/^\s/.test(line) && last) headers[last] += ` ${line.trim()}`;
    else {
      const colon = line.indexOf(':');
      if (colon > 0) {
        last = line.slice(0, colon).trim().toLowerCase();
        headers[last] = line.slice(colon + 1).trim();
      }
    }
  }
  return { headers, body };
}

const paramOf = (header: string | undefined, name: string) =>
  header ? (new RegExp(`${name}\\*?="?([^";]+)"?`, 'i').exec(header)?.[1] ?? null) : null;

function partBytes(part: MailPart): Uint8Array {
  const encoding = (part.headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') {
    try {
      return Uint8Array.from(atob(part.body.replace(/\s+/g, '')), (c) => c.charCodeAt(0));
    } catch {
      return new TextEncoder().encode(part.body);
    }
  }
  if (encoding === 'quoted-printable') {
    const text = part.body.replace(/=\r?\n/g, '');
    const out: number[] = [];
    for (let i = 0; i < text.length; i += 1) {
      const hex = text.slice(i + 1, i + 3);
      if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
        out.push(parseInt(hex, 16));
        i += 2;
      } else out.push(...new TextEncoder().encode(text[i]));
    }
    return Uint8Array.from(out);
  }
  return new TextEncoder().encode(part.body);
}

interface ParsedMail {
  headers: Record<string, string>;
  text: string;
  html: string | null;
  attachments: { name: string; mimeType: string; bytes: Uint8Array }[];
}

function readMail(raw: string): ParsedMail {
  const top = splitPart(raw);
  const mail: ParsedMail = { headers: top.headers, text: '', html: null, attachments: [] };
  const visit = (part: MailPart) => {
    const type = (part.headers['content-type'] ?? 'text/plain').toLowerCase();
    const boundary = paramOf(part.headers['content-type'], 'boundary');
    if (type.startsWith('multipart/') && boundary) {
      for (const piece of part.body.split(`--${boundary}`).slice(1)) {
        // The line break before a boundary belongs to the boundary.
        if (!piece.startsWith('--')) visit(splitPart(piece.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
      }
      return;
    }
    const name = paramOf(part.headers['content-disposition'], 'filename') ?? paramOf(part.headers['content-type'], 'name');
    if (name || /^attachment/i.test(part.headers['content-disposition'] ?? '')) {
      mail.attachments.push({ name: name ?? `attachment-${mail.attachments.length + 1}`, mimeType: type.split(';')[0] ?? 'application/octet-stream', bytes: partBytes(part) });
    } else if (type.startsWith('text/html')) mail.html ??= decode(partBytes(part));
    else if (type.startsWith('text/')) mail.text ||= decode(partBytes(part)).trim();
  };
  visit(top);
  if (!mail.text && mail.html) mail.text = stripTags(mail.html);
  return mail;
}

/** Scripts, event handlers and javascript: links out; the app shows the rest in a sandboxed frame. */
const sanitiseHtml = (html: string) =>
  html
    .replace(/<(script|iframe|object|embed)[\s\S]*?(<\/\1>|$)/gi, '')
    .replace(/\son\w+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/(href|src)\s*=\s*(["'])\s*javascript:[^"']*\2/gi, '$1="#"');

/* ---------- images ---------- */

function imageSize(extension: string, b: Uint8Array): { width: number; height: number } | null {
  if (extension === 'png' && b.length >= 24) {
    const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (extension === 'gif' && b.length >= 10) return { width: (b[6] ?? 0) | ((b[7] ?? 0) << 8), height: (b[8] ?? 0) | ((b[9] ?? 0) << 8) };
  if ((extension === 'jpg' || extension === 'jpeg') && b.length > 4) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return null;
      const marker = b[i + 1] ?? 0;
      const length = ((b[i + 2] ?? 0) << 8) | (b[i + 3] ?? 0);
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { height: ((b[i + 5] ?? 0) << 8) | (b[i + 6] ?? 0), width: ((b[i + 7] ?? 0) << 8) | (b[i + 8] ?? 0) };
      }
      i += 2 + length;
    }
  }
  return null;
}

/* ---------- processing ---------- */

const STAND_IN_TEXT = (name: string) =>
  `${name}\n\nThe demo API does not read this format. With the real service, the text extracted from the file appears here, a page at a time.`;

interface Analysis {
  details: ContentDetails;
  body: string;
  rows: MockCell[][];
  email: MockContent['email'];
  attachments: Blob[];
  failure: string | null;
}

function analyse(kind: ContentKind, name: string, extension: string, bytes: Uint8Array): Analysis {
  const result: Analysis = { details: {}, body: '', rows: [], email: null, attachments: [], failure: null };
  if (/corrupt|damaged/i.test(name)) {
    result.failure = 'We could not read this file: it seems damaged. Export it again and upload the new copy.';
    return result;
  }
  const text = TEXT_EXTENSIONS.has(extension) ? decode(bytes) : '';
  if (kind === 'table' || kind === 'contact') {
    const table = readTable(extension, bytes);
    if (table.rowCount === 0) result.failure = 'This file has no rows under its header row.';
    result.details = { columns: table.columns, row_count: table.rowCount };
    result.rows = table.rows;
    result.body = table.body;
  } else if (kind === 'email') {
    const mail = readMail(text);
    const date = mail.headers.date ? new Date(mail.headers.date) : null;
    result.email = {
      text: mail.text,
      html: mail.html ? sanitiseHtml(mail.html) : null,
      attachments: mail.attachments.map((a, index) => ({ index, name: a.name, sizeBytes: a.bytes.length, mimeType: a.mimeType })),
    };
    result.attachments = mail.attachments.map((a) => new Blob([a.bytes.slice()], { type: a.mimeType }));
    result.details = {
      characters: mail.text.length,
      email: {
        subject: mail.headers.subject ?? '(no subject)',
        from: mail.headers.from ?? '',
        to: mail.headers.to ?? '',
        cc: mail.headers.cc ?? '',
        date: date && !Number.isNaN(date.getTime()) ? date.toISOString() : null,
        attachments: result.email.attachments.map((a) => ({ index: a.index, name: a.name, size_bytes: a.sizeBytes, mime_type: a.mimeType })),
      },
    };
    result.body = [mail.headers.subject, mail.headers.from, mail.headers.to, mail.text].filter(Boolean).join('\n');
  } else if (kind === 'image') {
    const size = imageSize(extension, bytes);
    result.details = { ...(size ?? {}), has_thumbnail: PREVIEWABLE_IMAGES.has(extension) };
  } else if (kind === 'media') {
    result.details = { container: extension, playable: PLAYABLE_MEDIA.has(extension) };
  } else {
    const body = extension === 'html' ? stripTags(text) : text || (kind === 'document' ? STAND_IN_TEXT(name) : '');
    if (kind === 'document' && body.trim() === '') result.failure = 'This document has no text we could read.';
    result.body = body.slice(0, 200_000);
    result.details = body ? { characters: body.length } : {};
  }
  return result;
}

/** Brings a queued or processing item up to the clock. */
function advance(c: MockContent, now = Date.now()): void {
  const stamp = (at: number) => new Date(Math.max(at, Date.parse(c.updatedAt))).toISOString();
  if (c.status === 'queued' && now >= c.processingAt) {
    c.status = 'processing';
    c.updatedAt = stamp(c.processingAt);
  }
  if (c.status === 'processing' && now >= c.finishAt) {
    c.status = c.outcome.status;
    c.failureReason = c.outcome.status === 'failed' ? c.outcome.reason : null;
    c.updatedAt = stamp(c.finishAt);
  }
}

/* ---------- files ---------- */

type Variant = 'original' | 'thumbnail' | 'preview' | `attachments/${number}`;

/** The API's signed address, with a signature the mock does not need to check. */
function fileUrl(contentId: string, variant: Variant, download = false): string {
  const query = new URLSearchParams({ expires: String(Math.floor(Date.now() / 1000) + 3600), session: 'mock', signature: 'mock' });
  if (download) query.set('download', '1');
  return `/api/v1/files/${contentId}/${variant}/?${query.toString()}`;
}

const placeholderImage = (name: string) =>
  new Blob(
    [
      `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400"><rect width="640" height="400" fill="#efedff"/>` +
        `<text x="320" y="205" font-family="sans-serif" font-size="22" fill="#796CFF" text-anchor="middle">${name.replace(/[<&>"]/g, '')}</text></svg>`,
    ],
    { type: 'image/svg+xml' },
  );

/* ---------- search ---------- */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SNIPPET_RADIUS = 80;

/** Text around the first hit, split into parts with every hit marked. */
function snippetOf(text: string, pattern: RegExp): SnippetPart[] {
  const first = text.search(pattern);
  const start = Math.max(0, first - SNIPPET_RADIUS);
  const end = Math.min(text.length, Math.max(first, 0) + SNIPPET_RADIUS * 2);
  const window = text.slice(start, end).replace(/\s+/g, ' ');
  const parts: SnippetPart[] = [];
  let at = 0;
  for (const hit of window.matchAll(new RegExp(pattern.source, 'gi'))) {
    if (hit.index > at) parts.push({ text: window.slice(at, hit.index), match: false });
    parts.push({ text: hit[0], match: true });
    at = hit.index + hit[0].length;
  }
  if (at < window.length) parts.push({ text: window.slice(at), match: false });
  if (start > 0) parts.unshift({ text: '…', match: false });
  if (end < text.length) parts.push({ text: '…', match: false });
  return parts;
}

/* ---------- handlers ---------- */

const NOT_FOUND = 'That content was not found.';

export function contentHandlers(db: MockDb): HttpHandler[] {
  const { callerOf, spaceFor, visible } = spaceAccess(db);

  /** The API's item; callers first bring it up to the clock (an upload answers as queued). */
  const view = (c: MockContent): ContentItem => {
    const creator = c.createdBy ? db.userById(c.createdBy) : undefined;
    const hasFile = c.source === 'upload';
    const ready = c.status === 'ready';
    const hasThumbnail = ready && c.details.has_thumbnail === true;
    const inline = c.kind === 'image' ? (hasThumbnail ? fileUrl(c.id, 'preview') : null) : INLINE_SAFE.has(c.mimeType ?? '') ? fileUrl(c.id, 'original') : null;
    return {
      id: c.id,
      space_id: c.spaceId,
      kind: c.kind,
      source: c.source,
      name: c.name,
      extension: c.extension,
      mime_type: c.mimeType,
      size_bytes: c.sizeBytes,
      status: c.status,
      failure_reason: c.failureReason,
      // A queued, processing or failed item has learnt nothing yet.
      details: ready ? c.details : {},
      urls: {
        view: hasFile ? inline : null,
        download: hasFile ? fileUrl(c.id, 'original', true) : null,
        thumbnail: hasThumbnail ? fileUrl(c.id, 'thumbnail') : null,
      },
      created_by: creator ? { id: creator.id, name: creator.name } : null,
      created_at: c.createdAt,
      updated_at: c.updatedAt,
    };
  };

  const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

  type Found = ReturnType<typeof spaceFor>;
  /** Refuses a change the caller's role does not allow, or any change in an archived space. */
  const refuseWrite = (found: Extract<Found, { ok: true }>, operation: Operation, what: string): Response | null => {
    if (!can(found.role, operation)) return fail(403, 'forbidden', `Only editors and owners can ${what} in this space.`);
    if (found.space.archivedAt) return fail(422, 'space_archived', 'This space is archived: its content can be read but not changed.');
    return null;
  };

  /** Takes an upload into the space, however the file came (a form's part or the bare body). */
  const addUpload = async (found: Extract<Found, { ok: true }>, kind: ContentKind, file: Blob & { name: string }): Promise<Response> => {
    const problem = uploadProblem(kind, file);
    if (!isAllowedExtension(kind, file.name)) return fail(415, 'unsupported_file_type', problem ?? 'This type of file is not accepted.');
    if (file.size > MAX_UPLOAD_BYTES[kind]) return fail(413, 'file_too_large', problem ?? 'This file is too large.');
    if (problem) return fail(400, 'validation_error', problem, { file: [problem] });
    const extension = extensionOf(file.name);
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (!contentMatches(extension, bytes)) {
      return fail(415, 'file_content_mismatch', `${file.name} is not really a .${extension} file: its content is of another type.`);
    }
    const { limits, usage } = db.subscriptionOf(found.caller.organization);
    if (usage.storage_bytes + file.size > limits.storage_bytes) {
      return fail(
        422,
        'storage_quota',
        `This upload would take the hub past its plan’s ${formatBytes(limits.storage_bytes)} of storage (${formatBytes(usage.storage_bytes)} used). Delete some content or upgrade the plan.`,
      );
    }
    const analysis = analyse(kind, file.name, extension, bytes);
    const at = Date.now();
    const content: MockContent = {
      id: db.newId(),
      organizationId: found.caller.organization.id,
      spaceId: found.space.id,
      kind,
      source: 'upload',
      name: file.name,
      extension,
      mimeType: MIME_TYPES[extension] ?? (file.type || 'application/octet-stream'),
      sizeBytes: file.size,
      status: 'queued',
      failureReason: null,
      details: analysis.details,
      body: analysis.body,
      rows: analysis.rows,
      email: analysis.email,
      processingAt: at + db.processingDelays.queuedMs,
      finishAt: at + db.processingDelays.queuedMs + db.processingDelays.processingMs,
      outcome: analysis.failure ? { status: 'failed', reason: analysis.failure } : { status: 'ready' },
      createdBy: found.caller.user.id,
      createdAt: new Date(at).toISOString(),
      updatedAt: new Date(at).toISOString(),
    };
    db.data.contents.push(content);
    db.files.set(content.id, new Blob([bytes], { type: content.mimeType ?? '' }));
    analysis.attachments.forEach((blob, index) => db.files.set(`${content.id}.att-${index}`, blob));
    return ok(view(content), { status: 201, message: `${file.name} is uploaded and queued for processing.` });
  };

  const contentFor = (request: Request, params: Record<string, unknown>) => {
    const found = spaceFor(request, params.id);
    if (!found.ok) return found;
    const content = db.data.contents.find(
      (c) => c.id === String(params.content_id) && c.spaceId === found.space.id && c.organizationId === found.caller.organization.id,
    );
    if (!content) return { ok: false as const, response: fail(404, 'not_found', NOT_FOUND) };
    advance(content);
    return { ...found, content };
  };

  const notReady = (c: MockContent) =>
    c.status === 'failed'
      ? fail(422, 'content_not_ready', `This content could not be processed: ${c.failureReason ?? 'unknown reason'}`)
      : fail(422, 'content_not_ready', 'This content is still being processed. Try again in a moment.');

  const created = (fields: Pick<MockContent, 'spaceId' | 'organizationId' | 'kind' | 'source' | 'name' | 'details' | 'body' | 'createdBy'>): MockContent => {
    const at = db.now();
    return {
      id: db.newId(),
      extension: null,
      mimeType: null,
      sizeBytes: new TextEncoder().encode(fields.body).length,
      status: 'ready',
      failureReason: null,
      rows: [],
      email: null,
      processingAt: 0,
      finishAt: 0,
      outcome: { status: 'ready' },
      createdAt: at,
      updatedAt: at,
      ...fields,
    };
  };

  return [
    answer(contentEndpoints.list, ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const query = parse(contentListQuery, queryOf(request));
      if (!query.ok) return query.response;
      const { kind, status, sort, search } = query.data;
      const needle = search?.toLowerCase();
      const items = db.data.contents
        .filter((c) => c.spaceId === found.space.id && c.organizationId === found.caller.organization.id)
        .map((c) => {
          advance(c);
          return view(c);
        })
        .filter((c) => (!kind || c.kind === kind) && (!status || c.status === status))
        .filter((c) => !needle || c.name.toLowerCase().includes(needle))
        .sort((a, b) => {
          if (sort === 'name') return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id);
          if (sort === 'size') return b.size_bytes - a.size_bytes || a.id.localeCompare(b.id);
          const order = a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);
          return sort === 'oldest' ? order : -order;
        });
      return paged(items, query.data);
    }),

    answer(contentEndpoints.upload, async ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const refused = refuseWrite(found, 'add_content', 'add content');
      if (refused) return refused;
      const query = parse(uploadQuery, queryOf(request));
      if (!query.ok) return query.response;
      let file: unknown = null;
      try {
        file = (await request.formData()).get('file');
      } catch {
        // Not multipart: answered below like a form without its file.
      }
      if (!isFileLike(file)) return fail(400, 'validation_error', 'Please choose a file to upload.', { file: ['Please choose a file to upload.'] });
      return addUpload(found, query.data.kind, file);
    }),

    // The same upload with the file as the whole body, its name in the query.
    answer(contentEndpoints.rawUpload, async ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const refused = refuseWrite(found, 'add_content', 'add content');
      if (refused) return refused;
      const query = parse(rawUploadQuery, queryOf(request));
      if (!query.ok) return query.response;
      const file = new File([await request.arrayBuffer()], query.data.name, { type: request.headers.get('content-type') ?? '' });
      return addUpload(found, query.data.kind, file);
    }),

    answer(contentEndpoints.addContact, async ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const refused = refuseWrite(found, 'add_content', 'add content');
      if (refused) return refused;
      const body = await parseBody(request, contactBody);
      if (!body.ok) return body.response;
      const contact = Object.fromEntries(Object.entries(body.data).filter((e): e is [string, string] => typeof e[1] === 'string'));
      const text = contactFields.flatMap((f) => (contact[f.name] ? [`${f.label}: ${contact[f.name]}`] : [])).join('\n');
      const content = created({
        spaceId: found.space.id,
        organizationId: found.caller.organization.id,
        kind: 'contact',
        source: 'form',
        name: body.data.name,
        details: { contact },
        body: text,
        createdBy: found.caller.user.id,
      });
      db.data.contents.push(content);
      return ok(view(content), { status: 201, message: `${content.name} is added.` });
    }),

    answer(contentEndpoints.addNote, async ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const refused = refuseWrite(found, 'add_content', 'add content');
      if (refused) return refused;
      const body = await parseBody(request, noteBody);
      if (!body.ok) return body.response;
      const content = created({
        spaceId: found.space.id,
        organizationId: found.caller.organization.id,
        kind: 'general',
        source: 'note',
        name: body.data.title,
        details: { characters: body.data.body.length },
        body: body.data.body,
        createdBy: found.caller.user.id,
      });
      db.data.contents.push(content);
      return ok(view(content), { status: 201, message: 'Note saved.' });
    }),

    answer(contentEndpoints.get, ({ request, params }) => {
      const found = contentFor(request, params);
      return found.ok ? ok(view(found.content)) : found.response;
    }),

    answer(contentEndpoints.rename, async ({ request, params }) => {
      const found = contentFor(request, params);
      if (!found.ok) return found.response;
      const refused = refuseWrite(found, 'edit_content', 'rename content');
      if (refused) return refused;
      const body = await parseBody(request, renameContentBody);
      if (!body.ok) return body.response;
      found.content.name = body.data.name;
      found.content.updatedAt = db.now();
      return ok(view(found.content), { message: 'Renamed.' });
    }),

    answer(contentEndpoints.remove, ({ request, params }) => {
      const found = contentFor(request, params);
      if (!found.ok) return found.response;
      const refused = refuseWrite(found, 'delete_content', 'delete content');
      if (refused) return refused;
      const { content } = found;
      db.data.contents.splice(db.data.contents.indexOf(content), 1);
      for (const key of [...db.files.keys()]) if (key === content.id || key.startsWith(`${content.id}.`)) db.files.delete(key);
      return ok(null, { message: `${content.name} is deleted.` });
    }),

    answer(contentEndpoints.updateNote, async ({ request, params }) => {
      const found = contentFor(request, params);
      if (!found.ok) return found.response;
      if (found.content.source !== 'note') return fail(404, 'not_found', 'That note was not found.');
      const refused = refuseWrite(found, 'edit_content', 'edit notes');
      if (refused) return refused;
      const body = await parseBody(request, noteBody);
      if (!body.ok) return body.response;
      Object.assign(found.content, {
        name: body.data.title,
        body: body.data.body,
        sizeBytes: new TextEncoder().encode(body.data.body).length,
        details: { characters: body.data.body.length },
        updatedAt: db.now(),
      });
      return ok(view(found.content), { message: 'Note saved.' });
    }),

    answer(contentEndpoints.text, ({ request, params }) => {
      const found = contentFor(request, params);
      if (!found.ok) return found.response;
      const { content } = found;
      if (content.status !== 'ready') return notReady(content);
      const query = parse(textPageQuery, queryOf(request));
      if (!query.ok) return query.response;
      const pageCount = Math.max(1, Math.ceil(content.body.length / TEXT_PAGE_CHARACTERS));
      if (query.data.page > pageCount) return fail(404, 'not_found', 'That page does not exist.');
      const start = (query.data.page - 1) * TEXT_PAGE_CHARACTERS;
      return ok({
        text: content.body.slice(start, start + TEXT_PAGE_CHARACTERS),
        page: query.data.page,
        page_count: pageCount,
        characters: content.body.length,
      });
    }),

    answer(contentEndpoints.rows, ({ request, params }) => {
      const found = contentFor(request, params);
      if (!found.ok) return found.response;
      const { content } = found;
      if (!['table', 'contact'].includes(content.kind) || content.source !== 'upload') {
        return fail(404, 'not_found', 'This content has no rows.');
      }
      if (content.status !== 'ready') return notReady(content);
      const query = parse(pageQuery, queryOf(request));
      if (!query.ok) return query.response;
      return paged(content.rows.map((cells, index) => ({ index, cells })), query.data);
    }),

    answer(contentEndpoints.email, ({ request, params }) => {
      const found = contentFor(request, params);
      if (!found.ok) return found.response;
      const { content } = found;
      const headers = content.details.email;
      if (content.kind !== 'email') return fail(404, 'not_found', 'This content is not an email.');
      if (content.status !== 'ready' || !headers || !content.email) return notReady(content);
      const email: EmailView = {
        subject: headers.subject,
        from: headers.from,
        to: headers.to,
        cc: headers.cc,
        date: headers.date,
        text: content.email.text,
        html: content.email.html,
        attachments: content.email.attachments.map((a) => ({
          index: a.index,
          name: a.name,
          size_bytes: a.sizeBytes,
          mime_type: a.mimeType,
          download: fileUrl(content.id, `attachments/${a.index}`, true),
        })),
      };
      return ok(email);
    }),

    answer(searchEndpoints.search, ({ request }) => {
      const resolved = callerOf(request);
      if (!resolved.ok) return resolved.response;
      const { caller } = resolved;
      const query = parse(searchQuery, queryOf(request));
      if (!query.ok) return query.response;
      const { q, kind, space_id: spaceId } = query.data;
      const terms = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const pattern = new RegExp(terms.map(escapeRegExp).join('|'), 'i');
      const spaces = new Map(
        db.data.spaces
          .filter((s) => s.organizationId === caller.organization.id && !s.archivedAt && visible(s, caller))
          .filter((s) => !spaceId || s.id === spaceId)
          .map((s) => [s.id, s]),
      );
      const results: SearchResult[] = db.data.contents
        .filter((c) => spaces.has(c.spaceId) && (!kind || c.kind === kind))
        .flatMap((c) => {
          advance(c);
          const name = c.name.toLowerCase();
          const body = c.body.toLowerCase();
          if (c.status !== 'ready' || !terms.every((t) => name.includes(t) || body.includes(t))) return [];
          const count = (text: string, t: string) => text.split(t).length - 1;
          const rank = terms.reduce((sum, t) => sum + 2 * count(name, t) + count(body, t) / (1 + body.length / 1000), 0);
          const space = spaces.get(c.spaceId);
          const inBody = pattern.test(c.body);
          return space
            ? [{ content: view(c), space: { id: space.id, name: space.name }, rank, snippet: snippetOf(inBody ? c.body : c.name, pattern) }]
            : [];
        })
        .sort((a, b) => b.rank - a.rank || a.content.name.localeCompare(b.content.name));
      return paged(results, query.data);
    }),

    ...(['original', 'thumbnail', 'preview'] as const).map((variant) =>
      http.get(api(`files/:content_id/${variant}/`), ({ request, params }) => serveFile(request, String(params.content_id), variant)),
    ),
    http.get(api('files/:content_id/attachments/:index/'), ({ request, params }) => {
      const ids = attachmentParams.safeParse({ id: '', content_id: params.content_id, index: params.index });
      if (!ids.success) return fail(404, 'not_found', NOT_FOUND);
      return serveFile(request, ids.data.content_id, `attachments/${ids.data.index}`);
    }),
  ];

  function serveFile(request: Request, contentId: string, variant: Variant): Response {
    const signed = signedFileQuery.safeParse(queryOf(request));
    if (!signed.success) return fail(401, 'invalid_token', 'This file link is not valid. Open the file from the app again.');
    const content = db.data.contents.find((c) => c.id === contentId && c.source === 'upload');
    if (!content) return fail(404, 'not_found', NOT_FOUND);
    const attachment = variant.startsWith('attachments/') ? content.email?.attachments[Number(variant.split('/')[1])] : undefined;
    if (variant.startsWith('attachments/') && !attachment) return fail(404, 'not_found', NOT_FOUND);
    const key = attachment ? `${content.id}.att-${attachment.index}` : content.id;
    const name = attachment?.name ?? content.name;
    const stored = db.files.get(key);
    // Bytes live in memory only: after a reload an image shows a stand-in and a file says why it is gone.
    const blob =
      stored ??
      (content.kind === 'image' && variant !== 'original'
        ? placeholderImage(content.name)
        : new Blob([`The demo API keeps uploaded files in memory only; ${name} is gone since the page was reloaded.`], { type: 'text/plain' }));
    const type = variant === 'thumbnail' || variant === 'preview' || !stored ? blob.type : (attachment?.mimeType ?? content.mimeType ?? blob.type);
    const inline = signed.data.download !== '1' && (variant === 'thumbnail' || variant === 'preview' || INLINE_SAFE.has(type));
    return new HttpResponse(blob, {
      headers: {
        'Content-Type': type || 'application/octet-stream',
        'Content-Length': String(blob.size),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private',
        ...(inline ? {} : { 'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}` }),
      },
    });
  }
}
