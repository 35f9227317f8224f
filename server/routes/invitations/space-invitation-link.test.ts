import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, memberships, spaceMemberships } from '../../db/schema';
import type { User } from '../../../lib/contract/auth';
import type { InvitationAcceptance, InvitationPreview, InviteResult } from '../../../lib/contract/invitations';
import type { MyHub } from '../../../lib/contract/hubs';
import type { Space } from '../../../lib/contract/spaces';
import { createUser } from '../../test/fixtures';
import { signUp, startTestServer, uniqueEmail, type TestServer } from '../../test/harness';
import { invitationTokenFor } from '../organizations/members-cases';
import { addHubMember, as, createSpace, hubWithPeople, type HubWithPeople } from '../spaces/space-test-kit';

let server: TestServer;
let home: HubWithPeople;
let space: Space;
beforeAll(async () => {
  server = await startTestServer();
  home = await hubWithPeople(server);
  space = await createSpace(server, home.owner, home.hub, { visibility: 'shared', name: 'Launch Plans' });
});
afterAll(async () => { await server.close(); });

interface Body<T> { data: T; message?: string; code?: string }
const invalidLink = {
  code: 'not_found',
  message: 'This invitation link is not valid. It may have expired, been used or been cancelled; ask for a new invitation.',
};

/** Invites `email` into `into` as the hub owner; the emailed token and the invitation id. */
async function inviteToSpace(email: string, role = 'editor', into: Space = space) {
  const res = await server.post<Body<InviteResult[]>>(`spaces/${into.id}/invitations/`, { emails: [email], role }, as(home.owner, home.hub));
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: await invitationTokenFor(server, email), id: res.body.data[0]!.invitation!.id };
}
const accept = (token: string, auth: { token: string }) =>
  server.post<Body<InvitationAcceptance>>(`invitations/${token}/accept/`, {}, auth);
const hubRoleOf = async (userId: string, hub: MyHub = home.hub) =>
  (await server.db.select().from(memberships).where(and(eq(memberships.hubId, hub.id), eq(memberships.userId, userId))))[0]?.role;
const spaceRoleOf = async (userId: string, spaceId = space.id) =>
  (await server.db.select().from(spaceMemberships)
    .where(and(eq(spaceMemberships.spaceId, spaceId), eq(spaceMemberships.userId, userId))))[0]?.role;

describe('GET invitations/{token}/ for a space invitation', () => {
  it('names the space with the hub, and the role in the space', async () => {
    const email = uniqueEmail('guests.test');
    const { token } = await inviteToSpace(email, 'editor');
    const res = await server.get<Body<InvitationPreview>>(`invitations/${token}/`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      organization: { name: home.hub.name, domain_handle: home.hub.domain_handle },
      space: { id: space.id, name: 'Launch Plans' },
      role: 'editor',
      email: 'u•••@guests.test',
      invited_by: 'Hub Owner',
    });
    expect(res.body.data).not.toHaveProperty('account_exists');
  });
});

