import { z } from 'zod';
import { formatBytes } from '../format-bytes';
import { optionalText, requiredText, searchField } from '../validation/fields';
import { recordSchemaOf } from '../validation/template-schema';
import { endpoint } from './endpoint';
import { dataEnvelope, listEnvelope, pageQuery } from './envelope';
import { spaceParams } from './spaces';
import { contactTemplateFields, type FieldValue } from './templates';

/**
 * What a space holds (spec §3 content kinds, §5 extension lists). The server
 * checks uploads against these lists and the file's own bytes; the web app
 * uses the same lists for its file pickers and early messages.
 */
export const contentKinds = ['document', 'table', 'email', 'contact', 'general', 'image', 'media'] as const;
export type ContentKind = (typeof contentKinds)[number];

export const contentKindLabels: Record<ContentKind, string> = {
  document: 'Document',
  table: 'Table',
  email: 'Email',
  contact: 'Contact',
  general: 'General',
  image: 'Image',
  media: 'Media',
};

/** Accepted general upload extensions (spec §5); also the list for attachments. */
const GENERAL_UPLOAD_EXTENSIONS = ['png', 'jpg', 'jpeg', 'pdf', 'doc', 'docx', 'txt', 'xls', 'xlsx', 'csv'] as const;

/** Allowed extensions per content kind (spec §5), lower case, without the dot. */
export const KIND_EXTENSIONS: Record<ContentKind, readonly string[]> = {
  document: ['txt', 'md', 'mdx', 'conf', 'log', 'json', 'xml', 'yml', 'yaml', 'csv', 'tsv', 'record', 'xlsx', 'pdf', 'docx', 'pptx', 'eml', 'epub', 'html'],
  table: ['csv', 'tsv', 'record', 'xlsx'],
  contact: ['csv', 'tsv', 'record', 'xlsx'],
  // An email is kept as the message itself (.eml); the spec names no list for it.
  email: ['eml'],
  general: GENERAL_UPLOAD_EXTENSIONS,
  image: ['jpg', 'jpeg', 'png', 'gif', 'svg', 'bmp', 'tiff', 'webp', 'ico', 'psd', 'ai'],
  media: ['mp3', 'mp4', 'avi', 'mov', 'wmv', 'flv', 'mkv', 'webm', 'aac', 'wav', 'ogg', 'flac'],
};

const MiB = 1024 * 1024;
/** The largest file each kind accepts (the spec sets none; these fit what each kind is for). */
export const MAX_UPLOAD_BYTES: Record<ContentKind, number> = {
  document: 50 * MiB,
  table: 25 * MiB,
  contact: 10 * MiB,
  email: 25 * MiB,
  general: 25 * MiB,
  image: 30 * MiB,
  media: 500 * MiB,
};

/** The lower-case extension of a file name, or '' when it has none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toLowerCase() : '';
}

export function isAllowedExtension(kind: ContentKind, fileName: string): boolean {
  return KIND_EXTENSIONS[kind].includes(extensionOf(fileName));
}

/** Client-side first look at a file: the same messages the server sends for type and size. */
export function uploadProblem(kind: ContentKind, file: { name: string; size: number }): string | null {
  if (!isAllowedExtension(kind, file.name)) {
    return `${contentKindLabels[kind]} uploads accept ${KIND_EXTENSIONS[kind].map((e) => `.${e}`).join(', ')} files only.`;
  }
  if (file.size > MAX_UPLOAD_BYTES[kind]) {
    return `This file is ${formatBytes(file.size)}; ${contentKindLabels[kind].toLowerCase()} uploads can be up to ${formatBytes(MAX_UPLOAD_BYTES[kind])}.`;
  }
  if (file.size === 0) return 'This file is empty.';
  return null;
}

// Where an extension fits several kinds, the first here wins: a .csv is a table, an .eml an email, a .png an image.
const DETECTION_ORDER: readonly ContentKind[] = ['table', 'email', 'image', 'media', 'document', 'general'];

/** The kind a file is uploaded as unless the person picks another, from its extension; null when no kind takes it. */
export function detectKind(fileName: string): ContentKind | null {
  const extension = extensionOf(fileName);
  return DETECTION_ORDER.find((kind) => KIND_EXTENSIONS[kind].includes(extension)) ?? null;
}

/** The sentence for a file whose bytes are not what its extension says (the server's and the web app's). */
export const contentMismatchMessage = (extension: string) =>
  `This file's contents are not what its .${extension} extension says. Please upload the original file.`;

