import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyHub } from '../../../lib/contract/hubs';
import type { SpacesAndPeople } from '../../../lib/contract/search';
import { memberships, subscriptions } from '../../db/schema';
import { createUser } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/harness';
import {
  addHubMember, addToSpace, as, createSpace, hubWithPeople, type ErrorBody, type HubWithPeople, type Person,
} from '../spaces/space-test-kit';

/* GET search/spaces-and-people/: what the header's search box shows above the items it finds. */

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const path = (q: string) => `search/spaces-and-people/?${new URLSearchParams({ q })}`;

async function find(person: Person, hub: MyHub, q: string): Promise<SpacesAndPeople> {
  const res = await server.get<{ data: SpacesAndPeople }>(path(q), as(person, hub));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const spaceNames = (found: SpacesAndPeople) => found.spaces.map((space) => space.name);
const peopleNames = (found: SpacesAndPeople) => found.people.map((person) => person.name);

describe('GET search/spaces-and-people/', () => {
  let world: HubWithPeople;
  let other: HubWithPeople;
  beforeAll(async () => {
    world = await hubWithPeople(server);
    other = await hubWithPeople(server);
    await createSpace(server, world.owner, world.hub, { name: 'Engine Team', description: 'Torque and gearboxes' });
    await createSpace(server, world.owner, world.hub, { name: 'Marketing', description: 'Launch plans for the engine' });
    await createSpace(server, world.owner, world.hub, { name: 'Reengineering' });
    await createSpace(server, other.owner, other.hub, { name: 'Engine Secrets' });
  });

  it('finds spaces by the start of a word of their name or description, names that start with it first', async () => {
    expect(spaceNames(await find(world.viewer, world.hub, 'eng'))).toEqual(['Engine Team', 'Marketing']);
    expect(spaceNames(await find(world.viewer, world.hub, 'engine te'))).toEqual(['Engine Team']);
    expect(spaceNames(await find(world.viewer, world.hub, 'gearbox'))).toEqual(['Engine Team']);
    expect((await find(world.viewer, world.hub, 'eng')).spaces[0]).toEqual({
      id: expect.any(String), name: 'Engine Team', description: 'Torque and gearboxes',
    });
  });

  it('finds members of the hub by the start of a word of their name or of their email', async () => {
    const ana = await createUser(server, { name: 'Ana de la Cruz', email: `ana.cruz.${Date.now()}@example.com` });
    await server.db.insert(memberships).values({ hubId: world.hub.id, userId: ana.user.id, role: 'editor' });
    await addHubMember(server, other.hub, 'viewer', 'Ana Outsider');
    expect(await find(world.viewer, world.hub, 'cruz')).toMatchObject({
      people: [{ user_id: ana.user.id, name: 'Ana de la Cruz', email: ana.user.email, role: 'editor' }],
    });
    expect(peopleNames(await find(world.viewer, world.hub, 'ana'))).toEqual(['Ana de la Cruz']);
    expect(peopleNames(await find(world.viewer, world.hub, 'ana.cru'))).toEqual(['Ana de la Cruz']);
    expect(peopleNames(await find(world.viewer, world.hub, 'hub'))).toEqual(['Hub Editor', 'Hub Owner', 'Hub Viewer']);
  });

  it('never shows a person outside the hub, whatever is typed: no account is given away', async () => {
    const stranger = await createUser(server, { name: 'Zebulon Stranger', email: `zebulon.${Date.now()}@elsewhere.test` });
    for (const q of ['zebulon', 'stranger', stranger.email, 'zebulon.']) {
      expect(await find(world.owner, world.hub, q)).toEqual({ spaces: [], people: [] });
    }
  });

  it('shows a shared space only to its members and a private one only to its maker (and the hub owner), never an archived one', async () => {
    const world = await hubWithPeople(server);
    const shared = await createSpace(server, world.owner, world.hub, { name: 'Walrus Shared', visibility: 'shared' });
    await createSpace(server, world.editor, world.hub, { name: 'Walrus Private', visibility: 'private' });
    const archived = await createSpace(server, world.owner, world.hub, { name: 'Walrus Archive' });
    expect((await server.post(`spaces/${archived.id}/archive/`, {}, as(world.owner, world.hub))).status).toBe(200);

    expect(spaceNames(await find(world.viewer, world.hub, 'walrus'))).toEqual([]);
    expect(spaceNames(await find(world.editor, world.hub, 'walrus'))).toEqual(['Walrus Private']);
    expect(spaceNames(await find(world.owner, world.hub, 'walrus'))).toEqual(['Walrus Private', 'Walrus Shared']);
    await addToSpace(server, world.owner, world.hub, shared, world.viewer, 'viewer');
    expect(spaceNames(await find(world.viewer, world.hub, 'walrus'))).toEqual(['Walrus Shared']);
  });

  it("never shows another hub's spaces or people, and refuses that hub's handle to a non-member", async () => {
    const found = await find(world.owner, world.hub, 'engine');
    expect(spaceNames(found)).not.toContain('Engine Secrets');
    const res = await server.get<ErrorBody>(path('engine'), as(world.owner, other.hub));
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('Engine Secrets');
  });

  it('reads what is typed as plain text, caps each list at five, and asks for something to look for', async () => {
    const world = await hubWithPeople(server);
    // Room for more spaces than the list shows.
    await server.db.update(subscriptions).set({ planCode: 'business' }).where(eq(subscriptions.hubId, world.hub.id));
    for (let n = 0; n < 7; n += 1) await createSpace(server, world.owner, world.hub, { name: `Pelican ${n}` });
    expect((await find(world.owner, world.hub, 'pelican')).spaces).toHaveLength(5);
    for (const q of ['%', '_', '.*', '(', '\\', "'"]) expect(await find(world.owner, world.hub, q)).toEqual({ spaces: [], people: [] });
    const empty = await server.get<ErrorBody>(path(' '), as(world.owner, world.hub));
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.q).toEqual(['Please enter what to search for']);
  });

  it('needs a signed-in caller', async () => {
    expect((await server.get(path('engine'), { hubHandle: world.hub.domain_handle })).status).toBe(401);
  });
});
