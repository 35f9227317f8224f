import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubs, users } from '../../db/schema';
import type { MyHub } from '../../../lib/contract/hubs';
import { startTestServer, uniqueEmail, type TestServer } from '../../test/harness';
import { createHub, createUser, insertInvitation, uniqueHandle } from '../../test/fixtures';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

interface ErrorBody { message: string; code: string; errors?: Record<string, string[]> }
interface Check { data: { domain_handle: string; available: boolean; reason: string | null } }
interface Page { data: MyHub[]; count: number; page: number; page_size: number }

const NOT_FOUND = { message: 'That hub was not found.', code: 'not_found' };

describe('GET organizations/check/', () => {
  const check = async (token: string, handle?: string) =>
    server.get<Check>(`organizations/check/${handle === undefined ? '' : `?${new URLSearchParams({ domain_handle: handle })}`}`, { token });

  it('answers available for a free handle, lowercased', async () => {
    const { token } = await createUser(server);
    const handle = uniqueHandle('Free');
    const res = await check(token, `  ${handle} `);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ domain_handle: handle.toLowerCase(), available: true, reason: null });
  });

  it('answers taken for a handle in use, whatever its case', async () => {
    const { token } = await createUser(server);
    const hub = await createHub(server, token);
    const res = await check(token, hub.domain_handle.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ domain_handle: hub.domain_handle, available: false, reason: 'That handle is already taken' });
  });

  it.each([
    ['', 'Please enter Hub handle'],
    ['ab', 'Hub handle must be at least 3 characters'],
    ['a'.repeat(41), 'Hub handle must be up to 40 characters'],
    ['no spaces', 'Hub handle may contain only letters, digits, underscore and hyphen'],
    ['Settings', 'Hub handle is reserved, please choose another'],
    ['switch', 'Hub handle is reserved, please choose another'],
  ])('answers unavailable with the rule broken for %j (never a 400)', async (handle, reason) => {
    const { token } = await createUser(server);
    const res = await check(token, handle);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ available: false, reason });
  });

  it('treats a missing parameter as an empty handle', async () => {
    const { token } = await createUser(server);
    const res = await check(token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ domain_handle: '', available: false, reason: 'Please enter Hub handle' });
  });
});

describe('GET organizations/', () => {
  it('lists only my hubs, paged, in the order I joined them', async () => {
    const me = await createUser(server);
    const other = await createUser(server);
    const mine = [await createHub(server, me.token), await createHub(server, me.token), await createHub(server, me.token)];
    await createHub(server, other.token);

    const first = await server.get<Page>('organizations/?page=1&page_size=2', { token: me.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 3, page: 1, page_size: 2 });
    expect(first.body.data.map((h) => h.domain_handle)).toEqual(mine.slice(0, 2).map((h) => h.domain_handle));
    const second = await server.get<Page>('organizations/?page=2&page_size=2', { token: me.token });
    expect(second.body.data.map((h) => h.domain_handle)).toEqual([mine[2]!.domain_handle]);
    expect(second.body.data[0]).toMatchObject({ role: 'owner', member_count: 1 });

    const defaults = await server.get<Page>('organizations/', { token: me.token });
    expect(defaults.body).toMatchObject({ count: 3, page: 1, page_size: 10 });
    expect(defaults.body.data).toHaveLength(3);
  });

  it('answers an empty page for someone without hubs', async () => {
    const { token } = await createUser(server);
    const res = await server.get<Page>('organizations/', { token });
    expect(res.body).toEqual({ data: [], count: 0, page: 1, page_size: 10 });
  });

  it.each(['page=0', 'page_size=101', 'page_size=0', 'page=abc'])('refuses the paging %s', async (query) => {
    const { token } = await createUser(server);
    const res = await server.get<ErrorBody>(`organizations/?${query}`, { token });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
  });
});

