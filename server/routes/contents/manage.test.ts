import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentRows, spaces } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import { addToSpace, as, createSpace, hubWithPeople, joinSpace, SPACE_NOT_FOUND, type ErrorBody } from '../spaces/space-test-kit';
import {
  contentRow, indexedMatches, insertContent, insertRows, ITEM_NOT_FOUND, storeObject, type ItemBody,
} from './content-test-kit';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const archive = (spaceId: string) => server.db.update(spaces).set({ archivedAt: new Date() }).where(eq(spaces.id, spaceId));
const ARCHIVED = { code: 'space_archived', message: 'This space is archived. Restore it before changing it.' };

describe('PATCH spaces/{id}/contents/{content_id}/', () => {
  it('lets an editor rename an item, and search finds it by its new name only', async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    await joinSpace(server, editor, hub, space);
    const item = await insertContent(server, { hub, space, by: owner }, { name: 'draft.txt', body: 'Budget figures' });
    const res = await server.patch<ItemBody>(`spaces/${space.id}/contents/${item.id}/`, { name: '  Harbour survey.txt ' }, as(editor, hub));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Renamed.', data: { id: item.id, name: 'Harbour survey.txt', created_by: { id: owner.user.id } } });
    expect(Date.parse(res.body.data.updated_at)).toBeGreaterThanOrEqual(item.updatedAt.getTime());
    expect((await contentRow(server, item.id))!.name).toBe('Harbour survey.txt');
    expect(await indexedMatches(server, 'harbour')).toContain(item.id);
    // The text stays indexed with the new name, and a later name replaces this one.
    expect(await indexedMatches(server, 'budget')).toContain(item.id);
    await server.patch(`spaces/${space.id}/contents/${item.id}/`, { name: 'Lighthouse notes' }, as(editor, hub));
    expect(await indexedMatches(server, 'harbour')).not.toContain(item.id);
    expect(await indexedMatches(server, 'lighthouse budget')).toContain(item.id);
  });

  it('refuses a viewer (403), an archived space (422) and a blank name (400), and keeps the name', async () => {
    const { hub, owner, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    const item = await insertContent(server, { hub, space, by: owner }, { name: 'kept.txt' });
    const path = `spaces/${space.id}/contents/${item.id}/`;
    const forbidden = await server.patch<ErrorBody>(path, { name: 'Hijacked' }, as(viewer, hub));
    expect({ status: forbidden.status, code: forbidden.body.code }).toEqual({ status: 403, code: 'forbidden' });
    const blank = await server.patch<ErrorBody>(path, { name: '   ' }, as(owner, hub));
    expect({ status: blank.status, errors: blank.body.errors }).toEqual({ status: 400, errors: { name: ['Please enter Name'] } });
    await archive(space.id);
    const archived = await server.patch(path, { name: 'Changed' }, as(owner, hub));
    expect({ status: archived.status, body: archived.body }).toEqual({ status: 422, body: ARCHIVED });
    expect((await contentRow(server, item.id))!.name).toBe('kept.txt');
  });

  it('lets a hub viewer who edits the shared space rename in it', async () => {
    const { hub, owner, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub, { visibility: 'shared' });
    await addToSpace(server, owner, hub, space, viewer, 'editor');
    const item = await insertContent(server, { hub, space, by: owner });
    expect((await server.patch(`spaces/${space.id}/contents/${item.id}/`, { name: 'Mine now' }, as(viewer, hub))).status).toBe(200);
  });

  it('answers 404 for an item of another space, even to its hub owner', async () => {
    const { hub, owner } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    const other = await createSpace(server, owner, hub);
    const item = await insertContent(server, { hub, space: other, by: owner }, { name: 'other.txt' });
    const res = await server.patch(`spaces/${space.id}/contents/${item.id}/`, { name: 'Moved?' }, as(owner, hub));
    expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: ITEM_NOT_FOUND });
    expect((await contentRow(server, item.id))!.name).toBe('other.txt');
  });
});

describe('DELETE spaces/{id}/contents/{content_id}/', () => {
  const exists = async (key: string) => (await server.storage.stat(key)) !== null;

  it('removes the item, its rows and every file stored for it, and leaves other items alone', async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    await joinSpace(server, editor, hub, space);
    const place = { hub, space, by: owner };
    const item = await insertContent(server, place, {
      kind: 'email', file: 'raw message', name: 'Minutes.eml',
      details: { email: { subject: 's', from: 'f', to: 't', cc: '', date: null, attachments: [0, 1].map((index) => ({ index, name: `a${index}`, size_bytes: 1, mime_type: 'text/plain' })) } },
    });
    const derived = ['thumb.webp', 'preview.webp', 'body.html', 'att-0', 'att-1'].map((suffix) => `${item.id}.${suffix}`);
    for (const key of derived) await storeObject(server, key, 'x');
    await insertRows(server, item, [['a'], ['b']]);
    const neighbour = await insertContent(server, place, { file: 'keep me' });

    const res = await server.request('DELETE', `spaces/${space.id}/contents/${item.id}/`, as(editor, hub));
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { data: null, message: 'Minutes.eml is deleted.' } });
    expect(await contentRow(server, item.id)).toBeUndefined();
    expect(await server.db.select().from(contentRows).where(eq(contentRows.contentId, item.id))).toEqual([]);
    for (const key of [item.id, ...derived]) expect({ key, stored: await exists(key) }).toEqual({ key, stored: false });
    expect(await exists(neighbour.id)).toBe(true);
    expect((await server.get(`spaces/${space.id}/contents/${item.id}/`, as(editor, hub))).body).toEqual(ITEM_NOT_FOUND);
    // Deleting it again: it is gone.
    expect((await server.request('DELETE', `spaces/${space.id}/contents/${item.id}/`, as(editor, hub))).status).toBe(404);
  });

  it('deletes an item whose files were never stored (a note, a failed upload)', async () => {
    const { hub, owner } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    const note = await insertContent(server, { hub, space, by: owner }, { kind: 'general', source: 'note' });
    const failed = await insertContent(server, { hub, space, by: owner }, { status: 'failed', storageKey: null });
    for (const item of [note, failed]) {
      expect((await server.request('DELETE', `spaces/${space.id}/contents/${item.id}/`, as(owner, hub))).status).toBe(200);
    }
  });

  it('refuses a viewer (403) and an archived space (422), and keeps the item and its file', async () => {
    const { hub, owner, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    const item = await insertContent(server, { hub, space, by: owner }, { file: 'precious' });
    const path = `spaces/${space.id}/contents/${item.id}/`;
    const refused = await server.request('DELETE', path, as(viewer, hub));
    expect({ status: refused.status, code: (refused.body as unknown as ErrorBody).code }).toEqual({ status: 403, code: 'forbidden' });
    await archive(space.id);
    const archived = await server.request('DELETE', path, as(owner, hub));
    expect({ status: archived.status, body: archived.body }).toEqual({ status: 422, body: ARCHIVED });
    expect(await contentRow(server, item.id)).toBeDefined();
    expect(await exists(item.id)).toBe(true);
  });

  it('answers 404 to a hub member outside the private space, and to another hub', async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const away = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub, { visibility: 'private' });
    const item = await insertContent(server, { hub, space, by: owner }, { file: 'private' });
    const path = `spaces/${space.id}/contents/${item.id}/`;
    expect((await server.request('DELETE', path, as(editor, hub))).body).toEqual(SPACE_NOT_FOUND);
    expect((await server.request('DELETE', path, as(away.owner, away.hub))).body).toEqual(SPACE_NOT_FOUND);
    expect(await exists(item.id)).toBe(true);
  });
});
