import { createServer, request as httpRequest, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { inMemoryMailer } from '../mail/mailer';
import { startTestServer, type TestServer } from '../test/harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an overloaded API', () => {
  let server: TestServer;
  // A low bar, so a test can saturate the loop: half of the last second busy.
  beforeAll(async () => {
    server = await startTestServer({ overload: { maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0.5, retryAfterSeconds: 7 } });
  });
  afterAll(async () => { await server.close(); });

  it('refuses at once with 503, Retry-After and the error envelope, then recovers by itself', async () => {
    expect((await server.get('openapi.json')).status).toBe(200);
    // Past the first readings, which the API ignores (they measure its start-up).
    await sleep(2_000);

    // The API runs in this very process: keeping the thread busy is saturating the server's event loop.
    const until = Date.now() + 1_500;
    while (Date.now() < until) {
      // busy on purpose
    }
    // Lets the overdue load reading run before the requests go out.
    await sleep(20);
    const [refused, health] = await Promise.all([server.get('openapi.json'), server.get('health/')]);
    expect({ status: refused.status, retryAfter: refused.headers.get('retry-after'), body: refused.body }).toEqual({
      status: 503,
      retryAfter: '7',
      body: { message: 'Convene is busy right now. Please try again in a moment.', code: 'overloaded' },
    });
    // The node is up, only busy: health says so, so nothing restarts it.
    expect(health.status).toBe(200);

    // Polled with a light answer (a 404), so the polling itself keeps the loop idle.
    let status = refused.status;
    for (let waited = 0; status === 503 && waited < 5_000; waited += 250) {
      await sleep(250);
      status = (await server.get('no-such-thing/')).status;
    }
    expect(status).toBe(404);
    expect((await server.get('openapi.json')).status).toBe(200);
  });
});

describe('kept-alive connections', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server.close(); });

  it('survive an idle gap longer than Node’s default and are reused, on a server made outside Fastify as in production', async () => {
    let connections = 0;
    const app = await buildApp({
      config: server.config,
      db: server.db,
      mailer: inMemoryMailer(() => undefined),
      storage: server.storage,
      serverFactory: (handle) => createServer(handle).on('connection', () => { connections += 1; }),
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () => new Promise<{ status: number; port: number }>((resolve, reject) => {
      const req = httpRequest(
        { agent, host: '127.0.0.1', port: (app.server.address() as AddressInfo).port, path: '/api/v1/health/' },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, port: req.socket?.localPort ?? 0 }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    try {
      const first = await get();
      // Node's own keep-alive timeout is 5 s.
      await sleep(6_000);
      const second = await get();
      expect({ statuses: [first.status, second.status], sameSocket: first.port === second.port, connections })
        .toEqual({ statuses: [200, 200], sameSocket: true, connections: 1 });
    } finally {
      agent.destroy();
      await app.close();
    }
  }, 15_000);
});
