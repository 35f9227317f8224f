import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../test/harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

// Every API answer carries exactly these (what helmet sent with the API's settings).
const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline';upgrade-insecure-requests",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
// Headers any answer has whatever its security (framing and caching).
const TRANSPORT_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'retry-after']);
const securityHeaders = (headers: Headers) =>
  Object.fromEntries([...headers].filter(([name]) => !TRANSPORT_HEADERS.has(name)));

describe('API shell', () => {
  it('answers health with the data envelope and strict headers', async () => {
    const res = await server.get('health/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'ok' } });
    expect(securityHeaders(res.headers)).toEqual(SECURITY_HEADERS);
  });

  it('answers unknown paths with the error envelope', async () => {
    const res = await server.get('no-such-thing/');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'That address does not exist.', code: 'not_found' });
    expect(securityHeaders(res.headers)).toEqual(SECURITY_HEADERS);
  });

  it('sends the same security headers on a signed-in route and on a refused request', async () => {
    const person = await signUp(server);
    const me = await server.get('auth/me/', { token: person.token });
    expect(me.status).toBe(200);
    expect(securityHeaders(me.headers)).toEqual(SECURITY_HEADERS);
    const refused = await server.get('auth/me/');
    expect(refused.status).toBe(401);
    expect(securityHeaders(refused.headers)).toEqual(SECURITY_HEADERS);
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const res = await server.get<{ openapi: string; paths: Record<string, unknown> }>('openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
  });
});
