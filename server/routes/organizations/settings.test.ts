import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, hubs, users } from '../../db/schema';
import type { User } from '../../../lib/contract/auth';
import type { MyHub } from '../../../lib/contract/hubs';
import { createHub, createUser } from '../../test/fixtures';
import { startTestServer, uniqueEmail, type TestServer } from '../../test/harness';
import { addMember, createStaffedHub, itGuardsHubEndpoint, type StaffedHub } from './members-cases';

let server: TestServer;
let staffed: StaffedHub;
beforeAll(async () => {
  server = await startTestServer();
  staffed = await createStaffedHub(server);
});
afterAll(async () => { await server.close(); });

interface Body { data: MyHub; message?: string; code?: string; errors?: Record<string, string[]> }
const as = (person: { token: string }, hub: MyHub) => ({ token: person.token, hubHandle: hub.domain_handle });
const roleOf = async (hubId: string, userId: string) =>
  (await server.db.select().from(memberships).where(eq(memberships.hubId, hubId)))
    .find((m) => m.userId === userId)?.role;

describe('PATCH organizations/{handle}/', () => {
  const patch = (s: StaffedHub, person: { token: string }, body: unknown) =>
    server.patch<Body>(`organizations/${s.hub.domain_handle}/`, body, as(person, s.hub));

  it('lets the owner change name, description, colour and email domain; other fields stay', async () => {
    const s = await createStaffedHub(server);
    const res = await patch(s, s.owner, { name: '  Acme Labs ', description: 'Research', colour: '#123456', email_domain: 'ACME.test' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Acme Labs', description: 'Research', colour: '#123456', email_domain: 'acme.test',
      visibility: 'shared', role: 'owner', member_count: 3, domain_handle: s.hub.domain_handle,
    });
    const read = await server.get<Body>(`organizations/${s.hub.domain_handle}/`, as(s.owner, s.hub));
    expect(read.body.data).toEqual(res.body.data);
  });

  it('clears description and email domain with null or an empty string', async () => {
    const s = await createStaffedHub(server);
    await patch(s, s.owner, { description: 'x', email_domain: 'acme.test' });
    const res = await patch(s, s.owner, { description: '', email_domain: null });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ description: null, email_domain: null });
  });

  it('lets an editor change the visibility, but not the other settings', async () => {
    const s = await createStaffedHub(server);
    const res = await patch(s, s.editor, { visibility: 'public' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ visibility: 'public', role: 'editor' });
    const refused = await patch(s, s.editor, { visibility: 'shared', name: 'Renamed' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Only the hub owner can change the hub settings.', code: 'forbidden' });
    const [row] = await server.db.select().from(hubs).where(eq(hubs.id, s.hub.id));
    expect(row).toMatchObject({ visibility: 'public', name: s.hub.name });
  });

  it("refuses an email domain that is not the owner's own", async () => {
    const res = await patch(staffed, staffed.owner, { email_domain: 'elsewhere.test' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ email_domain: ['Email domain must be the domain of your own email address (acme.test)'] });
  });

  it.each([
    [{ name: 'A' }, 'name', 'Hub name must be at least 2 characters'],
    [{ name: '   ' }, 'name', 'Please enter Hub name'],
    [{ description: 'd'.repeat(501) }, 'description', 'Description must be up to 500 characters'],
    [{ visibility: 'private' }, 'visibility', 'Please choose a visibility'],
    [{ colour: 'red' }, 'colour', 'Colour is not a valid colour'],
    [{ email_domain: 'gmail.com' }, 'email_domain', "Email domain cannot be a public email provider; use your organisation's own domain"],
    [{ email_domain: 'not a domain' }, 'email_domain', 'Email domain is not a valid domain'],
  ])('refuses %j with the message on the field', async (body, field, message) => {
    const res = await patch(staffed, staffed.owner, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error', message, errors: { [field]: [message] } });
  });

  itGuardsHubEndpoint({
    server: () => server,
    staffed: () => staffed,
    call: (s, auth) => server.patch(`organizations/${s.hub.domain_handle}/`, { visibility: 'public' }, auth),
    forbiddenFor: ['viewer'],
  });

  it('answers 403 to an editor changing the name', async () => {
    const res = await patch(staffed, staffed.editor, { name: 'Not yours' });
    expect(res.status).toBe(403);
  });
});

describe('POST organizations/{handle}/archive/', () => {
  it('archives the hub for everyone once the owner types its handle', async () => {
    const s = await createStaffedHub(server);
    // The viewer is invited elsewhere-less: archiving must not leave them pointing at a dead hub.
    await server.db.update(users).set({ activeHubId: s.hub.id }).where(eq(users.id, s.viewer.user.id));
    const res = await server.post<{ data: User }>(`organizations/${s.hub.domain_handle}/archive/`,
      { confirm: ` ${s.hub.domain_handle.toUpperCase()} ` }, as(s.owner, s.hub));
    expect(res.status).toBe(200);
    expect(res.body.data.organizations.map((h) => h.id)).not.toContain(s.hub.id);
    expect(res.body.data.active_organization?.id).not.toBe(s.hub.id);

    const me = await server.get<{ data: User }>('auth/me/', { token: s.viewer.token });
    expect(me.body.data.organizations).toEqual([]);
    expect(me.body.data.active_organization).toBeNull();
    const list = await server.get<{ data: MyHub[] }>('organizations/', { token: s.editor.token });
    expect(list.body.data).toEqual([]);
    const read = await server.get(`organizations/${s.hub.domain_handle}/`, { token: s.owner.token });
    expect(read.status).toBe(404);
    const [viewer] = await server.db.select().from(users).where(eq(users.id, s.viewer.user.id));
    expect(viewer!.activeHubId).toBeNull();
  });

  it('drops an archived public hub from the joinable hubs of its email domain', async () => {
    const owner = await createUser(server, { email: uniqueEmail('archived.test') });
    const hub = await createHub(server, owner.token, { visibility: 'public', email_domain: 'archived.test' });
    const colleague = await createUser(server, { email: uniqueEmail('archived.test') });
    const before = await server.get<{ data: Array<{ id: string }> }>('organizations/joinable/', { token: colleague.token });
    expect(before.body.data.map((h) => h.id)).toContain(hub.id);
    expect((await server.post(`organizations/${hub.domain_handle}/archive/`, { confirm: hub.domain_handle }, as(owner, hub))).status).toBe(200);
    const after = await server.get<{ data: Array<{ id: string }> }>('organizations/joinable/', { token: colleague.token });
    expect(after.body.data.map((h) => h.id)).not.toContain(hub.id);
  });

  it('refuses a confirmation that is not the hub handle', async () => {
    const res = await server.post<Body>(`organizations/${staffed.hub.domain_handle}/archive/`, { confirm: 'something-else' }, as(staffed.owner, staffed.hub));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ confirm: [`Type the hub handle (${staffed.hub.domain_handle}) to confirm`] });
    const missing = await server.post<Body>(`organizations/${staffed.hub.domain_handle}/archive/`, {}, as(staffed.owner, staffed.hub));
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ confirm: ['Please enter Hub handle'] });
    const [row] = await server.db.select().from(hubs).where(eq(hubs.id, staffed.hub.id));
    expect(row!.archivedAt).toBeNull();
  });

  itGuardsHubEndpoint({
    server: () => server,
    staffed: () => staffed,
    call: (s, auth) => server.post(`organizations/${s.hub.domain_handle}/archive/`, { confirm: s.hub.domain_handle }, auth),
    forbiddenFor: ['viewer', 'editor'],
  });
});

