import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, spaceMemberships, spaces, users } from '../../db/schema';
import type { User } from '../../../lib/contract/auth';
import type { Member } from '../../../lib/contract/members';
import type { MyHub, HubPreview } from '../../../lib/contract/hubs';
import { createHub, createUser } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/harness';
import { addMember, createStaffedHub, itGuardsHubEndpoint, type StaffedHub } from './members-cases';

let server: TestServer;
let staffed: StaffedHub;
beforeAll(async () => {
  server = await startTestServer();
  staffed = await createStaffedHub(server);
});
afterAll(async () => { await server.close(); });

interface ListBody { data: Member[]; count: number; page: number; page_size: number }
interface Body<T> { data: T; message?: string; code?: string; errors?: Record<string, string[]> }
const as = (person: { token: string }, hub: MyHub) => ({ token: person.token, hubHandle: hub.domain_handle });
const membersPath = (hub: MyHub, userId = '') => `organizations/${hub.domain_handle}/members/${userId ? `${userId}/` : ''}`;
const membershipOf = async (hubId: string, userId: string) =>
  (await server.db.select().from(memberships)
    .where(and(eq(memberships.hubId, hubId), eq(memberships.userId, userId))))[0];

describe('GET organizations/{handle}/members/', () => {
  it('lists the members oldest first, with role, profile role and join date, to any member', async () => {
    const res = await server.get<ListBody>(membersPath(staffed.hub), as(staffed.viewer, staffed.hub));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 3, page: 1, page_size: 10 });
    expect(res.body.data.map((m) => [m.name, m.role])).toEqual([
      ['Olive Owner', 'owner'], ['Eddie Editor', 'editor'], ['Vera Viewer', 'viewer'],
    ]);
    expect(res.body.data[0]).toEqual({
      user_id: staffed.owner.user.id, name: 'Olive Owner', email: staffed.owner.email, role: 'owner',
      // Drawn as everywhere else: their colour, and no photo yet.
      colour: expect.stringMatching(/^#[0-9A-Fa-f]{6}$/), photo_url: null,
      profile_role: 'software_engineer', joined_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      // Who has two-factor sign-in is for the hub's owners.
      two_factor: null,
      // The hub's only owner: told so before anyone tries to lower their role or they try to leave.
      only_owner: true,
      abilities: { change_role: false, remove: false },
    });
    expect(res.body.data.slice(1).map((m) => m.only_owner)).toEqual([false, false]);
  });

  it('gives each member’s photo address once they have one, as their own user view does', async () => {
    const s = await createStaffedHub(server);
    const key = `photo-${s.viewer.user.id.replace(/-/g, '')}-${'a'.repeat(32)}`;
    await server.db.update(users).set({ photoKey: key, colour: '#0E7C66' }).where(eq(users.id, s.viewer.user.id));
    const res = await server.get<ListBody>(membersPath(s.hub), as(s.owner, s.hub));
    const viewer = res.body.data.find((m) => m.user_id === s.viewer.user.id);
    expect(viewer).toMatchObject({ colour: '#0E7C66', photo_url: `/api/v1/auth/photos/${key}/` });
  });

  it('pages, with a full page meaning there may be more', async () => {
    const s = await createStaffedHub(server);
    for (let i = 0; i < 9; i++) await addMember(server, s.hub, 'viewer');
    const first = await server.get<ListBody>(`${membersPath(s.hub)}?page=1&page_size=5`, as(s.owner, s.hub));
    const third = await server.get<ListBody>(`${membersPath(s.hub)}?page=3&page_size=5`, as(s.owner, s.hub));
    expect(first.body).toMatchObject({ count: 12, page: 1, page_size: 5 });
    expect(first.body.data).toHaveLength(5);
    expect(third.body.data).toHaveLength(2);
    const all = await server.get<ListBody>(`${membersPath(s.hub)}?page_size=100`, as(s.owner, s.hub));
    expect(new Set(all.body.data.map((m) => m.user_id)).size).toBe(12);
  });

  it('searches name and email, case-insensitively, treating % and _ as plain characters', async () => {
    const s = await createStaffedHub(server);
    const percent = await addMember(server, s.hub, 'viewer', { name: '100% Ravi_K' });
    await addMember(server, s.hub, 'viewer', { name: '1000 RaviXK' });
    const search = async (q: string) =>
      (await server.get<ListBody>(`${membersPath(s.hub)}?${new URLSearchParams({ search: q })}`, as(s.owner, s.hub))).body;
    expect((await search('olive')).data.map((m) => m.name)).toEqual(['Olive Owner']);
    expect((await search('ACME.TEST')).data.map((m) => m.name)).toEqual(['Olive Owner']);
    expect((await search('%')).data.map((m) => m.user_id)).toEqual([percent.user.id]);
    expect((await search('i_k')).data.map((m) => m.user_id)).toEqual([percent.user.id]);
    expect((await search('nobody-here')).count).toBe(0);
    expect((await search('  ')).count).toBe(5);
  });

  it('never lists members of another hub', async () => {
    const res = await server.get<ListBody>(`${membersPath(staffed.hub)}?search=Otto`, as(staffed.owner, staffed.hub));
    expect(res.body).toMatchObject({ count: 0, data: [] });
  });

  it('refuses a bad page size and an over-long search with a message', async () => {
    const big = await server.get<Body<null>>(`${membersPath(staffed.hub)}?page_size=101`, as(staffed.owner, staffed.hub));
    expect(big.status).toBe(400);
    expect(big.body.errors).toHaveProperty('page_size');
    const long = await server.get<Body<null>>(`${membersPath(staffed.hub)}?search=${'x'.repeat(101)}`, as(staffed.owner, staffed.hub));
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ search: ['Search must be up to 100 characters'] });
  });

  itGuardsHubEndpoint({
    server: () => server,
    staffed: () => staffed,
    call: (s, auth) => server.get(membersPath(s.hub), auth),
    forbiddenFor: [],
  });
});

