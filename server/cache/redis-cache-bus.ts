import { randomUUID } from 'node:crypto';
import { connectRedis } from '../lib/redis-client';
import type { CacheBus, CacheMessage } from './cache-bus';

interface Logger {
  warn(obj: object, message: string): void;
}

const kinds = new Set<CacheMessage['kind']>(['session-revoked', 'user-changed', 'membership-changed', 'hub-changed']);

/** How long a write waits for the other nodes to confirm they dropped their copies; past it, their TTL bounds the staleness. */
const ACK_TIMEOUT_MS = 250;

/** On the wire: the message, who sent it and its id; or a node's confirmation that it applied one. */
type Envelope = { id: string; from: string; message: CacheMessage } | { ack: string; to: string };

/**
 * Several API nodes: one Redis pub/sub channel under the deployment's prefix
 * carries every invalidation. A publish resolves once every other subscribed
 * node has confirmed it applied the message, so the write's answer reaches
 * its client only after no node can serve what it made stale (a request to
 * another node right after it is answered fresh).
 */
export async function createRedisCacheBus(opts: { url: string; prefix: string; logger: Logger }): Promise<CacheBus> {
  const connect = () => connectRedis({ url: opts.url, logger: opts.logger, purpose: 'cache invalidation' });
  const publisher = await connect();
  const subscriber = await connect();
  const channel = `${opts.prefix}cache`;
  const node = randomUUID();
  const handlers = new Set<(message: CacheMessage) => void>();
  /**
   * Publishes of this node waiting for confirmations: how many came, how many
   * are due (known once Redis says how many nodes received it), what to call then.
   */
  const pending = new Map<string, { confirmed: number; due: number | null; done: () => void }>();

  const settle = (waiting: { confirmed: number; due: number | null; done: () => void }) => {
    if (waiting.due !== null && waiting.confirmed >= waiting.due) waiting.done();
  };

  const confirm = (id: string) => {
    const waiting = pending.get(id);
    if (!waiting) return;
    waiting.confirmed += 1;
    settle(waiting);
  };

  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    try {
      const envelope = JSON.parse(text) as Envelope;
      if ('ack' in envelope) {
        if (envelope.to === node) confirm(envelope.ack);
        return;
      }
      if (!kinds.has(envelope.message.kind)) throw new Error(`unknown kind ${String(envelope.message.kind)}`);
      for (const handler of handlers) handler(envelope.message);
      if (envelope.from !== node) {
        void publisher.publish(channel, JSON.stringify({ ack: envelope.id, to: envelope.from } satisfies Envelope)).catch((err: unknown) => {
          opts.logger.warn({ err }, 'cache invalidation: confirmation not sent');
        });
      }
    } catch (err) {
      opts.logger.warn({ err }, 'cache invalidation: unreadable message ignored');
    }
  });
  await subscriber.subscribe(channel);

  return {
    async publish(message) {
      const id = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const confirmed = new Promise<void>((resolve) => {
        pending.set(id, { confirmed: 0, due: null, done: resolve });
        timer = setTimeout(() => {
          opts.logger.warn({ message }, 'cache invalidation: not every node confirmed in time');
          resolve();
        }, ACK_TIMEOUT_MS);
      });
      try {
        // Redis answers how many subscribers received it, this node's own among them.
        const receivers = await publisher.publish(channel, JSON.stringify({ id, from: node, message } satisfies Envelope));
        const waiting = pending.get(id)!;
        waiting.due = receivers - 1;
        settle(waiting);
        await confirmed;
      } finally {
        clearTimeout(timer);
        pending.delete(id);
      }
    },
    subscribe(onMessage) {
      handlers.add(onMessage);
    },
    async close() {
      handlers.clear();
      for (const { done } of pending.values()) done();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