// The first bytes of the most common files, so a browser can tell a renamed one before sending it.
const SIGNATURES: Record<string, ReadonlyArray<readonly number[]>> = {
  pdf: [[0x25, 0x50, 0x44, 0x46]],
  png: [[0x89, 0x50, 0x4e, 0x47]],
  jpg: [[0xff, 0xd8, 0xff]],
  jpeg: [[0xff, 0xd8, 0xff]],
  gif: [[0x47, 0x49, 0x46, 0x38]],
  // Office files are zip archives.
  docx: [[0x50, 0x4b, 0x03, 0x04]],
  xlsx: [[0x50, 0x4b, 0x03, 0x04]],
  pptx: [[0x50, 0x4b, 0x03, 0x04]],
};

/** How many first bytes `headMatchesExtension` needs. */
export const HEAD_BYTES = 8;

/**
 * Whether a file's first bytes fit its extension, for the formats with a
 * fixed signature; other formats pass here and are checked by the server.
 */
export function headMatchesExtension(fileName: string, head: Uint8Array): boolean {
  const signatures = SIGNATURES[extensionOf(fileName)];
  return !signatures || signatures.some((signature) => signature.every((byte, i) => head[i] === byte));
}

/** queued → processing → ready | failed; the badge styles of the spec map onto them. */
export const contentStatuses = ['queued', 'processing', 'ready', 'failed'] as const;
export type ContentStatus = (typeof contentStatuses)[number];
export const contentStatusBadge: Record<ContentStatus, 'info' | 'warning' | 'success' | 'error'> = {
  queued: 'info',
  processing: 'warning',
  ready: 'success',
  failed: 'error',
};

/** upload: a file; form: a contact added by hand; note: text written in the app; records: a record table. */
export const contentSources = ['upload', 'form', 'note', 'records'] as const;
export type ContentSource = (typeof contentSources)[number];

type ContactTemplateField = (typeof contactTemplateFields)[number];

/** The contact form template's fields by name (contact files are shaped into them). */
export const contactFields: ReadonlyArray<{ name: ContactTemplateField['key']; label: string; type: ContactTemplateField['type']; required: boolean }> =
  contactTemplateFields.map((f) => ({ name: f.key, label: f.label, type: f.type, required: f.required }));
export type ContactFieldName = ContactTemplateField['key'];

/** POST spaces/{id}/contents/contacts/ — the contact form (spec §3), checked like any template's record. */
export const contactBody = recordSchemaOf(contactTemplateFields);
export type ContactBody = Partial<Record<ContactFieldName, FieldValue>>;
export type Contact = z.output<typeof contactBody>;

export const NOTE_BODY_MAX = 100_000;
/** POST spaces/{id}/contents/notes/ and PATCH spaces/{id}/contents/{content_id}/note/ — a note written in the app. */
export const noteBody = z.object({
  title: requiredText('Title', { max: 200 }),
  body: optionalText('Note', { max: NOTE_BODY_MAX }).transform((v) => v ?? ''),
});
export type NoteBody = z.input<typeof noteBody>;

/** PATCH spaces/{id}/contents/{content_id}/ — rename. */
export const renameContentBody = z.object({ name: requiredText('Name', { max: 200 }) });
export type RenameContentBody = z.input<typeof renameContentBody>;

export const contentSorts = ['newest', 'oldest', 'name', 'size'] as const;
export type ContentSort = (typeof contentSorts)[number];

/** GET spaces/{id}/contents/?page&page_size&kind&status&sort&search (search matches the name). */
export const contentListQuery = pageQuery.extend({
  kind: z.enum(contentKinds).optional(),
  status: z.enum(contentStatuses).optional(),
  sort: z.enum(contentSorts).default('newest'),
  search: searchField(100),
});
export type ContentListFilters = Omit<z.input<typeof contentListQuery>, 'page' | 'page_size'>;

/** POST spaces/{id}/contents/?kind= — multipart, one part named `file`. */
export const uploadQuery = z.object({ kind: z.enum(contentKinds, { error: 'Please choose what kind of content this is' }) });

/**
 * POST spaces/{id}/contents/upload/?kind=&name= — the same upload with the
 * file's bytes as the whole body (its own Content-Type, Content-Length
 * required): no form to parse, so large files go at the disk's pace.
 */
export const rawUploadQuery = uploadQuery.extend({
  name: z.string({ error: "Please give the file's name" }).trim().min(1, "Please give the file's name").max(1000, 'This file name is too long'),
});
export type RawUploadQuery = z.input<typeof rawUploadQuery>;

