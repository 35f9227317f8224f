import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondNode, startTestServer, uniqueEmail, type TestServer } from '../test/harness';
import { TEST_REDIS_URL, testRedisReachable } from '../test/redis';

// Two API nodes behind one proxy share the machine's Redis: a client's sign-in attempts count once, wherever they land.
const reachable = await testRedisReachable();
const LIMIT = 3;

describe.skipIf(!reachable)('rate limits across two API nodes through Redis', () => {
  let nodeA: TestServer;
  let nodeB: { url: string; close: () => Promise<void> };
  const clients: Redis[] = [];
  const prefix = `convene-test-${randomUUID()}:`;

  beforeAll(async () => {
    clients.push(new Redis(TEST_REDIS_URL), new Redis(TEST_REDIS_URL));
    const [redisA, redisB] = clients;
    nodeA = await startTestServer({ authRateLimitPerMinute: LIMIT, redisPrefix: prefix }, { redis: redisA });
    nodeB = await startSecondNode(nodeA, undefined, undefined, redisB);
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
    const [redis] = clients;
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    }
    await Promise.all(clients.map((client) => client.quit()));
  });

  const signIn = (baseUrl: string) => fetch(`${baseUrl}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { AppType: 'social', 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: uniqueEmail(), password: 'not-the-password-1A!' }),
  });

  it('counts sign-in attempts on both nodes together', async () => {
    expect((await signIn(nodeA.url)).status).not.toBe(429);
    expect((await signIn(nodeA.url)).status).not.toBe(429);
    expect((await signIn(nodeB.url)).status).not.toBe(429);
    // The fourth attempt overall, and only the second on node B.
    const refused = await signIn(nodeB.url);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited' });
    expect((await signIn(nodeA.url)).status).toBe(429);
  });
});
