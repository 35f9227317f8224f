import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { AppError, fieldError } from '../../lib/errors';
import type { AuthContext, UserRow } from '../../types';
import { errorMessages } from '../../../lib/contract/error-messages';
import type { ProofBody, ProofRequirement } from '../../../lib/contract/two-factor';
import { checkPassword } from '../auth/check-password';
import { listSecondFactors } from './list-second-factors';
import { checkProofSlowdown, forgetProofFailures, recordProofFailure } from './proof-failures';
import { proveSecondFactor, type SecondFactorProof } from './prove-second-factor';

/** A sign-in this recent is proof enough for an account that has neither a password nor a second factor. */
const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

/** What proves it is the owner: the password when there is one, and a second factor once there is one. */
export async function proofRequirementOf(opts: { db: Database; user: UserRow }): Promise<ProofRequirement> {
  return { password: opts.user.passwordHash !== null, second_factor: await listSecondFactors(opts) };
}

/** The second factor a proof body names: a passkey's answer, else a code (six digits for the app, else a recovery code). */
function secondFactorProofOf(proof: ProofBody): SecondFactorProof | null {
  if (proof.passkey) return { method: 'passkey', credential: proof.passkey };
  const code = proof.code?.trim();
  if (!code) return null;
  const digits = code.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? { method: 'totp', code: digits } : { method: 'recovery_code', code };
}

/**
 * Asks for a fresh proof before two-factor settings change, so a session
 * left open (or stolen) cannot turn the second factor off, print new
 * recovery codes, or enrol the thief's own authenticator. Once the account
 * has a second factor the proof needs it too, as signing in does: a stolen
 * session plus the password is not enough. Wrong proofs slow down the
 * session that gives them (proof-failures.ts), never the owner elsewhere,
 * and never count towards sign-in.
 */
export async function assertFreshProof(opts: { db: Database; config: Config; auth: AuthContext; proof: ProofBody }): Promise<void> {
  const { db, auth, proof } = opts;
  const { user } = auth;
  const needs = await proofRequirementOf({ db, user });
  const needsSecondFactor = needs.second_factor.length > 0;
  if (!needs.password && !needsSecondFactor) {
    if (Date.now() - auth.session.createdAt.getTime() <= RECENT_SIGN_IN_MS) return;
    throw new AppError(403, 'reauthentication_required', 'For your security, please sign in again, then make this change within 10 minutes.');
  }

  // Every missing part is named at once, next to its field, before anything is checked.
  const secondFactor = secondFactorProofOf(proof);
  const missing: Record<string, string[]> = {};
  if (needs.password && !proof.password) missing.password = [errorMessages.proofPasswordMissing];
  if (needsSecondFactor && !secondFactor) missing.code = [errorMessages.proofSecondFactorMissing];
  const [first] = Object.values(missing);
  if (first) throw new AppError(400, 'validation_error', first[0]!, missing);

  await checkProofSlowdown({ db, auth, freeFailures: opts.config.loginClientFreeFailures });
  // The password first: a wrong one must not use up the recovery code or the app's code sent with it.
  if (needs.password && !(await checkPassword({ user, password: proof.password! }))) {
    await recordProofFailure({ db, auth });
    throw fieldError('password', errorMessages.proofWrongPassword, 'invalid_credentials');
  }
  if (secondFactor && needsSecondFactor
    && !(await proveSecondFactor({ db, config: opts.config, user, proof: secondFactor, passkeyPurpose: 'passkey_proof' }))) {
    await recordProofFailure({ db, auth });
    throw secondFactor.method === 'passkey'
      ? fieldError('passkey', errorMessages.proofPasskeyNotAccepted, 'invalid_code')
      : fieldError('code', errorMessages.proofWrongCode, 'invalid_code');
  }
  await forgetProofFailures({ db, auth });
}
