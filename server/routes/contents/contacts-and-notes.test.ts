import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TextPage } from '../../../lib/contract/contents';
import { spaces } from '../../db/schema';
import type { Space } from '../../../lib/contract/spaces';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, createSpace, hubWithPeople, joinSpace, SPACE_NOT_FOUND, type ErrorBody, type HubWithPeople } from '../spaces/space-test-kit';
import { contentRow, indexedMatches, insertContent, type ItemBody } from './content-test-kit';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const archive = (spaceId: string) => server.db.update(spaces).set({ archivedAt: new Date() }).where(eq(spaces.id, spaceId));
const ARCHIVED = { code: 'space_archived', message: 'This space is archived. Restore it before changing it.' };

/** A hub of its own for each test (the free plan holds a few spaces only) and a public space in it, which its editor joined. */
async function hubAndSpace(): Promise<HubWithPeople & { space: Space }> {
  const world = await hubWithPeople(server);
  const space = await createSpace(server, world.owner, world.hub);
  await joinSpace(server, world.editor, world.hub, space);
  return { ...world, space };
}

const contact = {
  name: 'Grace Hopper',
  email: 'Grace@Navy.example',
  contact_number: '+1 (555) 010-9999',
  occupation: 'Rear admiral',
  address: '1 Harbour Road, Arlington',
  about: 'Wrote the first compiler.\nFound a moth.',
};

describe('POST spaces/{id}/contents/contacts/', () => {
  it('adds a ready, searchable contact from the form', async () => {
    const { space, ...world } = await hubAndSpace();
    const res = await server.post<ItemBody>(`spaces/${space.id}/contents/contacts/`, { ...contact, company_name: 'US Navy' }, as(world.editor, world.hub));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: 'Grace Hopper is added.',
      data: {
        space_id: space.id, kind: 'contact', source: 'form', status: 'ready', name: 'Grace Hopper', extension: null,
        urls: { view: null, download: null, thumbnail: null },
        created_by: { id: world.editor.user.id, name: 'Hub Editor' },
        details: { contact: { ...contact, email: 'grace@navy.example', company_name: 'US Navy' } },
      },
    });
    const id = res.body.data.id;
    const text = await server.get<{ data: TextPage }>(`spaces/${space.id}/contents/${id}/text/`, as(world.viewer, world.hub));
    expect(text.body.data.text).toBe([
      'Name: Grace Hopper', 'Email: grace@navy.example', 'Contact number: +1 (555) 010-9999', 'Occupation: Rear admiral',
      'Company name: US Navy', 'Address: 1 Harbour Road, Arlington', 'About: Wrote the first compiler.\nFound a moth.',
    ].join('\n'));
    expect(await indexedMatches(server, 'grace compiler')).toEqual([id]);
    expect((await server.get(`spaces/${space.id}/contents/?kind=contact`, as(world.viewer, world.hub))).body).toMatchObject({ count: 1 });
  });

  it('leaves out the optional company name when it is not given', async () => {
    const { space, ...world } = await hubAndSpace();
    const res = await server.post<ItemBody>(`spaces/${space.id}/contents/contacts/`, { ...contact, company_name: ' ' }, as(world.owner, world.hub));
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.data.details.contact ?? {}).sort()).toEqual(['about', 'address', 'contact_number', 'email', 'name', 'occupation']);
  });

  it("asks for every required field with the form's own messages", async () => {
    const { space, ...world } = await hubAndSpace();
    const res = await server.post<ErrorBody>(`spaces/${space.id}/contents/contacts/`, { about: '   ' }, as(world.owner, world.hub));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      name: ['Please enter Name'],
      email: ['Please enter Email'],
      contact_number: ['Please enter Contact number'],
      occupation: ['Please enter Occupation'],
      address: ['Please enter Address'],
      about: ['Please enter About'],
    });
  });

  it('checks the email, the phone number and the lengths', async () => {
    const { space, ...world } = await hubAndSpace();
    const res = await server.post<ErrorBody>(
      `spaces/${space.id}/contents/contacts/`,
      { ...contact, email: 'grace.navy', contact_number: 'call me', occupation: 'x'.repeat(121) },
      as(world.owner, world.hub),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      email: ['Email is not a valid email'],
      contact_number: ['Contact number is not a valid phone number'],
      occupation: ['Occupation must be up to 120 characters'],
    });
    expect((await server.get(`spaces/${space.id}/contents/`, as(world.owner, world.hub))).body).toMatchObject({ count: 0 });
  });

  it('refuses a viewer (403), an archived space (422) and a space the caller cannot see (404)', async () => {
    const { space, ...world } = await hubAndSpace();
    const path = `spaces/${space.id}/contents/contacts/`;
    expect((await server.post<ErrorBody>(path, contact, as(world.viewer, world.hub))).body.code).toBe('forbidden');
    const hidden = await createSpace(server, world.owner, world.hub, { visibility: 'private' });
    expect((await server.post(`spaces/${hidden.id}/contents/contacts/`, contact, as(world.editor, world.hub))).body).toEqual(SPACE_NOT_FOUND);
    await archive(space.id);
    const archived = await server.post(path, contact, as(world.owner, world.hub));
    expect({ status: archived.status, body: archived.body }).toEqual({ status: 422, body: ARCHIVED });
    expect((await server.get(`spaces/${space.id}/contents/`, as(world.owner, world.hub))).body).toMatchObject({ count: 0 });
  });
});

