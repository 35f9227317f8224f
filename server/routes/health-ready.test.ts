import { drizzle } from 'drizzle-orm/node-postgres';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../db/schema';
import { startSecondNode, startTestServer, type TestServer } from '../test/harness';
import { freeTcpPort } from '../test/processes';
import { TEST_REDIS_URL, testRedisReachable } from '../test/redis';

// Live and ready sit at the server root, where the reverse proxy polls them.
const reachableRedis = await testRedisReachable();

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

async function getRoot(baseUrl: string, path: string) {
  const res = await fetch(`${baseUrl}${path}`);
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
}

/** A Redis client of a server nobody runs: every command fails at once. */
async function unreachableRedis() {
  const client = new Redis(`redis://127.0.0.1:${await freeTcpPort()}`, {
    lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  return client;
}

describe('health', () => {
  it('answers live with ok and the strict security headers', async () => {
    const res = await getRoot(server.url, '/health/live');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'ok' } });
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('answers ready when the database and the storage answer', async () => {
    const res = await getRoot(server.url, '/health/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'ok', checks: { database: 'ok', storage: 'ok' } } });
  });

  it('keeps the API health path', async () => {
    expect((await server.get('health/')).body).toEqual({ data: { status: 'ok' } });
  });

  it('is not ready while the database cannot be reached, yet still live', async () => {
    const pool = new pg.Pool({ connectionString: `postgresql://postgres@127.0.0.1:${await freeTcpPort()}/none`, connectionTimeoutMillis: 500 });
    const node = await startSecondNode({ ...server, db: drizzle(pool, { schema }) });
    try {
      const ready = await getRoot(node.url, '/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ data: { status: 'unavailable', checks: { database: 'failed', storage: 'ok' } } });
      expect((await getRoot(node.url, '/health/live')).status).toBe(200);
    } finally {
      await node.close();
      await pool.end();
    }
  });

  it('is not ready while Redis cannot be reached', async () => {
    const redis = await unreachableRedis();
    const node = await startSecondNode(server, undefined, undefined, redis);
    try {
      const ready = await getRoot(node.url, '/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ data: { status: 'unavailable', checks: { database: 'ok', redis: 'failed', storage: 'ok' } } });
    } finally {
      await node.close();
      redis.disconnect();
    }
  });

  it.skipIf(!reachableRedis)('checks Redis when the deployment has one', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    const node = await startSecondNode(server, undefined, undefined, redis);
    try {
      const ready = await getRoot(node.url, '/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ data: { status: 'ok', checks: { database: 'ok', redis: 'ok', storage: 'ok' } } });
    } finally {
      await node.close();
      await redis.quit();
    }
  });

  it('is not ready while the upload folder is gone', async () => {
    const node = await startSecondNode({ ...server, config: { ...server.config, uploadsDir: `${server.config.uploadsDir}-missing` } });
    try {
      const ready = await getRoot(node.url, '/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ data: { status: 'unavailable', checks: { database: 'ok', storage: 'failed' } } });
    } finally {
      await node.close();
    }
  });
});
