import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubTwoFactorPolicy, Passkey, TwoFactorStatus } from '../../../lib/contract/two-factor';
import { codeFailures } from '../../db/schema';
import { createHub, createUser } from '../../test/fixtures';
import { STRONG_PASSWORD, startTestServer, type ApiResponse, type RequestOptions, type TestServer } from '../../test/harness';
import {
  anything, expectClientError, expectPrototypeIntact, field, hostileString, jsonBody, pathSegment, rawHostileBodies, text,
} from '../../test/isolation/hostile-values';
import { addPasskey, enableTotp, startSignIn, totpCode, type Data } from './two-factor-test-kit';

/*
 * Random and hostile input at every two-factor endpoint that takes a body
 * (and the passkey id in paths): the API never answers 5xx, refuses with its
 * error envelope, and what it accepts reads back.
 */

let server: TestServer;
let as: RequestOptions;
let hubPath: string;
let passkeyId: string;
let pendingToken: string;
let recoveryCode: string;

const NUM_RUNS = 40;

beforeAll(async () => {
  server = await startTestServer();
  const person = await createUser(server);
  as = { token: person.token };
  const { secret, recoveryCodes } = await enableTotp(server, person.token);
  recoveryCode = recoveryCodes[0]!;
  passkeyId = (await addPasskey(server, person.token, { proof: { password: STRONG_PASSWORD, code: totpCode(secret, 1) } })).added.passkey.id;
  pendingToken = (await startSignIn(server, person.email)).token;
  const hub = await createHub(server, person.token);
  hubPath = `organizations/${hub.domain_handle}/two-factor/`;
  as = { ...as, hubHandle: hub.domain_handle };
});
afterAll(async () => { await server.close(); });

/** Sends each body; a refusal must be a client error with the envelope, a success goes to `readBack`. Returns the successes. */
async function throwAt(
  method: string,
  path: (extra: string) => string,
  arbitrary: fc.Arbitrary<{ body: string; extra: string }>,
  opts: { signedIn?: boolean; readBack?: (res: ApiResponse) => Promise<void> } = {},
): Promise<number> {
  let accepted = 0;
  await fc.assert(
    fc.asyncProperty(arbitrary, async ({ body, extra }) => {
      const res = await server.request(method, path(extra), { ...(opts.signedIn === false ? {} : as), body });
      if (res.status >= 200 && res.status < 300) {
        accepted += 1;
        await opts.readBack?.(res);
      } else {
        expectClientError(res.status, res.body);
      }
      expectPrototypeIntact();
    }),
    { numRuns: NUM_RUNS },
  );
  return accepted;
}
const bodies = (body: fc.Arbitrary<unknown>) => jsonBody(body).map((json) => ({ body: json, extra: '' }));
const raw = () => fc.constantFrom(...rawHostileBodies.map(([, body]) => body)).map((body) => ({ body, extra: '' }));

