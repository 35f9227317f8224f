import {
  WebAuthnError, browserSupportsWebAuthn, startAuthentication, startRegistration,
  type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { AuthenticationCredential, RegistrationCredential, WebauthnOptions } from '@/lib/contract/two-factor';
import { errorMessage } from '@/client/http/clients';

/*
 * The browser's side of passkeys: the options come from our API (made by
 * @simplewebauthn/server), the answers go back to it unchanged.
 */

const unsupported = () => new Error('This browser cannot use passkeys. Try another browser, or use your password.');

/** navigator.credentials.create() for the options the API gave. */
export async function createPasskeyCredential(options: WebauthnOptions): Promise<RegistrationCredential> {
  if (!browserSupportsWebAuthn()) throw unsupported();
  const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return { ...response, clientExtensionResults: { ...response.clientExtensionResults } };
}

/** navigator.credentials.get() for the options the API gave. */
export async function getPasskeyAssertion(options: WebauthnOptions): Promise<AuthenticationCredential> {
  if (!browserSupportsWebAuthn()) throw unsupported();
  const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return { ...response, clientExtensionResults: { ...response.clientExtensionResults } };
}

/** What to tell the person when a passkey step failed: the browser's refusal in plain words, or the API's message. */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'This device already holds a passkey for your account.';
    if (error.code === 'ERROR_CEREMONY_ABORTED') return 'The passkey request was cancelled. Please try again.';
  }
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
    return 'The passkey request was cancelled or timed out. Please try again.';
  }
  return errorMessage(error);
}