describe('GET organizations/{handle}/', () => {
  it('answers a member with the hub and their role, whatever the case of the handle', async () => {
    const { token } = await createUser(server);
    const hub = await createHub(server, token, { description: 'About us' });
    const res = await server.get<{ data: MyHub }>(`organizations/${hub.domain_handle.toUpperCase()}/`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(hub);
  });

  it("answers a member of another hub 404, exactly like an unknown hub, with either hub's Org-Handle", async () => {
    const owner = await createUser(server);
    const outsider = await createUser(server);
    const theirs = await createHub(server, owner.token, { visibility: 'public' });
    const mine = await createHub(server, outsider.token);
    const unknown = await server.get(`organizations/${uniqueHandle('nobody')}/`, { token: outsider.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(NOT_FOUND);
    for (const hubHandle of [undefined, theirs.domain_handle, mine.domain_handle]) {
      const res = await server.get(`organizations/${theirs.domain_handle}/`, { token: outsider.token, hubHandle });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
  });

  it('answers 404 for an archived hub and for strings that cannot be handles', async () => {
    const { token } = await createUser(server);
    const hub = await createHub(server, token);
    await server.db.update(hubs).set({ archivedAt: new Date() }).where(eq(hubs.id, hub.id));
    for (const path of [hub.domain_handle, '%00', '..%2F..', 'a'.repeat(99), '%F0%9F%98%80']) {
      const res = await server.get(`organizations/${path}/`, { token });
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual(NOT_FOUND);
    }
  });
});

describe('GET organizations/joinable/', () => {
  it('lists invitations first, then public hubs open to my email domain, but none I am in', async () => {
    const domain = `${uniqueHandle('corp')}.test`;
    const founder = await createUser(server, { email: uniqueEmail(domain), name: 'Founder Person' });
    const open = await createHub(server, founder.token, { visibility: 'public', email_domain: domain });
    const closed = await createHub(server, founder.token, { visibility: 'shared', email_domain: domain });
    const inviter = await createUser(server, { name: 'Inviting Person' });
    const invitedTo = await createHub(server, inviter.token);
    const expired = await createHub(server, inviter.token);

    const me = await createUser(server, { email: uniqueEmail(domain) });
    await insertInvitation(server, { hubId: invitedTo.id, email: me.email, role: 'editor', invitedBy: inviter.user.id });
    await insertInvitation(server, { hubId: expired.id, email: me.email, expiresAt: new Date(Date.now() - 1000) });

    const res = await server.get<{ data: Array<MyHub & { reason: string; invited_by: string | null }> }>(
      'organizations/joinable/', { token: me.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((h) => [h.domain_handle, h.reason, h.role, h.invited_by])).toEqual([
      [invitedTo.domain_handle, 'invitation', 'editor', 'Inviting Person'],
      [open.domain_handle, 'email_domain', 'viewer', null],
    ]);
    expect(res.body.data.map((h) => h.domain_handle)).not.toContain(closed.domain_handle);

    // The founder is in both of their hubs, so nothing is offered to them.
    const founderView = await server.get<{ data: unknown[] }>('organizations/joinable/', { token: founder.token });
    expect(founderView.body.data).toEqual([]);
  });
});

describe('POST organizations/switch/', () => {
  it('makes one of my hubs the active one and answers the user', async () => {
    const { user, token } = await createUser(server);
    const first = await createHub(server, token);
    const second = await createHub(server, token);
    const [before] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(before!.activeHubId).toBe(second.id);

    const res = await server.post<{ data: { id: string; current_step: string; active_organization: MyHub; organizations: MyHub[] } }>(
      'organizations/switch/', { domain_handle: first.domain_handle.toUpperCase() }, { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: user.id, current_step: 'completed' });
    expect(res.body.data.active_organization.domain_handle).toBe(first.domain_handle);
    expect(res.body.data.organizations.map((h) => h.domain_handle)).toEqual([first.domain_handle, second.domain_handle]);
    const [after] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.activeHubId).toBe(first.id);
  });

  it('answers 404 for a hub I am not in, leaving the active hub alone', async () => {
    const owner = await createUser(server);
    const theirs = await createHub(server, owner.token, { visibility: 'public' });
    const { user, token } = await createUser(server);
    const mine = await createHub(server, token);
    for (const handle of [theirs.domain_handle, uniqueHandle('nobody'), 'not a handle']) {
      const res = await server.post('organizations/switch/', { domain_handle: handle }, { token, hubHandle: theirs.domain_handle });
      expect(res.status, handle).toBe(404);
      expect(res.body, handle).toEqual(NOT_FOUND);
    }
    const [after] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.activeHubId).toBe(mine.id);
  });

  it('refuses an empty handle with a field message', async () => {
    const { token } = await createUser(server);
    const res = await server.post<ErrorBody>('organizations/switch/', { domain_handle: '  ' }, { token });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ domain_handle: ['Please enter Hub handle'] });
  });
});

describe('OpenAPI document', () => {
  it('describes every hub endpoint at its trailing-slash path', async () => {
    const res = await server.get<{ paths: Record<string, Record<string, { tags?: string[] }>> }>('openapi.json');
    const described = Object.entries(res.body.paths)
      .filter(([path]) => path.startsWith('/api/v1/organizations'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(described.sort()).toEqual([
      'GET /api/v1/organizations/',
      'GET /api/v1/organizations/check/',
      'GET /api/v1/organizations/joinable/',
      'GET /api/v1/organizations/{handle}/',
      'GET /api/v1/organizations/{handle}/audit/',
      'GET /api/v1/organizations/{handle}/audit/export/',
      'GET /api/v1/organizations/{handle}/invitations/',
      'GET /api/v1/organizations/{handle}/members/',
      'GET /api/v1/organizations/{handle}/preview/',
      'GET /api/v1/organizations/{handle}/two-factor/',
      'PUT /api/v1/organizations/{handle}/two-factor/',
      'POST /api/v1/organizations/',
      'POST /api/v1/organizations/switch/',
      'POST /api/v1/organizations/{handle}/join/',
      'POST /api/v1/organizations/{handle}/archive/',
      'POST /api/v1/organizations/{handle}/transfer/',
      'POST /api/v1/organizations/{handle}/leave/',
      'POST /api/v1/organizations/{handle}/invitations/',
      'POST /api/v1/organizations/{handle}/invitations/{id}/resend/',
      'PATCH /api/v1/organizations/{handle}/',
      'PATCH /api/v1/organizations/{handle}/members/{user_id}/',
      'DELETE /api/v1/organizations/{handle}/members/{user_id}/',
      'DELETE /api/v1/organizations/{handle}/invitations/{id}/',
    ].sort());
  });
});
