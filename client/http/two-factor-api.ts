import type {
  AddPasskeyBody, AuthenticationCredential, ProofBody, RegistrationCredential, VerifyTwoFactorBody,
} from '../../lib/contract/two-factor';
import { call } from './api';

/** The signed-in person's second factors: authenticator app, recovery codes, passkeys. */
export const twoFactorApi = {
  status: () => call('GET auth/two-factor/', {}),
  /** Options for proving one's passkey in a fresh proof; its answer goes in the proof's `passkey`. */
  proofPasskeyOptions: () => call('POST auth/two-factor/proof/passkey/options/', {}),
  setupTotp: (proof: ProofBody) => call('POST auth/two-factor/totp/setup/', { body: proof }),
  enableTotp: (code: string) => call('POST auth/two-factor/totp/enable/', { body: { code } }),
  disableTotp: (proof: ProofBody) => call('POST auth/two-factor/totp/disable/', { body: proof }),
  regenerateRecoveryCodes: (proof: ProofBody) => call('POST auth/two-factor/recovery-codes/', { body: proof }),
  passkeyOptions: (proof: ProofBody) => call('POST auth/passkeys/options/', { body: proof }),
  addPasskey: (credential: RegistrationCredential, name?: AddPasskeyBody['name']) =>
    call('POST auth/passkeys/', { body: { credential, name } }),
  renamePasskey: (id: string, name: string) => call('PATCH auth/passkeys/:id/', { params: { id }, body: { name } }),
  removePasskey: (id: string, proof: ProofBody) => call('DELETE auth/passkeys/:id/', { params: { id }, body: proof }),
};

/** Signing in: the second step of a password (or Google) sign-in, and a passkey alone. */
export const twoFactorSignInApi = {
  verify: (body: VerifyTwoFactorBody) => call('POST auth/two-factor/verify/', { body }),
  pendingPasskeyOptions: (token: string) => call('POST auth/two-factor/passkey/options/', { body: { token } }),
  passkeyOptions: () => call('POST auth/passkey/options/', {}),
  passkeySignIn: (credential: AuthenticationCredential, visitorId?: string) =>
    call('POST auth/passkey/verify/', { body: { credential, visitor_id: visitorId } }),
};

/** A hub's two-factor requirement (owners). */
export const hubTwoFactorApi = {
  get: (handle: string) => call('GET organizations/:handle/two-factor/', { params: { handle } }),
  set: (handle: string, required: boolean) => call('PUT organizations/:handle/two-factor/', { params: { handle }, body: { required } }),
};

