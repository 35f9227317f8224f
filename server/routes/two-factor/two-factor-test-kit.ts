import { generateSync } from 'otplib';
import { expect } from 'vitest';
import type { TwoFactorChallenge } from '../../../lib/contract/auth';
import type { AddedPasskey, EnabledTotp, ProofBody, TotpSetup, WebauthnOptions } from '../../../lib/contract/two-factor';
import { STRONG_PASSWORD, type TestServer } from '../../test/harness';
import { createPasskey, signWithPasskey, type SoftPasskey } from '../../test/webauthn-authenticator';

/*
 * Shared steps of the two-factor suites, all through the real endpoints.
 */

export interface Data<T> { data: T; message?: string }

const PERIOD_SECONDS = 30;

/** The authenticator app's code for `secret`, `steps` time steps (30 s each) from now. */
export const totpCode = (secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * PERIOD_SECONDS });

/**
 * Waits until the clock is well inside a 30-second step, so a code made here
 * for "now ± n steps" is still that many steps away when the server checks it.
 */
export async function awayFromStepEdge(): Promise<void> {
  const intoStep = (Date.now() / 1000) % PERIOD_SECONDS;
  if (intoStep < 2 || intoStep > PERIOD_SECONDS - 8) {
    await new Promise((resolve) => setTimeout(resolve, ((PERIOD_SECONDS - intoStep + 2) % PERIOD_SECONDS) * 1000));
  }
}

/**
 * Sets up the authenticator app for the signed-in person (`proof` as for
 * addPasskey); returns its secret, the code that enabled it, the recovery
 * codes and the other sessions the answer counted.
 */
export async function enableTotp(server: TestServer, token: string, proof: ProofBody = { password: STRONG_PASSWORD }) {
  const setup = await server.post<Data<TotpSetup>>('auth/two-factor/totp/setup/', proof, { token });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const { secret } = setup.body.data;
  await awayFromStepEdge();
  const usedCode = totpCode(secret);
  const enabled = await server.post<Data<EnabledTotp>>('auth/two-factor/totp/enable/', { code: usedCode }, { token });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  return { secret, usedCode, recoveryCodes: enabled.body.data.recovery_codes, otherSessions: enabled.body.data.other_sessions };
}

/** The browser facts of the server under test, as a browser on its address reports them. */
export const ceremonyOf = (server: TestServer, extra: { userVerified?: boolean } = {}) => ({
  origin: server.config.webauthn.origin, rpId: server.config.webauthn.rpId, ...extra,
});

/**
 * Adds a passkey made by the software authenticator; returns it and what the
 * server answered. `proof` is the fresh proof (the password by default; an
 * account with a second factor must add one of it).
 */
export async function addPasskey(server: TestServer, token: string, opts: { proof?: ProofBody; name?: string } = {}) {
  const options = await server.post<Data<WebauthnOptions>>('auth/passkeys/options/', opts.proof ?? { password: STRONG_PASSWORD }, { token });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const { credential, passkey } = createPasskey(options.body.data, ceremonyOf(server));
  const added = await server.post<Data<AddedPasskey>>('auth/passkeys/', { credential, name: opts.name }, { token });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return { passkey, added: added.body.data };
}

/** A passkey's answer for a fresh proof: signed over a challenge from the proof's own options endpoint. */
export async function passkeySettingsProof(server: TestServer, token: string, passkey: SoftPasskey) {
  const options = await server.post<Data<WebauthnOptions>>('auth/two-factor/proof/passkey/options/', {}, { token });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  return signWithPasskey(passkey, options.body.data, ceremonyOf(server, { userVerified: false }));
}

/** Signs in with the password; the answer must be the second step, whose token and methods are returned. */
export async function startSignIn(server: TestServer, email: string, password = STRONG_PASSWORD, headers: Record<string, string> = {}) {
  const res = await server.post<Data<TwoFactorChallenge>>('auth/login/', { email, password, visitor_id: 'visitor-1' }, { headers });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data).not.toHaveProperty('token');
  return res.body.data.two_factor;
}

/** The second step with a passkey: options for the pending sign-in, signed by `passkey`. */
export async function passkeyProof(server: TestServer, pendingToken: string, passkey: SoftPasskey) {
  const options = await server.post<Data<WebauthnOptions>>('auth/two-factor/passkey/options/', { token: pendingToken });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  return signWithPasskey(passkey, options.body.data, ceremonyOf(server, { userVerified: false }));
}
