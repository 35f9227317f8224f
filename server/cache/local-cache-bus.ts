import type { CacheBus, CacheMessage } from './cache-bus';

/** One API node: messages go round in process. */
export function createLocalCacheBus(): CacheBus {
  const handlers = new Set<(message: CacheMessage) => void>();
  return {
    async publish(message) {
      for (const handler of handlers) handler(message);
    },
    subscribe(onMessage) {
      handlers.add(onMessage);
    },
    async close() {
      handlers.clear();
    },
  };
}
