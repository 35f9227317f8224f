import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, contentItemSchema, type ContentItem } from '../../../lib/contract/contents';
import { contents } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import { mp4File } from '../../test/content-fixtures';
import { as, createSpace, hubWithPeople, SPACE_NOT_FOUND, type HubWithPeople } from '../spaces/space-test-kit';
import {
  readStored, rowsOfSpace, sha256, startPartialRawUpload, storedKeys, tmpEntries, upload, uploadRaw, type UploadBody,
} from './upload-test-kit';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** An MP4 of `size` bytes: an "ftyp" box, then one "mdat" box of random bytes. */
function largeMp4(size: number): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1')]);
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(size - ftyp.length, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat, randomBytes(size - ftyp.length - mdat.length)]);
}

/** What two answers for the same file must share: all but what is new for each item. */
const shape = (body: UploadBody) => {
  const { id: _id, created_at: _created, updated_at: _updated, urls: _urls, ...rest } = body.data;
  return { message: body.message, item: rest };
};

describe('POST spaces/{id}/contents/upload/?kind=&name= (the bare file)', () => {
  let world: HubWithPeople;
  let spaceId: string;
  let before: string[];
  let rowsBefore: number;
  const ownerIn = () => ({ person: world.owner, hub: world.hub, spaceId });

  beforeAll(async () => {
    world = await hubWithPeople(server);
    spaceId = (await createSpace(server, world.owner, world.hub, { visibility: 'public' })).id;
  });

  async function snapshot() {
    before = await storedKeys(server);
    rowsBefore = (await rowsOfSpace(server, spaceId)).length;
  }

  /** Nothing new in the store, nothing half-written, no new item. */
  async function expectNothingLeft() {
    await until(async () => (await tmpEntries(server)).length === 0, 'the unfinished write to be removed');
    expect(await storedKeys(server)).toEqual(before);
    expect(await rowsOfSpace(server, spaceId)).toHaveLength(rowsBefore);
  }

  it('stores a large file byte for byte, hashed, and lists it', async () => {
    const data = largeMp4(5 * 1024 * 1024 + 123);
    // The type the client claims is never trusted.
    const res = await uploadRaw(server, ownerIn(), 'media', { name: 'Board meeting.mp4', data, type: 'application/x-anything' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const item = contentItemSchema.strict().parse(res.body.data);
    expect(res.body.message).toBe('File uploaded.');
    expect(item).toMatchObject({
      space_id: spaceId, kind: 'media', source: 'upload', name: 'Board meeting.mp4', extension: 'mp4', mime_type: 'video/mp4',
      size_bytes: data.length, status: 'queued',
    });
    const [row] = await server.db.select().from(contents).where(eq(contents.id, item.id));
    expect(row).toMatchObject({ storageKey: item.id, sha256: sha256(data), sizeBytes: data.length });
    expect(sha256(await readStored(server, item.id))).toBe(sha256(data));
    expect(await tmpEntries(server)).toEqual([]);

    const list = await server.get<{ data: ContentItem[] }>(`spaces/${spaceId}/contents/`, as(world.owner, world.hub));
    expect(list.body.data.map((i) => i.id)).toContain(item.id);
  });

  it('answers exactly as the multipart upload does for the same file', async () => {
    const file = { name: 'clip.mp4', data: mp4File(2) };
    const viaForm = await upload(server, ownerIn(), 'media', file);
    const bare = await uploadRaw(server, ownerIn(), 'media', file);
    expect(viaForm.status).toBe(201);
    expect(bare.status).toBe(201);
    expect(shape(bare.body)).toEqual(shape(viaForm.body));
    expect(Object.keys(bare.body.data.urls)).toEqual(Object.keys(viaForm.body.data.urls));
  });

  describe('who may upload', () => {
    const file = { name: 'note.txt', data: 'hello' };

    it.each([
      ['no token', undefined],
      ['a bad token', 'JWT not-a-real-token'],
    ])('needs a signed-in member (401 with %s) and stores nothing', async (_name, authorization) => {
      await snapshot();
      const res = await uploadRaw(server, { hub: world.hub, spaceId, authorization }, 'document', file);
      expect(res.status).toBe(401);
      await expectNothingLeft();
    });

    it("answers 404 to a member of another hub, as the multipart upload does", async () => {
      await snapshot();
      const away = await hubWithPeople(server);
      const who = { person: away.owner, hub: away.hub, spaceId };
      const res = await uploadRaw(server, who, 'document', file);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(SPACE_NOT_FOUND);
      expect((await upload(server, who, 'document', file)).body).toEqual(res.body);
      await expectNothingLeft();
    });

    it('refuses a viewer of the space (403), as the multipart upload does', async () => {
      await snapshot();
      const who = { person: world.viewer, hub: world.hub, spaceId };
      const res = await uploadRaw(server, who, 'document', file);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'forbidden', message: 'You do not have permission to do that.' });
      expect((await upload(server, who, 'document', file)).body).toEqual(res.body);
      await expectNothingLeft();
    });
  });

  describe('refusals', () => {
    it('refuses a program renamed .mp4 by its content (415), as the multipart upload does', async () => {
      await snapshot();
      const exe = { name: 'holiday.mp4', data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200 * 1024, 0x90)]), type: 'video/mp4' };
      const res = await uploadRaw(server, ownerIn(), 'media', exe);
      expect(res.status).toBe(415);
      expect(res.body).toEqual({
        code: 'file_content_mismatch',
        message: "This file's contents are not what its .mp4 extension says. Please upload the original file.",
      });
      expect((await upload(server, ownerIn(), 'media', exe)).body).toEqual(res.body);
      await expectNothingLeft();
    });

    it('refuses a type the kind does not take (415)', async () => {
      await snapshot();
      const file = { name: 'setup.exe', data: 'some bytes' };
      const res = await uploadRaw(server, ownerIn(), 'general', file);
      expect(res.status).toBe(415);
      expect(res.body).toEqual((await upload(server, ownerIn(), 'general', file)).body);
      await expectNothingLeft();
    });

    it('refuses a file announced over the limit before reading it (413), leaving no temporary file', async () => {
      await snapshot();
      const max = MAX_UPLOAD_BYTES.contact;
      const partial = startPartialRawUpload(server, ownerIn(), 'contact', { name: 'people.csv', contentLength: 3 * max, sent: Buffer.alloc(64 * 1024, 'a') });
      const res = await partial.response;
      partial.request.destroy();
      expect(res?.status).toBe(413);
      expect(res?.body).toEqual({ code: 'file_too_large', message: 'This file is 30 MB; contact uploads can be up to 10 MB.' });
      await expectNothingLeft();
    });

    it('refuses one byte over the limit (413) and takes exactly the limit', async () => {
      await snapshot();
      const max = MAX_UPLOAD_BYTES.contact;
      const res = await uploadRaw(server, ownerIn(), 'contact', { name: 'people.csv', data: Buffer.alloc(max + 1, 'a') });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: 'file_too_large' });
      await expectNothingLeft();
      const fits = await uploadRaw(server, ownerIn(), 'contact', { name: 'people.csv', data: Buffer.alloc(max, 'a') });
      expect(fits.status).toBe(201);
      expect(fits.body.data.size_bytes).toBe(max);
    });

    it('refuses an empty file (400)', async () => {
      await snapshot();
      const res = await uploadRaw(server, ownerIn(), 'document', { name: 'empty.txt', data: '' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_error', message: 'This file is empty.' });
      await expectNothingLeft();
    });

    it('asks for the file name and a known kind (400 field errors)', async () => {
      const res = await server.request('POST', `spaces/${spaceId}/contents/upload/?kind=folder`, as(world.owner, world.hub, { body: 'x' }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'validation_error',
        errors: { kind: ['Please choose what kind of content this is'], name: ["Please give the file's name"] },
      });
    });

    it('asks for the Content-Length (411) when the body is streamed without one', async () => {
      await snapshot();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(Buffer.from('streamed text'));
          controller.close();
        },
      });
      const response = await fetch(`${server.url}/api/v1/spaces/${spaceId}/contents/upload/?kind=document&name=a.txt`, {
        method: 'POST',
        headers: { Authorization: `JWT ${world.owner.token}`, 'Org-Handle': world.hub.domain_handle, 'Content-Type': 'text/plain' },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(411);
      expect(await response.json()).toMatchObject({ code: 'length_required' });
      await expectNothingLeft();
    });
  });

  it('leaves no file and no item when the client goes away in the middle of the body', async () => {
    await snapshot();
    const sent = largeMp4(2 * 1024 * 1024);
    const partial = startPartialRawUpload(server, ownerIn(), 'media', { name: 'cut.mp4', contentLength: 8 * 1024 * 1024, sent });
    // The server is writing the file when the connection drops.
    await until(async () => (await tmpEntries(server)).length > 0, 'the upload to reach storage');
    partial.request.destroy();
    expect(await partial.response).toBeNull();
    await expectNothingLeft();
    // And the server carries on.
    expect((await uploadRaw(server, ownerIn(), 'document', { name: 'after.txt', data: 'still here' })).status).toBe(201);
  });
});
