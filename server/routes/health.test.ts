import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

describe('API shell', () => {
  it('answers health with the data envelope and strict headers', async () => {
    const res = await server.get('health/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'ok' } });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('answers unknown paths with the error envelope', async () => {
    const res = await server.get('no-such-thing/');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'That address does not exist.', code: 'not_found' });
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const res = await server.get<{ openapi: string; paths: Record<string, unknown> }>('openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
  });
});
