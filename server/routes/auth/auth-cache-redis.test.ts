import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisCacheBus } from '../../cache/redis-cache-bus';
import { signUpWithHub, signUpWithProfile, startSecondNode, startTestServer, STRONG_PASSWORD, type TestServer } from '../../test/harness';
import { TEST_REDIS_URL, testRedisReachable } from '../../test/redis';

// Two API nodes over one database, each caching sessions and views, told of each other's writes through the machine's Redis.
const reachable = await testRedisReachable();

const prefix = `convene-test-${randomUUID()}:`;
const redisCacheBus = () => createRedisCacheBus({ url: TEST_REDIS_URL, prefix, logger: { warn: () => undefined } });

interface Me { data: { name: string } }

describe.skipIf(!reachable)('a write on one API node takes effect on the next request to another', () => {
  let nodeA: TestServer;
  let nodeB: { url: string; close: () => Promise<void> };
  const onB = async <T = unknown>(path: string, opts: { token: string; hubHandle?: string }) => {
    const headers: Record<string, string> = { AppType: 'social', Authorization: `JWT ${opts.token}` };
    if (opts.hubHandle) headers['Org-Handle'] = opts.hubHandle;
    const res = await fetch(`${nodeB.url}/api/v1/${path}`, { headers });
    return { status: res.status, body: (await res.json()) as T };
  };
  /** Asks B twice, so the answer is B's cached one. */
  const warmOnB = async (path: string, opts: { token: string; hubHandle?: string }) => {
    expect((await onB(path, opts)).status).toBe(200);
    expect((await onB(path, opts)).status).toBe(200);
  };
  const signIn = async (email: string) => {
    const res = await nodeA.post<{ data: { token: string } }>('auth/login/', { email, password: STRONG_PASSWORD });
    expect(res.status).toBe(200);
    return res.body.data.token;
  };

  beforeAll(async () => {
    nodeA = await startTestServer({}, { cacheBus: await redisCacheBus() });
    nodeB = await startSecondNode(nodeA, undefined, await redisCacheBus());
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
  });

  it('sign-out', async () => {
    const person = await signUpWithProfile(nodeA);
    await warmOnB('auth/me/', { token: person.token });
    expect((await nodeA.post('auth/logout/', {}, { token: person.token })).status).toBe(200);
    expect((await onB('auth/me/', { token: person.token })).status).toBe(401);
  });

  it('password change', async () => {
    const person = await signUpWithProfile(nodeA);
    const other = await signIn(person.email);
    await warmOnB('auth/me/', { token: other });
    const changed = await nodeA.post('auth/password/change/', { current_password: STRONG_PASSWORD, new_password: 'An0ther!Passw0rd' }, { token: person.token });
    expect(changed.status).toBe(200);
    expect((await onB('auth/me/', { token: other })).status).toBe(401);
  });

  it('removal from a hub', async () => {
    const owner = await signUpWithHub(nodeA, { visibility: 'public' });
    const member = await signUpWithProfile(nodeA);
    expect((await nodeA.post(`organizations/${owner.handle}/join/`, {}, { token: member.token })).status).toBe(200);
    await warmOnB('spaces/', { token: member.token, hubHandle: owner.handle });
    const removed = await nodeA.request('DELETE', `organizations/${owner.handle}/members/${member.user.id}/`, { token: owner.token, hubHandle: owner.handle });
    expect(removed.status).toBe(200);
    expect((await onB('spaces/', { token: member.token, hubHandle: owner.handle })).status).toBe(404);
  });

  it('profile edit', async () => {
    const person = await signUpWithProfile(nodeA, { name: 'Old Name' });
    await warmOnB('auth/me/', { token: person.token });
    expect((await onB<Me>('auth/me/', { token: person.token })).body.data.name).toBe('Old Name');
    expect((await nodeA.patch('auth/profile/', { name: 'New Name', role: 'software_engineer' }, { token: person.token })).status).toBe(200);
    expect((await onB<Me>('auth/me/', { token: person.token })).body.data.name).toBe('New Name');
  });
});
