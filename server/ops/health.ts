import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { S3Storage } from '../storage/s3-storage';
import type { Storage } from '../storage/storage';
import type { App } from '../types';

/** Paths the reverse proxy polls, at the server root (outside /api/v1). */
export const HEALTH_LIVE_PATH = '/health/live';
export const HEALTH_READY_PATH = '/health/ready';

/** A dependency slower than this counts as down: the proxy's own check must not time out first. */
const CHECK_TIMEOUT_MS = 2_000;

type CheckResult = 'ok' | 'failed';

async function check(probe: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

const isRemoteStore = (storage: Storage): storage is S3Storage => typeof (storage as Partial<S3Storage>).ping === 'function';

/**
 * Liveness (the process answers; no I/O, so a slow database never gets a
 * healthy node restarted) and readiness (this node can serve: database,
 * Redis when set, file storage). While the node drains, Fastify itself
 * answers 503 and then refuses connections, so the proxy stops sending traffic.
 */
export function registerHealthRoutes(app: App, opts: { redis?: Redis }) {
  const { db, storage, config } = app.deps;
  app.get(HEALTH_LIVE_PATH, { schema: { hide: true } }, async () => ({ data: { status: 'ok' } }));
  app.get(HEALTH_READY_PATH, { schema: { hide: true } }, async (_request, reply) => {
    const { redis } = opts;
    const [database, redisCheck, storageCheck] = await Promise.all([
      check(() => db.execute(sql`select 1`)),
      redis ? check(() => redis.ping()) : undefined,
      check(() => (isRemoteStore(storage) ? storage.ping() : access(config.uploadsDir, constants.R_OK | constants.W_OK))),
    ]);
    const checks = { database, ...(redisCheck ? { redis: redisCheck } : {}), storage: storageCheck };
    const ready = Object.values(checks).every((result) => result === 'ok');
    return reply.status(ready ? 200 : 503).send({ data: { status: ready ? 'ok' : 'unavailable', checks } });
  });
}
