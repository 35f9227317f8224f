import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, STRONG_PASSWORD, type TestServer } from '../../test/harness';
import { anything, expectClientError, expectPrototypeIntact, field, jsonBody, text } from '../../test/isolation/hostile-values';

/*
 * Random and hostile bodies at the signed-out auth endpoints: the API never
 * answers 5xx, and refuses with its error envelope. Success is possible for
 * some (a sign-up with a valid body), and must then be a 2xx.
 */

let server: TestServer;
// Each body is sent from its own address, so the per-client slow-down of failed sign-ins does not answer instead.
let client = 0;
beforeAll(async () => { server = await startTestServer({ trustProxy: true }); });
afterAll(async () => { await server.close(); });

const NUM_RUNS = 40;
const email = fc.oneof(
  { weight: 3, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.constantFrom('ADA@EXAMPLE.COM ', 'a@b', '@x.test', 'x@x.test\u0000') },
);
const code = fc.oneof(fc.stringMatching(/^\d{6}$/), text);

async function throwAt(path: string, body: fc.Arbitrary<unknown>) {
  await fc.assert(
    fc.asyncProperty(jsonBody(body), async (json) => {
      const res = await server.request('POST', path, { body: json, headers: { 'X-Forwarded-For': `198.18.${(client >> 8) & 255}.${client++ & 255}` } });
      if (res.status < 200 || res.status >= 300) expectClientError(res.status, res.body);
      expectPrototypeIntact();
    }),
    { numRuns: NUM_RUNS },
  );
}

describe('hostile input to sign-up and sign-in', () => {
  it('POST auth/register/', () =>
    throwAt('auth/register/', fc.record({ name: field(text), email: field(email), password: field(fc.constant(STRONG_PASSWORD)) }, { requiredKeys: [] })));

  it('POST auth/register/verify/', () =>
    throwAt('auth/register/verify/', fc.record({
      email: field(email), code: field(code), registration: field(text), visitor_id: field(text),
    }, { requiredKeys: [] })));

  it('POST auth/register/resend/', () =>
    throwAt('auth/register/resend/', fc.record({ email: field(email), registration: field(text) }, { requiredKeys: [] })));

  it('POST auth/login/', () =>
    throwAt('auth/login/', fc.record({
      email: field(email), password: field(text), email_code: field(code), visitor_id: field(text),
    }, { requiredKeys: [] })));

  it('POST auth/password/forgot/ and reset/', async () => {
    await throwAt('auth/password/forgot/', fc.record({ email: field(email) }, { requiredKeys: [] }));
    await throwAt('auth/password/reset/', fc.record({ token: field(text), password: field(anything) }, { requiredKeys: [] }));
  });
});
