import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, type Endpoint } from '../../lib/contract/endpoint';
import { allEndpoints, endpointKey } from '../../lib/contract/endpoints';
import { startTestServer, type RequestOptions, type TestServer } from '../test/harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

/** Every path parameter filled with a value of the wrong shape, and a body no schema accepts: only sign-in can answer first. */
function callOf(definition: Endpoint, opts: RequestOptions) {
  const params = Object.fromEntries([...definition.path.matchAll(/:([a-z_]+)/g)].map(([, name]) => [name, 'not-an-id']));
  const withBody = definition.method !== 'GET' && definition.method !== 'DELETE';
  return server.request(definition.method, `${pathOf(definition, params)}?page=not-a-number`, {
    ...opts,
    ...(withBody ? { body: { unexpected: ['field'] } } : {}),
  });
}

const signedIn = allEndpoints.filter((definition) => definition.signedIn);
const open = allEndpoints.filter((definition) => !definition.signedIn);

describe('the declaration decides who must be signed in', () => {
  it('declares both kinds, so neither walk below is empty', () => {
    expect(signedIn.length).toBeGreaterThan(90);
    expect(open.length).toBeGreaterThan(5);
  });

  it.each(signedIn.map((definition) => [endpointKey(definition), definition] as const))(
    '%s answers 401 without a session, and with a forged one, before reading its input',
    async (_key, definition) => {
      const cases: [RequestOptions, string][] = [
        [{}, 'unauthenticated'],
        [{ authorization: 'Basic dXNlcjpwYXNz' }, 'unauthenticated'],
        [{ authorization: 'JWT not-a-token' }, 'invalid_token'],
      ];
      for (const [opts, code] of cases) {
        const response = await callOf(definition, opts);
        expect({ status: response.status, code: (response.body as { code?: string } | null)?.code }).toEqual({ status: 401, code });
      }
    },
  );

  it.each(open.map((definition) => [endpointKey(definition), definition] as const))(
    '%s, declared open, does not ask for a session',
    async (_key, definition) => {
      const response = await callOf(definition, {});
      expect(response.status).not.toBe(401);
    },
  );
});
