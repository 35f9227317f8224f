import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, memberships, users } from '../../db/schema';
import type { User } from '../../../lib/contract/auth';
import type { InvitationPreview, InviteResult } from '../../../lib/contract/invitations';
import type { MyHub } from '../../../lib/contract/hubs';
import { createUser } from '../../test/fixtures';
import { signUp, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../../test/harness';
import { itRejectsBadTokens } from '../auth/token-cases';
import { createStaffedHub, invitationTokenFor, type StaffedHub } from '../organizations/members-cases';

let server: TestServer;
let staffed: StaffedHub;
beforeAll(async () => {
  server = await startTestServer();
  staffed = await createStaffedHub(server);
});
afterAll(async () => { await server.close(); });

interface Body<T> { data: T; message?: string; code?: string }
const invalidLink = {
  code: 'not_found',
  message: 'This invitation link is not valid. It may have expired, been used or been cancelled; ask for a new invitation.',
};

/** Invites `email` to the cast's hub as the owner and returns the emailed token and the invitation id. */
async function inviteByEmail(s: StaffedHub, email: string, role = 'editor') {
  const res = await server.post<Body<InviteResult[]>>(
    `organizations/${s.hub.domain_handle}/invitations/`, { emails: [email], role }, { token: s.owner.token, hubHandle: s.hub.domain_handle },
  );
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: await invitationTokenFor(server, email), id: res.body.data[0]!.invitation!.id };
}
const accept = (token: string, auth: { token: string }) =>
  server.post<Body<MyHub>>(`invitations/${token}/accept/`, {}, auth);
const expire = (id: string) =>
  server.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.id, id));
/** The same token with one character changed. */
const tamper = (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;

describe('GET invitations/{token}/ (no sign-in)', () => {
  it('shows the hub, inviter, role, expiry and the address masked, and never whether it has an account', async () => {
    const email = uniqueEmail('guests.test');
    const { token } = await inviteByEmail(staffed, email, 'viewer');
    const res = await server.get<Body<InvitationPreview>>(`invitations/${token}/`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      organization: {
        name: staffed.hub.name, domain_handle: staffed.hub.domain_handle, description: null,
        colour: staffed.hub.colour, visibility: 'shared',
      },
      invited_by: 'Olive Owner',
      role: 'viewer',
      email: 'u•••@guests.test',
      expires_at: expect.any(String),
      space: null,
    });
    // Once the address has an account the answer to a link holder is the same.
    await createUser(server, { email });
    expect((await server.get<Body<InvitationPreview>>(`invitations/${token}/`)).body).toEqual(res.body);
  });

  it('shows the address in full only to the invitee signed in as it', async () => {
    const invitee = await createUser(server, { email: uniqueEmail('guests.test') });
    const someoneElse = await createUser(server, { email: uniqueEmail('guests.test') });
    const { token } = await inviteByEmail(staffed, invitee.email);
    const emailSeenBy = async (auth: { token?: string; authorization?: string }) =>
      (await server.get<Body<InvitationPreview>>(`invitations/${token}/`, auth)).body.data.email;
    expect(await emailSeenBy({ token: invitee.token })).toBe(invitee.email);
    const masked = `u•••@guests.test`;
    expect(await emailSeenBy({ token: someoneElse.token })).toBe(masked);
    expect(await emailSeenBy({ token: staffed.owner.token })).toBe(masked);
    // A token that does not work is nobody, not an error: the link still opens.
    expect(await emailSeenBy({ authorization: 'JWT not-a-token' })).toBe(masked);
    await server.post('auth/logout/', {}, { token: invitee.token });
    expect(await emailSeenBy({ token: invitee.token })).toBe(masked);
  });

  it('answers the same 404 for unknown, tampered, expired, cancelled and used links', async () => {
    const [expired, cancelled, used] = await Promise.all([0, 1, 2].map(() => inviteByEmail(staffed, uniqueEmail('guests.test'))));
    await expire(expired!.id);
    await server.db.update(invitations).set({ cancelledAt: new Date() }).where(eq(invitations.id, cancelled!.id));
    await server.db.update(invitations).set({ acceptedAt: new Date() }).where(eq(invitations.id, used!.id));
    const fresh = await inviteByEmail(staffed, uniqueEmail('guests.test'));
    for (const token of [expired!.token, cancelled!.token, used!.token, tamper(fresh.token), 'x'.repeat(43), 'short', '%27%20or%201%3D1']) {
      const res = await server.get(`invitations/${token}/`);
      expect(res.status, token).toBe(404);
      expect(res.body, token).toEqual(invalidLink);
    }
  });
});