describe('POST invitations/{token}/accept/ for a space invitation', () => {
  it('makes someone outside the hub a hub viewer and a space member with the invited role, once', async () => {
    const person = await createUser(server, { email: uniqueEmail('guests.test') });
    const { token, id } = await inviteToSpace(person.email, 'editor');
    const res = await accept(token, person);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      data: { id: home.hub.id, role: 'viewer', space: { id: space.id, name: 'Launch Plans' } },
      message: 'Welcome to Launch Plans.',
    });
    expect(await hubRoleOf(person.user.id)).toBe('viewer');
    expect(await spaceRoleOf(person.user.id)).toBe('editor');
    const me = await server.get<Body<User>>('auth/me/', { token: person.token });
    expect(me.body.data).toMatchObject({ current_step: 'completed', active_organization: { id: home.hub.id, role: 'viewer' } });
    const seen = await server.get<Body<Space>>(`spaces/${space.id}/`, as(person, home.hub));
    expect(seen.body.data).toMatchObject({ is_member: true, my_role: 'editor' });
    const [row] = await server.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row!.acceptedAt).not.toBeNull();

    const reuse = await accept(token, person);
    expect(reuse.status).toBe(404);
    expect(reuse.body).toEqual(invalidLink);
  });

  it('keeps the hub role of someone already in the hub and adds them to the space', async () => {
    const person = await addHubMember(server, home.hub, 'editor');
    const { token } = await inviteToSpace(person.user.email, 'viewer');
    const res = await accept(token, person);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ role: 'editor', space: { id: space.id } });
    expect(await hubRoleOf(person.user.id)).toBe('editor');
    expect(await spaceRoleOf(person.user.id)).toBe('viewer');
  });

  it('refuses another email (403), and expired, tampered, cancelled links (404), adding nobody', async () => {
    const email = uniqueEmail('guests.test');
    const { token } = await inviteToSpace(email);
    const intruder = await createUser(server);
    const mismatch = await accept(token, intruder);
    expect(mismatch.status).toBe(403);
    expect(mismatch.body.code).toBe('invitation_email_mismatch');

    const people = await Promise.all([0, 1, 2].map(() => createUser(server, { email: uniqueEmail('guests.test') })));
    const links = [];
    for (const p of people) links.push(await inviteToSpace(p.email));
    await server.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.id, links[0]!.id));
    await server.request('DELETE', `spaces/${space.id}/invitations/${links[2]!.id}/`, as(home.owner, home.hub));
    const tampered = `${links[1]!.token.slice(0, -1)}${links[1]!.token.endsWith('A') ? 'B' : 'A'}`;
    for (const [token, person] of [[links[0]!.token, people[0]!], [tampered, people[1]!], [links[2]!.token, people[2]!]] as const) {
      const res = await accept(token, person);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(invalidLink);
    }
    for (const p of [intruder, ...people]) expect(await hubRoleOf(p.user.id)).toBeUndefined();
  });

  it('refuses the link once the space is made private or archived', async () => {
    const secret = await createSpace(server, home.owner, home.hub, { visibility: 'shared' });
    const archived = await createSpace(server, home.owner, home.hub, { visibility: 'public' });
    const [a, b] = await Promise.all([0, 1].map(() => createUser(server, { email: uniqueEmail('guests.test') })));
    const toSecret = await inviteToSpace(a!.email, 'viewer', secret);
    const toArchived = await inviteToSpace(b!.email, 'viewer', archived);
    await server.patch(`spaces/${secret.id}/`, { visibility: 'private' }, as(home.owner, home.hub));
    await server.post(`spaces/${archived.id}/archive/`, {}, as(home.owner, home.hub));
    expect((await server.get(`invitations/${toSecret.token}/`)).status).toBe(404);
    expect((await accept(toSecret.token, a!)).status).toBe(404);
    expect((await accept(toArchived.token, b!)).status).toBe(404);
  });

  it("answers 409 to a member of the space and 422 plan_limit when the hub is full, leaving the link usable", async () => {
    const crowded = await hubWithPeople(server); // 3 members; the free plan allows 10
    const room = await createSpace(server, crowded.owner, crowded.hub, { visibility: 'public' });
    const inviteHere = async (email: string) => {
      await server.post(`spaces/${room.id}/invitations/`, { emails: [email], role: 'viewer' }, as(crowded.owner, crowded.hub));
      return invitationTokenFor(server, email);
    };
    const joined = crowded.editor;
    const joinedToken = await inviteHere(joined.user.email);
    // Joined the public space by one click after being invited.
    await server.post(`spaces/${room.id}/join/`, {}, as(joined, crowded.hub));
    const again = await accept(joinedToken, joined);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'already_member', message: 'You are already a member of this space.' });

    const person = await createUser(server, { email: uniqueEmail('guests.test') });
    const token = await inviteHere(person.email);
    for (let i = 0; i < 7; i++) await addHubMember(server, crowded.hub, 'viewer');
    const full = await accept(token, person);
    expect(full.status).toBe(422);
    expect(full.body.code).toBe('plan_limit');
    expect(await hubRoleOf(person.user.id, crowded.hub)).toBeUndefined();
    expect((await server.get(`invitations/${token}/`)).status).toBe(200);
  });
});

describe('a space invitation offers its hub during onboarding', () => {
  it('makes the hub joinable (reason invitation, as viewer) and joining it from the join page lands in the space', async () => {
    const email = uniqueEmail('newcomers.test');
    const { id } = await inviteToSpace(email, 'editor');
    const person = await signUp(server, { email, name: 'Sam Spaceguest' });
    await server.patch('auth/profile/', { name: 'Sam Spaceguest', role: 'recruiter' }, { token: person.token });
    const me = await server.get<Body<User>>('auth/me/', { token: person.token });
    expect(me.body.data).toMatchObject({
      current_step: 'join_organization',
      organization: { id: home.hub.id, reason: 'invitation', role: 'viewer', invited_by: 'Hub Owner' },
    });
    const joinable = await server.get<Body<Array<{ id: string; reason: string }>>>('organizations/joinable/', { token: person.token });
    expect(joinable.body.data.filter((h) => h.id === home.hub.id)).toHaveLength(1);

    // The hub is shared: without the space invitation this would answer 404.
    const res = await server.post<Body<MyHub>>(`organizations/${home.hub.domain_handle}/join/`, {}, { token: person.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: home.hub.id, role: 'viewer' });
    const userId = (await server.get<Body<User>>('auth/me/', { token: person.token })).body.data.id;
    expect(await spaceRoleOf(userId)).toBe('editor');
    const [row] = await server.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row!.acceptedAt).not.toBeNull();
    const after = await server.get<Body<User>>('auth/me/', { token: person.token });
    expect(after.body.data).toMatchObject({ current_step: 'completed', organization: null });
  });

  it('does not offer a hub whose only invitation is into a space made private', async () => {
    const closing = await createSpace(server, home.owner, home.hub, { visibility: 'shared' });
    const email = uniqueEmail('newcomers.test');
    await inviteToSpace(email, 'viewer', closing);
    await server.patch(`spaces/${closing.id}/`, { visibility: 'private' }, as(home.owner, home.hub));
    const person = await createUser(server, { email });
    const me = await server.get<Body<User>>('auth/me/', { token: person.token });
    expect(me.body.data).toMatchObject({ current_step: 'organization', organization: null });
    expect((await server.post(`organizations/${home.hub.domain_handle}/join/`, {}, { token: person.token })).status).toBe(404);
  });
});