describe('PATCH organizations/{handle}/members/{user_id}/', () => {
  it("lets the owner change a member's role", async () => {
    const s = await createStaffedHub(server);
    const res = await server.patch<Body<Member>>(membersPath(s.hub, s.viewer.user.id), { role: 'editor' }, as(s.owner, s.hub));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user_id: s.viewer.user.id, role: 'editor' });
    expect((await membershipOf(s.hub.id, s.viewer.user.id))?.role).toBe('editor');
  });

  it('refuses to demote the last owner, and allows it once there is another owner', async () => {
    const s = await createStaffedHub(server);
    const res = await server.patch<Body<Member>>(membersPath(s.hub, s.owner.user.id), { role: 'editor' }, as(s.owner, s.hub));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ code: 'last_owner', message: 'A hub needs an owner: make another member owner before changing this role.' });
    expect((await membershipOf(s.hub.id, s.owner.user.id))?.role).toBe('owner');

    const promoted = await server.patch<Body<Member>>(membersPath(s.hub, s.editor.user.id), { role: 'owner' }, as(s.owner, s.hub));
    // Two owners now: neither is the only one.
    expect(promoted.body.data).toMatchObject({ role: 'owner', only_owner: false });
    const now = await server.patch<Body<Member>>(membersPath(s.hub, s.owner.user.id), { role: 'viewer' }, as(s.owner, s.hub));
    expect(now.status).toBe(200);
    expect((await membershipOf(s.hub.id, s.owner.user.id))?.role).toBe('viewer');
  });

  it('leaves exactly one owner when two owners demote each other at once', async () => {
    const s = await createStaffedHub(server);
    await server.db.update(memberships).set({ role: 'owner' })
      .where(and(eq(memberships.hubId, s.hub.id), eq(memberships.userId, s.editor.user.id)));
    const results = await Promise.all([
      server.patch(membersPath(s.hub, s.editor.user.id), { role: 'viewer' }, as(s.owner, s.hub)),
      server.patch(membersPath(s.hub, s.owner.user.id), { role: 'viewer' }, as(s.editor, s.hub)),
    ]);
    // The loser is refused either as no longer an owner (403) or as the last one (422), depending on timing.
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 422]).toContain(statuses[1]);
    const owners = (await server.db.select().from(memberships).where(eq(memberships.hubId, s.hub.id))).filter((m) => m.role === 'owner');
    expect(owners).toHaveLength(1);
  });

  it('refuses an unknown role with a message, and answers 404 for non-members', async () => {
    const bad = await server.patch<Body<null>>(membersPath(staffed.hub, staffed.viewer.user.id), { role: 'admin' }, as(staffed.owner, staffed.hub));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ role: ['Please choose a role'] });
    for (const id of [staffed.outsider.user.id, 'x', "1' or '1'='1"]) {
      const res = await server.patch<Body<null>>(membersPath(staffed.hub, encodeURIComponent(id)), { role: 'editor' }, as(staffed.owner, staffed.hub));
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: 'That member was not found.', code: 'not_found' });
    }
    expect((await membershipOf(staffed.outsiderHub.id, staffed.outsider.user.id))?.role).toBe('owner');
  });

  itGuardsHubEndpoint({
    server: () => server,
    staffed: () => staffed,
    call: (s, auth) => server.patch(membersPath(s.hub, s.viewer.user.id), { role: 'editor' }, auth),
    forbiddenFor: ['viewer', 'editor'],
  });
});

