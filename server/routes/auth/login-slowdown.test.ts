import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../test/harness';

/** Behind a trusted proxy, so each test client can have an address of its own. */
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ loginClientFreeFailures: 3, trustProxy: true }); });
afterAll(async () => { await server.close(); });

const loginFrom = (ip: string, body: Record<string, unknown>) =>
  server.post('auth/login/', body, { headers: { 'X-Forwarded-For': ip } });

describe('POST auth/login/ slows a guessing client down', () => {
  it('makes the client wait after its free failures, and the owner elsewhere signs in meanwhile', async () => {
    const person = await signUp(server);
    const attacker = '203.0.113.7';
    for (let i = 0; i < 3; i++) {
      expect((await loginFrom(attacker, { email: person.email, password: 'Wr0ng!Password' })).status).toBe(401);
    }
    const slowed = await loginFrom(attacker, { email: person.email, password: person.password });
    expect(slowed.status).toBe(429);
    expect(slowed.body).toEqual({
      message: expect.stringMatching(/^Too many failed sign-in attempts from your network\. Please wait \d+ seconds? and try again\.$/),
      code: 'rate_limited',
    });
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    const owner = await loginFrom('198.51.100.20', { email: person.email, password: person.password });
    expect(owner.status).toBe(200);
  });

  it('slows other addresses from the same client too, so spraying many accounts gains nothing', async () => {
    const ip = '203.0.113.8';
    const people = await Promise.all([signUp(server), signUp(server)]);
    for (let i = 0; i < 3; i++) {
      await loginFrom(ip, { email: people[0]!.email, password: 'Wr0ng!Password' });
    }
    expect((await loginFrom(ip, { email: people[1]!.email, password: 'Wr0ng!Password' })).status).toBe(429);
  });
});
