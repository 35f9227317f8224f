import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationSends, invitations, memberships } from '../../db/schema';
import type { Invitation, InviteResult } from '../../../lib/contract/invitations';
import type { MyHub } from '../../../lib/contract/hubs';
import { insertInvitation } from '../../test/fixtures';
import { startTestServer, uniqueEmail, type TestServer } from '../../test/harness';
import { sha256 } from '../../lib/tokens';
import { addMember, createStaffedHub, invitationTokenFor, itGuardsHubEndpoint, type StaffedHub } from './members-cases';

let server: TestServer;
let staffed: StaffedHub;
beforeAll(async () => {
  server = await startTestServer();
  staffed = await createStaffedHub(server);
});
afterAll(async () => { await server.close(); });

interface Body<T> { data: T; message?: string; code?: string; errors?: Record<string, string[]> }
interface ListBody { data: Invitation[]; count: number; page: number; page_size: number }
const as = (person: { token: string }, hub: MyHub) => ({ token: person.token, hubHandle: hub.domain_handle });
const invitationsPath = (hub: MyHub) => `organizations/${hub.domain_handle}/invitations/`;
const invite = (s: StaffedHub, person: { token: string }, emails: string[], role = 'viewer') =>
  server.post<Body<InviteResult[]>>(invitationsPath(s.hub), { emails, role }, as(person, s.hub));
const previewStatus = async (token: string) => (await server.get(`invitations/${token}/`)).status;
const DAY = 24 * 60 * 60 * 1000;

describe('POST organizations/{handle}/invitations/', () => {
  it('invites each address once, lowercased, and mails each a single-use link that expires in 3 days', async () => {
    const a = uniqueEmail('guests.test');
    const b = uniqueEmail('guests.test');
    const res = await invite(staffed, staffed.owner, [a.toUpperCase(), ` ${b} `, a], 'editor');
    expect(res.status).toBe(201);
    expect(res.body.data.map((r) => [r.email, r.outcome])).toEqual([[a, 'invited'], [b, 'invited']]);
    expect(res.body.data[0]!.invitation).toMatchObject({ email: a, role: 'editor', invited_by: 'Olive Owner' });

    const token = await invitationTokenFor(server, a);
    const mail = await server.mail.waitFor(a);
    expect(mail.subject).toBe(`Olive Owner invited you to ${staffed.hub.name} on Convene`);
    expect(mail.text).toContain(`${server.config.appUrl}/join-hub?invitation=${token}`);
    expect(mail.html).toContain(`/join-hub?invitation=${token}`);
    const [row] = await server.db.select().from(invitations).where(eq(invitations.email, a));
    // Only the hash is stored: the database alone cannot rebuild a working link.
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(Math.abs(row!.expiresAt.getTime() - (Date.now() + 3 * DAY))).toBeLessThan(60_000);
    expect(await invitationTokenFor(server, b)).not.toBe(token);
  });

  it('skips members and refreshes a pending invitation with a new link instead of adding another', async () => {
    const s = await createStaffedHub(server);
    const email = uniqueEmail('guests.test');
    await invite(s, s.owner, [email]);
    const first = await invitationTokenFor(server, email);
    const res = await invite(s, s.editor, [email, s.viewer.email], 'editor');
    expect(res.status).toBe(201);
    expect(res.body.data.map((r) => [r.email, r.outcome])).toEqual([[email, 'refreshed'], [s.viewer.email, 'already_member']]);
    expect(res.body.data[1]!.invitation).toBeNull();
    const second = await invitationTokenFor(server, email, [first]);
    expect(await previewStatus(first)).toBe(404);
    expect(await previewStatus(second)).toBe(200);
    const rows = await server.db.select().from(invitations).where(eq(invitations.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: 'editor', invitedBy: s.editor.user.id });
    expect(server.mail.messages.filter((m) => m.to.includes(s.viewer.email))).toEqual([]);
  });

  it('answers 200 with nothing sent when every address is already a member', async () => {
    const res = await invite(staffed, staffed.owner, [staffed.editor.email]);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ email: staffed.editor.email, outcome: 'already_member', invitation: null }]);
  });

  it('lets editors invite viewers and editors but only owners invite owners', async () => {
    const s = await createStaffedHub(server);
    expect((await invite(s, s.editor, [uniqueEmail()], 'editor')).status).toBe(201);
    const refused = await invite(s, s.editor, [uniqueEmail()], 'owner');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Only a hub owner can invite another owner.', code: 'forbidden' });
    expect((await invite(s, s.owner, [uniqueEmail()], 'owner')).status).toBe(201);
  });

  it.each([
    [{ emails: [], role: 'viewer' }, 'emails', 'Please enter at least one email'],
    [{ role: 'viewer' }, 'emails', 'Please enter at least one email'],
    [{ emails: Array.from({ length: 21 }, (_, i) => `p${i}@guests.test`), role: 'viewer' }, 'emails', 'You can invite up to 20 people at a time'],
    [{ emails: ['ok@guests.test', 'not-an-email'], role: 'viewer' }, 'emails', 'Email is not a valid email'],
    [{ emails: ['ok@guests.test', ''], role: 'viewer' }, 'emails', 'Please enter Email'],
    [{ emails: ['ok@guests.test'], role: 'admin' }, 'role', 'Please choose a role'],
    [{ emails: ['ok@guests.test'] }, 'role', 'Please choose a role'],
  ])('refuses %j with the message on the field', async (body, field, message) => {
    const res = await server.post<Body<null>>(invitationsPath(staffed.hub), body, as(staffed.owner, staffed.hub));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error', message, errors: { [field]: [message] } });
  });

  it("counts members and pending invitations against the plan's member limit", async () => {
    const s = await createStaffedHub(server); // 3 members; the free plan allows 10
    const emails = (n: number) => Array.from({ length: n }, () => uniqueEmail('guests.test'));
    const tooMany = await invite(s, s.owner, emails(8));
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toEqual({
      code: 'plan_limit',
      message: "This hub's Free plan allows 10 members, counting pending invitations; 7 more can be invited. Upgrade to Team on the Billing page.",
    });
    // An editor, who may not change the plan, is told whom to ask.
    expect((await invite(s, s.editor, emails(8))).body).toMatchObject({ code: 'plan_limit', message: expect.stringMatching(/Ask Olive Owner to upgrade the plan\.$/) });
    expect(await server.db.select().from(invitations).where(eq(invitations.hubId, s.hub.id))).toEqual([]);
    const pending = emails(7);
    expect((await invite(s, s.owner, pending)).status).toBe(201);
    expect((await invite(s, s.owner, emails(1))).status).toBe(422);
    // Refreshing a pending invitation takes no new seat.
    expect((await invite(s, s.owner, [pending[0]!])).status).toBe(201);
  });

  it('does not send again, and says so, when a pending invitation was mailed 3 times in 10 minutes', async () => {
    const s = await createStaffedHub(server);
    const email = uniqueEmail('guests.test');
    for (let i = 0; i < 3; i++) expect((await invite(s, s.owner, [email])).body.data[0]!.outcome).not.toBe('rate_limited');
    const before = server.mail.messages.length;
    const res = await invite(s, s.owner, [email]);
    expect(res.body.data).toEqual([{ email, outcome: 'rate_limited', invitation: null }]);
    expect(server.mail.messages.length).toBe(before);
  });

  itGuardsHubEndpoint({
    server: () => server,
    staffed: () => staffed,
    call: (s, auth) => server.post(invitationsPath(s.hub), { emails: ['guard@guests.test'], role: 'viewer' }, auth),
    forbiddenFor: ['viewer'],
  });
});

