import { http, HttpResponse, type HttpHandler } from 'msw';
import {
  attachmentParams, contactBody, contactFields, contentEndpoints, contentListQuery, extensionOf, isAllowedExtension,
  MAX_UPLOAD_BYTES, noteBody, renameContentBody, signedFileQuery, TEXT_PAGE_CHARACTERS, textPageQuery, uploadProblem,
  rawUploadQuery, uploadQuery, type ContentDetails, type ContentItem, type ContentKind, type ContentView, type EmailView,
} from '@/lib/contract/contents';
import { pageQuery } from '@/lib/contract/envelope';
import { errorMessages } from '@/lib/contract/error-messages';
import { contentAbilities } from '@/lib/policies/abilities';
import { SPACES_AND_PEOPLE_MAX, searchEndpoints, searchQuery, spacesAndPeopleQuery, type SearchResult } from '@/lib/contract/search';
import type { MockCell, MockContent, MockDb } from '../state';
import { answer, api, fail, fieldFail, notFound, ok, paged, parse, parseBody } from './respond';
import { spaceAccess } from './spaces';

/*
 * The content endpoints over plain data. The mock keeps what was uploaded but
 * reads none of it: each kind of upload turns into a fixed sample (text, rows,
 * an email, an image size) so every preview has contract-valid data to show.
 * Reading files, checking that they are what their names say, and search
 * ranking are the API's work, tested against it (server/routes/contents, search).
 */

const isFileLike = (value: unknown): value is Blob & { name: string } =>
  typeof value === 'object' && value !== null && typeof (value as Blob).arrayBuffer === 'function' && typeof (value as { name?: unknown }).name === 'string';

const SAMPLE_TABLES: Record<'table' | 'contact', { columns: NonNullable<ContentDetails['columns']>; rows: MockCell[][] }> = {
  table: {
    columns: [{ name: 'Item', type: 'text' }, { name: 'Quantity', type: 'number' }, { name: 'Price', type: 'number' }],
    rows: [['Notebook', 12, 3.5], ['Pen', 40, 1.2], ['Stapler', 3, 9.9]],
  },
  contact: {
    columns: [{ name: 'Name', type: 'text' }, { name: 'Email', type: 'email' }, { name: 'Phone', type: 'phone' }],
    rows: [['Ana Lima', 'ana@example.com', '+44 20 7946 0958'], ['Ben Ode', 'ben@example.com', null]],
  },
};

const SAMPLE_EMAIL = {
  subject: 'Sample email',
  from: 'Ana Lima <ana@example.com>',
  to: 'team@example.com',
  text: 'A sample email of the mock API. With the real service, the uploaded message appears here.',
  attachment: { name: 'agenda.txt', mimeType: 'text/plain', text: '1. Welcome\n2. Plans' },
};

interface Sample {
  details: ContentDetails;
  body: string;
  rows: MockCell[][];
  email: MockContent['email'];
  attachments: Blob[];
}

/** What "processing" an upload of `kind` gives in mock mode, whatever its bytes. */
function sampleOf(kind: ContentKind, name: string, extension: string): Sample {
  const sample: Sample = { details: {}, body: '', rows: [], email: null, attachments: [] };
  if (kind === 'table' || kind === 'contact') {
    const { columns, rows } = SAMPLE_TABLES[kind];
    sample.details = { columns, row_count: rows.length };
    sample.rows = rows;
    sample.body = rows.map((r) => r.filter((c) => c !== null).join(' ')).join('\n');
  } else if (kind === 'email') {
    const { attachment, ...headers } = SAMPLE_EMAIL;
    const bytes = new TextEncoder().encode(attachment.text);
    sample.email = { text: headers.text, html: null, attachments: [{ index: 0, name: attachment.name, sizeBytes: bytes.length, mimeType: attachment.mimeType }] };
    sample.attachments = [new Blob([bytes], { type: attachment.mimeType })];
    sample.details = {
      characters: headers.text.length,
      email: {
        subject: headers.subject, from: headers.from, to: headers.to, cc: '', date: null,
        attachments: [{ index: 0, name: attachment.name, size_bytes: bytes.length, mime_type: attachment.mimeType }],
      },
    };
    sample.body = [headers.subject, headers.from, headers.to, headers.text].join('\n');
  } else if (kind === 'image') {
    sample.details = { width: 640, height: 400, has_thumbnail: true };
  } else if (kind === 'media') {
    sample.details = { container: extension, playable: true };
  } else {
    sample.body = `${name}\n\nSample text of the mock API. With the real service, the text read from the file appears here, a page at a time.`;
    sample.details = { characters: sample.body.length };
  }
  return sample;
}

