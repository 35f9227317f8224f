import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { AppError, fieldError } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import type { TokenResponse } from '../../../lib/contract/auth';
import { TWO_FACTOR_MAX_ATTEMPTS, type verifyTwoFactorBody } from '../../../lib/contract/two-factor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { finishSignIn } from '../auth/complete-sign-in';
import { clearLoginFailures } from '../auth/login-failures';
import type { ClientInfo } from '../sessions/create-session';
import { checkPasskeyAssertion } from './check-passkey-assertion';
import { checkTotpCode } from './check-totp-code';
import { claimPendingSignIn, endPendingSignIn, signInExpired, type PendingSignIn } from './claim-pending-sign-in';
import { listSecondFactors } from './list-second-factors';
import { clientOfPending } from './pending-sign-in';
import { spendRecoveryCode } from './spend-recovery-code';

type VerifyBody = z.output<typeof verifyTwoFactorBody>;

async function proves(opts: { db: Database; config: Config; pending: PendingSignIn; body: VerifyBody }): Promise<boolean> {
  const { db, pending, body } = opts;
  const methods = await listSecondFactors({ db, user: pending.user });
  if (!methods.includes(body.method)) return false;
  switch (body.method) {
    case 'totp':
      return checkTotpCode({ db, config: opts.config, user: pending.user, code: body.code });
    case 'recovery_code':
      return spendRecoveryCode({ db, userId: pending.user.id, code: body.code });
    case 'passkey':
      return Boolean(await checkPasskeyAssertion({
        db, config: opts.config, credential: body.credential, purpose: 'passkey_second_factor', userId: pending.user.id,
        requireUserVerification: false,
      }));
  }
}

/**
 * The second step of a sign-in: one proof (authenticator code, recovery
 * code or passkey) against the pending sign-in the token names. Success
 * turns it into the session, for the browser that gave the password, and
 * forgets the address's failed passwords (its owner has now proved who they
 * are twice over). Each wrong proof is recorded; the fifth ends the pending
 * sign-in and the person starts again from the password.
 */
export async function verifyTwoFactorSignIn(opts: {
  db: Database;
  config: Config;
  mailer: Mailer;
  body: VerifyBody;
  /** The browser making this request, for the record of a wrong proof. */
  client: ClientInfo;
}): Promise<TokenResponse> {
  const { db, body } = opts;
  const pending = await claimPendingSignIn({ db, token: body.token, attempt: true });
  const { user } = pending;
  if (!(await proves({ db, config: opts.config, pending, body }))) {
    await recordAuditEvent({ db, type: 'sign_in_failed', actorId: user.id, subjectId: user.id, data: { method: body.method }, client: opts.client });
    if (pending.attempts >= TWO_FACTOR_MAX_ATTEMPTS) {
      await endPendingSignIn({ db, id: pending.id });
      throw new AppError(401, 'code_exhausted', 'Too many wrong attempts. Please sign in again.');
    }
    const left = TWO_FACTOR_MAX_ATTEMPTS - pending.attempts;
    const tries = `${left} ${left === 1 ? 'try' : 'tries'} left.`;
    throw body.method === 'passkey'
      ? fieldError('credential', `That passkey was not accepted. ${tries}`, 'invalid_code')
      : fieldError('code', `${body.method === 'totp' ? 'That code is not right.' : 'That recovery code is not valid or was already used.'} ${tries}`, 'invalid_code');
  }
  if (!(await endPendingSignIn({ db, id: pending.id }))) throw signInExpired();
  await clearLoginFailures({ db, email: user.email });
  return finishSignIn({ db, config: opts.config, mailer: opts.mailer, user, client: clientOfPending(pending.data), method: body.method });
}
