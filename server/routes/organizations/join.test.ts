import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, memberships, hubs, users } from '../../db/schema';
import type { MyHub } from '../../../lib/contract/hubs';
import { FREE_PLAN } from '../../../lib/plans';
import { startTestServer, uniqueEmail, type TestServer } from '../../test/harness';
import { createHub, createUser, insertInvitation, uniqueHandle } from '../../test/fixtures';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

interface ErrorBody { message: string; code: string }
const NOT_FOUND = { message: 'That hub was not found.', code: 'not_found' };

const join = (handle: string, token: string, hubHandle?: string) =>
  server.post<{ data: MyHub }>(`organizations/${handle}/join/`, undefined, { token, hubHandle });

async function activeHubOf(userId: string) {
  const [row] = await server.db.select().from(users).where(eq(users.id, userId));
  return row!.activeHubId;
}

async function memberCount(hubId: string) {
  return (await server.db.select().from(memberships).where(eq(memberships.hubId, hubId))).length;
}

describe('POST organizations/{handle}/join/', () => {
  it('accepts a pending invitation with its role and makes the hub active', async () => {
    const owner = await createUser(server);
    const hub = await createHub(server, owner.token, { visibility: 'shared' });
    const guest = await createUser(server);
    const invitation = await insertInvitation(server, { hubId: hub.id, email: guest.email, role: 'editor', invitedBy: owner.user.id });

    const res = await join(hub.domain_handle.toUpperCase(), guest.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: hub.id, domain_handle: hub.domain_handle, role: 'editor', member_count: 2 });
    const [accepted] = await server.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(accepted!.acceptedAt).toBeInstanceOf(Date);
    expect(await activeHubOf(guest.user.id)).toBe(hub.id);
    const joinable = await server.get<{ data: unknown[] }>('organizations/joinable/', { token: guest.token });
    expect(joinable.body.data).toEqual([]);
  });

  it('lets anyone with the link join a public hub as a viewer', async () => {
    const owner = await createUser(server, { email: uniqueEmail('open.test') });
    const hub = await createHub(server, owner.token, { visibility: 'public', email_domain: 'open.test' });
    const stranger = await createUser(server, { email: uniqueEmail('elsewhere.test') });
    const res = await join(hub.domain_handle, stranger.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: hub.id, role: 'viewer', member_count: 2 });
    expect(await activeHubOf(stranger.user.id)).toBe(hub.id);
    const mine = await server.get<{ data: MyHub }>(`organizations/${hub.domain_handle}/`, { token: stranger.token });
    expect(mine.body.data.role).toBe('viewer');
  });

  it('answers a shared hub without an invitation exactly like an unknown hub', async () => {
    const owner = await createUser(server);
    const hub = await createHub(server, owner.token, { visibility: 'shared' });
    const outsider = await createUser(server);
    const own = await createHub(server, outsider.token);
    const other = await createUser(server);
    await insertInvitation(server, { hubId: hub.id, email: other.email });
    const lapsed = await createUser(server);
    await insertInvitation(server, { hubId: hub.id, email: lapsed.email, expiresAt: new Date(Date.now() - 1000) });
    const withdrawn = await createUser(server);
    await insertInvitation(server, { hubId: hub.id, email: withdrawn.email, cancelled: true });

    const unknown = await join(uniqueHandle('nobody'), outsider.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(NOT_FOUND);
    // Someone else's invitation, an expired one and a cancelled one do not open the hub.
    for (const [person, hubHandle] of [[outsider, own.domain_handle], [outsider, hub.domain_handle], [lapsed, undefined], [withdrawn, undefined]] as const) {
      const res = await join(hub.domain_handle, person.token, hubHandle);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect(await memberCount(hub.id)).toBe(1);
    expect(await activeHubOf(outsider.user.id)).toBe(own.id);
  });

  it('answers 404 for an archived hub', async () => {
    const owner = await createUser(server);
    const hub = await createHub(server, owner.token, { visibility: 'public' });
    await server.db.update(hubs).set({ archivedAt: new Date() }).where(eq(hubs.id, hub.id));
    const person = await createUser(server);
    const res = await join(hub.domain_handle, person.token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it('refuses someone who is already a member', async () => {
    const owner = await createUser(server);
    const hub = await createHub(server, owner.token, { visibility: 'public' });
    const res = await server.post<ErrorBody>(`organizations/${hub.domain_handle}/join/`, undefined, { token: owner.token });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'You are already a member of this hub.', code: 'already_member' });
    const viewer = await createUser(server);
    expect((await join(hub.domain_handle, viewer.token)).status).toBe(200);
    expect((await join(hub.domain_handle, viewer.token)).status).toBe(409);
  });

  it("refuses to join past the plan's member limit, and counts stay at the limit", async () => {
    const owner = await createUser(server);
    const hub = await createHub(server, owner.token, { visibility: 'public' });
    for (let i = 1; i < FREE_PLAN.limits.members; i++) {
      const person = await createUser(server);
      expect((await join(hub.domain_handle, person.token)).status).toBe(200);
    }
    expect(await memberCount(hub.id)).toBe(FREE_PLAN.limits.members);

    const late = await createUser(server);
    await insertInvitation(server, { hubId: hub.id, email: late.email });
    const res = await server.post<ErrorBody>(`organizations/${hub.domain_handle}/join/`, undefined, { token: late.token });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: `This hub has reached the Free plan's limit of ${FREE_PLAN.limits.members} members. Ask the hub owner to upgrade the plan.`,
      code: 'plan_limit',
    });
    expect(await memberCount(hub.id)).toBe(FREE_PLAN.limits.members);
    expect(await activeHubOf(late.user.id)).toBeNull();
  });

  it('gives the last seat to exactly one of two people joining at once', async () => {
    const owner = await createUser(server);
    const hub = await createHub(server, owner.token, { visibility: 'public' });
    for (let i = 2; i < FREE_PLAN.limits.members; i++) {
      const person = await createUser(server);
      expect((await join(hub.domain_handle, person.token)).status).toBe(200);
    }
    const [a, b] = await Promise.all([createUser(server), createUser(server)]);
    const results = await Promise.all([join(hub.domain_handle, a.token), join(hub.domain_handle, b.token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await memberCount(hub.id)).toBe(FREE_PLAN.limits.members);
  });
});
