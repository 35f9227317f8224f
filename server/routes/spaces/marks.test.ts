import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { spaceMarks, spaceMemberships, spaces } from '../../db/schema';
import { refusedAuthorizations } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, createSpace, hubWithPeople, listAll, type ErrorBody, type SpaceBody } from './space-test-kit';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const visitOf = async (userId: string, spaceId: string) =>
  (await server.db.select().from(spaceMarks).where(and(eq(spaceMarks.userId, userId), eq(spaceMarks.spaceId, spaceId))))[0]?.visitedAt ?? null;

describe('PUT and DELETE spaces/:id/star/', () => {
  it("stars and unstars a space for the caller alone, and the space's views say so", async () => {
    const { hub, owner, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);

    const starred = await server.request<SpaceBody>('PUT', `spaces/${space.id}/star/`, as(viewer, hub));
    expect(starred.status).toBe(200);
    expect(starred.body.data).toMatchObject({ id: space.id, starred: true });
    // Starring again keeps the star.
    expect((await server.request<SpaceBody>('PUT', `spaces/${space.id}/star/`, as(viewer, hub))).body.data.starred).toBe(true);
    expect((await server.get<SpaceBody>(`spaces/${space.id}/`, as(viewer, hub))).body.data.starred).toBe(true);
    expect((await listAll(server, viewer, hub)).find((s) => s.id === space.id)?.starred).toBe(true);
    // Another person's star is theirs.
    expect((await server.get<SpaceBody>(`spaces/${space.id}/`, as(owner, hub))).body.data.starred).toBe(false);

    const unstarred = await server.request<SpaceBody>('DELETE', `spaces/${space.id}/star/`, as(viewer, hub));
    expect(unstarred.status).toBe(200);
    expect(unstarred.body.data.starred).toBe(false);
    expect((await server.request<SpaceBody>('DELETE', `spaces/${space.id}/star/`, as(viewer, hub))).status).toBe(200);
  });

  it('answers 401 without a valid session', async () => {
    const { hub, owner } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    for (const { name, authorization } of await refusedAuthorizations(server)) {
      for (const method of ['PUT', 'DELETE']) {
        const res = await server.request(method, `spaces/${space.id}/star/`, { authorization, hubHandle: hub.domain_handle });
        expect({ name, method, status: res.status }).toEqual({ name, method, status: 401 });
      }
    }
  });

  it("answers 404 for a space the caller cannot see, another hub's space and a made-up id", async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const other = await hubWithPeople(server);
    const hidden = await createSpace(server, owner, hub, { visibility: 'private' });
    const shared = await createSpace(server, owner, hub, { visibility: 'shared' });
    const elsewhere = await createSpace(server, other.owner, other.hub);
    const tries = [
      [editor, hub, hidden.id], [editor, hub, shared.id], [editor, hub, elsewhere.id], [editor, hub, 'not-an-id'],
      // A member of the other hub naming this hub's space, from their own hub and from this one.
      [other.owner, other.hub, hidden.id], [other.owner, hub, hidden.id],
    ] as const;
    for (const [person, inHub, id] of tries) {
      const res = await server.request<ErrorBody>('PUT', `spaces/${id}/star/`, as(person, inHub));
      expect({ id, status: res.status, code: res.body.code }).toEqual({ id, status: 404, code: 'not_found' });
    }
    expect(await server.db.select().from(spaceMarks).where(eq(spaceMarks.userId, editor.user.id))).toEqual([]);
  });
});

