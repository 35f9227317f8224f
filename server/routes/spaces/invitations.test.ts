import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationSends, invitations } from '../../db/schema';
import type { Invitation, InviteResult } from '../../../lib/contract/invitations';
import type { MyHub } from '../../../lib/contract/hubs';
import type { Space } from '../../../lib/contract/spaces';
import { insertInvitation } from '../../test/fixtures';
import { startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../../test/harness';
import { itRejectsBadTokens } from '../auth/token-cases';
import { invitationTokenFor } from '../organizations/members-cases';
import {
  addHubMember, addToSpace, as, createSpace, hubWithPeople, SPACE_NOT_FOUND, type ErrorBody, type HubWithPeople, type Person,
} from './space-test-kit';

let server: TestServer;
let home: HubWithPeople;
let away: HubWithPeople;
let shared: Space;
beforeAll(async () => {
  server = await startTestServer();
  home = await hubWithPeople(server);
  away = await hubWithPeople(server);
  shared = await createSpace(server, home.owner, home.hub, { visibility: 'shared', name: 'Design Room' });
  await addToSpace(server, home.owner, home.hub, shared, home.editor, 'editor');
  await addToSpace(server, home.owner, home.hub, shared, home.viewer, 'viewer');
});
afterAll(async () => { await server.close(); });

interface Body<T> { data: T; message?: string }
interface ListBody { data: Invitation[]; count: number; page: number; page_size: number }
const path = (space: Space) => `spaces/${space.id}/invitations/`;
const invite = (space: Space, person: Person, emails: string[], role = 'viewer', hub: MyHub = home.hub) =>
  server.post<Body<InviteResult[]> & ErrorBody>(path(space), { emails, role }, as(person, hub));
const resend = (space: Space, person: Person, id: string) =>
  server.post<Body<Invitation> & ErrorBody>(`${path(space)}${id}/resend/`, {}, as(person, home.hub));
const cancel = (space: Space, person: Person, id: string) =>
  server.request<Body<null> & ErrorBody>('DELETE', `${path(space)}${id}/`, as(person, home.hub));
const previewStatus = async (token: string) => (await server.get(`invitations/${token}/`)).status;
const INVITATION_NOT_FOUND = { message: 'That invitation was not found.', code: 'not_found' };

describe('POST spaces/{id}/invitations/', () => {
  it('invites people inside and outside the hub, naming the space and the hub in a single-use 3-day link', async () => {
    const stranger = uniqueEmail('guests.test');
    const hubMember = await addHubMember(server, home.hub, 'viewer', 'Hana Hubmember');
    const res = await invite(shared, home.editor, [stranger.toUpperCase(), hubMember.user.email, home.viewer.user.email], 'editor');
    expect(res.status).toBe(201);
    expect(res.body.data.map((r) => [r.email, r.outcome])).toEqual([
      [stranger, 'invited'], [hubMember.user.email, 'invited'], [home.viewer.user.email, 'already_member'],
    ]);
    expect(res.body.data[0]!.invitation).toMatchObject({ email: stranger, role: 'editor', invited_by: 'Hub Editor' });

    const token = await invitationTokenFor(server, stranger);
    const mail = await server.mail.waitFor(stranger);
    expect(mail.subject).toBe(`Hub Editor invited you to Design Room in ${home.hub.name} on Convene`);
    expect(mail.text).toContain(`join the space "Design Room" in the hub "${home.hub.name}" on Convene as editor`);
    expect(mail.text).toContain(`${server.config.appUrl}/join-hub?invitation=${token}`);
    const [row] = await server.db.select().from(invitations).where(eq(invitations.email, stranger));
    expect(row).toMatchObject({ spaceId: shared.id, hubId: home.hub.id, role: 'editor' });
    expect(Math.abs(row!.expiresAt.getTime() - (Date.now() + 3 * 24 * 3600_000))).toBeLessThan(60_000);
    // A space invitation is not a hub invitation: the hub's list does not show it.
    const hubList = await server.get<ListBody>(`organizations/${home.hub.domain_handle}/invitations/`, as(home.owner, home.hub));
    expect(hubList.body.data.map((i) => i.email)).not.toContain(stranger);
  });

  it('refreshes a pending invitation instead of adding another, and stops after 3 emails in 10 minutes', async () => {
    const email = uniqueEmail('guests.test');
    for (let i = 0; i < 3; i++) expect((await invite(shared, home.owner, [email])).body.data[0]!.outcome).toBe(i ? 'refreshed' : 'invited');
    const res = await invite(shared, home.owner, [email]);
    expect(res.body.data).toEqual([{ email, outcome: 'rate_limited', invitation: null }]);
    expect(await server.db.select().from(invitations).where(eq(invitations.email, email))).toHaveLength(1);
  });

  it('lets owners of the space or the hub invite owners, not editors (403)', async () => {
    const refused = await invite(shared, home.editor, [uniqueEmail()], 'owner');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'forbidden', message: 'Only an owner of this space or of the hub can invite another owner.' });
    expect((await invite(shared, home.owner, [uniqueEmail()], 'owner')).status).toBe(201);
  });

  it('refuses a viewer (403) and a hub editor who is not in a shared space (404)', async () => {
    const viewer = await invite(shared, home.viewer, [uniqueEmail()]);
    expect(viewer.status).toBe(403);
    expect(viewer.body.code).toBe('forbidden');
    const closed = await createSpace(server, home.owner, home.hub, { visibility: 'shared' });
    const outsider = await invite(closed, home.editor, [uniqueEmail()]);
    expect(outsider.status).toBe(404);
    expect(outsider.body).toEqual(SPACE_NOT_FOUND);
  });

  it("refuses a private space: 404 to those who cannot see it, 422 space_private to its owners", async () => {
    const secret = await createSpace(server, home.editor, home.hub, { visibility: 'private' });
    expect((await invite(secret, home.viewer, [uniqueEmail()])).status).toBe(404);
    for (const person of [home.editor, home.owner]) {
      const res = await invite(secret, person, [uniqueEmail()]);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        code: 'space_private',
        message: 'Only its creator and the hub owner can see a private space. Make it shared to add or invite members.',
      });
    }
    expect(await server.db.select().from(invitations).where(eq(invitations.spaceId, secret.id))).toEqual([]);
  });

  it('refuses an archived space (422)', async () => {
    const space = await createSpace(server, home.owner, home.hub);
    await server.post(`spaces/${space.id}/archive/`, {}, as(home.owner, home.hub));
    const res = await invite(space, home.owner, [uniqueEmail()]);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('space_archived');
  });

  it('answers a member of another hub 404 (their Org-Handle or this one) and sends nothing', async () => {
    const email = uniqueEmail('guests.test');
    expect((await invite(shared, away.owner, [email], 'viewer', away.hub)).body).toEqual(SPACE_NOT_FOUND);
    expect((await invite(shared, away.owner, [email], 'viewer', home.hub)).status).toBe(404);
    expect(server.mail.messages.filter((m) => m.to.includes(email))).toEqual([]);
  });

  it.each([
    [{ emails: [], role: 'viewer' }, 'emails', 'Please enter at least one email'],
    [{ emails: Array.from({ length: 21 }, (_, i) => `p${i}@guests.test`), role: 'viewer' }, 'emails', 'You can invite up to 20 people at a time'],
    [{ emails: ['ok@guests.test', 'not-an-email'], role: 'viewer' }, 'emails', 'Email is not a valid email'],
    [{ emails: ['ok@guests.test'], role: 'admin' }, 'role', 'Please choose a role'],
  ])('refuses %j with the message on the field', async (body, field, message) => {
    const res = await server.post<ErrorBody>(path(shared), body, as(home.owner, home.hub));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error', message, errors: { [field]: [message] } });
  });

  describe('refuses requests that are not signed in', () => {
    itRejectsBadTokens({
      server: () => server,
      person: () => ({ email: home.owner.user.email, password: STRONG_PASSWORD, token: home.owner.token }),
      call: (s, auth) => s.post(path(shared), { emails: ['guard@guests.test'], role: 'viewer' }, { ...auth, hubHandle: home.hub.domain_handle }),
    });
  });
});