describe('DELETE organizations/{handle}/members/{user_id}/', () => {
  it('removes the member from the hub and its spaces, and clears their active hub', async () => {
    const s = await createStaffedHub(server);
    const [space] = await server.db.insert(spaces).values({ hubId: s.hub.id, name: 'Lab', visibility: 'shared' }).returning();
    await server.db.insert(spaceMemberships).values({ spaceId: space!.id, userId: s.editor.user.id, hubId: s.hub.id, role: 'editor' });
    const elsewhere = await createHub(server, s.outsider.token);
    await server.db.insert(memberships).values({ hubId: elsewhere.id, userId: s.editor.user.id, role: 'viewer' });
    await server.db.update(users).set({ activeHubId: s.hub.id }).where(eq(users.id, s.editor.user.id));

    const res = await server.request<Body<null>>('DELETE', membersPath(s.hub, s.editor.user.id), as(s.owner, s.hub));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null, message: 'Member removed.' });
    expect(await membershipOf(s.hub.id, s.editor.user.id)).toBeUndefined();
    expect(await server.db.select().from(spaceMemberships).where(eq(spaceMemberships.userId, s.editor.user.id))).toEqual([]);
    const [editor] = await server.db.select().from(users).where(eq(users.id, s.editor.user.id));
    expect(editor!.activeHubId).toBeNull();
    expect(await membershipOf(elsewhere.id, s.editor.user.id)).toBeDefined();
    const after = await server.get(membersPath(s.hub), as(s.editor, s.hub));
    expect(after.status).toBe(404);
  });

  it('refuses to remove the last owner', async () => {
    const res = await server.request<Body<null>>('DELETE', membersPath(staffed.hub, staffed.owner.user.id), as(staffed.owner, staffed.hub));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('last_owner');
    expect(await membershipOf(staffed.hub.id, staffed.owner.user.id)).toBeDefined();
  });

  it("answers 404 for another hub's member", async () => {
    const res = await server.request<Body<null>>('DELETE', membersPath(staffed.hub, staffed.outsider.user.id), as(staffed.owner, staffed.hub));
    expect(res.status).toBe(404);
    expect(await membershipOf(staffed.outsiderHub.id, staffed.outsider.user.id)).toBeDefined();
  });

  itGuardsHubEndpoint({
    server: () => server,
    staffed: () => staffed,
    call: (s, auth) => server.request('DELETE', membersPath(s.hub, s.viewer.user.id), auth),
    forbiddenFor: ['viewer', 'editor'],
  });
});

describe('POST organizations/{handle}/leave/', () => {
  it('lets a member leave; the hub is gone from their view and is no longer active', async () => {
    const s = await createStaffedHub(server);
    await server.db.update(users).set({ activeHubId: s.hub.id }).where(eq(users.id, s.viewer.user.id));
    const res = await server.post<Body<User>>(`organizations/${s.hub.domain_handle}/leave/`, {}, as(s.viewer, s.hub));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ organizations: [], active_organization: null, current_step: 'organization' });
    expect(await membershipOf(s.hub.id, s.viewer.user.id)).toBeUndefined();
    const [viewer] = await server.db.select().from(users).where(eq(users.id, s.viewer.user.id));
    expect(viewer!.activeHubId).toBeNull();
  });

  it('refuses the last owner, and lets an owner leave once another owner exists', async () => {
    const s = await createStaffedHub(server);
    const res = await server.post<Body<null>>(`organizations/${s.hub.domain_handle}/leave/`, {}, as(s.owner, s.hub));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ code: 'last_owner', message: 'You are the only owner of this hub: make another member owner before leaving.' });
    await server.patch(membersPath(s.hub, s.editor.user.id), { role: 'owner' }, as(s.owner, s.hub));
    const again = await server.post(`organizations/${s.hub.domain_handle}/leave/`, {}, as(s.owner, s.hub));
    expect(again.status).toBe(200);
  });

  itGuardsHubEndpoint({
    server: () => server,
    staffed: () => staffed,
    call: (s, auth) => server.post(`organizations/${s.hub.domain_handle}/leave/`, {}, auth),
    forbiddenFor: [],
  });
});

describe('GET organizations/{handle}/preview/', () => {
  it('shows a public hub to anyone signed in, saying whether they are a member', async () => {
    const s = await createStaffedHub(server, { visibility: 'public' });
    const stranger = await createUser(server);
    const res = await server.get<Body<HubPreview>>(`organizations/${s.hub.domain_handle.toUpperCase()}/preview/`, { token: stranger.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: s.hub.id, name: s.hub.name, visibility: 'public', member_count: 3, is_member: false });
    const mine = await server.get<Body<HubPreview>>(`organizations/${s.hub.domain_handle}/preview/`, { token: s.viewer.token });
    expect(mine.body.data.is_member).toBe(true);
  });

  it('answers 404 for shared, unknown and archived hubs, like any missing hub', async () => {
    const stranger = await createUser(server);
    const archived = await createStaffedHub(server, { visibility: 'public' });
    await server.post(`organizations/${archived.hub.domain_handle}/archive/`, { confirm: archived.hub.domain_handle }, as(archived.owner, archived.hub));
    for (const handle of [staffed.hub.domain_handle, 'no-such-hub', archived.hub.domain_handle, '%00']) {
      const res = await server.get(`organizations/${handle}/preview/`, { token: stranger.token });
      expect(res.status, handle).toBe(404);
      expect(res.body).toEqual({ message: 'That hub was not found.', code: 'not_found' });
    }
    const member = await server.get(`organizations/${staffed.hub.domain_handle}/preview/`, { token: staffed.viewer.token });
    expect(member.status).toBe(404);
  });

  it('answers 401 without a valid token', async () => {
    const res = await server.get(`organizations/${staffed.hub.domain_handle}/preview/`, { authorization: 'JWT nope' });
    expect(res.status).toBe(401);
  });
});
