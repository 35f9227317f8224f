import { Redis } from 'ioredis';

interface Logger {
  warn(obj: object, message: string): void;
}

/** A connected Redis client; ioredis reconnects by itself, and each connection error is logged under `purpose`. */
export async function connectRedis(opts: { url: string; logger: Logger; purpose: string }): Promise<Redis> {
  const client = new Redis(opts.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  client.on('error', (err: Error) => opts.logger.warn({ err }, `${opts.purpose}: Redis connection error`));
  await client.connect();
  return client;
}