describe('GET spaces/{id}/invitations/', () => {
  it("lists the space's pending invitations only, newest first, paged", async () => {
    const space = await createSpace(server, home.owner, home.hub, { visibility: 'shared' });
    await addToSpace(server, home.owner, home.hub, space, home.editor, 'editor');
    const [a, b, c] = [uniqueEmail('guests.test'), uniqueEmail('guests.test'), uniqueEmail('guests.test')];
    for (const email of [a, b, c]) await invite(space, home.owner, [email]);
    const gone = (await invite(space, home.owner, [uniqueEmail()])).body.data[0]!.invitation!.id;
    await cancel(space, home.owner, gone);
    await invite(shared, home.owner, [uniqueEmail()]);
    await insertInvitation(server, { hubId: home.hub.id, email: uniqueEmail() });

    const res = await server.get<ListBody>(`${path(space)}?page_size=2`, as(home.editor, home.hub));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 3, page: 1, page_size: 2 });
    expect(res.body.data.map((i) => i.email)).toEqual([c, b]);
    const second = await server.get<ListBody>(`${path(space)}?page=2&page_size=2`, as(home.owner, home.hub));
    expect(second.body.data.map((i) => i.email)).toEqual([a]);
  });

  it('refuses a viewer (403) and a member of another hub (404)', async () => {
    expect((await server.get(path(shared), as(home.viewer, home.hub))).status).toBe(403);
    expect((await server.get(path(shared), as(away.owner, away.hub))).body).toEqual(SPACE_NOT_FOUND);
  });
});

