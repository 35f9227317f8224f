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
import { claimPendingSignIn, endPendingSignIn, signInExpired } from './claim-pending-sign-in';
import { clientOfPending } from './pending-sign-in';
import { proveSecondFactor } from './prove-second-factor';
import { errorMessages } from '../../../lib/contract/error-messages';

type VerifyBody = z.output<typeof verifyTwoFactorBody>;

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
  if (!(await proveSecondFactor({ db, config: opts.config, user, proof: body, passkeyPurpose: 'passkey_second_factor' }))) {
    await recordAuditEvent({ db, type: 'sign_in_failed', actorId: user.id, subjectId: user.id, data: { method: body.method }, client: opts.client });
    if (pending.attempts >= TWO_FACTOR_MAX_ATTEMPTS) {
      await endPendingSignIn({ db, id: pending.id });
      throw new AppError(401, 'code_exhausted', errorMessages.secondFactorExhausted);
    }
    const refused = errorMessages.secondFactorRefused(body.method, TWO_FACTOR_MAX_ATTEMPTS - pending.attempts);
    throw fieldError(body.method === 'passkey' ? 'credential' : 'code', refused, 'invalid_code');
  }
  if (!(await endPendingSignIn({ db, id: pending.id }))) throw signInExpired();
  await clearLoginFailures({ db, email: user.email });
  return finishSignIn({ db, config: opts.config, mailer: opts.mailer, user, client: clientOfPending(pending.data), method: body.method });
}