describe('POST organizations/{handle}/transfer/', () => {
  it('makes the member an owner and the caller an editor', async () => {
    const s = await createStaffedHub(server);
    const res = await server.post<Body>(`organizations/${s.hub.domain_handle}/transfer/`, { user_id: s.viewer.user.id }, as(s.owner, s.hub));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: s.hub.id, role: 'editor' });
    expect(await roleOf(s.hub.id, s.viewer.user.id)).toBe('owner');
    expect(await roleOf(s.hub.id, s.owner.user.id)).toBe('editor');
    // The former owner has lost the owner operations.
    const again = await server.post(`organizations/${s.hub.domain_handle}/transfer/`, { user_id: s.owner.user.id }, as(s.owner, s.hub));
    expect(again.status).toBe(403);
  });

  it('answers 404 for someone who is not a member of this hub, and for ids that are not ids', async () => {
    for (const userId of [staffed.outsider.user.id, 'not-an-id', '00000000-0000-0000-0000-000000000000']) {
      const res = await server.post<Body>(`organizations/${staffed.hub.domain_handle}/transfer/`, { user_id: userId }, as(staffed.owner, staffed.hub));
      expect(res.status, userId).toBe(404);
      expect(res.body).toEqual({ message: 'That member was not found.', code: 'not_found' });
    }
    expect(await roleOf(staffed.hub.id, staffed.owner.user.id)).toBe('owner');
  });

  it('refuses a transfer to oneself and a missing member', async () => {
    const self = await server.post<Body>(`organizations/${staffed.hub.domain_handle}/transfer/`, { user_id: staffed.owner.user.id }, as(staffed.owner, staffed.hub));
    expect(self.status).toBe(400);
    expect(self.body.errors).toEqual({ user_id: ['Choose another member to hand the hub to'] });
    const missing = await server.post<Body>(`organizations/${staffed.hub.domain_handle}/transfer/`, {}, as(staffed.owner, staffed.hub));
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ user_id: ['Please choose a member'] });
  });

  it('lets the new owner run the hub', async () => {
    const s = await createStaffedHub(server);
    const newOwner = await addMember(server, s.hub, 'viewer');
    await server.post(`organizations/${s.hub.domain_handle}/transfer/`, { user_id: newOwner.user.id }, as(s.owner, s.hub));
    const res = await server.patch<Body>(`organizations/${s.hub.domain_handle}/`, { name: 'New Era' }, as(newOwner, s.hub));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'New Era', role: 'owner' });
  });

  itGuardsHubEndpoint({
    server: () => server,
    staffed: () => staffed,
    call: (s, auth) => server.post(`organizations/${s.hub.domain_handle}/transfer/`, { user_id: s.viewer.user.id }, auth),
    forbiddenFor: ['viewer', 'editor'],
  });
});
