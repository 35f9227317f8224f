import { connectRedis } from '../lib/redis-client';
import type { BusEvent, MeetingBus } from './meeting-bus';

interface Logger {
  warn(obj: object, message: string): void;
}

/**
 * Several API nodes: each meeting is a Redis pub/sub channel. Redis keeps
 * the order of one publisher's messages, so a node's events reach every
 * other node in the order it sent them.
 */
export async function createRedisMeetingBus(opts: { url: string; prefix: string; logger: Logger }): Promise<MeetingBus> {
  const connect = () => connectRedis({ url: opts.url, logger: opts.logger, purpose: 'meeting signalling' });
  const publisher = await connect();
  const subscriber = await connect();
  const channelOf = (meetingId: string) => `${opts.prefix}meeting:${meetingId}`;
  const handlers = new Map<string, (event: BusEvent) => void>();

  subscriber.on('message', (channel: string, message: string) => {
    const handler = handlers.get(channel);
    if (!handler) return;
    try {
      handler(JSON.parse(message) as BusEvent);
    } catch (err) {
      opts.logger.warn({ err }, 'meeting signalling: unreadable event ignored');
    }
  });

  return {
    async publish(meetingId, event) {
      await publisher.publish(channelOf(meetingId), JSON.stringify(event));
    },
    async subscribe(meetingId, onEvent) {
      const channel = channelOf(meetingId);
      handlers.set(channel, onEvent);
      await subscriber.subscribe(channel);
      return async () => {
        handlers.delete(channel);
        await subscriber.unsubscribe(channel);
      };
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
