import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyHub } from '../../../lib/contract/hubs';
import { startTestServer, type TestServer } from '../../test/harness';
import { createUser } from '../../test/fixtures';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ token } = await createUser(server, { email: 'hostile@acme.test' }));
});
afterAll(async () => { await server.close(); });

const hostile = fc.constantFrom(
  '', ' ', '\u0000', 'a\u0000b', '\ud800', '\udfff\ud800', '😀😀😀', 'é', 'İstanbul', 'ǅ', '\u202e', '\u200b',
  "'; DROP TABLE organizations; --", '<script>alert(1)</script>', '../../etc/passwd', '%00', '%', '${label}',
  'admin', 'CHECK', 'switch', 'a'.repeat(10_000), 'acme.test', 'gmail.com', 'public', 'shared', '#796CFF',
);
/** Strings that often pass the handle rule, so some hubs really are created. */
const plausibleHandle = fc.stringMatching(/^[A-Za-z0-9_-]{3,12}$/);
const text = fc.oneof(hostile, plausibleHandle, fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme', maxLength: 100 }));
const anything = fc.oneof(
  { weight: 6, arbitrary: text },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);
/** Mostly acceptable values, each sometimes replaced by anything at all. */
const field = <T>(acceptable: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: acceptable }, { weight: 1, arbitrary: anything });
const body = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      name: field(fc.oneof(
        fc.constant('Acme Hub'),
        fc.string({ unit: 'grapheme', minLength: 2, maxLength: 60 }),
        fc.string({ unit: 'binary', minLength: 2, maxLength: 40 }),
        hostile.map((h) => `Hub ${h}`),
      )),
      domain_handle: field(plausibleHandle),
      description: field(fc.option(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.string({ unit: 'binary' })), { nil: undefined })),
      visibility: field(fc.constantFrom('public', 'shared')),
      email_domain: field(fc.constantFrom(undefined, '', 'acme.test', 'ACME.TEST')),
      colour: field(fc.constantFrom(undefined, '#112233', '#abcdef')),
    }),
  },
  { weight: 1, arbitrary: fc.jsonValue() },
);

function expectErrorEnvelope(status: number, responseBody: unknown) {
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
  expect(responseBody).toMatchObject({ message: expect.any(String), code: expect.any(String) });
}

describe('hostile input to the hub endpoints', () => {
  it('POST organizations/ never fails on its side, and every hub it stores reads back unchanged', async () => {
    let created = 0;
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const res = await server.post<{ data: MyHub }>('organizations/', payload, { token });
        if (res.status !== 201) return expectErrorEnvelope(res.status, res.body);
        created++;
        const hub = res.body.data;
        expect(hub.domain_handle).toMatch(/^[a-z0-9_-]{3,40}$/);
        const read = await server.get<{ data: MyHub }>(`organizations/${hub.domain_handle}/`, { token });
        expect(read.status).toBe(200);
        expect(read.body.data).toEqual(hub);
      }),
      { numRuns: 300 },
    );
    // The generators must reach the success path, or the read-back half proves nothing.
    expect(created).toBeGreaterThan(5);
  });

  it('GET organizations/check/ answers every string with data, never an error', async () => {
    await fc.assert(
      fc.asyncProperty(text, async (handle) => {
        const res = await server.get<{ data: { available: boolean; reason: string | null } }>(
          `organizations/check/?${new URLSearchParams({ domain_handle: handle })}`, { token },
        );
        expect(res.status).toBe(200);
        expect(res.body.data.available).toBe(res.body.data.reason === null);
      }),
      { numRuns: 300 },
    );
  });

  it.each(['%', '%ZZ', '%E0%A4%A', 'domain_handle[]=x', 'domain_handle=%00', 'domain_handle=a&domain_handle=b'])(
    'GET organizations/check/?%s does not fail on its side',
    async (query) => {
      const res = await server.get(`organizations/check/?${query}`, { token });
      expect(res.status).toBeLessThan(500);
      if (res.status !== 200) expectErrorEnvelope(res.status, res.body);
    },
  );
});
