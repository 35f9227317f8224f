import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { AppError, forbidden } from '../../lib/errors';
import type { SignInResponse } from '../../../lib/contract/auth';
import type { Mailer } from '../../mail/mailer';
import type { ClientInfo } from '../sessions/create-session';
import { completeSignIn } from './complete-sign-in';
import { checkLoginLockout } from './check-login-lockout';
import { checkPassword } from './check-password';
import { findUserByEmail } from './find-user-by-email';
import { recordLoginFailure } from './record-login-failure';

/**
 * Email and password sign-in. Unknown email and wrong password fail alike.
 * A successful sign-in leaves the failure history alone: clearing it would
 * let an attacker's count restart whenever the owner signs in, and the
 * window ages failures out on its own.
 */
export async function signIn(opts: {
  db: Database;
  config: Config;
  mailer: Mailer;
  email: string;
  password: string;
  client: ClientInfo;
}): Promise<SignInResponse> {
  const { db } = opts;
  await checkLoginLockout({ db, email: opts.email });
  const user = await findUserByEmail({ db, email: opts.email });
  const valid = await checkPassword({ user, password: opts.password });
  if (!user || !valid) {
    await recordLoginFailure({ db, email: opts.email });
    throw new AppError(401, 'invalid_credentials', 'The email or password is incorrect.');
  }
  if (!user.emailVerifiedAt) {
    throw forbidden('Please verify your email first. Enter the code we sent you, or ask for a new one.', 'email_unverified');
  }
  return completeSignIn({ db, config: opts.config, mailer: opts.mailer, user, client: opts.client, method: 'password' });
}
