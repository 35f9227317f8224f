import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL, testRedisReachable } from '../test/redis';
import type { CacheBus, CacheMessage } from './cache-bus';
import { createRedisCacheBus } from './redis-cache-bus';

const reachable = await testRedisReachable();
const quiet = { warn: () => undefined };
const message: CacheMessage = { kind: 'user-changed', userId: 'u-1' };

describe.skipIf(!reachable)('the Redis cache bus', () => {
  const open: Array<{ close(): Promise<unknown> }> = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((closable) => closable.close()));
  });
  const bus = async (prefix: string): Promise<CacheBus> => {
    const created = await createRedisCacheBus({ url: TEST_REDIS_URL, prefix, logger: quiet });
    open.push(created);
    return created;
  };

  it('resolves a publish only once the other node has applied the message', async () => {
    const prefix = `convene-test-${randomUUID()}:`;
    const [a, b] = [await bus(prefix), await bus(prefix)];
    const seenOnB: CacheMessage[] = [];
    b.subscribe((received) => seenOnB.push(received));
    await a.publish(message);
    expect(seenOnB).toEqual([message]);
  });

  it('waits for a node that does not confirm, but only for a bounded time', async () => {
    const prefix = `convene-test-${randomUUID()}:`;
    const a = await bus(prefix);
    // A subscriber that never confirms: a node that is slow or gone.
    const silent = new Redis(TEST_REDIS_URL);
    open.push({ close: () => silent.quit() });
    await silent.subscribe(`${prefix}cache`);
    const started = performance.now();
    await a.publish(message);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(200);
    expect(waited).toBeLessThan(2_000);
  });
});
