import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../../lib/contract/auth';
import type { RecoveryCodes, TwoFactorStatus, WebauthnOptions } from '../../../lib/contract/two-factor';
import { codeFailures } from '../../db/schema';
import { createUser } from '../../test/fixtures';
import { STRONG_PASSWORD, startTestServer, type TestServer } from '../../test/harness';
import {
  addPasskey, enableTotp, passkeyProof, passkeySettingsProof, startSignIn, totpCode, type Data,
} from './two-factor-test-kit';

/*
 * The fresh proof the two-factor settings ask for (assert-fresh-proof.ts):
 * once an account has a second factor, the password alone no longer changes
 * them; wrong proofs slow down the session that gives them, never the owner
 * elsewhere; and turning two-factor on offers to end the sessions opened
 * before it.
 */

/** Wrong proofs a session may give before it waits (as LOGIN_CLIENT_FREE_FAILURES does for sign-in). */
const FREE_FAILURES = 7;

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ loginClientFreeFailures: FREE_FAILURES }); });
afterAll(async () => { await server.close(); });

const status = async (token: string) => (await server.get<Data<TwoFactorStatus>>('auth/two-factor/', { token })).body.data;
const signInAgain = async (email: string) =>
  (await server.post<Data<TokenResponse>>('auth/login/', { email, password: STRONG_PASSWORD })).body.data.token;
const missingSecondFactor = {
  code: 'validation_error',
  errors: { code: ['Please confirm with your second factor too: a code from your authenticator app, a recovery code, or your passkey.'] },
};

describe('with a second factor, the password alone changes nothing', () => {
  it('turning the app off, new recovery codes, adding a passkey and setting up the app again each need a current code too', async () => {
    const { token } = await createUser(server);
    const { secret, recoveryCodes } = await enableTotp(server, token);
    expect((await status(token)).proof).toEqual({ password: true, second_factor: ['totp', 'recovery_code'] });

    for (const path of ['auth/two-factor/totp/disable/', 'auth/two-factor/recovery-codes/', 'auth/passkeys/options/', 'auth/two-factor/totp/setup/']) {
      const res = await server.post(path, { password: STRONG_PASSWORD }, { token });
      expect({ path, status: res.status, body: res.body }).toMatchObject({ path, status: 400, body: missingSecondFactor });
    }
    // A code without the password: nothing is checked (so nothing is used up) until both are there.
    const noPassword = await server.post('auth/two-factor/recovery-codes/', { code: recoveryCodes[0] }, { token });
    expect(noPassword.body).toMatchObject({ errors: { password: ['Please enter your password to confirm it is you.'] } });
    expect((await status(token)).recovery_codes_left).toBe(10);

    const wrong = await server.post('auth/two-factor/totp/disable/', { password: STRONG_PASSWORD, code: '000000' }, { token });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'invalid_code',
      errors: { code: ['That code is not right, or it was already used. Enter the newest code from your authenticator app, or an unused recovery code.'] },
    });
    expect(await status(token)).toMatchObject({ enabled: true, totp: { enabled: true } });

    // Whatever the sign-in's second step takes: the app's current code, or a recovery code.
    const fresh = await server.post<Data<RecoveryCodes>>('auth/two-factor/recovery-codes/', { password: STRONG_PASSWORD, code: totpCode(secret, 1) }, { token });
    expect(fresh.status).toBe(200);
    const off = await server.post('auth/two-factor/totp/disable/', { password: STRONG_PASSWORD, code: fresh.body.data.recovery_codes[0] }, { token });
    expect(off.status).toBe(200);
    expect(await status(token)).toMatchObject({ enabled: false, proof: { password: true, second_factor: [] } });
  });

  it('removing the only passkey needs that passkey (signed for this proof) or a recovery code', async () => {
    const { email, token } = await createUser(server);
    const { passkey, added } = await addPasskey(server, token);
    expect((await status(token)).proof).toEqual({ password: true, second_factor: ['passkey', 'recovery_code'] });
    const remove = (body: Record<string, unknown>) => server.request('DELETE', `auth/passkeys/${added.passkey.id}/`, { token, body });

    expect((await remove({ password: STRONG_PASSWORD })).body).toMatchObject(missingSecondFactor);
    // A signature over a sign-in's challenge is no proof for the settings.
    const forSignIn = await passkeyProof(server, (await startSignIn(server, email)).token, passkey);
    const refused = await remove({ password: STRONG_PASSWORD, passkey: forSignIn });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'invalid_code', errors: { passkey: ['That passkey was not accepted. Try again, or enter a code instead.'] },
    });
    // The password is checked first: a wrong one uses up neither the challenge nor the signature.
    const signed = await passkeySettingsProof(server, token, passkey);
    expect((await remove({ password: 'Wr0ng!Password', passkey: signed })).body).toMatchObject({ code: 'invalid_credentials' });
    const removed = await remove({ password: STRONG_PASSWORD, passkey: signed });
    expect(removed.status).toBe(200);
    expect(await status(token)).toMatchObject({ enabled: false, passkeys: [] });
    // Nothing left to prove with a passkey.
    const options = await server.post<Data<WebauthnOptions>>('auth/two-factor/proof/passkey/options/', {}, { token });
    expect(options.status).toBe(409);
  });
});

