import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItemSchema, type ContentKind } from '../../../lib/contract/contents';
import type { Subscription } from '../../../lib/contract/billing';
import { FREE_PLAN } from '../../../lib/plans';
import { contents } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import {
  delimitedFile, docxFile, emlFile, epubFile, jpegFile, mp3File, mp4File, pdfFile, pngFile, pptxFile, svgFile, wavFile, xlsxFile,
} from '../../test/content-fixtures';
import { as, createSpace, hubWithPeople, joinSpace, SPACE_NOT_FOUND, type HubWithPeople } from '../spaces/space-test-kit';
import { insertContent } from './content-test-kit';
import {
  partHead, readStored, rowsOfSpace, sha256, startPartialUpload, storedKeys, tmpEntries, upload, uploadPath, type UploadFile,
} from './upload-test-kit';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const itemSchema = contentItemSchema.strict();

async function excelWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('People');
  sheet.addRows([['Name', 'Age'], ['Asha', 31], ['Ben', 42]]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('POST spaces/{id}/contents/?kind=', () => {
  let world: HubWithPeople;
  let spaceId: string;
  const editorIn = () => ({ person: world.editor, hub: world.hub, spaceId });

  beforeAll(async () => {
    world = await hubWithPeople(server);
    spaceId = (await createSpace(server, world.owner, world.hub, { visibility: 'public' })).id;
    await joinSpace(server, world.editor, world.hub, { id: spaceId });
  });

  const cases: Array<[kind: ContentKind, file: () => Promise<UploadFile> | UploadFile, mime: string]> = [
    ['document', () => ({ name: 'Quarterly report.pdf', data: pdfFile(['Revenue grew']) }), 'application/pdf'],
    ['document', () => ({ name: 'notes.md', data: '# Notes\n\nCafé ☕ meeting at 10.\n' }), 'text/markdown'],
    ['document', () => ({ name: 'Plan.docx', data: docxFile(['First paragraph']) }), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['document', () => ({ name: 'Deck.pptx', data: pptxFile(['Slide one']) }), 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['document', () => ({ name: 'Book.epub', data: epubFile([{ title: 'One', text: 'Once upon a time' }]) }), 'application/epub+zip'],
    ['table', () => ({ name: 'people.csv', data: delimitedFile([['name', 'age'], ['Asha', 31]]) }), 'text/csv'],
    ['table', async () => ({ name: 'People.xlsx', data: await excelWorkbook() }), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['contact', () => ({ name: 'contacts.tsv', data: delimitedFile([['name', 'email'], ['Asha', 'asha@example.com']], '\t') }), 'text/tab-separated-values'],
    ['contact', () => ({ name: 'contacts.xlsx', data: xlsxFile([['name', 'email'], ['Ben', 'ben@example.com']]) }), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['email', () => ({ name: 'Hello.eml', data: emlFile({ subject: 'Hello', text: 'Hi there', attachment: { name: 'a.txt', content: 'A' } }) }), 'message/rfc822'],
    ['general', async () => ({ name: 'Photo.JPG', data: await jpegFile(16, 12) }), 'image/jpeg'],
    ['general', () => ({ name: 'readme.txt', data: 'Plain words.\n' }), 'text/plain'],
    ['image', async () => ({ name: 'logo.png', data: await pngFile(20, 10) }), 'image/png'],
    ['image', () => ({ name: 'drawing.svg', data: svgFile(30, 30) }), 'image/svg+xml'],
    ['media', () => ({ name: 'tone.mp3', data: mp3File(1) }), 'audio/mpeg'],
    ['media', () => ({ name: 'silence.wav', data: wavFile(0.5) }), 'audio/wav'],
    ['media', () => ({ name: 'clip.mp4', data: mp4File(2) }), 'video/mp4'],
  ];

  it.each(cases)('stores a %s upload (%#) byte for byte under a key of its own, queued for processing', async (kind, make, mime) => {
    const file = await make();
    const res = await upload(server, editorIn(), kind, { ...file, type: 'application/x-anything' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe('File uploaded.');
    const item = itemSchema.parse(res.body.data);
    const bytes = Buffer.from(file.data);
    expect(item).toMatchObject({
      space_id: spaceId,
      kind,
      source: 'upload',
      name: file.name,
      extension: file.name.split('.').pop()!.toLowerCase(),
      // What the bytes are, never what the client claimed.
      mime_type: mime,
      size_bytes: bytes.length,
      status: 'queued',
      failure_reason: null,
      details: {},
      created_by: { id: world.editor.user.id, name: 'Hub Editor' },
    });
    expect(item.urls.download).toMatch(new RegExp(`^/api/v1/files/${item.id}/original/\\?.*download=1`));

    const [row] = await server.db.select().from(contents).where(eq(contents.id, item.id));
    expect(row).toMatchObject({ hubId: world.hub.id, storageKey: item.id, sha256: sha256(bytes), sizeBytes: bytes.length });
    expect((await readStored(server, item.id)).equals(bytes)).toBe(true);
    expect(await tmpEntries(server)).toEqual([]);
  });

  it('takes several files at once, each stored whole under its own key', async () => {
    const space = await createSpace(server, world.owner, world.hub);
    const who = { person: world.owner, hub: world.hub, spaceId: space.id };
    const files = Array.from({ length: 6 }, (_, i) => ({
      name: `part-${i}.txt`,
      // Different sizes, so a mix-up between concurrent uploads would show.
      data: `${String(i).repeat(1000 * (i + 1))}\n`,
    }));
    const results = await Promise.all(files.map((file) => upload(server, who, 'document', file)));
    expect(results.map((r) => r.status)).toEqual(files.map(() => 201));
    for (const [i, res] of results.entries()) {
      expect(res.body.data).toMatchObject({ name: files[i]!.name, size_bytes: files[i]!.data.length });
      expect((await readStored(server, res.body.data.id)).toString()).toBe(files[i]!.data);
    }
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(files.length);
    expect(await rowsOfSpace(server, space.id)).toHaveLength(files.length);
  });

  it('counts what the hub stores in its subscription usage', async () => {
    const fresh = await hubWithPeople(server);
    const space = await createSpace(server, fresh.owner, fresh.hub);
    const usage = async () =>
      (await server.get<{ data: Subscription }>('wallet/subscription-detail/', as(fresh.owner, fresh.hub))).body.data.usage.storage_bytes;
    expect(await usage()).toBe(0);
    const who = { person: fresh.owner, hub: fresh.hub, spaceId: space.id };
    await upload(server, who, 'document', { name: 'a.txt', data: 'a'.repeat(1234) });
    await upload(server, who, 'image', { name: 'b.png', data: await pngFile(8, 8) });
    const sizes = (await rowsOfSpace(server, space.id)).map((row) => row.sizeBytes);
    expect(sizes).toHaveLength(2);
    expect(await usage()).toBe(sizes.reduce((a, b) => a + b, 0));
  });

  describe('storage quota', () => {
    const refused = {
      code: 'storage_quota',
      message: expect.stringMatching(/^This file does not fit in the hub's storage: .* of the Free plan's 1 GB is in use\. Delete files you no longer need, or ask the hub owner to upgrade the plan\.$/),
    };

    /** A hub whose plan has `room` bytes left (a large item already takes the rest). */
    async function hubWithRoom(room: number) {
      const fresh = await hubWithPeople(server);
      const space = await createSpace(server, fresh.owner, fresh.hub);
      await insertContent(server, { hub: fresh.hub, space, by: fresh.owner }, { sizeBytes: FREE_PLAN.limits.storage_bytes - room });
      return { who: { person: fresh.owner, hub: fresh.hub, spaceId: space.id }, space };
    }

    it('refuses a file that does not fit (checked once the size is known), leaving nothing stored', async () => {
      const { who, space } = await hubWithRoom(1000);
      const before = await storedKeys(server);
      const res = await upload(server, who, 'document', { name: 'big.txt', data: 'x'.repeat(1001) });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(refused);
      expect(await storedKeys(server)).toEqual(before);
      expect(await tmpEntries(server)).toEqual([]);
      expect(await rowsOfSpace(server, space.id)).toHaveLength(1);
      // Exactly what is left still fits.
      expect((await upload(server, who, 'document', { name: 'fits.txt', data: 'x'.repeat(1000) })).status).toBe(201);
    });

    it('refuses from the request size alone, without waiting for a file that cannot fit', async () => {
      const { who } = await hubWithRoom(1024 * 1024);
      const before = await storedKeys(server);
      // Three megabytes announced, only the start sent: the answer must not wait for the rest.
      const sent = Buffer.concat([partHead({ filename: 'big.txt' }), Buffer.alloc(1024, 'x')]);
      const upload = startPartialUpload(server, who, 'document', { contentLength: 3 * 1024 * 1024, sent });
      const res = await upload.response;
      upload.request.destroy();
      expect(res?.status).toBe(422);
      expect(res?.body).toEqual(refused);
      expect(await storedKeys(server)).toEqual(before);
    });

    it('never lets concurrent uploads together go over the plan', async () => {
      const size = 100 * 1024;
      const { who, space } = await hubWithRoom(3 * size + size / 2);
      const before = await storedKeys(server);
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) =>
        upload(server, who, 'document', { name: `race-${i}.txt`, data: String(i).repeat(size) })));
      expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 422, 422, 422]);
      const accepted = results.filter((r) => r.status === 201).map((r) => r.body.data.id);
      expect(await storedKeys(server)).toEqual([...before, ...accepted].sort());
      expect(await rowsOfSpace(server, space.id)).toHaveLength(4);
    });
  });

  describe('who may upload where', () => {
    const file = { name: 'note.txt', data: 'hello' };

    it('refuses a viewer of the space (403) and stores nothing', async () => {
      const before = await storedKeys(server);
      const res = await upload(server, { person: world.viewer, hub: world.hub, spaceId }, 'document', file);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'forbidden', message: 'You do not have permission to do that.' });
      expect(await storedKeys(server)).toEqual(before);
    });

    it('refuses an archived space (422)', async () => {
      const space = await createSpace(server, world.owner, world.hub);
      expect((await server.post(`spaces/${space.id}/archive/`, {}, as(world.owner, world.hub))).status).toBe(200);
      const res = await upload(server, { person: world.owner, hub: world.hub, spaceId: space.id }, 'document', file);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ code: 'space_archived', message: 'This space is archived. Restore it before changing it.' });
      expect(await rowsOfSpace(server, space.id)).toEqual([]);
    });

    it("answers 404 for another hub's space, a private space of someone else, or no space at all", async () => {
      const away = await hubWithPeople(server);
      const privateSpace = await createSpace(server, world.editor, world.hub, { visibility: 'private' });
      const attempts = [
        { person: away.owner, hub: away.hub, spaceId },
        { person: world.viewer, hub: world.hub, spaceId: privateSpace.id },
        { person: world.owner, hub: world.hub, spaceId: '00000000-0000-4000-8000-000000000000' },
        { person: world.owner, hub: world.hub, spaceId: 'not-a-uuid' },
      ];
      for (const who of attempts) {
        const res = await upload(server, who, 'document', file);
        expect(res.status).toBe(404);
        expect(res.body).toEqual(SPACE_NOT_FOUND);
      }
      expect(await rowsOfSpace(server, spaceId).then((rows) => rows.filter((r) => r.name === file.name))).toEqual([]);
    });

    it('needs a signed-in member of the hub (401 without a session)', async () => {
      const form = new FormData();
      form.append('file', new Blob(['x']), 'x.txt');
      const res = await server.request('POST', uploadPath(spaceId, 'document'), { form });
      expect(res.status).toBe(401);
    });
  });

  describe('malformed requests', () => {
    it('asks for a file when the form has none (400)', async () => {
      const form = new FormData();
      form.append('title', 'no file here');
      const res = await server.request('POST', uploadPath(spaceId, 'document'), as(world.owner, world.hub, { form }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'validation_error', message: 'Please choose a file to upload.', errors: { file: ['Please choose a file to upload.'] } });
    });

    it('refuses an empty file (400)', async () => {
      const res = await upload(server, editorIn(), 'document', { name: 'empty.txt', data: '' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_error', message: 'This file is empty.' });
    });

    it('refuses a body that is not multipart (415)', async () => {
      const res = await server.post(uploadPath(spaceId, 'document'), { file: 'hello' }, as(world.owner, world.hub));
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({ code: 'unsupported_media_type' });
    });

    it.each(['', 'kind=folder', 'kind=DOCUMENT'])('refuses a missing or unknown kind (%j) with a field error', async (query) => {
      const form = new FormData();
      form.append('file', new Blob(['x']), 'x.txt');
      const res = await server.request('POST', `spaces/${spaceId}/contents/?${query}`, as(world.owner, world.hub, { form }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_error', errors: { kind: ['Please choose what kind of content this is'] } });
    });
  });
});
