import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, uploadProblem, type ContentKind } from '../../../lib/contract/contents';
import { startTestServer, type TestServer } from '../../test/harness';
import { docxFile, pdfFile, pngFile } from '../../test/content-fixtures';
import { createSpace, hubWithPeople, type HubWithPeople } from '../spaces/space-test-kit';
import {
  BOUNDARY, chunkedBody, multipartBody, partHead, readStored, rowsOfSpace, sendRaw, startPartialUpload, storedKeys, tmpEntries, upload,
} from './upload-test-kit';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every file under the uploads folder, relative to it. */
async function filesOnDisk(): Promise<string[]> {
  const entries = await readdir(server.config.uploadsDir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(server.config.uploadsDir, path.join(e.parentPath, e.name))).sort();
}

describe('hostile uploads', () => {
  let world: HubWithPeople;
  let spaceId: string;
  let before: string[];
  const who = () => ({ person: world.owner, hub: world.hub, spaceId });

  beforeAll(async () => {
    world = await hubWithPeople(server);
    spaceId = (await createSpace(server, world.owner, world.hub)).id;
  });

  /** Nothing new in the store, nothing half-written, no new item. */
  async function expectNothingLeft(rowsBefore: number) {
    await until(async () => (await tmpEntries(server)).length === 0, 'the unfinished write to be removed');
    expect(await storedKeys(server)).toEqual(before);
    expect(await rowsOfSpace(server, spaceId)).toHaveLength(rowsBefore);
  }

  async function rowCount() {
    before = await storedKeys(server);
    return (await rowsOfSpace(server, spaceId)).length;
  }

  it.each<[ContentKind, string]>([
    ['general', 'setup.exe'],
    ['general', 'page.html'],
    ['table', 'photo.png'],
    ['image', 'notes.txt'],
    ['media', 'no-extension'],
    ['document', 'archive.tar.gz'],
    ['email', '.eml'],
  ])('refuses a %s upload named %j: not a type that kind takes (415)', async (kind, name) => {
    const rows = await rowCount();
    const res = await upload(server, who(), kind, { name, data: 'some bytes' });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ code: 'unsupported_file_type', message: uploadProblem(kind, { name, size: 10 }) });
    await expectNothingLeft(rows);
  });

  const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120)]);
  const windowsExe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
  const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';

  it.each<[ContentKind, string, () => Promise<Buffer | string> | Buffer | string]>([
    ['image', 'cat.png', () => elf],
    ['general', 'cat.jpg', () => windowsExe],
    ['image', 'cat.png', () => html],
    // Past the bytes the type is decided on: refused all the same, and none of it kept.
    ['image', 'big.png', () => html.repeat(5000)],
    ['document', 'report.pdf', () => docxFile(['zip inside'])],
    ['table', 'sheet.xlsx', () => pdfFile(['not a workbook'])],
    ['document', 'notes.txt', () => pngFile(4, 4)],
    ['table', 'latin1.csv', () => Buffer.from('name\nCaf\xe9\n', 'latin1')],
    ['image', 'drawing.svg', () => '<html><body>no drawing here</body></html>'],
    ['image', 'favicon.ico', () => pngFile(4, 4)],
    ['general', 'letter.doc', () => pdfFile(['not OLE'])],
    ['media', 'film.mp4', () => html],
    ['media', 'song.mp3', () => windowsExe],
  ])('refuses a %s upload %j whose bytes are something else (415)', async (kind, name, make) => {
    const rows = await rowCount();
    const res = await upload(server, who(), kind, { name, data: await make(), type: 'image/png' });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      code: 'file_content_mismatch',
      message: `This file's contents are not what its .${name.split('.').pop()} extension says. Please upload the original file.`,
    });
    await expectNothingLeft(rows);
  });

  it.each([
    ['../../etc/passwd.txt', 'passwd.txt'],
    ['..\\..\\x.txt', 'x.txt'],
    ['/var/www/index.txt', 'index.txt'],
    ['C:\\Users\\me\\Desktop\\plan.txt', 'plan.txt'],
    ['bell\u0007and\u0001escape\u001b[31m.txt', 'bellandescape[31m.txt'],
    ['nul\u0000byte.txt', 'nulbyte.txt'],
    ['invoice\u202Etxt.exe\u202C.txt', 'invoicetxt.exe.txt'],
    ['\u2066isolate\u2069 \u200Fmarks.txt', 'isolate marks.txt'],
    ['  Café ☕ plan.txt  ', 'Café ☕ plan.txt'],
    [`${'long '.repeat(80)}name.txt`, `${'long '.repeat(80)}`.slice(0, 196).trimEnd() + '.txt'],
  ])('stores %j under a key of its own and shows it as %j', async (sent, shown) => {
    const rows = await rowCount();
    const body = multipartBody([{ filename: sent, data: 'harmless text' }]);
    const res = await sendRaw(server, who(), 'document', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { id, name } = res.body.data;
    expect(name).toBe(shown);
    expect(name.length).toBeLessThanOrEqual(200);
    expect(id).toMatch(UUID);
    expect(await storedKeys(server)).toEqual([...before, id].sort());
    expect((await readStored(server, id)).toString()).toBe('harmless text');
    // The only files on disk are objects named by their key.
    for (const file of await filesOnDisk()) expect(file).toMatch(/^objects\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(await rowsOfSpace(server, spaceId)).toHaveLength(rows + 1);
  });

  describe('too large', () => {
    const kind = 'contact';
    const max = MAX_UPLOAD_BYTES[kind];
    const tooLarge = { code: 'file_too_large', message: expect.stringMatching(/^This file is .+; contact uploads can be up to 10 MB\.$/) };

    it('refuses a file one byte over the limit once it passes it (413), keeping none of it', async () => {
      const rows = await rowCount();
      const res = await upload(server, who(), kind, { name: 'people.csv', data: Buffer.alloc(max + 1, 'a') });
      expect(res.status).toBe(413);
      expect(res.body).toEqual(tooLarge);
      await expectNothingLeft(rows);
      // Exactly the limit is fine.
      const fits = await upload(server, who(), kind, { name: 'people.csv', data: Buffer.alloc(max, 'a') });
      expect(fits.status).toBe(201);
      expect(fits.body.data.size_bytes).toBe(max);
    });

    it('refuses a request announcing more than the limit without reading the file (413)', async () => {
      const rows = await rowCount();
      const sent = Buffer.concat([partHead({ filename: 'people.csv' }), Buffer.alloc(1024, 'a')]);
      const partial = startPartialUpload(server, who(), kind, { contentLength: 3 * max, sent });
      const res = await partial.response;
      partial.request.destroy();
      expect(res?.status).toBe(413);
      expect(res?.body).toEqual({ code: 'file_too_large', message: `This file is 30 MB; contact uploads can be up to 10 MB.` });
      await expectNothingLeft(rows);
    });

    it('refuses a file streamed without a length once it passes the limit (413)', async () => {
      const rows = await rowCount();
      const megabyte = Buffer.alloc(1024 * 1024, 'a');
      const pieces = [partHead({ filename: 'people.csv' }), ...Array.from({ length: 11 }, () => megabyte), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)];
      const res = await sendRaw(server, who(), kind, chunkedBody(pieces));
      expect(res.status).toBe(413);
      expect(res.body).toEqual(tooLarge);
      await expectNothingLeft(rows);
    });
  });

  it('leaves nothing behind when the client goes away in the middle of an upload', async () => {
    const rows = await rowCount();
    const half = Buffer.concat([partHead({ filename: 'big.txt' }), Buffer.alloc(1024 * 1024, 'a')]);
    const partial = startPartialUpload(server, who(), 'document', { contentLength: 2 * half.length, sent: half });
    // The server is writing the file when the connection drops.
    await until(async () => (await tmpEntries(server)).length > 0, 'the upload to reach storage');
    partial.request.destroy();
    expect(await partial.response).toBeNull();
    await expectNothingLeft(rows);
    // And the server carries on.
    expect((await upload(server, who(), 'document', { name: 'after.txt', data: 'still here' })).status).toBe(201);
  });

  describe('the connection after a refusal', () => {
    /** Sends `body` whole on `agent`'s connection; the answer, and whether that connection was reused. */
    function send(agent: http.Agent, kind: string, body: Buffer) {
      const url = new URL(`${server.url}/api/v1/spaces/${spaceId}/contents/?kind=${kind}`);
      return new Promise<{ status: number; connection: string | undefined; reused: boolean }>((resolve, reject) => {
        const request = http.request({
          agent, host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: 'POST',
          headers: {
            Authorization: `JWT ${world.owner.token}`,
            'Org-Handle': world.hub.domain_handle,
            'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
          },
        }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode!, connection: response.headers.connection, reused: request.reusedSocket }));
        });
        request.on('error', reject);
        request.end(body);
      });
    }

    it('reads the rest of a refused file of acceptable size, so the same connection serves the next request', async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const refused = await send(agent, 'image', multipartBody([{ filename: 'fake.png', data: Buffer.alloc(3 * 1024 * 1024, '<') }]));
        expect(refused).toMatchObject({ status: 415, connection: 'keep-alive' });
        const next = await send(agent, 'document', multipartBody([{ filename: 'next.txt', data: 'next' }]));
        expect(next).toEqual({ status: 201, connection: 'keep-alive', reused: true });
      } finally {
        agent.destroy();
      }
    });

    it('closes the connection rather than read a body larger than any file of the kind', async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const max = MAX_UPLOAD_BYTES.contact;
        const refused = await send(agent, 'contact', multipartBody([{ filename: 'people.csv', data: Buffer.alloc(max + 64 * 1024, 'a') }]));
        expect(refused).toMatchObject({ status: 413, connection: 'close' });
      } finally {
        agent.destroy();
      }
    });
  });

  describe('malformed bodies: a clear 4xx, never a server error, nothing stored', () => {
    const file = { filename: 'a.txt', data: 'text' };
    const unreadable = [400, 'validation_error', 'The upload could not be read. Please try again.'] as const;
    const incomplete = [400, 'validation_error', 'The upload did not arrive completely. Please try again.'] as const;
    const noFile = [400, 'validation_error', 'Please choose a file to upload.'] as const;
    it.each<[string, () => Buffer, string | undefined, readonly [number, string, string]]>([
      ['no boundary', () => multipartBody([file]), 'multipart/form-data', unreadable],
      ['a boundary that is not in the body', () => multipartBody([file]), 'multipart/form-data; boundary=elsewhere', unreadable],
      ['a body cut off inside the file', () => multipartBody([file]).subarray(0, partHead(file).length + 2), undefined, incomplete],
      ['no closing boundary', () => Buffer.concat([partHead(file), Buffer.from('text')]), undefined, incomplete],
      ['garbage', () => Buffer.from('\u0000\u0001 not multipart at all'), undefined, unreadable],
      ['the file under another field name', () => multipartBody([{ ...file, field: 'upload' }]), undefined, noFile],
      ['a field but no file', () => multipartBody([{ field: 'file', data: 'just a field' }]), undefined, noFile],
      ['too many fields', () => multipartBody([...Array.from({ length: 8 }, (_, i) => ({ field: `f${i}`, data: 'x' })), file]), undefined, noFile],
      [
        'a __proto__ part before the file',
        () => multipartBody([{ field: '__proto__', data: '{}' }, file]),
        undefined,
        [413, 'payload_too_large', 'An upload carries one file and at most a few short form fields.'],
      ],
      [
        'an enormous part header',
        () => multipartBody([{ filename: `${'a'.repeat(100_000)}.txt`, data: 'text' }]),
        undefined,
        [415, 'unsupported_file_type', uploadProblem('document', { name: 'a', size: 1 })!],
      ],
    ])('%s', async (_name, body, contentType, [status, code, message]) => {
      const rows = await rowCount();
      const res = await sendRaw(server, who(), 'document', body(), contentType);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ code, message });
      await expectNothingLeft(rows);
    });

    it('takes only the first of two files', async () => {
      const rows = await rowCount();
      const res = await sendRaw(server, who(), 'document', multipartBody([file, { filename: 'b.txt', data: 'second' }]));
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ name: 'a.txt', size_bytes: 4 });
      expect(await storedKeys(server)).toEqual([...before, res.body.data.id].sort());
      expect(await rowsOfSpace(server, spaceId)).toHaveLength(rows + 1);
    });
  });
});