/** Brings a queued or processing item up to the clock. */
export function advance(c: MockContent, now = Date.now()): void {
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

/** A passage of the right shape for an item with text (its opening), so a result can open the preview at it; finding the best one is the API's. */
const passageShape = (c: MockContent): SearchResult['passage'] =>
  c.body ? { position: 0, location: {}, label: '', start: 0, end: Math.min(c.body.length, 200) } : null;

/* ---------- handlers ---------- */

const CONTENT = 'That content';

export function contentHandlers(db: MockDb): HttpHandler[] {
  const { callerOf, spaceFor, standingIn } = spaceAccess(db);

  /** The API's view of an item; callers first bring it up to the clock (an upload answers as queued). */
  const view = (c: MockContent): ContentView => {
    const creator = c.createdBy ? db.userById(c.createdBy) : undefined;
    const hasFile = c.source === 'upload';
    const ready = c.status === 'ready';
    const hasThumbnail = ready && c.details.has_thumbnail === true;
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
        view: hasFile ? fileUrl(c.id, c.kind === 'image' ? 'preview' : 'original') : null,
        download: hasFile ? fileUrl(c.id, 'original', true) : null,
        thumbnail: hasThumbnail ? fileUrl(c.id, 'thumbnail') : null,
      },
      created_by: creator ? { id: creator.id, name: creator.name } : null,
      created_at: c.createdAt,
      updated_at: c.updatedAt,
    };
  };

  type Found = ReturnType<typeof spaceFor>;
  /** The item with what the caller may do with it, from the shared rules in lib/policies. */
  const item = (c: MockContent, found: Extract<Found, { ok: true }>): ContentItem => ({
    ...view(c),
    abilities: contentAbilities(standingIn(found.space, found.caller).abilities, c.source),
  });

  const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

  /** Takes an upload into the space, however the file came (a form's part or the bare body). */
  const addUpload = async (found: Extract<Found, { ok: true }>, kind: ContentKind, file: Blob & { name: string }): Promise<Response> => {
    const problem = uploadProblem(kind, file);
    if (problem) {
      if (!isAllowedExtension(kind, file.name)) return fail(415, 'unsupported_file_type', problem);
      if (file.size > MAX_UPLOAD_BYTES[kind]) return fail(413, 'file_too_large', problem);
      return fieldFail(400, 'validation_error', 'file', problem);
    }
    const extension = extensionOf(file.name);
    const sample = sampleOf(kind, file.name, extension);
    const at = Date.now();
    const content: MockContent = {
      id: db.newId(),
      hubId: found.caller.organization.id,
      spaceId: found.space.id,
      kind,
      source: 'upload',
      name: file.name,
      extension,
      mimeType: file.type || 'application/octet-stream',
      sizeBytes: file.size,
      status: 'queued',
      failureReason: null,
      details: sample.details,
      body: sample.body,
      rows: sample.rows,
      email: sample.email,
      processingAt: at + db.processingDelays.queuedMs,
      finishAt: at + db.processingDelays.queuedMs + db.processingDelays.processingMs,
      outcome: { status: 'ready' },
      createdBy: found.caller.user.id,
      createdAt: new Date(at).toISOString(),
      updatedAt: new Date(at).toISOString(),
    };
    db.data.contents.push(content);
    db.files.set(content.id, file);
    sample.attachments.forEach((blob, index) => db.files.set(`${content.id}.att-${index}`, blob));
    return ok(item(content, found), { status: 201 });
  };

  const contentFor = (request: Request, params: Record<string, unknown>) => {
    const found = spaceFor(request, params.id);
    if (!found.ok) return found;
    const content = db.data.contents.find(
      (c) => c.id === String(params.content_id) && c.spaceId === found.space.id && c.hubId === found.caller.organization.id,
    );
    if (!content) return { ok: false as const, response: notFound(CONTENT) };
    advance(content);
    return { ...found, content };
  };

  const notReady = (c: MockContent) => fail(422, 'content_not_ready', errorMessages.contentNotReady(c));

  const created = (fields: Pick<MockContent, 'spaceId' | 'hubId' | 'kind' | 'source' | 'name' | 'details' | 'body' | 'createdBy'>): MockContent => {
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
        .filter((c) => c.spaceId === found.space.id && c.hubId === found.caller.organization.id)
        .map((c) => {
          advance(c);
          return item(c, found);
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
      const query = parse(uploadQuery, queryOf(request));
      if (!query.ok) return query.response;
      let file: unknown = null;
      try {
        file = (await request.formData()).get('file');
      } catch {
        // Not multipart: answered below like a form without its file.
      }
      if (!isFileLike(file)) return fieldFail(400, 'validation_error', 'file', errorMessages.chooseFile);
      return addUpload(found, query.data.kind, file);
    }),

    // The same upload with the file as the whole body, its name in the query.
    answer(contentEndpoints.rawUpload, async ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const query = parse(rawUploadQuery, queryOf(request));
      if (!query.ok) return query.response;
      const file = new File([await request.arrayBuffer()], query.data.name, { type: request.headers.get('content-type') ?? '' });
      return addUpload(found, query.data.kind, file);
    }),

    answer(contentEndpoints.addContact, async ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const body = await parseBody(request, contactBody);
      if (!body.ok) return body.response;
      const contact = Object.fromEntries(Object.entries(body.data).filter((e): e is [string, string] => typeof e[1] === 'string'));
      const text = contactFields.flatMap((f) => (contact[f.name] ? [`${f.label}: ${contact[f.name]}`] : [])).join('\n');
      const content = created({
        spaceId: found.space.id,
        hubId: found.caller.organization.id,
        kind: 'contact',
        source: 'form',
        name: contact.name ?? 'Contact',
        details: { contact },
        body: text,
        createdBy: found.caller.user.id,
      });
      db.data.contents.push(content);
      return ok(item(content, found), { status: 201 });
    }),

    answer(contentEndpoints.addNote, async ({ request, params }) => {
      const found = spaceFor(request, params.id);
      if (!found.ok) return found.response;
      const body = await parseBody(request, noteBody);
      if (!body.ok) return body.response;
      const content = created({
        spaceId: found.space.id,
        hubId: found.caller.organization.id,
        kind: 'general',
        source: 'note',
        name: body.data.title,
        details: { characters: body.data.body.length },
        body: body.data.body,
        createdBy: found.caller.user.id,
      });
      db.data.contents.push(content);
      return ok(item(content, found), { status: 201 });
    }),

    answer(contentEndpoints.get, ({ request, params }) => {
      const found = contentFor(request, params);
      return found.ok ? ok(item(found.content, found)) : found.response;
    }),

    answer(contentEndpoints.rename, async ({ request, params }) => {
      const found = contentFor(request, params);
      if (!found.ok) return found.response;
      const body = await parseBody(request, renameContentBody);
      if (!body.ok) return body.response;
      found.content.name = body.data.name;
      found.content.updatedAt = db.now();
      return ok(item(found.content, found));
    }),

    answer(contentEndpoints.remove, ({ request, params }) => {
      const found = contentFor(request, params);
      if (!found.ok) return found.response;
      const { content } = found;
      db.data.contents.splice(db.data.contents.indexOf(content), 1);
      for (const key of [...db.files.keys()]) if (key === content.id || key.startsWith(`${content.id}.`)) db.files.delete(key);
      return ok(null);
    }),

    answer(contentEndpoints.updateNote, async ({ request, params }) => {
      const found = contentFor(request, params);
      if (!found.ok) return found.response;
      if (found.content.source !== 'note') return notFound('That note');
      const body = await parseBody(request, noteBody);
      if (!body.ok) return body.response;
      Object.assign(found.content, {
        name: body.data.title,
        body: body.data.body,
        sizeBytes: new TextEncoder().encode(body.data.body).length,
        details: { characters: body.data.body.length },
        updatedAt: db.now(),
      });
      return ok(item(found.content, found));
    }),

    answer(contentEndpoints.text, ({ request, params }) => {
      const found = contentFor(request, params);
      if (!found.ok) return found.response;
      const { content } = found;
      if (content.status !== 'ready') return notReady(content);
      const query = parse(textPageQuery, queryOf(request));
      if (!query.ok) return query.response;
      const pageCount = Math.max(1, Math.ceil(content.body.length / TEXT_PAGE_CHARACTERS));
      if (query.data.page > pageCount) return notFound('That page');
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
        return notFound(CONTENT);
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
      if (content.kind !== 'email') return notFound(CONTENT);
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

    // Ready items of the hub's open spaces whose name holds the query; the snippet only echoes the name.
    answer(searchEndpoints.search, ({ request }) => {
      const resolved = callerOf(request);
      if (!resolved.ok) return resolved.response;
      const query = parse(searchQuery, queryOf(request));
      if (!query.ok) return query.response;
      const { q, kind, space_id: spaceId, author_id: authorId, from, to } = query.data;
      const needle = (q ?? '').trim().toLowerCase();
      // Whole UTC days of the last change, inclusive: ISO dates compare as text.
      const day = (c: MockContent) => c.updatedAt.slice(0, 10);
      const spaces = new Map(
        db.data.spaces
          .filter((s) => s.hubId === resolved.caller.organization.id && !s.archivedAt && (!spaceId || s.id === spaceId))
          .map((s) => [s.id, s]),
      );
      const results: SearchResult[] = db.data.contents.flatMap((c) => {
        advance(c);
        const space = spaces.get(c.spaceId);
        if (!space || c.status !== 'ready' || (kind && c.kind !== kind) || !c.name.toLowerCase().includes(needle)) return [];
        if ((authorId && c.createdBy !== authorId) || (from && day(c) < from) || (to && day(c) > to)) return [];
        return [{ content: view(c), space: { id: space.id, name: space.name }, rank: 1, snippet: [{ text: c.name, match: false }], passage: passageShape(c) }];
      });
      const { page, page_size } = query.data;
      return HttpResponse.json({
        data: results.slice((page - 1) * page_size, page * page_size), count: results.length, page, page_size, count_is_capped: false,
      });
    }),

    // The hub's live spaces and its members with a word starting with each word typed (the API also hides spaces the caller may not see).
    answer(searchEndpoints.spacesAndPeople, ({ request }) => {
      const resolved = callerOf(request);
      if (!resolved.ok) return resolved.response;
      const query = parse(spacesAndPeopleQuery, queryOf(request));
      if (!query.ok) return query.response;
      const words = (query.data.q ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
      const startsWords = (...texts: string[]) => words.length > 0
        && words.every((word) => texts.some((text) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).some((part) => part.startsWith(word))));
      const hubId = resolved.caller.organization.id;
      const spaces = db.data.spaces
        .filter((s) => s.hubId === hubId && !s.archivedAt && startsWords(s.name, s.description ?? ''))
        .slice(0, SPACES_AND_PEOPLE_MAX)
        .map((s) => ({ id: s.id, name: s.name, description: s.description }));
      const people = db.data.memberships.flatMap((m) => {
        const user = m.hubId === hubId ? db.userById(m.userId) : undefined;
        return user && startsWords(user.name) ? [{ user_id: user.id, name: user.name, email: user.email, role: m.role }] : [];
      }).slice(0, SPACES_AND_PEOPLE_MAX);
      return HttpResponse.json({ data: { spaces, people } });
    }),

    ...(['original', 'thumbnail', 'preview'] as const).map((variant) =>
      http.get(api(`files/:content_id/${variant}/`), ({ request, params }) => serveFile(request, String(params.content_id), variant)),
    ),
    http.get(api('files/:content_id/attachments/:index/'), ({ request, params }) => {
      const ids = attachmentParams.safeParse({ id: '', content_id: params.content_id, index: params.index });
      if (!ids.success) return notFound(CONTENT);
      return serveFile(request, ids.data.content_id, `attachments/${ids.data.index}`);
    }),
  ];

  function serveFile(request: Request, contentId: string, variant: Variant): Response {
    const signed = signedFileQuery.safeParse(queryOf(request));
    if (!signed.success) return fail(401, 'invalid_token', errorMessages.invalidFileLink);
    const content = db.data.contents.find((c) => c.id === contentId && c.source === 'upload');
    if (!content) return notFound(CONTENT);
    const attachment = variant.startsWith('attachments/') ? content.email?.attachments[Number(variant.split('/')[1])] : undefined;
    if (variant.startsWith('attachments/') && !attachment) return notFound(CONTENT);
    const key = attachment ? `${content.id}.att-${attachment.index}` : content.id;
    const name = attachment?.name ?? content.name;
    const stored = db.files.get(key);
    // Bytes live in memory only: after a reload an image shows a stand-in and a file says why it is gone.
    const blob =
      stored ??
      (content.kind === 'image' && variant !== 'original'
        ? placeholderImage(content.name)
        : new Blob([`The demo API keeps uploaded files in memory only; ${name} is gone since the page was reloaded.`], { type: 'text/plain' }));
    const type = stored ? (attachment?.mimeType ?? content.mimeType ?? blob.type) : blob.type;
    // Which types a browser may show inline is the API's call; the mock only honours the download flag.
    const inline = signed.data.download !== '1';
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