describe('POST spaces/{id}/invitations/{invitation_id}/resend/', () => {
  it('mails a new link (the old one dies), at most 3 emails per 10 minutes', async () => {
    const email = uniqueEmail('guests.test');
    const id = (await invite(shared, home.owner, [email])).body.data[0]!.invitation!.id;
    const first = await invitationTokenFor(server, email);
    const res = await resend(shared, home.editor, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: { id, email }, message: 'Invitation sent again.' });
    const second = await invitationTokenFor(server, email, [first]);
    expect(await previewStatus(first)).toBe(404);
    expect(await previewStatus(second)).toBe(200);
    expect((await server.mail.waitFor(email, (m) => m.text.includes(second))).subject).toContain('Design Room');

    expect((await resend(shared, home.owner, id)).status).toBe(200);
    const limited = await resend(shared, home.owner, id);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      code: 'rate_limited',
      message: 'This invitation was sent 3 times in the last 10 minutes. Please wait a few minutes before sending it again.',
    });
    await server.db.update(invitationSends).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(invitationSends.invitationId, id));
    expect((await resend(shared, home.owner, id)).status).toBe(200);
  });

  it("answers 404 for hub invitations, other spaces' invitations and unknown ids; 403 to viewers and to an editor on an owner's invitation", async () => {
    const other = await createSpace(server, home.owner, home.hub);
    const elsewhere = (await invite(other, home.owner, [uniqueEmail()])).body.data[0]!.invitation!.id;
    const hubInvitation = (await insertInvitation(server, { hubId: home.hub.id, email: uniqueEmail() })).id;
    for (const id of [elsewhere, hubInvitation, 'not-an-id', '00000000-0000-0000-0000-000000000000']) {
      const res = await resend(shared, home.owner, id);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual(INVITATION_NOT_FOUND);
    }
    const owners = (await invite(shared, home.owner, [uniqueEmail()], 'owner')).body.data[0]!.invitation!.id;
    expect((await resend(shared, home.editor, owners)).status).toBe(403);
    expect((await resend(shared, home.viewer, owners)).status).toBe(403);
    expect((await resend(shared, away.owner, owners)).status).toBe(404);
  });
});

describe('DELETE spaces/{id}/invitations/{invitation_id}/', () => {
  it('cancels: the link stops working and the invitation leaves the list', async () => {
    const email = uniqueEmail('guests.test');
    const id = (await invite(shared, home.owner, [email])).body.data[0]!.invitation!.id;
    const token = await invitationTokenFor(server, email);
    expect((await cancel(shared, home.viewer, id)).status).toBe(403);
    const res = await cancel(shared, home.editor, id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null, message: 'Invitation cancelled.' });
    expect(await previewStatus(token)).toBe(404);
    const list = await server.get<ListBody>(path(shared), as(home.owner, home.hub));
    expect(list.body.data.map((i) => i.id)).not.toContain(id);
    expect((await cancel(shared, home.owner, id)).body).toEqual(INVITATION_NOT_FOUND);
  });

  it("answers 404 to a member of another hub and leaves the invitation alone", async () => {
    const id = (await invite(shared, home.owner, [uniqueEmail()])).body.data[0]!.invitation!.id;
    const res = await server.request('DELETE', `${path(shared)}${id}/`, as(away.owner, away.hub));
    expect(res.status).toBe(404);
    const [row] = await server.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row!.cancelledAt).toBeNull();
  });
});
