import { generateAuthenticationOptions } from '@simplewebauthn/server';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { WebauthnOptions } from '../../../lib/contract/two-factor';
import { saveWebauthnChallenge } from './webauthn-challenges';

/**
 * Options for navigator.credentials.get() to sign in with a passkey alone:
 * no account is named (the browser offers the passkeys it holds for this
 * site), and the authenticator must verify the person, since the passkey
 * then stands for both factors.
 */
export async function passkeySignInOptions(opts: { db: Database; config: Config }): Promise<WebauthnOptions> {
  const options = await generateAuthenticationOptions({ rpID: opts.config.webauthn.rpId, userVerification: 'required' });
  await saveWebauthnChallenge({ db: opts.db, purpose: 'passkey_sign_in', challenge: options.challenge, userId: null });
  return { ...options };
}
