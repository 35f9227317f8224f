import { connectRedis } from '../lib/redis-client';
import type { CacheBus, CacheMessage } from './cache-bus';

interface Logger {
  warn(obj: object, message: string): void;
}

const kinds = new Set<CacheMessage['kind']>(['session-revoked', 'user-changed', 'membership-changed', 'organization-changed']);

/** Several API nodes: one Redis pub/sub channel under the deployment's prefix carries every invalidation. */
export async function createRedisCacheBus(opts: { url: string; prefix: string; logger: Logger }): Promise<CacheBus> {
  const connect = () => connectRedis({ url: opts.url, logger: opts.logger, purpose: 'cache invalidation' });
  const publisher = await connect();
  const subscriber = await connect();
  const channel = `${opts.prefix}cache`;
  const handlers = new Set<(message: CacheMessage) => void>();

  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    try {
      const message = JSON.parse(text) as CacheMessage;
      if (!kinds.has(message.kind)) throw new Error(`unknown kind ${String(message.kind)}`);
      for (const handler of handlers) handler(message);
    } catch (err) {
      opts.logger.warn({ err }, 'cache invalidation: unreadable message ignored');
    }
  });
  await subscriber.subscribe(channel);

  return {
    async publish(message) {
      await publisher.publish(channel, JSON.stringify(message));
    },
    subscribe(onMessage) {
      handlers.add(onMessage);
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
