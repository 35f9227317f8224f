import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, subscriptions, users } from '../../db/schema';
import { getUserView } from '../../domain/users/get-user-view';
import { startTestServer, uniqueEmail, type TestServer } from '../../test/harness';
import { createHub, createUser, refusedAuthorizations, uniqueHandle } from '../../test/fixtures';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

interface ErrorBody { message: string; code: string; errors?: Record<string, string[]> }

const validBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Acme Research',
  domain_handle: uniqueHandle(),
  visibility: 'shared',
  ...overrides,
});

async function createAs(token: string, body: Record<string, unknown>) {
  return server.post<ErrorBody & { data: Record<string, unknown> }>('organizations/', body, { token });
}

describe('POST organizations/', () => {
  it('creates the hub with the caller as owner, on the free plan, as the active hub', async () => {
    const { user, token } = await createUser(server, { email: uniqueEmail('acme.test') });
    const before = await getUserView({ db: server.db, user });
    expect(before.current_step).toBe('organization');

    const handle = uniqueHandle('Acme');
    const res = await createAs(token, validBody({
      name: '  Acme Research  ',
      domain_handle: handle,
      description: 'Where we keep what we know',
      visibility: 'public',
      email_domain: 'ACME.test',
      colour: '#112233',
    }));
    expect(res.status).toBe(201);
    const hub = res.body.data;
    expect(hub).toMatchObject({
      name: 'Acme Research',
      domain_handle: handle.toLowerCase(),
      description: 'Where we keep what we know',
      visibility: 'public',
      email_domain: 'acme.test',
      colour: '#112233',
      member_count: 1,
      role: 'owner',
    });

    const [membership] = await server.db.select().from(memberships).where(eq(memberships.hubId, String(hub.id)));
    expect(membership).toMatchObject({ userId: user.id, role: 'owner' });
    const [subscription] = await server.db.select().from(subscriptions).where(eq(subscriptions.hubId, String(hub.id)));
    expect(subscription).toMatchObject({ planCode: 'free', currency: 'INR', status: 'active' });
    const [after] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.activeHubId).toBe(hub.id);
    const view = await getUserView({ db: server.db, user: after! });
    expect(view.current_step).toBe('completed');
    expect(view.active_organization?.domain_handle).toBe(handle.toLowerCase());
  });

  it('treats an empty email domain and description as none and uses the default colour', async () => {
    const { token } = await createUser(server);
    const res = await createAs(token, validBody({ email_domain: '', description: '' }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ email_domain: null, description: null, colour: '#796CFF' });
  });

  it('refuses a user who has not completed the basic profile', async () => {
    const { token } = await createUser(server, { profile: false });
    const res = await createAs(token, validBody());
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Complete your profile first', code: 'forbidden' });
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['a handle with a space', { domain_handle: 'bad handle' }, 'domain_handle', 'Hub handle may contain only letters, digits, underscore and hyphen'],
    ['a handle with punctuation', { domain_handle: 'bad.handle!' }, 'domain_handle', 'Hub handle may contain only letters, digits, underscore and hyphen'],
    ['a handle with non-ASCII letters', { domain_handle: 'héllo' }, 'domain_handle', 'Hub handle may contain only letters, digits, underscore and hyphen'],
    ['a short handle', { domain_handle: 'ab' }, 'domain_handle', 'Hub handle must be at least 3 characters'],
    ['a long handle', { domain_handle: 'a'.repeat(41) }, 'domain_handle', 'Hub handle must be up to 40 characters'],
    ['a missing handle', { domain_handle: undefined }, 'domain_handle', 'Please enter Hub handle'],
    ['a reserved handle', { domain_handle: 'admin' }, 'domain_handle', 'Hub handle is reserved, please choose another'],
    ['a reserved handle in capitals', { domain_handle: 'ADMIN' }, 'domain_handle', 'Hub handle is reserved, please choose another'],
    ['a handle that names a route', { domain_handle: 'Joinable' }, 'domain_handle', 'Hub handle is reserved, please choose another'],
    ['a missing name', { name: undefined }, 'name', 'Please enter Hub name'],
    ['a blank name', { name: '   ' }, 'name', 'Please enter Hub name'],
    ['a one-letter name', { name: 'A' }, 'name', 'Hub name must be at least 2 characters'],
    ['a long name', { name: 'n'.repeat(81) }, 'name', 'Hub name must be up to 80 characters'],
    ['a name with a control character', { name: 'Acme\u0000Labs' }, 'name', 'Hub name contains characters that are not allowed'],
    ['a long description', { description: 'd'.repeat(501) }, 'description', 'Description must be up to 500 characters'],
    ['an unknown visibility', { visibility: 'secret' }, 'visibility', 'Please choose a visibility'],
    ['a missing visibility', { visibility: undefined }, 'visibility', 'Please choose a visibility'],
    ['an email domain that is not a domain', { email_domain: 'not a domain' }, 'email_domain', 'Email domain is not a valid domain'],
    ['an email address as email domain', { email_domain: 'me@acme.test' }, 'email_domain', 'Email domain is not a valid domain'],
    ['a webmail email domain', { email_domain: 'gmail.com' }, 'email_domain', "Email domain cannot be a public email provider; use your organisation's own domain"],
    ['a webmail email domain in capitals', { email_domain: 'Outlook.COM' }, 'email_domain', "Email domain cannot be a public email provider; use your organisation's own domain"],
    ['an invalid colour', { colour: 'purple' }, 'colour', 'Colour is not a valid colour'],
  ];
  it.each(invalid)('refuses %s with a message on the field', async (_name, overrides, field, message) => {
    const { token } = await createUser(server);
    const res = await createAs(token, validBody(overrides));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(res.body.errors?.[field]).toContain(message);
    expect(res.body.message).toBe(message);
  });

  it.each(['yahoo.com', 'hotmail.com', 'icloud.com', 'proton.me'])('refuses the webmail domain %s', async (domain) => {
    const { token } = await createUser(server, { email: uniqueEmail(domain) });
    const res = await createAs(token, validBody({ email_domain: domain }));
    expect(res.status).toBe(400);
    expect(res.body.errors?.email_domain?.[0]).toMatch(/public email provider/);
  });

  it("refuses an email domain that is not the creator's own", async () => {
    const { token } = await createUser(server, { email: uniqueEmail('mine.test') });
    const res = await createAs(token, validBody({ email_domain: 'theirs.test' }));
    expect(res.status).toBe(400);
    expect(res.body.errors?.email_domain).toEqual(['Email domain must be the domain of your own email address (mine.test)']);
  });

  it('refuses a handle that is taken, whatever its case', async () => {
    const { token } = await createUser(server);
    const handle = uniqueHandle('taken');
    await createHub(server, token, { domain_handle: handle });
    for (const attempt of [handle, handle.toUpperCase()]) {
      const res = await createAs(token, validBody({ domain_handle: attempt }));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        message: 'That handle is already taken',
        code: 'handle_taken',
        errors: { domain_handle: ['That handle is already taken'] },
      });
    }
  });

  it('lets exactly one of two simultaneous creates with the same handle win', async () => {
    const [a, b] = await Promise.all([createUser(server), createUser(server)]);
    const handle = uniqueHandle('race');
    const results = await Promise.all([a, b].map((p) => createAs(p.token, validBody({ domain_handle: handle }))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body.code).toBe('handle_taken');
  });

  it('refuses a body that is not JSON', async () => {
    const { token } = await createUser(server);
    const res = await server.request<ErrorBody>('POST', 'organizations/', {
      token, body: '{"name": ', headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
  });
});

describe('organizations/ endpoints refuse requests that are not signed in', () => {
  const endpoints: Array<[string, string, unknown?]> = [
    ['POST', 'organizations/', { name: 'Acme', domain_handle: 'acme-x', visibility: 'shared' }],
    ['GET', 'organizations/'],
    ['GET', 'organizations/check/?domain_handle=acme-x'],
    ['GET', 'organizations/joinable/'],
    ['GET', 'organizations/acme-x/'],
    ['POST', 'organizations/acme-x/join/', {}],
    ['POST', 'organizations/switch/', { domain_handle: 'acme-x' }],
  ];
  it.each(endpoints)('%s %s answers 401 for each refused authorization', async (method, path, body) => {
    for (const { name, authorization } of await refusedAuthorizations(server)) {
      const res = await server.request<ErrorBody>(method, path, { body, authorization });
      expect(res.status, name).toBe(401);
      expect(res.body.code, name).toMatch(/^(unauthenticated|invalid_token|session_revoked)$/);
      expect(res.body, name).not.toHaveProperty('data');
    }
  });

  it('answers 401 before looking at the input', async () => {
    const res = await server.post<ErrorBody>('organizations/', { domain_handle: '!' });
    expect(res.status).toBe(401);
    expect(res.body).not.toHaveProperty('errors');
  });
});
