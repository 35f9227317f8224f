import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_RECENT_LIMIT, homeSchema, type Home } from '../../../lib/contract/home';
import type { MyHub } from '../../../lib/contract/hubs';
import type { Space } from '../../../lib/contract/spaces';
import { contents, spaceMemberships } from '../../db/schema';
import { refusedAuthorizations } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/harness';
import { openSignalling } from '../../test/signalling-client';
import { as, createSpace, hubWithPeople, type HubWithPeople, type Person } from '../spaces/space-test-kit';

/*
 * GET home/: items written straight into `contents` (each changed a minute
 * after the last), meetings entered through the signalling socket.
 */

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

let changed = 0;
/** An item in `space`, changed a minute after the one added before it. */
async function addItem(hub: MyHub, space: Space, name: string): Promise<string> {
  const at = new Date(Date.UTC(2025, 0, 1) + ++changed * 60_000);
  const [row] = await server.db.insert(contents).values({
    hubId: hub.id, spaceId: space.id, kind: 'document', source: 'upload', name, status: 'ready', createdAt: at, updatedAt: at,
  }).returning({ id: contents.id });
  return row!.id;
}

async function home(person: Person, hub: MyHub): Promise<Home> {
  const res = await server.get<{ data: Home }>('home/', as(person, hub));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return homeSchema.parse(res.body.data);
}

const names = (page: Home) => page.recent_contents.map((item) => item.name);

describe('GET home/', () => {
  let world: HubWithPeople;
  let everyone: Space;
  let shared: Space;
  let privateSpace: Space;
  let other: HubWithPeople;

  beforeAll(async () => {
    world = await hubWithPeople(server);
    everyone = await createSpace(server, world.owner, world.hub, { name: 'Everyone room', visibility: 'public' });
    shared = await createSpace(server, world.owner, world.hub, { name: 'Shared room', visibility: 'shared' });
    privateSpace = await createSpace(server, world.editor, world.hub, { name: 'Editor private room', visibility: 'private' });
    await server.db.insert(spaceMemberships).values({ hubId: world.hub.id, spaceId: shared.id, userId: world.viewer.user.id, role: 'viewer' });
    other = await hubWithPeople(server);
    const theirs = await createSpace(server, other.owner, other.hub, { name: 'Their room', visibility: 'public' });
    await addItem(other.hub, theirs, 'Their plan');
    await addItem(world.hub, everyone, 'Open plan');
    await addItem(world.hub, shared, 'Shared plan');
    await addItem(world.hub, privateSpace, 'Private plan');
  });

  it('answers 401 without a valid session', async () => {
    for (const { name, authorization } of await refusedAuthorizations(server)) {
      const res = await server.get('home/', { authorization, hubHandle: world.hub.domain_handle });
      expect(res.status, name).toBe(401);
    }
  });

  it('answers 404 to a member of another hub naming this one', async () => {
    const res = await server.get('home/', as(other.owner, world.hub));
    expect(res.status).toBe(404);
  });

  it('lists the items changed last first, from spaces the person may read, and never another hub’s', async () => {
    const page = await home(world.viewer, world.hub);
    expect(names(page)).toEqual(['Shared plan', 'Open plan']);
    expect(page.recent_contents[0]).toMatchObject({ kind: 'document', status: 'ready', space: { id: shared.id, name: 'Shared room' } });
    expect(page.space_count).toBe(2);
    expect(names(await home(other.owner, other.hub))).toEqual(['Their plan']);
  });

  it('shows a private space’s items only to those who see it', async () => {
    expect(names(await home(world.editor, world.hub))).toEqual(['Private plan', 'Open plan']);
    // The hub owner sees private spaces; a shared one only as its member (the owner created this one, so is).
    expect(names(await home(world.owner, world.hub))).toEqual(['Private plan', 'Shared plan', 'Open plan']);
  });

  it('leaves out archived spaces and keeps to the latest few', async () => {
    const fresh = await hubWithPeople(server);
    const kept = await createSpace(server, fresh.owner, fresh.hub, { name: 'Kept' });
    const archived = await createSpace(server, fresh.owner, fresh.hub, { name: 'Old' });
    for (let i = 1; i <= HOME_RECENT_LIMIT + 2; i++) await addItem(fresh.hub, kept, `Item ${i}`);
    await addItem(fresh.hub, archived, 'Archived item');
    const res = await server.post(`spaces/${archived.id}/archive/`, {}, as(fresh.owner, fresh.hub));
    expect(res.status).toBe(200);
    const page = await home(fresh.owner, fresh.hub);
    expect(names(page)).toEqual(Array.from({ length: HOME_RECENT_LIMIT }, (_, i) => `Item ${HOME_RECENT_LIMIT + 2 - i}`));
    expect(page.space_count).toBe(1);
  });

  it('lists meetings with someone in them that the person may join, with who is there', async () => {
    const start = (body: Record<string, unknown>) =>
      server.post<{ data: { code: string } }>('meetings/', body, as(world.owner, world.hub)).then((r) => r.body.data.code);
    const open = await start({});
    const inShared = await start({ space_id: shared.id });
    const empty = await start({});
    const clients = await Promise.all([open, inShared].map(async (code) => {
      const client = await openSignalling(server);
      await client.join(world.owner.token, code);
      return client;
    }));
    try {
      const seenByViewer = await home(world.viewer, world.hub);
      expect(seenByViewer.live_meetings.map((m) => m.code)).toEqual([inShared, open]);
      expect(seenByViewer.live_meetings[0]).toMatchObject({
        space: { id: shared.id, name: 'Shared room' },
        participant_count: 1,
        participants: [{ id: world.owner.user.id, name: 'Hub Owner' }],
      });
      expect(seenByViewer.live_meetings.map((m) => m.code)).not.toContain(empty);
      // The shared space's meeting is not the hub editor's to join: they are not in that space.
      expect((await home(world.editor, world.hub)).live_meetings.map((m) => m.code)).toEqual([open]);
      expect((await home(other.owner, other.hub)).live_meetings).toEqual([]);
    } finally {
      for (const client of clients) client.close();
    }
  });
});