describe('wrong proofs slow the session down and never lock the owner out', () => {
  it('makes the session that guesses wait longer and longer, at most a minute; the owner elsewhere and sign-in carry on', async () => {
    const { email, token: stolen } = await createUser(server);
    const owner = await signInAgain(email);
    const setup = (token: string, password: string) => server.post('auth/two-factor/totp/setup/', { password }, { token });

    for (let i = 0; i < FREE_FAILURES; i += 1) expect((await setup(stolen, 'Wr0ng!Password')).status).toBe(400);
    const slowed = await setup(stolen, STRONG_PASSWORD);
    expect(slowed.status).toBe(429);
    expect(slowed.body).toEqual({ message: expect.stringMatching(/^Too many wrong attempts\. Please wait 1 second and try again\.$/), code: 'rate_limited' });
    expect(slowed.headers.get('retry-after')).toBe('1');

    // The owner, in a session of their own, is not held up, and signing in is not counted against.
    expect((await setup(owner, STRONG_PASSWORD)).status).toBe(200);
    expect((await server.post('auth/login/', { email, password: STRONG_PASSWORD })).status).toBe(200);

    // Once it has waited, the guessing session may try again; each wrong try doubles the wait.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await setup(stolen, 'Wr0ng!Password')).status).toBe(400);
    expect((await setup(stolen, STRONG_PASSWORD)).headers.get('retry-after')).toBe('2');

    // However many wrong tries it made, the wait stays within a minute.
    const [row] = await server.db.select().from(codeFailures).where(eq(codeFailures.email, email)).limit(1);
    await server.db.insert(codeFailures).values(Array.from({ length: 30 }, () => ({ email, purpose: row!.purpose })));
    const longest = Number((await setup(stolen, STRONG_PASSWORD)).headers.get('retry-after'));
    expect(longest).toBeGreaterThan(50);
    expect(longest).toBeLessThanOrEqual(60);
  });

  it('forgets a session\'s wrong proofs once it gives a right one', async () => {
    const { token } = await createUser(server);
    for (let i = 0; i < FREE_FAILURES; i += 1) await server.post('auth/two-factor/totp/setup/', { password: 'Wr0ng!Password' }, { token });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await server.post('auth/two-factor/totp/setup/', { password: STRONG_PASSWORD }, { token })).status).toBe(200);
    expect((await server.post('auth/two-factor/totp/setup/', { password: 'Wr0ng!Password' }, { token })).status).toBe(400);
    expect((await server.post('auth/two-factor/totp/setup/', { password: STRONG_PASSWORD }, { token })).status).toBe(200);
  });
});

describe('turning two-factor sign-in on', () => {
  it('counts the sessions opened before it, which one call of revoke-others then signs out', async () => {
    const { email, token } = await createUser(server);
    const earlier = [await signInAgain(email), await signInAgain(email)];
    const { otherSessions } = await enableTotp(server, token);
    expect(otherSessions).toBe(2);
    for (const other of earlier) expect((await server.get('auth/me/', { token: other })).status).toBe(200);

    const revoked = await server.post<Data<{ revoked: number }>>('auth/sessions/revoke-others/', {}, { token });
    expect(revoked.body.data).toEqual({ revoked: 2 });
    for (const other of earlier) expect((await server.get('auth/me/', { token: other })).status).toBe(401);
    expect((await server.get('auth/me/', { token })).status).toBe(200);
  });

  it('counts nothing when two-factor sign-in was already on', async () => {
    const { email, token } = await createUser(server);
    await signInAgain(email);
    const { passkey, added } = await addPasskey(server, token);
    expect(added.other_sessions).toBe(1);
    const proof = { password: STRONG_PASSWORD, passkey: await passkeySettingsProof(server, token, passkey) };
    expect((await enableTotp(server, token, proof)).otherSessions).toBeNull();
  });
});
