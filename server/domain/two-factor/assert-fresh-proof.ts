import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { codeFailures, recoveryCodes } from '../../db/schema';
import { AppError, fieldError, tooManyRequests } from '../../lib/errors';
import type { AuthContext, UserRow } from '../../types';
import { LOGIN_FAILURE_WINDOW_MS } from '../../../lib/constants';
import type { ProofBody, ProofKind } from '../../../lib/contract/two-factor';
import { checkPassword } from '../auth/check-password';
import { checkTotpCode } from './check-totp-code';
import { spendRecoveryCode } from './spend-recovery-code';

/** Wrong proofs one account may give within the window before it must wait. */
const PROOF_FAILURE_LIMIT = 5;
const PURPOSE = 'two_factor_proof';
/** A sign-in this recent is proof enough for an account that has neither password nor codes. */
const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

/** What proves it is the owner: the password when there is one, else an authenticator or recovery code, else a fresh sign-in. */
export async function proofKindOf(opts: { db: Database; user: UserRow }): Promise<ProofKind> {
  if (opts.user.passwordHash) return 'password';
  if (opts.user.totpEnabledAt) return 'code';
  const [codes] = await opts.db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, opts.user.id), isNull(recoveryCodes.usedAt)));
  return (codes?.n ?? 0) > 0 ? 'code' : 'recent_sign_in';
}

/**
 * Asks for a fresh proof before two-factor settings change, so a session
 * left open (or stolen) cannot turn the second factor off, print new recovery
 * codes, or enrol the thief's own authenticator. Wrong proofs are counted per
 * account on their own, so a stolen session cannot guess the password either
 * and the owner's sign-in is never slowed by it.
 */
export async function assertFreshProof(opts: { db: Database; config: Config; auth: AuthContext; proof: ProofBody }): Promise<void> {
  const { db, auth, proof } = opts;
  const { user } = auth;
  const kind = await proofKindOf({ db, user });
  if (kind === 'recent_sign_in') {
    if (Date.now() - auth.session.createdAt.getTime() <= RECENT_SIGN_IN_MS) return;
    throw new AppError(403, 'reauthentication_required', 'For your security, please sign in again, then make this change within 10 minutes.');
  }
  const field = kind === 'password' ? 'password' : 'code';
  const given = kind === 'password' ? proof.password : proof.code?.trim();
  if (!given) {
    throw fieldError(field, kind === 'password'
      ? 'Please enter your password to confirm it is you.'
      : 'Please enter a code from your authenticator app, or a recovery code.');
  }

  const scope = and(eq(codeFailures.email, user.email), eq(codeFailures.purpose, PURPOSE));
  const [failed] = await db
    .select({ n: count() })
    .from(codeFailures)
    .where(and(scope, gt(codeFailures.createdAt, new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS))));
  if ((failed?.n ?? 0) >= PROOF_FAILURE_LIMIT) {
    throw tooManyRequests('Too many wrong attempts. Please try again in 15 minutes.');
  }
  const proved = kind === 'password'
    ? await checkPassword({ user, password: given })
    : (user.totpEnabledAt && /^\d{6}$/.test(given.replace(/\s+/g, ''))
      ? await checkTotpCode({ db, config: opts.config, user, code: given.replace(/\s+/g, '') })
      : await spendRecoveryCode({ db, userId: user.id, code: given }));
  if (!proved) {
    await db.insert(codeFailures).values({ email: user.email, purpose: PURPOSE });
    throw kind === 'password'
      ? fieldError('password', 'The password is incorrect.', 'invalid_credentials')
      : fieldError('code', 'That code is not right.', 'invalid_code');
  }
  await db.delete(codeFailures).where(scope);
}
