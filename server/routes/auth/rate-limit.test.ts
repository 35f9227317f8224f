import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../test/harness';

const LIMIT = 2;
let server: TestServer;
/** A session for the endpoint that needs one: without it, sign-in answers 401 before anything is counted. */
let token: string;
beforeAll(async () => {
  server = await startTestServer({ authRateLimitPerMinute: LIMIT, trustProxy: true });
  ({ token } = await signUp(server, {}));
});
afterAll(async () => { await server.close(); });

/** Each client address gets its own counter; tests use their own so they do not share one. */
let address = 10;
const nextAddress = () => `203.0.113.${address++}`;

describe.each([
  'auth/register/',
  'auth/register/verify/',
  'auth/register/resend/',
  'auth/login/',
  'auth/google/',
  'auth/password/forgot/',
  'auth/password/reset/',
  'auth/password/change/',
])('POST %s per-address rate limit', (path) => {
  it(`answers 429 rate_limited after ${LIMIT} requests a minute, and counts each address apart`, async () => {
    const client = { 'X-Forwarded-For': nextAddress() };
    const session = path === 'auth/password/change/' ? { token } : {};
    for (let i = 0; i < LIMIT; i++) {
      expect((await server.post(path, {}, { headers: client, ...session })).status).not.toBe(429);
    }
    const limited = await server.post(path, {}, { headers: client, ...session });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      message: expect.stringMatching(/^Too many requests\. Please try again in ([1-9]|[1-5]\d|60) seconds\.$/),
      code: 'rate_limited',
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    expect((await server.post(path, {}, { headers: { 'X-Forwarded-For': nextAddress() }, ...session })).status).not.toBe(429);
  });
});

describe('endpoints without credentials', () => {
  it('does not rate-limit auth/me/', async () => {
    const person = await signUp(server, {});
    const client = { 'X-Forwarded-For': nextAddress() };
    for (let i = 0; i <= LIMIT + 1; i++) {
      expect((await server.get('auth/me/', { token: person.token, headers: client })).status).toBe(200);
    }
  });
});

describe('without a trusted proxy', () => {
  let direct: TestServer;
  beforeAll(async () => { direct = await startTestServer({ authRateLimitPerMinute: LIMIT }); });
  afterAll(async () => { await direct.close(); });

  it('ignores X-Forwarded-For, so a client cannot pick a fresh address to dodge the limit', async () => {
    for (let i = 0; i < LIMIT; i++) {
      await direct.post('auth/login/', {}, { headers: { 'X-Forwarded-For': nextAddress() } });
    }
    const limited = await direct.post('auth/login/', {}, { headers: { 'X-Forwarded-For': nextAddress() } });
    expect(limited.status).toBe(429);
  });
});