describe('GET organizations/{handle}/invitations/', () => {
  it('lists only pending invitations, newest first, paged', async () => {
    const s = await createStaffedHub(server);
    const [a, b, c] = [uniqueEmail('guests.test'), uniqueEmail('guests.test'), uniqueEmail('guests.test')];
    await invite(s, s.owner, [a]);
    await invite(s, s.owner, [b]);
    await invite(s, s.owner, [c]);
    await insertInvitation(server, { hubId: s.hub.id, email: uniqueEmail(), expiresAt: new Date(Date.now() - 1000) });
    await insertInvitation(server, { hubId: s.hub.id, email: uniqueEmail(), cancelled: true });
    const accepted = await insertInvitation(server, { hubId: s.hub.id, email: uniqueEmail() });
    await server.db.update(invitations).set({ acceptedAt: new Date() }).where(eq(invitations.id, accepted.id));
    await insertInvitation(server, { hubId: staffed.hub.id, email: uniqueEmail() });

    const res = await server.get<ListBody>(`${invitationsPath(s.hub)}?page_size=2`, as(s.editor, s.hub));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 3, page: 1, page_size: 2 });
    expect(res.body.data.map((i) => i.email)).toEqual([c, b]);
    expect(res.body.data[0]).toEqual({
      id: expect.any(String), email: c, role: 'viewer', invited_by: 'Olive Owner',
      created_at: expect.any(String), expires_at: expect.any(String), last_sent_at: expect.any(String),
      abilities: { resend: true, revoke: true },
    });
    const second = await server.get<ListBody>(`${invitationsPath(s.hub)}?page=2&page_size=2`, as(s.owner, s.hub));
    expect(second.body.data.map((i) => i.email)).toEqual([a]);
  });

  itGuardsHubEndpoint({
    server: () => server,
    staffed: () => staffed,
    call: (s, auth) => server.get(invitationsPath(s.hub), auth),
    forbiddenFor: ['viewer'],
  });
});

