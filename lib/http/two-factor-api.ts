import type { SignInResponse, TokenResponse } from '../contract/auth';
import type {
  AddedPasskey, AddPasskeyBody, AuthenticationCredential, HubTwoFactorPolicy, Passkey, ProofBody, RecoveryCodes,
  RegistrationCredential, TotpSetup, TwoFactorStatus, VerifyTwoFactorBody, WebauthnOptions,
} from '../contract/two-factor';
import { http, type Envelope } from './api';
import { apiClient } from './clients';

const passkeyPath = (id: string) => `auth/passkeys/${encodeURIComponent(id)}/`;
const hubPath = (handle: string) => `organizations/${encodeURIComponent(handle)}/two-factor/`;

/** The signed-in person's second factors: authenticator app, recovery codes, passkeys. */
export const twoFactorApi = {
  status: () => http.get<Envelope<TwoFactorStatus>>('auth/two-factor/'),
  setupTotp: (proof: ProofBody) => http.post<Envelope<TotpSetup>>('auth/two-factor/totp/setup/', proof),
  enableTotp: (code: string) => http.post<Envelope<RecoveryCodes>>('auth/two-factor/totp/enable/', { code }),
  disableTotp: (proof: ProofBody) => http.post<Envelope<null>>('auth/two-factor/totp/disable/', proof),
  regenerateRecoveryCodes: (proof: ProofBody) => http.post<Envelope<RecoveryCodes>>('auth/two-factor/recovery-codes/', proof),
  passkeyOptions: (proof: ProofBody) => http.post<Envelope<WebauthnOptions>>('auth/passkeys/options/', proof),
  addPasskey: (credential: RegistrationCredential, name?: AddPasskeyBody['name']) =>
    http.post<Envelope<AddedPasskey>>('auth/passkeys/', { credential, name }),
  renamePasskey: (id: string, name: string) => http.patch<Envelope<Passkey>>(passkeyPath(id), { name }),
  // The proof travels in the body: http.delete sends none.
  removePasskey: async (id: string, proof: ProofBody) => (await apiClient.delete<Envelope<null>>(passkeyPath(id), { data: proof })).data,
};

/** Signing in: the second step of a password (or Google) sign-in, and a passkey alone. */
export const twoFactorSignInApi = {
  verify: (body: VerifyTwoFactorBody) => http.post<Envelope<TokenResponse>>('auth/two-factor/verify/', body),
  pendingPasskeyOptions: (token: string) => http.post<Envelope<WebauthnOptions>>('auth/two-factor/passkey/options/', { token }),
  passkeyOptions: () => http.post<Envelope<WebauthnOptions>>('auth/passkey/options/'),
  passkeySignIn: (credential: AuthenticationCredential, visitorId?: string) =>
    http.post<Envelope<TokenResponse>>('auth/passkey/verify/', { credential, visitor_id: visitorId }),
};

/** A hub's two-factor requirement (owners). */
export const hubTwoFactorApi = {
  get: (handle: string) => http.get<Envelope<HubTwoFactorPolicy>>(hubPath(handle)),
  set: (handle: string, required: boolean) => http.put<Envelope<HubTwoFactorPolicy>>(hubPath(handle), { required }),
};

/** A first-factor sign-in answered with the second step it still needs. */
export const needsSecondFactor = (answer: SignInResponse): answer is Extract<SignInResponse, { two_factor: unknown }> =>
  'two_factor' in answer;
