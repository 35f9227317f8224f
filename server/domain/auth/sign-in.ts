import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { Mailer } from '../../mail/mailer';
import { AppError } from '../../lib/errors';
import { LOGIN_FAILURE_LIMIT } from '../../../lib/constants';
import type { SignInResponse } from '../../../lib/contract/auth';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { checkPassword } from './check-password';
import { completeSignIn } from './complete-sign-in';
import { findUserByEmail } from './find-user-by-email';
import { checkClientSlowdown, clearLoginFailures, countAddressFailures, recordLoginFailure } from './login-failures';
import { emailCodeRequired, sendSignInCode, spendSignInCode } from './sign-in-code';
import { errorMessages } from '../../../lib/contract/error-messages';

/**
 * Email and password sign-in. Unknown email, wrong password and an account
 * whose email is not verified yet (it has no password until then) fail alike.
 *
 * Guessing is slowed per client (checkClientSlowdown), never by locking an
 * address: once an address has LOGIN_FAILURE_LIMIT failures in the window,
 * signing in to it also needs a code from its mailbox, which its owner has
 * and a stranger has not. Proving the mailbox clears the failures. A plain
 * successful sign-in leaves them: clearing would let an attacker's count
 * restart whenever the owner signs in.
 */
export async function signIn(opts: {
  db: Database;
  config: Config;
  mailer: Mailer;
  email: string;
  password: string;
  emailCode?: string;
  client: ClientInfo;
}): Promise<SignInResponse> {
  const { db, email, client } = opts;
  await checkClientSlowdown({ db, ip: client.ip, freeFailures: opts.config.loginClientFreeFailures });
  const user = await findUserByEmail({ db, email });
  const underAttack = (await countAddressFailures({ db, email })) >= LOGIN_FAILURE_LIMIT;
  if (underAttack) {
    if (!opts.emailCode) {
      await sendSignInCode({ db, mailer: opts.mailer, email, user });
      throw emailCodeRequired();
    }
    await spendSignInCode({ db, email, user, code: opts.emailCode, maxAttempts: opts.config.verificationCodeMaxAttempts });
  }
  const valid = await checkPassword({ user, password: opts.password });
  if (!user || !valid || !user.emailVerifiedAt) {
    await recordLoginFailure({ db, email, ip: client.ip });
    if (user) await recordAuditEvent({ db, type: 'sign_in_failed', subjectId: user.id, data: { method: 'password' }, client });
    throw new AppError(401, 'invalid_credentials', errorMessages.invalidCredentials);
  }
  if (underAttack) await clearLoginFailures({ db, email });
  return completeSignIn({ db, config: opts.config, mailer: opts.mailer, user, client, method: underAttack ? 'email_code' : 'password' });
}
