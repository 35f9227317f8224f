import { Redis } from 'ioredis';

/** The Redis the multi-node tests share (the machine's, unless told otherwise). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether Redis answers. CI has Redis: there a missing one fails the run
 * instead of letting the multi-node tests skip.
 */
export async function testRedisReachable(): Promise<boolean> {
  const probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  let reachable = true;
  try {
    await probe.connect();
    await probe.ping();
  } catch {
    reachable = false;
  } finally {
    probe.disconnect();
  }
  if (!reachable && process.env.CI) throw new Error(`Redis is not reachable at ${TEST_REDIS_URL}`);
  return reachable;
}