const contentParams = z.object({ id: z.string(), content_id: z.string() });
export const attachmentParams = contentParams.extend({ index: z.coerce.number().int().min(0).max(999) });

/** What processing learnt, by kind. Every field is optional: a failed or queued item has none. */
export const contentDetailsSchema = z.object({
  /** document, email, note: characters of extracted text. */
  characters: z.number().int().optional(),
  /** document (pdf): pages. */
  pages: z.number().int().optional(),
  /** table, contact: the parsed columns and how many rows. */
  columns: z.array(z.object({ name: z.string(), type: z.enum(['text', 'number', 'date', 'boolean', 'email', 'phone', 'url']) })).optional(),
  row_count: z.number().int().optional(),
  /** contact added by hand. */
  contact: z.record(z.string(), z.string()).optional(),
  /** record table: the form template its records follow. */
  template_id: z.uuid().optional(),
  /** image. */
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  /** image: a thumbnail and a rendered preview (webp) exist; formats the renderer cannot read have none. */
  has_thumbnail: z.boolean().optional(),
  /** media. */
  duration_seconds: z.number().optional(),
  container: z.string().optional(),
  codec: z.string().optional(),
  /** Whether browsers can play or show the original inline (mp4, webm, mp3, png…). */
  playable: z.boolean().optional(),
  /** email. */
  email: z
    .object({
      subject: z.string(),
      from: z.string(),
      to: z.string(),
      cc: z.string(),
      date: z.string().nullable(),
      attachments: z.array(z.object({ index: z.number().int(), name: z.string(), size_bytes: z.number().int(), mime_type: z.string() })),
    })
    .optional(),
});
export type ContentDetails = z.infer<typeof contentDetailsSchema>;

/**
 * Addresses of a content item's files. They carry a short-lived signature
 * (an <img> or <video> cannot send the Authorization header), bound to the
 * caller's session: signing out ends them.
 */
const contentUrlsSchema = z.object({
  /** The original, shown inline when that is safe (images as a rendered copy), else downloaded. */
  view: z.string().nullable(),
  download: z.string().nullable(),
  thumbnail: z.string().nullable(),
});

/** What the caller may do with an item now, from their role in its space and the space's state. */
export const contentAbilitiesSchema = z.object({
  rename: z.boolean(),
  /** Rewrite the text of a note; add and change the records of a record table. */
  edit: z.boolean(),
  delete: z.boolean(),
});
export type ContentAbilities = z.infer<typeof contentAbilitiesSchema>;