describe('POST organizations/{handle}/invitations/{id}/resend/', () => {
  const resend = (s: StaffedHub, person: { token: string }, id: string) =>
    server.post<Body<Invitation>>(`${invitationsPath(s.hub)}${id}/resend/`, {}, as(person, s.hub));

  it('mails a new link (the old one dies) with a new expiry, at most 3 emails per 10 minutes', async () => {
    const s = await createStaffedHub(server);
    const email = uniqueEmail('guests.test');
    const id = (await invite(s, s.owner, [email])).body.data[0]!.invitation!.id;
    const first = await invitationTokenFor(server, email);
    await server.db.update(invitations).set({ expiresAt: new Date(Date.now() + DAY) }).where(eq(invitations.id, id));

    const res = await resend(s, s.editor, id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, email, invited_by: 'Olive Owner' });
    expect(new Date(res.body.data.expires_at).getTime()).toBeGreaterThan(Date.now() + 2.9 * DAY);
    const second = await invitationTokenFor(server, email, [first]);
    expect(await previewStatus(first)).toBe(404);
    expect(await previewStatus(second)).toBe(200);

    expect((await resend(s, s.owner, id)).status).toBe(200);
    const limited = await resend(s, s.owner, id);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      code: 'rate_limited',
      message: 'This invitation was sent 3 times in the last 10 minutes. Please wait a few minutes before sending it again.',
    });
    // Once the window has passed, it can be sent again.
    await server.db.update(invitationSends).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(invitationSends.invitationId, id));
    expect((await resend(s, s.owner, id)).status).toBe(200);
  });

  it('answers 404 for unknown ids, other hubs\' invitations and invitations no longer pending', async () => {
    const other = await insertInvitation(server, { hubId: staffed.outsiderHub.id, email: uniqueEmail() });
    const cancelled = await insertInvitation(server, { hubId: staffed.hub.id, email: uniqueEmail(), cancelled: true });
    for (const id of [other.id, cancelled.id, 'not-an-id', '00000000-0000-0000-0000-000000000000']) {
      const res = await resend(staffed, staffed.owner, id);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: 'That invitation was not found.', code: 'not_found' });
    }
  });

  it("refuses an editor resending an owner's invitation", async () => {
    const owners = await insertInvitation(server, { hubId: staffed.hub.id, email: uniqueEmail(), role: 'owner' });
    expect((await resend(staffed, staffed.editor, owners.id)).status).toBe(403);
  });

  let guarded: string;
  beforeAll(async () => {
    guarded = (await insertInvitation(server, { hubId: staffed.hub.id, email: uniqueEmail(), role: 'viewer' })).id;
  });
  itGuardsHubEndpoint({
    server: () => server,
    staffed: () => staffed,
    call: (s, auth) => server.post(`${invitationsPath(s.hub)}${guarded}/resend/`, {}, auth),
    forbiddenFor: ['viewer'],
  });
});

describe('DELETE organizations/{handle}/invitations/{id}/', () => {
  it('cancels: the link stops working and the invitation leaves the list', async () => {
    const s = await createStaffedHub(server);
    const email = uniqueEmail('guests.test');
    const id = (await invite(s, s.owner, [email])).body.data[0]!.invitation!.id;
    const token = await invitationTokenFor(server, email);
    const res = await server.request<Body<null>>('DELETE', `${invitationsPath(s.hub)}${id}/`, as(s.editor, s.hub));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null, message: 'Invitation cancelled.' });
    expect(await previewStatus(token)).toBe(404);
    expect((await server.get<ListBody>(invitationsPath(s.hub), as(s.owner, s.hub))).body.count).toBe(0);
    const again = await server.request('DELETE', `${invitationsPath(s.hub)}${id}/`, as(s.owner, s.hub));
    expect(again.status).toBe(404);
  });

  it("answers 404 for another hub's invitation and leaves it alone", async () => {
    const other = await insertInvitation(server, { hubId: staffed.outsiderHub.id, email: uniqueEmail() });
    const res = await server.request('DELETE', `${invitationsPath(staffed.hub)}${other.id}/`, as(staffed.owner, staffed.hub));
    expect(res.status).toBe(404);
    const [row] = await server.db.select().from(invitations).where(eq(invitations.id, other.id));
    expect(row!.cancelledAt).toBeNull();
  });

  let guarded: string;
  beforeAll(async () => {
    guarded = (await insertInvitation(server, { hubId: staffed.hub.id, email: uniqueEmail(), role: 'viewer' })).id;
  });
  itGuardsHubEndpoint({
    server: () => server,
    staffed: () => staffed,
    call: (s, auth) => server.request('DELETE', `${invitationsPath(s.hub)}${guarded}/`, auth),
    forbiddenFor: ['viewer'],
  });

  it('kept the guarded invitation pending through every refused call', async () => {
    const [row] = await server.db.select().from(invitations).where(eq(invitations.id, guarded));
    expect(row!.cancelledAt).toBeNull();
    expect(await server.db.select().from(memberships).where(eq(memberships.hubId, staffed.hub.id))).toHaveLength(3);
  });
});

describe('members added by other routes', () => {
  it('a member added after an invitation was sent is skipped on the next invite', async () => {
    const s = await createStaffedHub(server);
    const person = await addMember(server, s.hub, 'viewer');
    const res = await invite(s, s.owner, [person.email]);
    expect(res.body.data[0]!.outcome).toBe('already_member');
  });
});