const b64 = fc.oneof(fc.base64String({ maxLength: 80 }).map((s) => s.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')), text);
/** A WebAuthn response of roughly the right shape, any part of it hostile. */
const credential = (response: Record<string, fc.Arbitrary<unknown>>) => field(fc.record({
  id: field(b64), rawId: field(b64), type: field(fc.constantFrom('public-key', 'password')),
  response: field(fc.record(Object.fromEntries(Object.entries(response).map(([k, v]) => [k, field(v)])), { requiredKeys: [] })),
  clientExtensionResults: field(fc.constant({})),
  authenticatorAttachment: field(fc.constantFrom('platform', 'cross-platform')),
}, { requiredKeys: [] }));
const assertion = credential({ clientDataJSON: b64, authenticatorData: b64, signature: b64, userHandle: b64 });
const attestation = credential({ clientDataJSON: b64, attestationObject: b64, transports: fc.array(text, { maxLength: 3 }) });
const proof = fc.record({
  password: field(fc.constantFrom('Wr0ng!Password', '')),
  code: field(fc.constantFrom('123456', 'abcd-efgh', '')),
  passkey: field(assertion),
}, { requiredKeys: [] });

describe('hostile input to the two-factor settings', () => {
  it.each([
    ['POST', 'auth/two-factor/totp/setup/'],
    ['POST', 'auth/two-factor/totp/disable/'],
    ['POST', 'auth/two-factor/recovery-codes/'],
    ['POST', 'auth/passkeys/options/'],
  ])('%s %s refuses every hostile proof with a client error', async (method, path) => {
    // The password is never right here, so nothing may pass (nor change).
    const accepted = await throwAt(method, () => path, fc.oneof(bodies(proof), bodies(anything), raw()));
    expect(accepted).toBe(0);
  });

  it('POST auth/two-factor/totp/enable/ refuses every hostile code', async () => {
    const code = fc.oneof(hostileString, fc.stringMatching(/^\d{6}$/), fc.integer(), anything);
    expect(await throwAt('POST', () => 'auth/two-factor/totp/enable/', fc.oneof(bodies(fc.record({ code }, { requiredKeys: [] })), raw()))).toBe(0);
  });

  it('POST auth/passkeys/ refuses every hostile credential', async () => {
    const body = fc.record({ credential: attestation, name: field(text) }, { requiredKeys: [] });
    expect(await throwAt('POST', () => 'auth/passkeys/', fc.oneof(bodies(body), raw()))).toBe(0);
  });

  it('PATCH auth/passkeys/{id}/ never fails on its side; a name it saves reads back', async () => {
    const name = fc.oneof(fc.constant('Work laptop'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 70 }), hostileString);
    const target = fc.oneof({ weight: 4, arbitrary: fc.constant(passkeyId) }, { weight: 1, arbitrary: fc.uuid() }, { weight: 1, arbitrary: text.map(pathSegment) });
    const arbitrary = fc.tuple(jsonBody(fc.record({ name: field(name) }, { requiredKeys: [] })), target).map(([body, extra]) => ({ body, extra }));
    const accepted = await throwAt('PATCH', (id) => `auth/passkeys/${id}/`, arbitrary, {
      readBack: async (res) => {
        const saved = (res.body as Data<Passkey>).data;
        const status = await server.get<Data<TwoFactorStatus>>('auth/two-factor/', as);
        expect(status.body.data.passkeys).toContainEqual(saved);
      },
    });
    expect(accepted).toBeGreaterThan(3);
  });

  it('DELETE auth/passkeys/{id}/ refuses hostile ids and proofs; the passkey stays', async () => {
    const target = fc.oneof(fc.constant(passkeyId), fc.uuid(), text.map(pathSegment));
    const arbitrary = fc.tuple(jsonBody(proof), target).map(([body, extra]) => ({ body, extra }));
    expect(await throwAt('DELETE', (id) => `auth/passkeys/${id}/`, arbitrary)).toBe(0);
    const status = await server.get<Data<TwoFactorStatus>>('auth/two-factor/', as);
    expect(status.body.data.passkeys.map((p) => p.id)).toEqual([passkeyId]);
  });

  it('PUT organizations/{handle}/two-factor/ never fails on its side; what it saves reads back', async () => {
    const body = fc.record({ required: field(fc.boolean()) }, { requiredKeys: [] });
    const accepted = await throwAt('PUT', () => hubPath, fc.oneof(bodies(body), raw()), {
      readBack: async (res) => {
        const read = await server.get<Data<HubTwoFactorPolicy>>(hubPath, as);
        expect(read.body.data).toEqual((res.body as Data<HubTwoFactorPolicy>).data);
      },
    });
    expect(accepted).toBeGreaterThan(3);
  });
});

describe('hostile input to signing in', () => {
  it('POST auth/two-factor/verify/ refuses every hostile second step with a client error', async () => {
    const token = field(fc.oneof(fc.constant(pendingToken), text));
    const body = fc.oneof(
      fc.record({ token, method: field(fc.constantFrom('totp', 'recovery_code')), code: field(fc.oneof(text, fc.stringMatching(/^\d{6}$/))) }, { requiredKeys: [] }),
      fc.record({ token, method: field(fc.constant('passkey')), credential: assertion }, { requiredKeys: [] }),
    );
    expect(await throwAt('POST', () => 'auth/two-factor/verify/', fc.oneof(bodies(body), raw()), { signedIn: false })).toBe(0);
  });

  it('POST auth/two-factor/passkey/options/ answers only a live pending sign-in, and never fails on its side', async () => {
    const body = fc.record({ token: field(text) }, { requiredKeys: [] });
    expect(await throwAt('POST', () => 'auth/two-factor/passkey/options/', fc.oneof(bodies(body), raw()), { signedIn: false })).toBe(0);
  });

  it('POST auth/passkey/verify/ refuses every hostile credential', async () => {
    const body = fc.record({ credential: assertion, visitor_id: field(text) }, { requiredKeys: [] });
    expect(await throwAt('POST', () => 'auth/passkey/verify/', fc.oneof(bodies(body), raw()), { signedIn: false })).toBe(0);
  });

  it('POST auth/passkey/options/ ignores whatever body it is sent', async () => {
    const accepted = await throwAt('POST', () => 'auth/passkey/options/', bodies(anything), { signedIn: false });
    expect(accepted).toBeGreaterThan(0);
  });

  it('the right password still works once the wrong ones have aged out', async () => {
    await server.db.delete(codeFailures);
    expect((await server.post('auth/two-factor/totp/disable/', { password: STRONG_PASSWORD, code: recoveryCode }, as)).status).toBe(200);
  });
});