describe('visits noted by GET spaces/:id/', () => {
  it('notes the visit once a minute at most, and answers with the visit before it', async () => {
    const { hub, owner, viewer } = await hubWithPeople(server);
    const space = await createSpace(server, owner, hub);
    const first = await server.get<SpaceBody>(`spaces/${space.id}/`, as(viewer, hub));
    expect(first.body.data.visited_at).toBeNull();
    const noted = await visitOf(viewer.user.id, space.id);
    expect(noted).toBeInstanceOf(Date);

    const again = await server.get<SpaceBody>(`spaces/${space.id}/`, as(viewer, hub));
    expect(again.body.data.visited_at).toBe(noted!.toISOString());
    expect(await visitOf(viewer.user.id, space.id)).toEqual(noted);

    // Two minutes later the next read notes a new visit.
    const earlier = new Date(Date.now() - 120_000);
    await server.db.update(spaceMarks).set({ visitedAt: earlier }).where(eq(spaceMarks.userId, viewer.user.id));
    await server.get(`spaces/${space.id}/`, as(viewer, hub));
    expect((await visitOf(viewer.user.id, space.id))!.getTime()).toBeGreaterThan(earlier.getTime());
  });

  it("notes nothing for a space the caller may not see", async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const hidden = await createSpace(server, owner, hub, { visibility: 'shared' });
    expect((await server.get(`spaces/${hidden.id}/`, as(editor, hub))).status).toBe(404);
    expect(await visitOf(editor.user.id, hidden.id)).toBeNull();
  });
});

describe('GET spaces/?order=marks', () => {
  it('lists starred spaces by name, then opened ones last first, then the rest by name; only what the caller sees', async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    // Straight in the database: more spaces than the free plan lets one create.
    const make = async (name: string, visibility: 'public' | 'shared' = 'public') => (await server.db.insert(spaces)
      .values({ hubId: hub.id, name, visibility, createdBy: owner.user.id }).returning())[0]!;
    const zebra = await make('Zebra');
    const apple = await make('apple');
    const mango = await make('Mango');
    const kiwi = await make('Kiwi');
    await make('Banana');
    const cherry = await make('Cherry', 'shared');
    await make('Hidden', 'shared');
    await server.db.insert(spaceMemberships).values({ hubId: hub.id, spaceId: cherry.id, userId: editor.user.id, role: 'viewer' });

    for (const space of [zebra, apple]) await server.request('PUT', `spaces/${space.id}/star/`, as(editor, hub));
    await server.get(`spaces/${kiwi.id}/`, as(editor, hub));
    await server.db.update(spaceMarks).set({ visitedAt: new Date(Date.now() - 60_000) })
      .where(and(eq(spaceMarks.userId, editor.user.id), eq(spaceMarks.spaceId, kiwi.id)));
    await server.get(`spaces/${mango.id}/`, as(editor, hub));
    // Opening a starred space keeps it with the starred ones.
    await server.get(`spaces/${zebra.id}/`, as(editor, hub));

    const names = async (query: string) => (await listAll(server, editor, hub, query)).map((s) => s.name);
    expect(await names('&order=marks')).toEqual(['apple', 'Zebra', 'Mango', 'Kiwi', 'Banana', 'Cherry']);
    expect(await names('&order=marks&search=an')).toEqual(['Mango', 'Banana']);
    // Other people's marks do not move anything.
    expect((await listAll(server, owner, hub, '&order=marks')).map((s) => s.name))
      .toEqual(['apple', 'Banana', 'Kiwi', 'Mango', 'Zebra']);
  });

  it('pages the side bar order without overlap', async () => {
    const { hub, owner, viewer } = await hubWithPeople(server);
    const made = [];
    for (const name of ['One', 'Two', 'Three']) made.push(await createSpace(server, owner, hub, { name }));
    await server.request('PUT', `spaces/${made[2]!.id}/star/`, as(viewer, hub));
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await server.get<{ data: Array<{ name: string }> }>(`spaces/?order=marks&page_size=1&page=${page}`, as(viewer, hub));
      pages.push(res.body.data.map((s) => s.name));
    }
    expect(pages).toEqual([['Three'], ['One'], ['Two']]);
  });

  it('refuses an unknown order (400)', async () => {
    const { hub, viewer } = await hubWithPeople(server);
    expect((await server.get(`spaces/?order=stars`, as(viewer, hub))).status).toBe(400);
  });
});
