import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, spaceMemberships, spaces } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import {
  addToSpace, as, createSpace, hubWithPeople, listAll, SPACE_NOT_FOUND, type ErrorBody, type HubWithPeople,
  type SpacePage,
} from './space-test-kit';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

describe('GET spaces/ paging', () => {
  let world: HubWithPeople;
  let expected: string[];

  beforeAll(async () => {
    world = await hubWithPeople(server);
    // 23 spaces straight in the database (past the plan limit, which only guards creation), in
    // three bursts sharing one created_at each, so only the id tie-break keeps pages apart.
    const base = Date.now() - 60_000;
    const rows = Array.from({ length: 23 }, (_, i) => ({
      hubId: world.hub.id,
      name: `Bulk ${i}`,
      visibility: 'public',
      createdBy: world.owner.user.id,
      createdAt: new Date(base + Math.floor(i / 8) * 1000),
    }));
    const inserted = await server.db.insert(spaces).values(rows).returning({ id: spaces.id, createdAt: spaces.createdAt });
    expected = inserted
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((s) => s.id);
  });

  it('pages 10 at a time, newest first, with the total; more while a page comes back full', async () => {
    const seen: string[] = [];
    const sizes: number[] = [];
    for (let page = 1; ; page++) {
      const res = await server.get<SpacePage>(`spaces/?page=${page}`, as(world.viewer, world.hub));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ count: 23, page, page_size: 10 });
      seen.push(...res.body.data.map((s) => s.id));
      sizes.push(res.body.data.length);
      if (res.body.data.length < res.body.page_size) break;
    }
    expect(sizes).toEqual([10, 10, 3]);
    expect(seen).toEqual(expected);
  });

  it('answers an empty page past the end, and honours page_size', async () => {
    const past = await server.get<SpacePage>('spaces/?page=4', as(world.viewer, world.hub));
    expect(past.body).toEqual({ data: [], count: 23, page: 4, page_size: 10 });
    const big = await server.get<SpacePage>('spaces/?page_size=100', as(world.viewer, world.hub));
    expect(big.body.data.map((s) => s.id)).toEqual(expected);
  });

  it.each(['page=0', 'page=-1', 'page=abc', 'page_size=0', 'page_size=101', 'visibility=everyone', 'mine=yes', 'archived=1', `search=${'x'.repeat(101)}`])(
    'refuses %s (400)',
    async (query) => {
      const res = await server.get<ErrorBody>(`spaces/?${query}`, as(world.viewer, world.hub));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_error');
    },
  );
});

describe('GET spaces/ filters and search', () => {
  it('filters by visibility and by mine, and combines them', async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const pub = await createSpace(server, owner, hub, { visibility: 'public' });
    const sharedWithEditor = await createSpace(server, owner, hub, { visibility: 'shared' });
    await addToSpace(server, owner, hub, sharedWithEditor, editor, 'viewer');
    const own = await createSpace(server, editor, hub, { visibility: 'private' });
    await createSpace(server, owner, hub, { visibility: 'shared' });

    const ids = async (query: string) => (await listAll(server, editor, hub, query)).map((s) => s.id).sort();
    expect(await ids('')).toEqual([pub.id, sharedWithEditor.id, own.id].sort());
    expect(await ids('&visibility=public')).toEqual([pub.id]);
    expect(await ids('&visibility=shared')).toEqual([sharedWithEditor.id]);
    expect(await ids('&mine=true')).toEqual([sharedWithEditor.id, own.id].sort());
    expect(await ids('&mine=false')).toEqual([pub.id, sharedWithEditor.id, own.id].sort());
    expect(await ids('&mine=true&visibility=private')).toEqual([own.id]);
  });

  it('searches name and description case-insensitively, taking % and _ literally', async () => {
    const { hub, owner } = await hubWithPeople(server);
    const a = await createSpace(server, owner, hub, { name: 'Design Reviews' });
    const b = await createSpace(server, owner, hub, { name: 'Other', description: 'where we REVIEW code' });
    const c = await createSpace(server, owner, hub, { name: '100% done_ok' });
    await createSpace(server, owner, hub, { name: '100 percent doneXok' });

    const ids = async (search: string) =>
      (await listAll(server, owner, hub, `&search=${encodeURIComponent(search)}`)).map((s) => s.id).sort();
    expect(await ids('review')).toEqual([a.id, b.id].sort());
    expect(await ids('  REVIEWS ')).toEqual([a.id]);
    expect(await ids('0%')).toEqual([c.id]);
    expect(await ids('e_o')).toEqual([c.id]);
    expect(await ids('%')).toEqual([c.id]);
    expect(await ids('\\')).toEqual([]);
    expect(await ids('nothing like it')).toEqual([]);
    expect((await listAll(server, owner, hub, '&search=')).length).toBe(4);
  });

  it('lists only archived spaces the caller may see with archived=true', async () => {
    const { hub, owner, editor } = await hubWithPeople(server);
    const mine = await createSpace(server, editor, hub, { visibility: 'shared' });
    const theirs = await createSpace(server, owner, hub, { visibility: 'shared' });
    const live = await createSpace(server, editor, hub);
    for (const [person, space] of [[editor, mine], [owner, theirs]] as const) {
      expect((await server.post(`spaces/${space.id}/archive/`, {}, as(person, hub))).status).toBe(200);
    }
    expect((await listAll(server, editor, hub, '&archived=true')).map((s) => s.id)).toEqual([mine.id]);
    expect((await listAll(server, editor, hub, '&archived=false')).map((s) => s.id)).toEqual([live.id]);
  });

  it("never lists another hub's spaces, even for someone in both hubs", async () => {
    const first = await hubWithPeople(server);
    const second = await hubWithPeople(server);
    const here = await createSpace(server, first.owner, first.hub);
    const there = await createSpace(server, second.owner, second.hub);
    // The first hub's owner is a member of the second hub and of its space too.
    await server.db.insert(memberships).values({ hubId: second.hub.id, userId: first.owner.user.id, role: 'owner' });
    await server.db.insert(spaceMemberships).values({ spaceId: there.id, userId: first.owner.user.id, hubId: second.hub.id, role: 'owner' });
    expect((await listAll(server, first.owner, first.hub)).map((s) => s.id)).toEqual([here.id]);
    expect((await server.get(`spaces/${there.id}/`, as(first.owner, first.hub))).body).toEqual(SPACE_NOT_FOUND);
    expect((await server.post(`spaces/${there.id}/archive/`, {}, as(first.owner, first.hub))).body).toEqual(SPACE_NOT_FOUND);
    // In the second hub (by its Org-Handle) the same person sees that hub's space and only it.
    expect((await listAll(server, first.owner, second.hub)).map((s) => s.id)).toEqual([there.id]);
  });
});