/** An item without what the caller may do with it: search results, which are read where they are found. */
export const contentViewSchema = z.object({
  id: z.string(),
  space_id: z.string(),
  kind: z.enum(contentKinds),
  source: z.enum(contentSources),
  name: z.string(),
  extension: z.string().nullable(),
  mime_type: z.string().nullable(),
  size_bytes: z.number().int(),
  status: z.enum(contentStatuses),
  /** Why processing failed, in words a person can act on. */
  failure_reason: z.string().nullable(),
  details: contentDetailsSchema,
  urls: contentUrlsSchema,
  created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContentView = z.infer<typeof contentViewSchema>;

export const contentItemSchema = contentViewSchema.extend({ abilities: contentAbilitiesSchema });
export type ContentItem = z.infer<typeof contentItemSchema>;

export const TEXT_PAGE_CHARACTERS = 20_000;
/** GET spaces/{id}/contents/{content_id}/text/?page — the extracted text, a page at a time. */
export const textPageQuery = z.object({ page: z.coerce.number().int().min(1).default(1) });
export const textPageSchema = z.object({
  text: z.string(),
  page: z.number().int(),
  page_count: z.number().int(),
  characters: z.number().int(),
});
export type TextPage = z.infer<typeof textPageSchema>;

/** GET spaces/{id}/contents/{content_id}/rows/?page&page_size — parsed rows, cells in column order. */
export const contentRowSchema = z.object({
  index: z.number().int(),
  cells: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type ContentRow = z.infer<typeof contentRowSchema>;

/** GET spaces/{id}/contents/{content_id}/email/ — the parsed message; html is sanitised and meant for a sandboxed frame. */
export const emailViewSchema = z.object({
  subject: z.string(),
  from: z.string(),
  to: z.string(),
  cc: z.string(),
  date: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  attachments: z.array(
    z.object({ index: z.number().int(), name: z.string(), size_bytes: z.number().int(), mime_type: z.string(), download: z.string() }),
  ),
});
export type EmailView = z.infer<typeof emailViewSchema>;

/** GET files/{content_id}/{variant}/?expires&signature — the signed file addresses. */
export const fileVariants = ['original', 'thumbnail', 'preview'] as const;
export type FileVariant = (typeof fileVariants)[number];
export const signedFileQuery = z.object({
  expires: z.coerce.number().int(),
  session: z.string(),
  signature: z.string(),
  download: z.enum(['1']).optional(),
});

const item = dataEnvelope(contentItemSchema);
const tag = 'contents';

/**
 * What a space holds. The uploads declare no body: the multipart one parses
 * its form itself and the bare one reads the body as the file's bytes.
 */
export const contentEndpoints = {
  list: endpoint({
    method: 'GET', path: 'spaces/:id/contents/', tag, signedIn: true, hub: 'header', summary: "A space's contents, with filters, sorting and a search on the name",
    params: spaceParams, query: contentListQuery, response: listEnvelope(contentItemSchema), errors: [400, 401, 404],
  }),
  upload: endpoint({
    method: 'POST', path: 'spaces/:id/contents/', tag, signedIn: true, hub: 'header', requires: { space: 'add_content' },
    summary: 'Upload a file into a space (multipart, one part named "file"); it is processed in the background',
    params: spaceParams, query: uploadQuery, status: 201, response: item, errors: [400, 401, 403, 404, 413, 415, 422],
  }),
  rawUpload: endpoint({
    method: 'POST', path: 'spaces/:id/contents/upload/', tag, signedIn: true, hub: 'header', requires: { space: 'add_content' },
    summary: 'Upload a file into a space with its bytes as the whole body (Content-Length required); answers as the multipart upload',
    params: spaceParams, query: rawUploadQuery, status: 201, response: item, errors: [400, 401, 403, 404, 411, 413, 415, 422],
  }),
  get: endpoint({
    method: 'GET', path: 'spaces/:id/contents/:content_id/', tag, signedIn: true, hub: 'header', summary: 'One item of a space',
    params: contentParams, response: item, errors: [401, 404],
  }),
  rename: endpoint({
    method: 'PATCH', path: 'spaces/:id/contents/:content_id/', tag, signedIn: true, hub: 'header', requires: { space: 'edit_content' }, summary: 'Rename an item',
    params: contentParams, body: renameContentBody, response: item, errors: [400, 401, 403, 404, 422],
  }),
  remove: endpoint({
    method: 'DELETE', path: 'spaces/:id/contents/:content_id/', tag, signedIn: true, hub: 'header', requires: { space: 'delete_content' }, summary: 'Delete an item and its files',
    params: contentParams, response: dataEnvelope(z.null()), errors: [401, 403, 404, 422],
  }),
  text: endpoint({
    method: 'GET', path: 'spaces/:id/contents/:content_id/text/', tag, signedIn: true, hub: 'header', summary: "A page of an item's text",
    params: contentParams, query: textPageQuery, response: dataEnvelope(textPageSchema), errors: [400, 401, 404, 422],
  }),
  rows: endpoint({
    method: 'GET', path: 'spaces/:id/contents/:content_id/rows/', tag, signedIn: true, hub: 'header',
    summary: 'A page of the rows parsed from a table or contact file',
    params: contentParams, query: pageQuery, response: listEnvelope(contentRowSchema), errors: [400, 401, 404, 422],
  }),
  email: endpoint({
    method: 'GET', path: 'spaces/:id/contents/:content_id/email/', tag, signedIn: true, hub: 'header',
    summary: 'A parsed email: headers, text, sanitised HTML and attachments',
    params: contentParams, response: dataEnvelope(emailViewSchema), errors: [401, 404, 422],
  }),
  addContact: endpoint({
    method: 'POST', path: 'spaces/:id/contents/contacts/', tag, signedIn: true, hub: 'header', requires: { space: 'add_content' }, summary: 'Add a contact from the contact form',
    params: spaceParams, body: contactBody, status: 201, response: item, errors: [400, 401, 403, 404, 422],
  }),
  addNote: endpoint({
    method: 'POST', path: 'spaces/:id/contents/notes/', tag, signedIn: true, hub: 'header', requires: { space: 'add_content' }, summary: 'Write a note',
    params: spaceParams, body: noteBody, status: 201, response: item, errors: [400, 401, 403, 404, 422],
  }),
  updateNote: endpoint({
    method: 'PATCH', path: 'spaces/:id/contents/:content_id/note/', tag, signedIn: true, hub: 'header', requires: { space: 'edit_content' }, summary: "Rewrite a note's title and text",
    params: contentParams, body: noteBody, response: item, errors: [400, 401, 403, 404, 422],
  }),
};
