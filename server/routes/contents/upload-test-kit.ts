import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { contents } from '../../db/schema';
import type { ContentKind } from '../../../lib/contract/contents';
import type { MyHub } from '../../../lib/contract/hubs';
import type { ApiResponse, TestServer } from '../../test/harness';
import { as, type ErrorBody, type Person } from '../spaces/space-test-kit';
import type { ItemBody } from './content-test-kit';

/*
 * Uploading through the real endpoint, and looking at what the store holds
 * afterwards, for the upload suites.
 */

export type UploadBody = ItemBody & ErrorBody;

export interface UploadFile {
  name: string;
  data: Buffer | string;
  /** The type the client claims; the server never trusts it. */
  type?: string;
}

export const uploadPath = (spaceId: string, kind: ContentKind | string) => `spaces/${spaceId}/contents/?kind=${kind}`;

/** Uploads one file the way a browser does (FormData, part "file"). */
export function upload(
  server: TestServer,
  who: { person: Person; hub: MyHub; spaceId: string },
  kind: ContentKind | string,
  file: UploadFile,
): Promise<ApiResponse<UploadBody>> {
  const form = new FormData();
  // A copy in a plain ArrayBuffer, which is what Blob takes.
  const bytes = typeof file.data === 'string' ? file.data : new Uint8Array(file.data);
  form.append('file', new Blob([bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  return server.request<UploadBody>('POST', uploadPath(who.spaceId, kind), as(who.person, who.hub, { form }));
}

export const BOUNDARY = 'upload-test-boundary-7f3a';

/** The opening of a part: boundary and headers, up to where its bytes start. */
export const partHead = (part: { field?: string; filename?: string }) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"`
      + `${part.filename === undefined ? '' : `; filename="${part.filename}"`}\r\n`
      + 'Content-Type: application/octet-stream\r\n\r\n',
    'utf8',
  );

/** A multipart body written byte for byte, for names and shapes FormData would not send. */
export function multipartBody(parts: Array<{ field?: string; filename?: string; data: Buffer | string }>): Buffer {
  return Buffer.concat([
    ...parts.flatMap((part) => [partHead(part), Buffer.from(part.data), Buffer.from('\r\n')]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

/**
 * A multipart POST to the upload endpoint at `baseUrl` that announces
 * `contentLength` bytes and sends nothing yet: the caller writes the body
 * itself, as slowly or as partly as its test needs.
 */
export function openUploadRequest(
  baseUrl: string,
  who: { token: string; hub: string; spaceId: string },
  kind: ContentKind | string,
  contentLength: number,
): http.ClientRequest {
  const url = new URL(`${baseUrl}/api/v1/${uploadPath(who.spaceId, kind)}`);
  return http.request({
    host: url.hostname,
    port: url.port,
    path: `${url.pathname}${url.search}`,
    method: 'POST',
    headers: {
      Authorization: `JWT ${who.token}`,
      'Org-Handle': who.hub,
      'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
      'Content-Length': String(contentLength),
    },
  });
}

/** The answer to `request`, or null when the connection ends without one. */
function answerOf(request: http.ClientRequest): Promise<{ status: number; body: UploadBody } | null> {
  return new Promise((resolve) => {
    request.on('response', (res) => {
      let raw = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { raw += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(raw) as UploadBody }));
      res.on('error', () => resolve(null));
    });
    request.on('error', () => resolve(null));
    request.on('close', () => resolve(null));
  });
}

/**
 * Starts an upload that announces `contentLength` bytes but sends only
 * `sent`; the rest never comes unless the test writes it. `response` is the
 * answer, or null when the connection ends without one.
 */
export function startPartialUpload(
  server: TestServer,
  who: { person: Person; hub: MyHub; spaceId: string },
  kind: ContentKind | string,
  opts: { contentLength: number; sent: Buffer },
) {
  const request = openUploadRequest(
    server.url, { token: who.person.token, hub: who.hub.domain_handle, spaceId: who.spaceId }, kind, opts.contentLength,
  );
  const response = answerOf(request);
  request.write(opts.sent);
  return { request, response };
}

/** Posts a raw body (a Buffer gets a Content-Length; a stream goes chunked, with none). */
export async function sendRaw(
  server: TestServer,
  who: { person: Person; hub: MyHub; spaceId: string },
  kind: ContentKind | string,
  body: Buffer | ReadableStream<Uint8Array>,
  contentType = `multipart/form-data; boundary=${BOUNDARY}`,
): Promise<{ status: number; body: UploadBody }> {
  const response = await fetch(`${server.url}/api/v1/${uploadPath(who.spaceId, kind)}`, {
    method: 'POST',
    headers: { Authorization: `JWT ${who.person.token}`, 'Org-Handle': who.hub.domain_handle, 'Content-Type': contentType },
    body,
    duplex: 'half',
  } as RequestInit);
  const raw = await response.text();
  return { status: response.status, body: (raw ? JSON.parse(raw) : null) as UploadBody };
}

/** A body delivered in pieces without a Content-Length (chunked). */
export function chunkedBody(pieces: Buffer[]): ReadableStream<Uint8Array> {
  const queue = [...pieces];
  return new ReadableStream({
    pull(controller) {
      const next = queue.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

const rawUploadPath = (spaceId: string, kind: ContentKind | string, name: string) =>
  `spaces/${spaceId}/contents/upload/?kind=${kind}&name=${encodeURIComponent(name)}`;

/** Uploads one file as the whole body of POST spaces/{id}/contents/upload/, as the web app does. */
export async function uploadRaw(
  server: TestServer,
  who: { person?: Person; hub: MyHub; spaceId: string; authorization?: string },
  kind: ContentKind | string,
  file: UploadFile,
): Promise<{ status: number; body: UploadBody }> {
  const headers: Record<string, string> = { 'Org-Handle': who.hub.domain_handle, 'Content-Type': file.type ?? 'application/octet-stream' };
  const authorization = who.authorization ?? (who.person ? `JWT ${who.person.token}` : undefined);
  if (authorization) headers.Authorization = authorization;
  const response = await fetch(`${server.url}/api/v1/${rawUploadPath(who.spaceId, kind, file.name)}`, {
    method: 'POST',
    headers,
    // A Buffer body goes with its Content-Length.
    body: typeof file.data === 'string' ? file.data : new Uint8Array(file.data),
  });
  const raw = await response.text();
  return { status: response.status, body: (raw ? JSON.parse(raw) : null) as UploadBody };
}

/**
 * Starts a bare-file upload announcing `contentLength` bytes and sending
 * only `sent`; `response` is the answer, or null when the connection ends
 * without one.
 */
export function startPartialRawUpload(
  server: TestServer,
  who: { person: Person; hub: MyHub; spaceId: string },
  kind: ContentKind | string,
  opts: { name: string; contentLength: number; sent: Buffer },
) {
  const url = new URL(`${server.url}/api/v1/${rawUploadPath(who.spaceId, kind, opts.name)}`);
  const request = http.request({
    host: url.hostname,
    port: url.port,
    path: `${url.pathname}${url.search}`,
    method: 'POST',
    headers: {
      Authorization: `JWT ${who.person.token}`,
      'Org-Handle': who.hub.domain_handle,
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(opts.contentLength),
    },
  });
  const response = answerOf(request);
  request.write(opts.sent);
  return { request, response };
}

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

export async function storedKeys(server: TestServer): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of server.storage.list()) keys.push(object.key);
  return keys.sort();
}

/** Files of writes still in progress (or left behind by one that was not cleaned up). */
export const tmpEntries = (server: TestServer) => readdir(path.join(server.config.uploadsDir, 'tmp'));

export async function readStored(server: TestServer, key: string): Promise<Buffer> {
  const stream = await server.storage.read(key);
  if (!stream) throw new Error(`nothing stored under ${key}`);
  return buffer(stream);
}

export const rowsOfSpace = (server: TestServer, spaceId: string) =>
  server.db.select().from(contents).where(eq(contents.spaceId, spaceId));
