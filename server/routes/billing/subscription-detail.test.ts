import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, hubs } from '../../db/schema';
import type { Subscription } from '../../../lib/contract/billing';
import { FREE_PLAN } from '../../../lib/plans';
import { startTestServer, type TestServer } from '../../test/harness';
import { createHub, createUser, refusedAuthorizations, uniqueHandle } from '../../test/fixtures';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const NOT_FOUND = { message: 'That hub was not found.', code: 'not_found' };
const detail = (token: string, hubHandle?: string) =>
  server.get<{ data: Subscription }>('wallet/subscription-detail/', { token, hubHandle });

describe('GET wallet/subscription-detail/', () => {
  it("answers the active hub's free plan in INR, with its limits and real member count", async () => {
    const owner = await createUser(server);
    const hub = await createHub(server, owner.token, { visibility: 'public' });
    const res = await detail(owner.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      plan: { code: 'free', name: 'Free', price: 0, interval: 'month' },
      status: 'active',
      currency: 'INR',
      started_at: expect.any(String),
      limits: { members: FREE_PLAN.limits.members, spaces: FREE_PLAN.limits.spaces, storage_bytes: 1024 ** 3 },
      usage: { members: 1, spaces: 0, storage_bytes: 0 },
      owner: { id: owner.user.id, name: owner.user.name },
      change: { allowed: true, by: 'owner', administrators: [], provider: 'manual' },
    });
    expect(Math.abs(Date.parse(res.body.data.started_at) - Date.parse(hub.created_at))).toBeLessThan(5000);

    for (let i = 0; i < 2; i++) {
      const person = await createUser(server);
      expect((await server.post(`organizations/${hub.domain_handle}/join/`, undefined, { token: person.token })).status).toBe(200);
    }
    expect((await detail(owner.token)).body.data.usage.members).toBe(3);
  });

  it('answers for the hub named by Org-Handle (any case) rather than the active one', async () => {
    const owner = await createUser(server);
    const first = await createHub(server, owner.token, { visibility: 'public' });
    await createHub(server, owner.token);
    const person = await createUser(server);
    await server.post(`organizations/${first.domain_handle}/join/`, undefined, { token: person.token });
    expect((await detail(owner.token)).body.data.usage.members).toBe(1);
    expect((await detail(owner.token, first.domain_handle.toUpperCase())).body.data.usage.members).toBe(2);
  });

  it('answers 404 to someone with no hub', async () => {
    const { token } = await createUser(server);
    const res = await detail(token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Choose a hub first.', code: 'not_found' });
  });

  it("answers a member of another hub 404 for that hub's Org-Handle, exactly like an unknown hub", async () => {
    const owner = await createUser(server);
    const theirs = await createHub(server, owner.token);
    const outsider = await createUser(server);
    await createHub(server, outsider.token);
    for (const hubHandle of [theirs.domain_handle, uniqueHandle('nobody')]) {
      const res = await detail(outsider.token, hubHandle);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
  });

  it('puts a hub that has no subscription record on the free plan since its creation', async () => {
    const { user, token } = await createUser(server);
    const createdAt = new Date('2024-01-02T03:04:05.000Z');
    const [hub] = await server.db
      .insert(hubs)
      .values({ name: 'Imported', domainHandle: uniqueHandle('imported'), visibility: 'shared', createdAt })
      .returning();
    await server.db.insert(memberships).values({ hubId: hub!.id, userId: user.id, role: 'viewer' });
    const res = await detail(token, hub!.domainHandle);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      plan: { code: 'free' }, status: 'active', currency: 'INR', started_at: createdAt.toISOString(), usage: { members: 1 },
    });
  });

  it('answers 401 to requests that are not signed in', async () => {
    for (const { name, authorization } of await refusedAuthorizations(server)) {
      const res = await server.get('wallet/subscription-detail/', { authorization });
      expect(res.status, name).toBe(401);
      expect(res.body, name).not.toHaveProperty('data');
    }
  });

  it('is described in the OpenAPI document', async () => {
    const res = await server.get<{ paths: Record<string, Record<string, unknown>> }>('openapi.json');
    expect(Object.keys(res.body.paths['/api/v1/wallet/subscription-detail/'] ?? {})).toEqual(['get']);
  });
});