describe('POST invitations/{token}/accept/', () => {
  it('adds the invited person with the invited role, uses up the link and makes the hub active', async () => {
    const email = uniqueEmail('guests.test');
    const person = await createUser(server, { email });
    const { token, id } = await inviteByEmail(staffed, email, 'editor');
    const res = await accept(token, person);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: staffed.hub.id, role: 'editor' });
    const [row] = await server.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row!.acceptedAt).not.toBeNull();
    const me = await server.get<Body<User>>('auth/me/', { token: person.token });
    expect(me.body.data).toMatchObject({ current_step: 'completed', active_organization: { id: staffed.hub.id, role: 'editor' } });

    const reuse = await accept(token, person);
    expect(reuse.status).toBe(404);
    expect(reuse.body).toEqual(invalidLink);
  });

  it('refuses someone signed in with another email, and the invitation stays usable for its owner', async () => {
    const email = uniqueEmail('guests.test');
    const { token } = await inviteByEmail(staffed, email);
    const intruder = await createUser(server);
    const res = await accept(token, intruder);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'invitation_email_mismatch',
      message: `This invitation was sent to another email address. Sign in as ${email} to accept it.`,
    });
    expect(await server.db.select().from(memberships).where(eq(memberships.userId, intruder.user.id))).toEqual([]);
    const invited = await createUser(server, { email });
    expect((await accept(token, invited)).status).toBe(200);
  });

  it('refuses an expired, tampered, cancelled link and one whose hub was archived', async () => {
    const s = await createStaffedHub(server);
    const people = await Promise.all([0, 1, 2, 3].map(() => createUser(server, { email: uniqueEmail('guests.test') })));
    const links = [];
    for (const p of people) links.push(await inviteByEmail(s, p.email));
    await expire(links[0]!.id);
    await server.db.update(invitations).set({ cancelledAt: new Date() }).where(eq(invitations.id, links[2]!.id));
    const attempts: Array<[string, string, { token: string }]> = [
      ['expired', links[0]!.token, people[0]!],
      ['tampered', tamper(links[1]!.token), people[1]!],
      ['cancelled', links[2]!.token, people[2]!],
    ];
    for (const [name, token, person] of attempts) {
      const res = await accept(token, person);
      expect(res.status, name).toBe(404);
      expect(res.body, name).toEqual(invalidLink);
    }
    await server.post(`organizations/${s.hub.domain_handle}/archive/`, { confirm: s.hub.domain_handle }, { token: s.owner.token, hubHandle: s.hub.domain_handle });
    expect((await accept(links[3]!.token, people[3]!)).status).toBe(404);
    const joined = await server.db.select().from(memberships).where(eq(memberships.hubId, s.hub.id));
    expect(joined).toHaveLength(3);
  });

  it('answers 409 to someone who joined by another way after being invited', async () => {
    const s = await createStaffedHub(server);
    const person = await createUser(server, { email: uniqueEmail('guests.test') });
    const { token } = await inviteByEmail(s, person.email, 'owner');
    await server.db.insert(memberships).values({ hubId: s.hub.id, userId: person.user.id, role: 'viewer' });
    const res = await accept(token, person);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'already_member', message: 'You are already a member of this hub.' });
    const [row] = await server.db.select().from(memberships)
      .where(and(eq(memberships.hubId, s.hub.id), eq(memberships.userId, person.user.id)));
    expect(row!.role).toBe('viewer');
  });

  describe('refuses requests that are not signed in', () => {
    let person: { email: string; password: string; token: string };
    let token: string;
    beforeAll(async () => {
      const created = await createUser(server, { email: uniqueEmail('guests.test') });
      person = { email: created.email, password: STRONG_PASSWORD, token: created.token };
      token = (await inviteByEmail(staffed, created.email)).token;
    });
    itRejectsBadTokens({
      server: () => server,
      person: () => person,
      call: (s, auth) => s.post(`invitations/${token}/accept/`, {}, auth),
    });
  });
});

describe('an invited person without an account', () => {
  it('signs up with the invited address, is offered the hub, and lands in it by the link', async () => {
    const s = await createStaffedHub(server);
    const email = uniqueEmail('newcomers.test');
    const { token } = await inviteByEmail(s, email, 'viewer');
    const person = await signUp(server, { email, name: 'Nina Newcomer' });
    await server.patch('auth/profile/', { name: 'Nina Newcomer', role: 'recruiter' }, { token: person.token });
    const me = await server.get<Body<User>>('auth/me/', { token: person.token });
    expect(me.body.data).toMatchObject({
      current_step: 'join_organization',
      organization: { id: s.hub.id, reason: 'invitation', role: 'viewer', invited_by: 'Olive Owner' },
    });
    expect((await accept(token, person)).status).toBe(200);
    const after = await server.get<Body<User>>('auth/me/', { token: person.token });
    expect(after.body.data).toMatchObject({ current_step: 'completed', active_organization: { id: s.hub.id, role: 'viewer' } });
  });

  it('can instead accept from the join page (organizations/{handle}/join/), which uses up the link', async () => {
    const s = await createStaffedHub(server);
    const email = uniqueEmail('newcomers.test');
    const { token, id } = await inviteByEmail(s, email, 'editor');
    const person = await createUser(server, { email });
    const res = await server.post<Body<MyHub>>(`organizations/${s.hub.domain_handle}/join/`, {}, { token: person.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: s.hub.id, role: 'editor' });
    const [row] = await server.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row!.acceptedAt).not.toBeNull();
    expect((await server.get(`invitations/${token}/`)).status).toBe(404);
    const [user] = await server.db.select().from(users).where(eq(users.id, person.user.id));
    expect(user!.activeHubId).toBe(s.hub.id);
  });
});
