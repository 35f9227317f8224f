import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

interface Operation { tags?: string[]; summary?: string; requestBody?: unknown; responses: Record<string, unknown> }

describe('auth routes in the OpenAPI document', () => {
  it.each([
    ['post', '/api/v1/auth/register/', '201'],
    ['post', '/api/v1/auth/register/verify/', '200'],
    ['post', '/api/v1/auth/register/resend/', '200'],
    ['post', '/api/v1/auth/login/', '200'],
    ['post', '/api/v1/auth/google/', '200'],
    ['get', '/api/v1/auth/me/', '200'],
    ['get', '/api/v1/auth/logout/', '200'],
    ['post', '/api/v1/auth/logout/', '200'],
    ['post', '/api/v1/auth/password/forgot/', '200'],
    ['post', '/api/v1/auth/password/reset/', '200'],
    ['post', '/api/v1/auth/password/change/', '200'],
    ['patch', '/api/v1/auth/profile/', '200'],
  ])('describes %s %s with its success and error responses', async (method, path, success) => {
    const doc = await server.get<{ paths: Record<string, Record<string, Operation>> }>('openapi.json');
    const operation = doc.body.paths[path]?.[method];
    expect(operation).toBeDefined();
    expect(operation!.tags).toEqual(['auth']);
    expect(operation!.summary).toEqual(expect.any(String));
    expect(Object.keys(operation!.responses)).toContain(success);
    expect(Object.keys(operation!.responses).some((status) => status.startsWith('4'))).toBe(true);
  });
});
