import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { UserRow } from '../../types';
import type { AuthenticationCredential } from '../../../lib/contract/two-factor';
import { checkPasskeyAssertion } from './check-passkey-assertion';
import { checkTotpCode } from './check-totp-code';
import { listSecondFactors } from './list-second-factors';
import { spendRecoveryCode } from './spend-recovery-code';
import type { WebauthnPurpose } from './webauthn-challenges';

/** One proof of a second factor, as the sign-in's second step takes it. */
export type SecondFactorProof =
  | { method: 'totp' | 'recovery_code'; code: string }
  | { method: 'passkey'; credential: AuthenticationCredential };

/**
 * Whether `proof` proves one of the person's second factors, checked the
 * one way both signing in and changing the settings accept it: a current
 * authenticator code (each step once), an unused recovery code (used up by
 * the check), or a passkey's signature over a challenge given to this person
 * for `passkeyPurpose`. A method the person has not set up proves nothing.
 */
export async function proveSecondFactor(opts: {
  db: Database;
  config: Config;
  user: UserRow;
  proof: SecondFactorProof;
  passkeyPurpose: Extract<WebauthnPurpose, 'passkey_second_factor' | 'passkey_proof'>;
}): Promise<boolean> {
  const { db, config, user, proof } = opts;
  const methods = await listSecondFactors({ db, user });
  if (!methods.includes(proof.method)) return false;
  switch (proof.method) {
    case 'totp':
      return checkTotpCode({ db, config, user, code: proof.code });
    case 'recovery_code':
      return spendRecoveryCode({ db, userId: user.id, code: proof.code });
    case 'passkey':
      return Boolean(await checkPasskeyAssertion({
        db, config, credential: proof.credential, purpose: opts.passkeyPurpose, userId: user.id, requireUserVerification: false,
      }));
  }
}