describe('notes', () => {
  it('writes a note (ready, searchable) and rewrites it; the old words leave the index', async () => {
    const { space, ...world } = await hubAndSpace();
    const created = await server.post<ItemBody>(
      `spaces/${space.id}/contents/notes/`, { title: ' Offsite agenda ', body: 'Kayaking at noon' }, as(world.editor, world.hub),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: 'Note saved.',
      data: { kind: 'general', source: 'note', status: 'ready', name: 'Offsite agenda', size_bytes: 16, details: { characters: 16 } },
    });
    const id = created.body.data.id;
    expect(await indexedMatches(server, 'kayaking')).toEqual([id]);

    const updated = await server.patch<ItemBody>(
      `spaces/${space.id}/contents/${id}/note/`, { title: 'Offsite plan', body: 'Sailing, café at two' }, as(world.editor, world.hub),
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id, name: 'Offsite plan', details: { characters: 20 }, size_bytes: 21 });
    expect(await indexedMatches(server, 'kayaking')).toEqual([]);
    expect(await indexedMatches(server, 'sailing cafe')).toEqual([id]);
    const text = await server.get<{ data: TextPage }>(`spaces/${space.id}/contents/${id}/text/`, as(world.viewer, world.hub));
    expect(text.body.data.text).toBe('Sailing, café at two');
  });

  it('lets a note be empty but not untitled', async () => {
    const { space, ...world } = await hubAndSpace();
    const empty = await server.post<ItemBody>(`spaces/${space.id}/contents/notes/`, { title: 'Empty' }, as(world.owner, world.hub));
    expect(empty.status).toBe(201);
    expect((await contentRow(server, empty.body.data.id))!.body).toBe('');
    const untitled = await server.post<ErrorBody>(`spaces/${space.id}/contents/notes/`, { title: '', body: 'Text' }, as(world.owner, world.hub));
    expect({ status: untitled.status, errors: untitled.body.errors }).toEqual({ status: 400, errors: { title: ['Please enter Title'] } });
  });

  it('rewrites notes only: another item answers 404 and is left as it was', async () => {
    const { space, ...world } = await hubAndSpace();
    const upload = await insertContent(server, { hub: world.hub, space, by: world.owner }, { name: 'report.txt', body: 'Original' });
    const res = await server.patch(`spaces/${space.id}/contents/${upload.id}/note/`, { title: 'Hijack', body: 'New' }, as(world.owner, world.hub));
    expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: { code: 'not_found', message: 'That note was not found.' } });
    expect(await contentRow(server, upload.id)).toMatchObject({ name: 'report.txt', body: 'Original' });
  });

  it('refuses a viewer (403) and an archived space (422), on writing and rewriting', async () => {
    const { space, ...world } = await hubAndSpace();
    const note = await insertContent(server, { hub: world.hub, space, by: world.owner }, { kind: 'general', source: 'note', name: 'Kept', body: 'Kept' });
    const rewrite = `spaces/${space.id}/contents/${note.id}/note/`;
    const write = `spaces/${space.id}/contents/notes/`;
    const body = { title: 'Changed', body: 'Changed' };
    expect((await server.patch(rewrite, body, as(world.viewer, world.hub))).status).toBe(403);
    expect((await server.post(write, body, as(world.viewer, world.hub))).status).toBe(403);
    await archive(space.id);
    for (const res of [await server.patch(rewrite, body, as(world.owner, world.hub)), await server.post(write, body, as(world.owner, world.hub))]) {
      expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: ARCHIVED });
    }
    expect(await contentRow(server, note.id)).toMatchObject({ name: 'Kept', body: 'Kept' });
  });
});
